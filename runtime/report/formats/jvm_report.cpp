// Levels, call-site texts, the JSON file between the layer and jvmti-check, and the rule
// catalogue (jvm_report.hpp).
#include "report/formats/jvm_report.hpp"

#include <climits>
#include <nlohmann/json.hpp>

#include "report/formats/report_text.hpp"

namespace jvmtireport {

using nlohmann::json;

const char* levelName(Level level) {
    switch (level) {
    case Level::Error: return "error";
    case Level::Warning: return "warning";
    case Level::Info: return "info";
    case Level::Advice: return "advice";
    }
    return "error";
}

constexpr Level kLevels[] = {Level::Error, Level::Warning, Level::Info, Level::Advice};

std::optional<Level> parseLevel(const std::string& name) {
    for (Level l : kLevels)
        if (name == levelName(l)) return l;
    return std::nullopt;
}

// ---- call sites ----

namespace {

bool isHex(std::string_view s) {
    return !s.empty() && s.find_first_not_of("0123456789abcdefABCDEF") == std::string_view::npos;
}

// "0x1c": a hexadecimal number as the layer prints them.
bool isHexNumber(std::string_view s) { return s.size() > 2 && s.substr(0, 2) == "0x" && isHex(s.substr(2)); }

// Where "+0x..." ends `head`, or npos.
std::size_t offsetStart(std::string_view head) {
    const auto plus = head.rfind("+0x");
    return plus != std::string_view::npos && isHexNumber(head.substr(plus + 1)) ? plus : std::string_view::npos;
}

// `inside` is "FILE:LINE" with a non-empty FILE and a line of digits that fits an int.
bool isSource(std::string_view inside, std::string* file = nullptr, int* line = nullptr) {
    const auto colon = inside.rfind(':');
    if (colon == std::string_view::npos || colon == 0) return false;
    const auto digits = inside.substr(colon + 1);
    if (digits.empty() || digits.size() > 9 || digits.find_first_not_of("0123456789") != std::string_view::npos)
        return false;
    if (file) *file = std::string(inside.substr(0, colon));
    if (line) *line = std::stoi(std::string(digits));
    return true;
}

}  // namespace

namespace detail {

// The source part is " (FILE:LINE)" closing the text. Function names can hold " (" (templates of
// function types) and so can paths, so among the places where such a part could start, the first
// that follows "+0x<hex>" or a bare address wins: that is where the layer appends it. Without
// one, the last place.
std::size_t sourceStart(const std::string& text) {
    if (text.empty() || text.back() != ')') return std::string::npos;
    std::size_t last = std::string::npos;
    for (auto at = text.find(" ("); at != std::string::npos; at = text.find(" (", at + 1)) {
        if (at + 3 > text.size() || !isSource(std::string_view(text).substr(at + 2, text.size() - at - 3)))
            continue;
        const std::string_view head(text.data(), at);
        if (offsetStart(head) != std::string_view::npos || isHexNumber(head)) return at;
        last = at;
    }
    return last;
}

}  // namespace detail

SiteParts parseSite(const std::string& text) {
    SiteParts p;
    const auto source = detail::sourceStart(text);
    if (source != std::string::npos)
        isSource(std::string_view(text).substr(source + 2, text.size() - source - 3), &p.file, &p.line);
    const std::string_view head = std::string_view(text).substr(0, source);
    if (isHexNumber(head)) {  // a bare address: nothing but the number is known
        p.offset = std::string(head);
        return p;
    }
    const auto plus = offsetStart(head);
    const std::string_view named = head.substr(0, plus);
    const auto bang = named.find('!');
    if (plus == std::string_view::npos && bang == std::string_view::npos) return p;  // "an unknown call site"
    if (plus != std::string_view::npos) p.offset = std::string(head.substr(plus + 1));
    p.module = std::string(named.substr(0, bang));
    if (bang != std::string_view::npos) p.function = std::string(named.substr(bang + 1));
    return p;
}

std::uint64_t failingReports(const JvmReport& jvm, Level failOn) {
    std::uint64_t n = 0;
    for (const auto& r : jvm.rules)
        if (detail::failing(r, failOn)) n += r.reported;
    return n;
}

std::uint64_t totalReports(const JvmReport& jvm) {
    std::uint64_t n = 0;
    for (const auto& r : jvm.rules) n += r.reported;
    return n;
}

std::string failingSeverities(Level failOn) {
    return failOn == Level::Error ? "error" : failOn == Level::Warning ? "warning or error" : "info, warning or error";
}

// ---- JSON ----

json toJson(const JvmReport& jvm) {
    json rules = json::array();
    for (const auto& r : jvm.rules) {
        json sites = json::array();
        for (const auto& s : r.sites) sites.push_back({{"text", s.text}, {"count", s.count}});
        rules.push_back({{"id", r.id},
                         {"level", levelName(r.level)},
                         {"rule", r.rule},
                         {"message", r.message},
                         {"function", r.function},
                         {"reported", r.reported},
                         {"printed", r.printed},
                         {"ignored", r.ignored},
                         {"sites", std::move(sites)},
                         {"otherSites", r.otherSites},
                         {"noSite", r.noSite}});
    }
    return {{"pid", jvm.pid},
            {"mainClass", jvm.mainClass},
            {"commandLine", jvm.commandLine},
            {"jvm", jvm.jvm},
            {"agents", jvm.agents},
            {"checkMode", jvm.checkMode},
            {"startTime", jvm.startTime},
            {"endTime", jvm.endTime},
            {"finished", jvm.finished},
            {"rules", std::move(rules)},
            {"textReport", jvm.textReport},
            {"htmlReport", jvm.htmlReport}};
}

namespace {

// Thrown while reading, caught by fromJson and parseCatalogue: what is wrong, field named.
struct Bad {
    std::string what;
};

// One JSON object being read, with the path of its fields ("rules[2].sites[0]").
class Fields {
public:
    Fields(const json& object, std::string path) : object_(object), path_(std::move(path)) {
        if (!object_.is_object())
            throw Bad{(path_.empty() ? std::string("the document") : quoted(path_)) + ": expected an object, got " +
                      object_.type_name()};
    }

