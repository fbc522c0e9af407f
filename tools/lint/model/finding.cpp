#include "model/finding.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <tuple>

namespace jvmtilint {

using Json = nlohmann::json;

namespace {

Json placeJson(const Place& p) { return {{"file", p.file}, {"line", p.line}, {"column", p.column}}; }

Place placeFrom(const Json& j) {
    Place p;
    if (!j.is_object()) return p;
    p.file = j.value("file", "");
    p.line = j.value("line", 0u);
    p.column = j.value("column", 0u);
    return p;
}

}  // namespace

std::string Finding::injectRule(const std::string& file) const {
    if (failedFunction.empty() || !failedAt.valid()) return "";
    std::string rule = failedFunction + "@" + file + ":" + std::to_string(failedAt.line);
    if (!failedError.empty()) rule += "/" + failedError;
    return rule;
}

Json toJson(const Finding& f) {
    Json notes = Json::array();
    for (const auto& n : f.notes) notes.push_back({{"at", placeJson(n.at)}, {"message", n.message}});
    Json j = {{"rule", f.rule}, {"message", f.message}, {"at", placeJson(f.at)}, {"notes", std::move(notes)},
              {"function", f.function}};
    if (!f.failedFunction.empty())
        j["failed"] = {{"function", f.failedFunction}, {"error", f.failedError}, {"at", placeJson(f.failedAt)}};
    if (!f.pathCalls.empty()) j["calls"] = f.pathCalls;
    if (f.impossible) j["impossible"] = true;
    return j;
}

Finding findingFromJson(const Json& j) {
    Finding f;
    f.rule = j.value("rule", "");
    f.message = j.value("message", "");
    f.at = placeFrom(j.value("at", Json::object()));
    for (const auto& n : j.value("notes", Json::array())) f.notes.push_back({placeFrom(n.value("at", Json::object())), n.value("message", "")});
    f.function = j.value("function", "");
    if (j.contains("failed")) {
        f.failedFunction = j["failed"].value("function", "");
        f.failedError = j["failed"].value("error", "");
        f.failedAt = placeFrom(j["failed"].value("at", Json::object()));
    }
    f.pathCalls = j.value("calls", std::vector<std::string>{});
    f.impossible = j.value("impossible", false);
    return f;
}

Json toJson(const TuResult& r) {
    Json findings = Json::array();
    for (const auto& f : r.findings) findings.push_back(toJson(f));
    Json uses = Json::array();
    for (const auto& u : r.capabilities.uses)
        uses.push_back({{"what", u.what}, {"event", u.event}, {"capabilities", u.capabilities}, {"file", u.file},
                        {"line", u.line}, {"column", u.column}, {"enclosing", u.enclosing}});
    return {{"file", r.file},
            {"compiled", r.compiled},
            {"diagnostics", r.diagnostics},
            {"findings", std::move(findings)},
            {"noReturn", r.noReturn},
            {"capabilities",
             {{"requested", r.capabilities.requested}, {"everyPotential", r.capabilities.everyPotential}, {"uses", uses}}}};
}

std::optional<TuResult> tuResultFromJson(const std::string& text) {
    const Json j = Json::parse(text, nullptr, false);
    if (!j.is_object()) return std::nullopt;
    TuResult r;
    r.file = j.value("file", "");
    r.compiled = j.value("compiled", false);
    r.diagnostics = j.value("diagnostics", "");
    for (const auto& f : j.value("findings", Json::array())) r.findings.push_back(findingFromJson(f));
    r.noReturn = j.value("noReturn", std::vector<std::string>{});
    const Json caps = j.value("capabilities", Json::object());
    for (const auto& c : caps.value("requested", Json::array())) r.capabilities.requested.insert(c.get<std::string>());
    r.capabilities.everyPotential = caps.value("everyPotential", false);
    for (const auto& u : caps.value("uses", Json::array())) {
        CapabilityUse use;
        use.what = u.value("what", "");
        use.event = u.value("event", false);
        use.capabilities = u.value("capabilities", std::vector<std::string>{});
        use.file = u.value("file", "");
        use.line = u.value("line", 0u);
        use.column = u.value("column", 0u);
        use.enclosing = u.value("enclosing", "");
        r.capabilities.uses.push_back(std::move(use));
    }
    return r;
}

void markPathsThroughNoReturn(std::vector<Finding>& findings, const std::set<std::string>& endless) {
    for (Finding& f : findings)
        if (std::any_of(f.pathCalls.begin(), f.pathCalls.end(), [&](const std::string& c) { return endless.count(c) > 0; }))
            f.impossible = true;
}

bool operator<(const Finding& a, const Finding& b) {
    return std::tie(a.at.file, a.at.line, a.at.column, a.rule, a.message) <
           std::tie(b.at.file, b.at.line, b.at.column, b.rule, b.message);
}

}  // namespace jvmtilint
