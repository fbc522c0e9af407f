#include "capabilities.hpp"

#include <set>
#include <tuple>

namespace jvmtilint {

std::vector<Finding> capabilityFindings(const std::vector<TuResult>& results) {
    std::set<std::string> requested;
    for (const auto& r : results) {
        if (!r.compiled) return {};  // a file that did not compile may hold the request
        if (r.capabilities.everyPotential) return {};
        requested.insert(r.capabilities.requested.begin(), r.capabilities.requested.end());
    }
    std::vector<Finding> out;
    std::set<std::tuple<std::string, unsigned, unsigned, std::string>> seen;  // a header's use counts once
    for (const auto& r : results)
        for (const auto& use : r.capabilities.uses)
            for (const auto& capability : use.capabilities) {
                if (requested.count(capability)) continue;
                if (!seen.emplace(use.file, use.line, use.column, capability).second) continue;
                Finding f;
                f.rule = use.event ? "event.capability" : use.what + ".capability." + capability;
                f.message = (use.event ? "the " + use.what + " event is enabled" : use.what + " is called") +
                            ", which needs " + capability +
                            ", but no AddCapabilities in the analysed files requests it";
                f.at = Place{use.file, use.line, use.column};
                f.function = use.enclosing;
                f.severity = "warning";
                out.push_back(std::move(f));
            }
    return out;
}

}  // namespace jvmtilint