    std::string field(const char* key) const { return path_.empty() ? key : path_ + "." + key; }

    // The member, or null when absent (then the caller keeps its default) or required and absent.
    const json* get(const char* key, bool required = false) const {
        const auto it = object_.find(key);
        if (it == object_.end()) {
            if (required) throw Bad{"missing " + quoted(field(key))};
            return nullptr;
        }
        return &*it;
    }

    void text(const char* key, std::string& out, bool required = false) const {
        if (const json* v = get(key, required)) out = expect(*v, v->is_string(), key, "a string").get<std::string>();
    }
    void flag(const char* key, bool& out) const {
        if (const json* v = get(key)) out = expect(*v, v->is_boolean(), key, "true or false").get<bool>();
    }
    void count(const char* key, std::uint64_t& out) const {
        if (const json* v = get(key))
            out = expect(*v, v->is_number_unsigned() || (v->is_number_integer() && v->get<std::int64_t>() >= 0), key,
                         "a non-negative integer")
                      .get<std::uint64_t>();
    }
    void texts(const char* key, std::vector<std::string>& out) const {
        const json* v = get(key);
        if (!v) return;
        expect(*v, v->is_array(), key, "an array of strings");
        out.clear();
        for (std::size_t i = 0; i < v->size(); ++i) {
            const json& e = (*v)[i];
            if (!e.is_string())
                throw Bad{quoted(field(key) + "[" + std::to_string(i) + "]") + ": expected a string, got " +
                          describe(e)};
            out.push_back(e.get<std::string>());
        }
    }

    const json& expect(const json& v, bool ok, const char* key, const char* what) const {
        if (!ok) throw Bad{quoted(field(key)) + ": expected " + what + ", got " + describe(v)};
        return v;
    }

    static std::string quoted(const std::string& s) { return "field \"" + s + "\""; }

private:
    static std::string describe(const json& v) {
        if (v.is_number_integer() && !v.is_number_unsigned() && v.get<std::int64_t>() < 0)
            return "the negative number " + v.dump();
        if (v.is_number()) return "the number " + v.dump();
        return v.type_name();
    }

