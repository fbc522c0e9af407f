// ABI and API facts of a jvmti.h as the compiler sees it. Clang parses the header and dumps
// its AST as JSON; every declaration of the header (enumerators with values, records with
// their fields, types and bit-field widths, typedefs, functions, C++ methods) becomes one
// line of text. A probe program compiled against the same header adds the layout: sizeof,
// alignof and every field's offset, bit-fields by the bit they occupy. Two headers are
// ABI- and API-identical when their fact sets are equal.
#pragma once

#include <filesystem>
#include <set>
#include <string>

namespace abifacts {

struct Facts {
    std::set<std::string> lines;
    std::string error;  // non-empty when the header could not be analysed
};

// `headerDir` holds jvmti.h; `jniDir` holds jni.h (and jniDir/linux holds jni_md.h).
Facts collect(const std::filesystem::path& headerDir, const std::filesystem::path& jniDir);

// Lines of `a` missing from `b`, one per line, at most `limit` of them.
std::string missing(const Facts& a, const Facts& b, size_t limit = 40);

// The C++ compiler used for the analysis (clang++), or empty when none is installed.
std::string clang();

}  // namespace abifacts
