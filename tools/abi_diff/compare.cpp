#include "compare.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

namespace abidiff {
namespace {

size_t kindIndex(const std::string& kind) {
    return static_cast<size_t>(std::find(kKinds.begin(), kKinds.end(), kind) - kKinds.begin());
}

// What a reader sees of a changed fact: the header's spelling, unless two spellings are the
// same while the types behind them differ (a typedef that changed meaning); then the
// canonical form, which shows the difference.
std::pair<std::string, std::string> shownChange(const Fact& ref, const Fact& cand) {
    if (ref.shown != cand.shown) return {ref.shown, cand.shown};
    return {ref.compared, cand.compared};
}

}  // namespace

std::vector<Difference> compare(const HeaderFacts& reference, const HeaderFacts& candidate) {
    using Key = std::tuple<size_t, std::string, std::string, std::string, int>;
    std::map<Key, Difference> merged;
    const auto record = [&](Difference d, Language l) {
        const Key key{kindIndex(d.kind), d.key, d.reference, d.candidate, static_cast<int>(d.change)};
        auto [it, inserted] = merged.try_emplace(key, std::move(d));
        it->second.languages.push_back(l);
    };
    for (const Language l : {Language::C, Language::Cxx}) {
        const Facts& ref = reference.of(l);
        const Facts& cand = candidate.of(l);
        for (const std::string_view kindView : kKinds) {
            const std::string kind(kindView);
            static const std::map<std::string, Fact> none;
            const auto r = ref.find(kind);
            const auto c = cand.find(kind);
            const auto& refFacts = r == ref.end() ? none : r->second;
            const auto& candFacts = c == cand.end() ? none : c->second;
            std::set<std::string> keys;
            for (const auto& [k, f] : refFacts) keys.insert(k);
            for (const auto& [k, f] : candFacts) keys.insert(k);
            for (const std::string& k : keys) {
                const auto rf = refFacts.find(k);
                const auto cf = candFacts.find(k);
                if (rf == refFacts.end()) {
                    record({kind, k, cf->second.label, Change::Added, "", cf->second.shown, {}}, l);
                } else if (cf == candFacts.end()) {
                    record({kind, k, rf->second.label, Change::Removed, rf->second.shown, "", {}}, l);
                } else if (rf->second.compared != cf->second.compared) {
                    auto [before, after] = shownChange(rf->second, cf->second);
                    record({kind, k, rf->second.label, Change::Changed, before, after, {}}, l);
                }
            }
        }
    }
    std::vector<Difference> out;
    out.reserve(merged.size());
    for (auto& [key, d] : merged) out.push_back(std::move(d));
    return out;
}

}  // namespace abidiff
