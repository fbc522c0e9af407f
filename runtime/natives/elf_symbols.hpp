// The exported functions of a shared library, read from its file: the ELF64 dynamic symbol
// table (.dynsym, the section the dynamic linker resolves against) and its string table.
//
// A symbol counts when it is defined in the library (not an import), has global, weak or
// unique binding, default or protected visibility, and is a function (STT_FUNC or
// STT_GNU_IFUNC): exactly what dlsym can find in that library. The file is mapped read-only
// and every offset is checked against its size, so a truncated or corrupt file gives an error,
// never a crash. Libraries whose section headers were stripped (sstrip) are refused with an
// error: the dynamic linker does not need them, but this reader does.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace jvmtilayer::elf {

// The names of the exported functions of the ELF64 shared object at `path` that start with
// `prefix`, sorted and without duplicates. nullopt when the file cannot be read or is not an
// ELF64 object of this machine's byte order; `error` then says why.
std::optional<std::vector<std::string>> exportedFunctions(const std::string& path, std::string_view prefix,
                                                          std::string& error);

}  // namespace jvmtilayer::elf
