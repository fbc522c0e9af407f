// The facts of one header in one language, as jvmti-abi-diff compares them. Nothing here
// knows Clang: collect.cpp fills the facts, compare.cpp and report.cpp read them.
#pragma once

#include <array>
#include <map>
#include <string>
#include <string_view>

namespace abidiff {

enum class Language { C, Cxx };

inline std::string_view languageName(Language l) { return l == Language::C ? "C" : "C++"; }

// The kinds of fact, in the order the report groups them.
inline constexpr std::array<std::string_view, 8> kKinds = {
    "macro", "enumerator", "typedef", "record", "field", "slot", "function", "method"};

// One fact: what is compared (canonical types, exact layout) and what a reader is shown
// (types as the header spells them). Two facts are equal when `compared` is.
struct Fact {
    std::string label;     // e.g. "jvmtiFrameInfo.location", "jvmtiInterface_1_ slot 67"
    std::string compared;
    std::string shown;
};

// kind -> sort key -> fact. The sort key orders the report (slots by number, the rest by name).
using Facts = std::map<std::string, std::map<std::string, Fact>, std::less<>>;

}  // namespace abidiff
