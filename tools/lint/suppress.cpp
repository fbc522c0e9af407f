#include "suppress.hpp"

#include <fstream>
#include <map>

#include <nlohmann/json.hpp>

namespace jvmtilint {

using Json = nlohmann::json;

namespace {

std::string trim(std::string s) {
    const auto b = s.find_first_not_of(" \t");
    const auto e = s.find_last_not_of(" \t");
    return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

// Whether `rule` matches a NOLINT entry: the id itself, or a prefix ending in '*'.
bool matches(const std::string& pattern, const std::string& rule) {
    if (!pattern.empty() && pattern.back() == '*') return rule.compare(0, pattern.size() - 1, pattern, 0, pattern.size() - 1) == 0;
    return pattern == rule;
}

// Whether `text` holds `marker` as a comment's word covering `rule`.
bool covers(const std::string& text, const std::string& marker, const std::string& rule) {
    for (size_t at = text.find(marker); at != std::string::npos; at = text.find(marker, at + 1)) {
        const size_t after = at + marker.size();
        // NOLINT must not be the start of NOLINTNEXTLINE.
        if (marker == "NOLINT" && text.compare(after, 8, "NEXTLINE") == 0) continue;
        if (after >= text.size() || text[after] != '(') return true;  // every rule
        const size_t close = text.find(')', after);
        if (close == std::string::npos) return false;
        const std::string list = text.substr(after + 1, close - after - 1);
        size_t start = 0;
        while (start <= list.size()) {
            const size_t comma = list.find(',', start);
            const std::string item = trim(list.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
            if (!item.empty() && matches(item, rule)) return true;
            if (comma == std::string::npos) break;
            start = comma + 1;
        }
    }
    return false;
}

}  // namespace

bool commentCovers(const std::string& line, const std::string& previous, const std::string& rule) {
    return covers(line, "NOLINT", rule) || covers(previous, "NOLINTNEXTLINE", rule);
}

bool suppressedByComment(const Finding& f) {
    if (!f.at.valid()) return false;
    std::ifstream in(f.at.file);
    if (!in) return false;
    std::string line, previous;
    for (unsigned n = 1; std::getline(in, line); ++n) {
        if (n == f.at.line) return commentCovers(line, previous, f.rule);
        previous = line;
    }
    return false;
}

std::string displayPath(const std::string& path, const std::string& root) {
    if (root.empty()) return path;
    const std::string prefix = root.back() == '/' ? root : root + "/";
    return path.compare(0, prefix.size(), prefix) == 0 ? path.substr(prefix.size()) : path;
}

std::string baselineKey(const Finding& f, const std::string& root) {
    return f.rule + "|" + displayPath(f.at.file, root) + "|" + f.function + "|" + f.message;
}

std::string writeBaselineText(const std::vector<Finding>& findings, const std::string& root) {
    Json list = Json::array();
    for (const auto& f : findings)
        list.push_back({{"rule", f.rule}, {"file", displayPath(f.at.file, root)}, {"function", f.function},
                        {"message", f.message}, {"line", f.at.line}});
    const Json doc = {{"tool", "jvmti-lint"}, {"baseline", 1}, {"findings", std::move(list)}};
    return doc.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

std::optional<Baseline> readBaseline(const std::string& text, std::string& error) {
    const Json doc = Json::parse(text, nullptr, false);
    if (!doc.is_object() || doc.value("tool", "") != "jvmti-lint" || !doc.contains("findings") ||
        !doc["findings"].is_array()) {
        error = "not a baseline of jvmti-lint (a JSON object with \"tool\": \"jvmti-lint\" and \"findings\")";
        return std::nullopt;
    }
    Baseline b;
    size_t index = 0;
    for (const auto& f : doc["findings"]) {
        if (!f.is_object() || !f.contains("rule") || !f["rule"].is_string() || !f.contains("file") || !f["file"].is_string()) {
            error = "findings[" + std::to_string(index) + "] lacks \"rule\" or \"file\"";
            return std::nullopt;
        }
        b.keys.push_back(f["rule"].get<std::string>() + "|" + f["file"].get<std::string>() + "|" +
                         f.value("function", "") + "|" + f.value("message", ""));
        ++index;
    }
    return b;
}

size_t applyBaseline(std::vector<Finding>& findings, const Baseline& baseline, const std::string& root) {
    std::map<std::string, size_t> left;
    for (const auto& k : baseline.keys) ++left[k];
    size_t removed = 0;
    std::vector<Finding> kept;
    for (auto& f : findings) {
        auto it = left.find(baselineKey(f, root));
        if (it != left.end() && it->second > 0) {
            --it->second;
            ++removed;
        } else {
            kept.push_back(std::move(f));
        }
    }
    findings = std::move(kept);
    return removed;
}

}  // namespace jvmtilint
