#include "report.hpp"

#include <algorithm>
#include <map>

namespace abidiff {
namespace {

std::string_view changeName(Change c) {
    switch (c) {
        case Change::Added: return "added";
        case Change::Removed: return "removed";
        case Change::Changed: return "changed";
    }
    return "?";
}

size_t factCount(const Facts& facts) {
    size_t n = 0;
    for (const auto& [kind, byKey] : facts) n += byKey.size();
    return n;
}

}  // namespace

std::string line(const Difference& d) {
    std::string text = d.kind + " " + d.label + ": " + std::string(changeName(d.change)) + ": ";
    switch (d.change) {
        case Change::Added: text += d.candidate; break;
        case Change::Removed: text += d.reference; break;
        case Change::Changed: text += d.reference + " -> " + d.candidate; break;
    }
    // Methods exist only in C++; for the rest, say when only one language sees the difference.
    if (d.languages.size() == 1 && d.kind != "method")
        text += " [" + std::string(languageName(d.languages.front())) + " only]";
    return text;
}

std::string summary(const std::vector<Difference>& diffs, const HeaderFacts& reference) {
    if (diffs.empty()) {
        return "jvmti-abi-diff: identical (" + std::to_string(factCount(reference.c)) + " facts as C, " +
               std::to_string(factCount(reference.cxx)) + " as C++)";
    }
    std::map<size_t, std::pair<std::string, size_t>> byKind;
    for (const Difference& d : diffs) {
        const size_t order = static_cast<size_t>(std::find(kKinds.begin(), kKinds.end(), d.kind) - kKinds.begin());
        auto& [kind, n] = byKind[order];
        kind = d.kind;
        ++n;
    }
    std::string text = "jvmti-abi-diff: " + std::to_string(diffs.size()) +
                       (diffs.size() == 1 ? " difference: " : " differences: ");
    bool first = true;
    for (const auto& [order, kindCount] : byKind) {
        text += (first ? "" : ", ") + std::to_string(kindCount.second) + " " + kindCount.first;
        first = false;
    }
    return text;
}

void printText(std::ostream& out, const std::vector<Difference>& diffs, const HeaderFacts& reference) {
    for (const Difference& d : diffs) out << line(d) << '\n';
    out << summary(diffs, reference) << '\n';
}

nlohmann::json toJson(const std::string& referencePath, const std::string& candidatePath,
                      const std::vector<Difference>& diffs) {
    nlohmann::json list = nlohmann::json::array();
    for (const Difference& d : diffs) {
        nlohmann::json languages = nlohmann::json::array();
        for (Language l : d.languages) languages.push_back(std::string(languageName(l)));
        nlohmann::json entry = {{"kind", d.kind},
                                {"name", d.label},
                                {"change", std::string(changeName(d.change))},
                                {"languages", languages}};
        if (d.change != Change::Added) entry["reference"] = d.reference;
        if (d.change != Change::Removed) entry["candidate"] = d.candidate;
        list.push_back(std::move(entry));
    }
    return {{"reference", referencePath},
            {"candidate", candidatePath},
            {"identical", diffs.empty()},
            {"differences", list}};
}

}  // namespace abidiff
