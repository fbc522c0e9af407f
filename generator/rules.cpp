// The rule catalogue: the rows of the generated entries, derived from entryChecks(), and the
// whole list. The layer's own rules are in layer_rules.cpp.
#include <iterator>

#include "derive.hpp"
#include "rules.hpp"

namespace jvmtigen {

std::vector<Rule> entryRules(const Spec& spec, const Function& f) {
    std::vector<Rule> rows;
    for (const auto& c : entryChecks(spec, f)) {
        const std::string param = c.param ? c.param->id : "";
        rows.push_back(Rule{c.id, f.id, param, c.rule, "error", c.error, "", false});
        if (c.what == EntryCheck::What::Handle)
            rows.push_back(Rule{c.staleId, f.id, param, c.staleRule, "error", c.error, "", false});
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
