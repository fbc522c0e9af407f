// The rule catalogue: the rows of the generated entries, derived from entryChecks(), and the
// whole list. The layer's own rules are in layer_rules.cpp.
#include <iterator>

#include "derive.hpp"
#include "report/own_rules.hpp"
#include "rules.hpp"

namespace jvmtigen {

using jvmtilayer::own_rules::Outcome;
using jvmtilayer::own_rules::outcomeName;

std::vector<Rule> entryRules(const Spec& spec, const Function& f) {
    std::vector<Rule> rows;
    for (const auto& c : entryChecks(spec, f)) {
        const std::string param = c.param ? c.param->id : "";
        // Handles are checked under check=strict only; every other entry check in both modes.
        const bool handle = c.what == EntryCheck::What::Handle;
        const std::string spec = outcomeName(handle ? Outcome::NotChecked : Outcome::Refused);
        const std::string strict = outcomeName(Outcome::Refused);
        rows.push_back(Rule{c.id, f.id, param, c.rule, "error", c.error, "", false, spec, strict});
        if (handle) rows.push_back(Rule{c.staleId, f.id, param, c.staleRule, "error", c.error, "", false, spec, strict});
    }
    return rows;
}

std::vector<Rule> allRules(const Spec& spec) {
    std::vector<Rule> all;
    for (const auto* f : activeFunctions(spec)) {
        auto rows = entryRules(spec, *f);
        all.insert(all.end(), std::make_move_iterator(rows.begin()), std::make_move_iterator(rows.end()));
    }
    auto own = layerRules(spec);
    all.insert(all.end(), std::make_move_iterator(own.begin()), std::make_move_iterator(own.end()));
    return all;
}

std::string ruleAnchor(const std::string& id) { return "rule-" + id; }

}  // namespace jvmtigen
