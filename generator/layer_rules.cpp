// The rule catalogue (rules.hpp), its second half: the layer's own rules. They are the layer's
// list (runtime/report/own_rules.hpp), the one the layer reports by, so id, text and severity
// are the same in the catalogue and in a report.
#include <set>

#include "derive.hpp"
#include "report/own_rules.hpp"
#include "rules.hpp"

namespace jvmtigen {

std::vector<Rule> layerRules(const Spec& spec) {
    // Functions whose results the layer records as JVMTI memory: the ones the forwarding
    // runtime tracks (allocTracking), and Allocate, which the layer implements itself.
    std::vector<std::string> allocating;
    std::set<std::string> seen;
    for (const auto* f : activeFunctions(spec))
        if (f->id == "Allocate" || !allocTracking(spec, *f).empty())
            if (seen.insert(f->id).second) allocating.push_back(f->id);
    if (seen.insert("Allocate").second) allocating.insert(allocating.begin(), "Allocate");

    std::vector<Rule> out;
    for (const auto& r : jvmtilayer::own_rules::kRules) {
        const std::string id = r.id;
        const auto expand = [](std::string s, const std::string& fn) {
            if (const auto at = s.find("{function}"); at != std::string::npos) s.replace(at, 10, fn);
            return s;
        };
        const bool perFunction = id.find("{function}") != std::string::npos;
        for (const auto& fn : perFunction ? allocating : std::vector<std::string>{""})
            out.push_back(Rule{expand(id, fn), expand(r.function, fn), r.parameter, r.text, r.severity, r.error,
                               r.outcome, true, jvmtilayer::own_rules::outcomeName(r.underSpec),
                               jvmtilayer::own_rules::outcomeName(r.underStrict)});
    }
    return out;
}

}  // namespace jvmtigen
