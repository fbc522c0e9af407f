// The differences of two fact lists (spec_facts.hpp), and how --diff prints them: text lines
// grouped added / removed / changed, and the same as JSON.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "spec_facts.hpp"

namespace jvmtigen {

struct FactChange {
    std::string fact, from, to;
};

struct FactValue {
    std::string fact, value;
};

// Sorted by fact. A part of an item (`function F.param P`) is not listed when the whole item
// (`function F`) is itself added or removed: the item's line says it.
struct SpecDiff {
    std::vector<FactValue> added, removed;
    std::vector<FactChange> changed;
    bool identical() const { return added.empty() && removed.empty() && changed.empty(); }
};

SpecDiff diffFacts(const Facts& from, const Facts& to);

// One side of a diff as the summary names it: "spec/jvmti.xml (25.0.0)".
struct DiffSide {
    std::string spec, version;
};

// "added:" then "  FACT: VALUE" lines, "removed:", "changed:" with "  FACT: A -> B" (empty
// groups left out), then the summary line "A -> B: N added, N removed, N changed" (or
// "A -> B: identical").
std::string diffText(const SpecDiff& diff, const DiffSide& from, const DiffSide& to);

// {"from": {"spec", "version"}, "to": {...}, "added": [{"fact", "value"}], "removed": [...],
//  "changed": [{"fact", "from", "to"}]}
nlohmann::json diffJson(const SpecDiff& diff, const DiffSide& from, const DiffSide& to);

}  // namespace jvmtigen