    const json& object_;
    std::string path_;
};

Site readSite(const json& v, const std::string& path) {
    const Fields f(v, path);
    Site s;
    f.text("text", s.text, true);
    f.count("count", s.count);
    return s;
}

RuleSeen readRule(const json& v, const std::string& path) {
    const Fields f(v, path);
    RuleSeen r;
    f.text("id", r.id, true);
    if (r.id.empty()) throw Bad{Fields::quoted(f.field("id")) + ": empty"};
    std::string level = levelName(r.level);
    f.text("level", level);
    const auto parsed = parseLevel(level);
    if (!parsed) {
        std::string known;
        for (Level l : kLevels) known += (known.empty() ? "" : ", ") + std::string(levelName(l));
        throw Bad{Fields::quoted(f.field("level")) + ": unknown level \"" + level + "\" (" + known + ")"};
    }
    r.level = *parsed;
    f.text("rule", r.rule);
    f.text("message", r.message);
    f.text("function", r.function);
    f.count("reported", r.reported);
    f.count("printed", r.printed);
    f.flag("ignored", r.ignored);
    if (const json* sites = f.get("sites")) {
        f.expect(*sites, sites->is_array(), "sites", "an array");
        for (std::size_t i = 0; i < sites->size(); ++i)
            r.sites.push_back(readSite((*sites)[i], f.field("sites") + "[" + std::to_string(i) + "]"));
    }
    f.count("otherSites", r.otherSites);
    f.count("noSite", r.noSite);
    return r;
}

}  // namespace

std::optional<std::string> fromJson(const json& document, JvmReport& out) {
    try {
        const Fields f(document, "");
        JvmReport jvm;
        const json& pid = *f.get("pid", true);
        f.expect(pid, pid.is_number_integer() && pid.get<std::int64_t>() >= 0 && pid.get<std::int64_t>() <= INT_MAX,
                 "pid", "a process id (an integer from 0)");
        jvm.pid = static_cast<int>(pid.get<std::int64_t>());
        f.text("mainClass", jvm.mainClass);
        f.texts("commandLine", jvm.commandLine);
        f.text("jvm", jvm.jvm);
        f.texts("agents", jvm.agents);
        f.text("checkMode", jvm.checkMode);
        f.text("startTime", jvm.startTime);
        f.text("endTime", jvm.endTime);
        f.flag("finished", jvm.finished);
        if (const json* rules = f.get("rules")) {
            f.expect(*rules, rules->is_array(), "rules", "an array");
            for (std::size_t i = 0; i < rules->size(); ++i)
                jvm.rules.push_back(readRule((*rules)[i], "rules[" + std::to_string(i) + "]"));
        }
        f.text("textReport", jvm.textReport);
        f.text("htmlReport", jvm.htmlReport);
        out = std::move(jvm);
        return std::nullopt;
    } catch (const Bad& bad) {
        return bad.what;
    }
}

// ---- the rule catalogue ----

std::optional<std::string> parseCatalogue(const std::string& text, std::vector<CatalogueRule>& out) {
    json document;
    try {
        document = json::parse(text);
    } catch (const json::parse_error& e) {
        return std::string("the rule catalogue is not JSON: ") + e.what();
    }
    try {
        const Fields top(document, "");
        const json& rules = *top.get("rules", true);
        top.expect(rules, rules.is_array(), "rules", "an array");
        std::vector<CatalogueRule> read;
        for (std::size_t i = 0; i < rules.size(); ++i) {
            const Fields f(rules[i], "rules[" + std::to_string(i) + "]");
            CatalogueRule r;
            f.text("id", r.id, true);
            if (r.id.empty()) throw Bad{Fields::quoted(f.field("id")) + ": empty"};
            f.text("function", r.function);
            f.text("parameter", r.parameter);
            f.text("text", r.text);
            f.text("severity", r.severity);
            f.text("error", r.error);
            f.text("outcome", r.outcome);
            read.push_back(std::move(r));
        }
        out = std::move(read);
        return std::nullopt;
    } catch (const Bad& bad) {
        return "the rule catalogue: " + bad.what;
    }
}

}  // namespace jvmtireport
