// The wording shared by the SARIF and JUnit writers (report_text.hpp).
#include "report/formats/report_text.hpp"

#include <algorithm>

namespace jvmtireport::detail {

std::string reportsText(std::uint64_t n) { return std::to_string(n) + (n == 1 ? " report" : " reports"); }

std::uint64_t unlocatedReports(const RuleSeen& rule) {
    std::uint64_t located = 0;
    for (const auto& s : rule.sites) located += s.count;
    const std::uint64_t rest = rule.reported > located ? rule.reported - located : 0;
    return std::max(rest, rule.otherSites + rule.noSite);
}

std::string unlocatedText(const RuleSeen& rule) {
    if (rule.noSite == 0) return "from other call sites";
    if (rule.otherSites == 0 && unlocatedReports(rule) == rule.noSite) return "without a call site";
    return "from other call sites or none";
}

const CatalogueRule* findRule(const std::vector<CatalogueRule>* catalogue, const std::string& id) {
    if (catalogue == nullptr) return nullptr;
    const auto it = std::find_if(catalogue->begin(), catalogue->end(), [&](const auto& r) { return r.id == id; });
    return it == catalogue->end() ? nullptr : &*it;
}

std::string headline(const RuleSeen& rule, const CatalogueRule* entry) {
    std::string function = rule.function;
    if (function.empty() && entry != nullptr) function = entry->function;
    std::string what = rule.message;
    if (what.empty()) what = rule.rule;
    if (what.empty() && entry != nullptr) what = entry->text;
    std::string lead = function.empty() ? rule.id : function;
    if (!function.empty() && entry != nullptr && !entry->parameter.empty()) lead += "(" + entry->parameter + ")";
    return what.empty() ? lead : lead + ": " + what;
}

bool failing(const RuleSeen& rule, Level failOn) {
    return !rule.ignored && static_cast<int>(rule.level) >= static_cast<int>(failOn);
}

std::string siteSymbol(const std::string& text) { return text.substr(0, sourceStart(text)); }

bool allDigits(std::string_view text) {
    if (text.empty()) return false;
    for (const char c : text)
        if (c < '0' || c > '9') return false;
    return true;
}

bool startsWithUtcTime(std::string_view text) {
    static constexpr std::string_view form = "dddd-dd-ddTdd:dd:dd";
    if (text.size() < form.size()) return false;
    for (std::size_t i = 0; i < form.size(); ++i) {
        if (form[i] == 'd' ? !allDigits(text.substr(i, 1)) : text[i] != form[i]) return false;
    }
    return true;
}

bool isSemanticVersion(std::string_view text) {
    // Three dot-separated numbers, then an optional tail.
    std::size_t i = 0;
    for (int part = 0; part < 3; ++part) {
        const std::size_t start = i;
        while (i < text.size() && text[i] >= '0' && text[i] <= '9') ++i;
        if (i == start) return false;
        if (part < 2) {
            if (i >= text.size() || text[i] != '.') return false;
            ++i;
        }
    }
    if (i == text.size()) return true;
    if (text[i] != '-' && text[i] != '+') return false;
    for (++i; i < text.size(); ++i) {
        const char c = text[i];
        const bool ok = (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '.' ||
                        c == '+' || c == '-';
        if (!ok) return false;
    }
    return true;
}

std::string joinCommand(const std::vector<std::string>& words) {
    static const std::string plain =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_@%+=:,./-";
    std::string out;
    for (const auto& w : words) {
        if (!out.empty()) out += ' ';
        if (!w.empty() && w.find_first_not_of(plain) == std::string::npos) {
            out += w;
            continue;
        }
        out += '\'';
        for (char c : w) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
        out += '\'';
    }
    return out;
}

}  // namespace jvmtireport::detail
