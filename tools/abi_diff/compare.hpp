// The differences between two headers' facts, each language compared on its own and the
// results merged: a difference seen the same way in C and in C++ is reported once.
#pragma once

#include <string>
#include <vector>

#include "facts.hpp"

namespace abidiff {

enum class Change { Added, Removed, Changed };

struct Difference {
    std::string kind;  // one of kKinds
    std::string key;   // orders differences within a kind
    std::string label;
    Change change;
    std::string reference;  // as shown; empty when added
    std::string candidate;  // as shown; empty when removed
    std::vector<Language> languages;
};

// The facts of one header, as C and as C++.
struct HeaderFacts {
    Facts c, cxx;
    const Facts& of(Language l) const { return l == Language::C ? c : cxx; }
};

// Every difference, grouped by kind in the order of kKinds, then by key.
std::vector<Difference> compare(const HeaderFacts& reference, const HeaderFacts& candidate);

}  // namespace abidiff
