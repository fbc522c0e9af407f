#include "natives/elf_symbols.hpp"

#include <elf.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>

namespace jvmtilayer::elf {

namespace {

// A file mapped read-only for the lifetime of the object.
class MappedFile {
public:
    MappedFile(const std::string& path, std::string& error) {
        const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
        if (fd < 0) {
            error = "cannot open " + path + ": " + std::strerror(errno);
            return;
        }
        struct stat st {};
        if (::fstat(fd, &st) != 0) {
            error = "cannot stat " + path + ": " + std::strerror(errno);
        } else if (!S_ISREG(st.st_mode)) {
            error = path + " is not a regular file";
        } else if (st.st_size == 0) {
            error = path + " is empty";
        } else {
            void* p = ::mmap(nullptr, static_cast<std::size_t>(st.st_size), PROT_READ, MAP_PRIVATE, fd, 0);
            if (p == MAP_FAILED) {
                error = "cannot map " + path + ": " + std::strerror(errno);
            } else {
                data_ = static_cast<const unsigned char*>(p);
                size_ = static_cast<std::size_t>(st.st_size);
            }
        }
        ::close(fd);
    }
    ~MappedFile() {
        if (data_ != nullptr) ::munmap(const_cast<unsigned char*>(data_), size_);
    }
    MappedFile(const MappedFile&) = delete;
    MappedFile& operator=(const MappedFile&) = delete;

    bool ok() const { return data_ != nullptr; }
    std::size_t size() const { return size_; }

    // Whether [offset, offset + length) lies inside the file.
    bool contains(std::uint64_t offset, std::uint64_t length) const {
        return offset <= size_ && length <= size_ - offset;
    }
    // Copies a T from `offset` (checked with contains() first); the file's offsets need not be
    // aligned for T.
    template <typename T>
    T read(std::uint64_t offset) const {
        T value;
        std::memcpy(&value, data_ + offset, sizeof value);
        return value;
    }
    const char* chars(std::uint64_t offset) const { return reinterpret_cast<const char*>(data_ + offset); }

private:
    const unsigned char* data_ = nullptr;
    std::size_t size_ = 0;
};

bool hostLittleEndian() { return __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__; }

bool exported(const Elf64_Sym& sym) {
    if (sym.st_shndx == SHN_UNDEF) return false;
    const unsigned bind = ELF64_ST_BIND(sym.st_info);
    if (bind != STB_GLOBAL && bind != STB_WEAK && bind != STB_GNU_UNIQUE) return false;
    const unsigned vis = ELF64_ST_VISIBILITY(sym.st_other);
    if (vis != STV_DEFAULT && vis != STV_PROTECTED) return false;
    const unsigned type = ELF64_ST_TYPE(sym.st_info);
    return type == STT_FUNC || type == STT_GNU_IFUNC;
}

}  // namespace

std::optional<std::vector<std::string>> exportedFunctions(const std::string& path, std::string_view prefix,
                                                          std::string& error) {
    MappedFile file(path, error);
    if (!file.ok()) return std::nullopt;
    auto fail = [&](const std::string& why) {
        error = path + ": " + why;
        return std::nullopt;
    };

    if (!file.contains(0, sizeof(Elf64_Ehdr))) return fail("too short for an ELF header");
    const auto ehdr = file.read<Elf64_Ehdr>(0);
    if (std::memcmp(ehdr.e_ident, ELFMAG, SELFMAG) != 0) return fail("not an ELF file");
    if (ehdr.e_ident[EI_CLASS] != ELFCLASS64) return fail("not a 64-bit ELF file");
    if (ehdr.e_ident[EI_DATA] != (hostLittleEndian() ? ELFDATA2LSB : ELFDATA2MSB))
        return fail("ELF file of the other byte order");

    // The section header table; a count of 0 with a table present means the real count is in
    // the first section header's sh_size (more than SHN_LORESERVE sections).
    if (ehdr.e_shoff == 0) return fail("no section headers (stripped?): cannot list its symbols");
    if (ehdr.e_shentsize < sizeof(Elf64_Shdr)) return fail("section headers of an unknown size");
    if (!file.contains(ehdr.e_shoff, sizeof(Elf64_Shdr))) return fail("section headers past the end of the file");
    std::uint64_t count = ehdr.e_shnum;
    if (count == 0) count = file.read<Elf64_Shdr>(ehdr.e_shoff).sh_size;
    if (count > file.size() / ehdr.e_shentsize || !file.contains(ehdr.e_shoff, count * ehdr.e_shentsize))
        return fail("section headers past the end of the file");
    auto section = [&](std::uint64_t i) { return file.read<Elf64_Shdr>(ehdr.e_shoff + i * ehdr.e_shentsize); };

    std::vector<std::string> names;
    for (std::uint64_t i = 0; i < count; ++i) {
        const Elf64_Shdr symtab = section(i);
        if (symtab.sh_type != SHT_DYNSYM) continue;
        const std::uint64_t entsize = symtab.sh_entsize ? symtab.sh_entsize : sizeof(Elf64_Sym);
        if (entsize < sizeof(Elf64_Sym)) return fail("dynamic symbols of an unknown size");
        if (!file.contains(symtab.sh_offset, symtab.sh_size)) return fail("dynamic symbol table past the end of the file");
        if (symtab.sh_link == 0 || symtab.sh_link >= count) return fail("dynamic symbol table without a string table");
        const Elf64_Shdr strtab = section(symtab.sh_link);
        if (strtab.sh_type != SHT_STRTAB) return fail("dynamic symbol table linked to a section that holds no strings");
        if (!file.contains(strtab.sh_offset, strtab.sh_size)) return fail("dynamic string table past the end of the file");
        const char* strings = file.chars(strtab.sh_offset);

        // Entry 0 is the reserved undefined symbol.
        for (std::uint64_t at = entsize; at + entsize <= symtab.sh_size; at += entsize) {
            const auto sym = file.read<Elf64_Sym>(symtab.sh_offset + at);
            if (!exported(sym) || sym.st_name >= strtab.sh_size) continue;
            const char* name = strings + sym.st_name;
            const auto* end = static_cast<const char*>(std::memchr(name, '\0', strtab.sh_size - sym.st_name));
            if (end == nullptr) continue;  // unterminated: not a name the linker could match
            const std::string_view view(name, static_cast<std::size_t>(end - name));
            if (view.starts_with(prefix)) names.emplace_back(view);
        }
    }
    std::sort(names.begin(), names.end());
    names.erase(std::unique(names.begin(), names.end()), names.end());
    return names;
}

}  // namespace jvmtilayer::elf
