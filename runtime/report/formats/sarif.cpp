// SARIF 2.1.0 from the JVMs of one run (jvm_report.hpp: writeSarif). One run object: the tool
// with the rules the results use, the invocations (the whole command, then each JVM), and one
// result per JVM, rule id and call site.
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <cctype>

#include "report/formats/jvm_report.hpp"
#include "report/formats/report_files_io.hpp"
#include "report/formats/report_text.hpp"

namespace jvmtireport {

namespace {

using Json = nlohmann::ordered_json;
using namespace detail;

const char* const kSrcRoot = "%SRCROOT%";

const char* sarifLevel(Level level) {
    switch (level) {
    case Level::Error: return "error";
    case Level::Warning: return "warning";
    case Level::Info:
    case Level::Advice: return "note";
    }
    return "error";
}

// A path as URI text: bytes other than unreserved ones and '/' percent-encoded.
std::string uriPath(const std::string& path) { return percentEncode(path, "/"); }

// docsUrl as a URI: an absolute path becomes a file: URI, anything else is kept.
std::string docsUri(const std::string& docsUrl) {
    if (docsUrl.empty()) return "jvmti.html";
    return docsUrl.front() == '/' ? fileUri(docsUrl) : docsUrl;
}

// Whether `uri` has a scheme ("https:", "file:"): SARIF wants helpUri and informationUri absolute.
bool isAbsoluteUri(const std::string& uri) {
    const auto colon = uri.find(':');
    if (colon == std::string::npos || colon == 0 || !std::isalpha(static_cast<unsigned char>(uri[0]))) return false;
    for (std::size_t i = 1; i < colon; ++i) {
        const auto c = static_cast<unsigned char>(uri[i]);
        if (!std::isalnum(c) && c != '+' && c != '.' && c != '-') return false;
    }
    return true;
}

// A rule id as the Pascal-case friendly name SARIF recommends for `name` (the validator warns
// when it repeats the id): "GetFrameCount.count_ptr.null" -> "GetFrameCountCountPtrNull".
std::string friendlyName(const std::string& id) {
    std::string out;
    bool upper = true;
    for (char c : id) {
        const bool alnum = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
        if (!alnum) {
            upper = true;
            continue;
        }
        out += upper && c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c;
        upper = false;
    }
    return out.empty() ? "Rule" : out;
}

// SARIF's date-time: the layer's "2026-11-25T20:30:00Z" (fractions of a second allowed).
bool isUtcTime(const std::string& s) {
    if (!detail::startsWithUtcTime(s) || s.back() != 'Z') return false;
    // Then nothing, or a fraction: '.' and digits, before the 'Z'.
    const std::string_view rest(s.data() + 19, s.size() - 20);
    return rest.empty() || (rest.size() > 1 && rest[0] == '.' && detail::allDigits(rest.substr(1)));
}

// Rules in words for the driver's rules: the catalogue's, else the report's.
Json describeRule(const RuleSeen& seen, const CatalogueRule* entry, const std::string& docs) {
    const std::string text = entry && !entry->text.empty() ? entry->text
                             : !seen.rule.empty()          ? seen.rule
                                                           : headline(seen, entry);
    std::string full = text.empty() || text.back() == '.' ? text : text + ".";
    if (entry && !entry->error.empty() && entry->outcome.empty()) full += " Refused with " + entry->error + ".";
    if (entry && !entry->error.empty() && !entry->outcome.empty())
        full += " Error " + entry->error + ": " + entry->outcome + ".";
    if (entry && entry->error.empty() && !entry->outcome.empty()) {
        std::string outcome = entry->outcome;
        if (outcome[0] >= 'a' && outcome[0] <= 'z') outcome[0] = static_cast<char>(outcome[0] - 'a' + 'A');
        full += " " + outcome + ".";
    }
    Level level = seen.level;
    if (entry) level = parseLevel(entry->severity).value_or(level);
    const std::string link = docs + "#rule-" + uriPath(seen.id);
    Json rule = {{"id", seen.id},
                 {"name", friendlyName(seen.id)},
                 {"shortDescription", {{"text", text}}},
                 {"fullDescription", {{"text", full}}},
                 {"help", {{"text", full + " The rule catalogue: " + link}}}};
    // A relative link (no catalogue found) stays in the help text only.
    if (isAbsoluteUri(link)) rule["helpUri"] = link;
    rule["defaultConfiguration"] = {{"level", sarifLevel(level)}};
    Json properties = Json::object();
    const std::string function = entry && !entry->function.empty() ? entry->function : seen.function;
    if (!function.empty()) properties["function"] = function;
    if (entry && !entry->parameter.empty()) properties["parameter"] = entry->parameter;
    if (entry && !entry->error.empty()) properties["error"] = entry->error;
    if (!properties.empty()) rule["properties"] = std::move(properties);
    return rule;
}

// Where a site's reports come from: its source line when it has one, and always the code
// location the layer named. Empty when the site names nothing.
Json siteLocations(const std::string& text, const std::string& sourceRoot) {
    const SiteParts parts = parseSite(text);
    if (parts.module.empty() && parts.function.empty() && parts.offset.empty() && parts.file.empty())
        return Json::array();
    const std::string symbol = siteSymbol(text);
    Json location = Json::object();
    if (!parts.file.empty()) {
        Json artifact;
        const std::filesystem::path file = std::filesystem::path(parts.file).lexically_normal();
        const std::string rootSlash = sourceRoot + "/";
        if (!sourceRoot.empty() && file.string().compare(0, rootSlash.size(), rootSlash) == 0)
            artifact = {{"uri", uriPath(file.string().substr(rootSlash.size()))}, {"uriBaseId", kSrcRoot}};
        else if (file.is_absolute())
            artifact = {{"uri", fileUri(file.string())}};
        else
            artifact = {{"uri", uriPath(file.string())}};
        Json physical = {{"artifactLocation", std::move(artifact)}};
        if (parts.line > 0) physical["region"] = {{"startLine", parts.line}};
        location["physicalLocation"] = std::move(physical);
    }
    location["logicalLocations"] = Json::array(
        {{{"name", parts.function.empty() ? symbol : parts.function}, {"fullyQualifiedName", symbol}, {"kind", "function"}}});
    return Json::array({std::move(location)});
}

// The site's text without the parts that change with every build or run: the offset.
std::string fingerprint(const std::string& id, const std::string& text) {
    const SiteParts p = parseSite(text);
    std::string where = p.module.empty() && p.function.empty() ? siteSymbol(text)
                        : p.function.empty()                    ? p.module
                                                                : p.module + "!" + p.function;
    if (!p.file.empty()) where += " (" + p.file + ":" + std::to_string(p.line) + ")";
    return id + "|" + where;
}

bool hasResults(const RuleSeen& r) {
    for (const auto& s : r.sites)
        if (s.count > 0) return true;
    return unlocatedReports(r) > 0;
}

std::string inJvm(const JvmReport& jvm) {
    return " in JVM " + std::to_string(jvm.pid) + (jvm.mainClass.empty() ? "" : " (" + jvm.mainClass + ")");
}

Json jvmInvocation(const JvmReport& jvm) {
    Json inv = Json::object();
    if (!jvm.commandLine.empty()) {
        inv["commandLine"] = joinCommand(jvm.commandLine);
        inv["arguments"] = jvm.commandLine;
    }
    inv["processId"] = jvm.pid;
    if (isUtcTime(jvm.startTime)) inv["startTimeUtc"] = jvm.startTime;
    if (isUtcTime(jvm.endTime)) inv["endTimeUtc"] = jvm.endTime;
    inv["executionSuccessful"] = jvm.finished;
    if (!jvm.finished)
        inv["toolExecutionNotifications"] = Json::array(
            {{{"level", "error"},
              {"message", {{"text", "JVM " + std::to_string(jvm.pid) + " did not end normally: the layer wrote no "
                                                                       "end-of-run report."}}}}});
    inv["properties"] = {{"jvm", jvm.jvm}, {"mainClass", jvm.mainClass}, {"agents", jvm.agents},
                         {"checkMode", jvm.checkMode}};
    return inv;
}

}  // namespace

std::string writeSarif(const std::vector<JvmReport>& jvms, const SarifContext& context) {
    const std::string docs = docsUri(context.docsUrl);
    std::string root;
    if (!context.sourceRoot.empty() && context.sourceRoot.front() == '/') {
        root = std::filesystem::path(context.sourceRoot).lexically_normal().string();
        while (root.size() > 1 && root.back() == '/') root.pop_back();
        if (root == "/") root.clear();  // every file would be "under" it: keep them absolute
    }

    // The rules the results use, by id; the report of each id that first names it.
    std::map<std::string, const RuleSeen*> used;
    for (const auto& jvm : jvms)
        for (const auto& r : jvm.rules)
            if (!r.ignored && hasResults(r)) used.emplace(r.id, &r);
    Json rules = Json::array();
    std::map<std::string, int> index;
    for (const auto& [id, seen] : used) {
        index[id] = static_cast<int>(rules.size());
        rules.push_back(describeRule(*seen, findRule(context.catalogue, id), docs));
    }

    Json results = Json::array();
    for (const auto& jvm : jvms) {
        for (const auto& r : jvm.rules) {
            if (!index.count(r.id)) continue;
            const std::string lead = headline(r, findRule(context.catalogue, r.id)) + " \u2014 ";
            const auto add = [&](std::uint64_t count, const std::string& how, Json locations, const std::string& site,
                                 const std::string& print) {
                Json result = {{"ruleId", r.id},
                               {"ruleIndex", index[r.id]},
                               {"level", sarifLevel(r.level)},
                               {"message", {{"text", lead + reportsText(count) + how + inJvm(jvm) + "."}}}};
                if (!locations.empty()) result["locations"] = std::move(locations);
                result["partialFingerprints"] = {{"jvmtiRuleSite/v1", print}};
                result["properties"] = {{"count", count}, {"pid", jvm.pid}, {"mainClass", jvm.mainClass},
                                        {"site", site}};
                results.push_back(std::move(result));
            };
            for (const auto& s : r.sites)
                if (s.count > 0) add(s.count, "", siteLocations(s.text, root), s.text, fingerprint(r.id, s.text));
            if (const auto rest = unlocatedReports(r); rest > 0)
                add(rest, " " + unlocatedText(r), Json::array(), unlocatedText(r), r.id + "|" + unlocatedText(r));
        }
    }

    Json invocations = Json::array();
    if (!context.commandLine.empty()) {
        Json inv = {{"commandLine", joinCommand(context.commandLine)}, {"arguments", context.commandLine}};
        bool allFinished = true;
        for (const auto& jvm : jvms) allFinished = allFinished && jvm.finished;
        if (context.exitCode) inv["exitCode"] = *context.exitCode;
        inv["executionSuccessful"] = context.exitCode ? *context.exitCode == 0 : allFinished;
        invocations.push_back(std::move(inv));
    }
    for (const auto& jvm : jvms) invocations.push_back(jvmInvocation(jvm));

    Json driver = {{"name", context.toolName}};
    if (!context.toolVersion.empty()) {
        driver["version"] = context.toolVersion;
        if (detail::isSemanticVersion(context.toolVersion)) driver["semanticVersion"] = context.toolVersion;
    }
    if (isAbsoluteUri(docs)) driver["informationUri"] = docs;
    driver["rules"] = std::move(rules);

    Json run = {{"tool", {{"driver", std::move(driver)}}}};
    if (!root.empty()) run["originalUriBaseIds"] = {{kSrcRoot, {{"uri", fileUri(root + "/")}}}};
    run["invocations"] = std::move(invocations);
    run["results"] = std::move(results);

    const Json log = {{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
                      {"version", "2.1.0"},
                      {"runs", Json::array({std::move(run)})}};
    return log.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

}  // namespace jvmtireport
