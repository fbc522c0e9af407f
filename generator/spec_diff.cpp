#include "spec_diff.hpp"

namespace jvmtigen {

namespace {

// The whole item a part belongs to: "function F" for "function F.param P"; the key itself
// for a whole item.
std::string itemOf(const std::string& fact) { return fact.substr(0, fact.find('.')); }

std::string line(const std::string& fact, const std::string& value) {
    return "  " + fact + (value.empty() ? "" : ": " + value) + "\n";
}

// An empty value (a listed error) shows as "listed" where a change needs both sides.
std::string shown(const std::string& value) { return value.empty() ? "listed" : value; }

nlohmann::json sideJson(const DiffSide& side) { return {{"spec", side.spec}, {"version", side.version}}; }

nlohmann::json valuesJson(const std::vector<FactValue>& facts) {
    auto a = nlohmann::json::array();
    for (const auto& f : facts) a.push_back({{"fact", f.fact}, {"value", f.value}});
    return a;
}

}  // namespace

SpecDiff diffFacts(const Facts& from, const Facts& to) {
    SpecDiff d;
    for (const auto& [fact, value] : from) {
        const auto it = to.find(fact);
        if (it == to.end()) {
            if (itemOf(fact) == fact || to.count(itemOf(fact))) d.removed.push_back({fact, value});
        } else if (it->second != value) {
            d.changed.push_back({fact, value, it->second});
        }
    }
    for (const auto& [fact, value] : to)
        if (!from.count(fact) && (itemOf(fact) == fact || from.count(itemOf(fact))))
            d.added.push_back({fact, value});
    return d;
}

std::string diffText(const SpecDiff& d, const DiffSide& from, const DiffSide& to) {
    std::string out;
    if (!d.added.empty()) out += "added:\n";
    for (const auto& f : d.added) out += line(f.fact, f.value);
    if (!d.removed.empty()) out += "removed:\n";
    for (const auto& f : d.removed) out += line(f.fact, f.value);
    if (!d.changed.empty()) out += "changed:\n";
    for (const auto& c : d.changed) out += line(c.fact, shown(c.from) + " -> " + shown(c.to));
    out += from.spec + " (" + from.version + ") -> " + to.spec + " (" + to.version + "): ";
    if (d.identical())
        out += "identical\n";
    else
        out += std::to_string(d.added.size()) + " added, " + std::to_string(d.removed.size()) + " removed, " +
               std::to_string(d.changed.size()) + " changed\n";
    return out;
}

nlohmann::json diffJson(const SpecDiff& d, const DiffSide& from, const DiffSide& to) {
    auto changed = nlohmann::json::array();
    for (const auto& c : d.changed) changed.push_back({{"fact", c.fact}, {"from", c.from}, {"to", c.to}});
    return {{"from", sideJson(from)},        {"to", sideJson(to)},    {"added", valuesJson(d.added)},
            {"removed", valuesJson(d.removed)}, {"changed", std::move(changed)}};
}

}  // namespace jvmtigen
