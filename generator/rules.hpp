// The rule catalogue: every rule the checking layer enforces, with its stable id. Two kinds:
// the checks of the generated entries (one row of an entry file's kViolations table each,
// derived from the model by entryChecks()), and the layer's own rules (runtime/: memory,
// leaks, extensions, natives, start-up), kept as data in layer_rules.cpp. The checks emitter
// writes kViolations from entryRules() and the rules emitter the catalogue from allRules(),
// so the two cannot drift.
#pragma once

#include <string>
#include <vector>

#include "model.hpp"

namespace jvmtigen {

struct Rule {
    std::string id;         // stable, e.g. GetFrameCount.count_ptr.null, leak.GetClassSignature
    std::string function;   // the JVMTI function it is about; empty when none
    std::string parameter;  // the parameter it is about; empty when none
    std::string text;       // the rule in words, as reports print it
    std::string severity;   // how the layer reports it: "error", "warning", or "error, warning"
    std::string error;      // what the call returns when the rule is broken (JVMTI_ERROR_...); may be empty
    std::string outcome;    // what else happens, for the layer's own rules; empty for entry checks
    bool layer = false;     // a rule of the layer's own code, not a generated entry check
    std::string underSpec;    // what breaking it does under check=spec: "refused", "reported, forwarded", ...
    std::string underStrict;  // and under check=strict (own_rules::outcomeName)
};

// The rows of `f`'s kViolations table, in the order the entry indexes them: one per check,
// two for a handle check (X.p.invalid, then X.p.stale).
std::vector<Rule> entryRules(const Spec& spec, const Function& f);

// The layer's own rules; `leak.<Function>` is one rule per function whose results the layer
// records as JVMTI memory (and Allocate).
std::vector<Rule> layerRules(const Spec& spec);

// entryRules() of every active function in document order, then layerRules().
std::vector<Rule> allRules(const Spec& spec);

// The anchor of a rule in docs/jvmti.html, and of its line in docs/rules.md: "rule-<id>".
std::string ruleAnchor(const std::string& id);

}  // namespace jvmtigen
