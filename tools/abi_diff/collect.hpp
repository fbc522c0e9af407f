// Parses a header with Clang, as C or as C++, and turns every declaration it makes into a
// fact: enumerators with their values, records with their layout (sizes, alignments, field
// offsets, bit-field positions and widths), the slots of jvmtiInterface_1_, typedefs,
// functions, the C++ methods of its classes and the object-like macros it defines. Only
// what the header itself declares counts; what it includes (jni.h) does not.
#pragma once

#include <string>
#include <vector>

#include "facts.hpp"

namespace abidiff {

struct Parsed {
    bool ok = false;
    Facts facts;
    std::string diagnostics;  // Clang's messages; on failure, why the header did not parse
};

// `includeDirs` are searched for the header's own includes (jni.h, jni_md.h), after the
// header's directory and its "linux" subdirectory (where a JDK keeps jni_md.h).
Parsed collect(const std::string& header, Language language, const std::vector<std::string>& includeDirs);

}  // namespace abidiff
