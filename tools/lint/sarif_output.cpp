// SARIF 2.1.0 for jvmti-lint: one run; the driver's rules are the ones the results use, with
// their words from the rule catalogue; one result per finding, its path as a code flow, the
// files the compiler rejected as the invocation's notifications. The layer's and jvmti-check's
// SARIF (runtime/report/formats/sarif.cpp) describes JVMs and call sites, not source paths;
// what the two share (URIs, writing the file) comes from the same library.
#include <cctype>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>

#include "outputs.hpp"
#include "report/formats/report_files_io.hpp"
#include "suppress.hpp"

namespace jvmtilint {

namespace {

using Json = nlohmann::ordered_json;
const char* const kSrcRoot = "%SRCROOT%";

std::string level(const std::string& severity) {
    const std::string first = severity.substr(0, severity.find(','));
    if (first == "error") return "error";
    if (first == "warning") return "warning";
    return "note";
}

// The Pascal-case name SARIF wants beside an id: "Deallocate.mem.double" -> "DeallocateMemDouble".
std::string pascalName(const std::string& id) {
    std::string out;
    bool upper = true;
    for (char c : id) {
        if (!std::isalnum(static_cast<unsigned char>(c))) {
            upper = true;
            continue;
        }
        out += upper ? static_cast<char>(std::toupper(static_cast<unsigned char>(c))) : c;
        upper = false;
    }
    return out.empty() ? "Rule" : out;
}

Json artifact(const std::string& file, const std::string& root) {
    const std::string shown = displayPath(file, root);
    if (shown != file || (!file.empty() && file.front() != '/'))
        return {{"uri", jvmtireport::percentEncode(shown, "/")}, {"uriBaseId", kSrcRoot}};
    return {{"uri", jvmtireport::fileUri(file)}};
}

Json physical(const Place& p, const std::string& root) {
    Json region = {{"startLine", p.line}};
    if (p.column > 0) region["startColumn"] = p.column;
    return {{"artifactLocation", artifact(p.file, root)}, {"region", std::move(region)}};
}

}  // namespace

std::string sarifLog(const std::vector<Finding>& findings, const Catalogue& catalogue, const SarifRun& run) {
    const std::string docs = catalogue.docsUrl().empty() ? "" : jvmtireport::fileUri(catalogue.docsUrl());
    std::map<std::string, int> index;
    Json rules = Json::array();
    for (const auto& f : findings) {
        if (index.count(f.rule)) continue;
        index[f.rule] = static_cast<int>(rules.size());
        const Catalogue::Rule r = catalogue.rule(f.rule);
        const std::string text = r.text.empty() ? f.rule : r.text;
        Json rule = {{"id", f.rule},
                     {"name", pascalName(f.rule)},
                     {"shortDescription", {{"text", text}}},
                     {"fullDescription", {{"text", text + (text.back() == '.' ? "" : ".")}}}};
        if (!docs.empty()) {
            const std::string link = docs + "#rule-" + jvmtireport::percentEncode(f.rule, "");
            rule["helpUri"] = link;
            rule["help"] = {{"text", text + ". The rule catalogue: " + link}};
        }
        rule["defaultConfiguration"] = {{"level", level(r.severity)}};
        Json properties = Json::object();
        if (!r.function.empty()) properties["function"] = r.function;
        if (!r.parameter.empty()) properties["parameter"] = r.parameter;
        if (!properties.empty()) rule["properties"] = std::move(properties);
        rules.push_back(std::move(rule));
    }

    Json results = Json::array();
    for (const auto& f : findings) {
        const Catalogue::Rule r = catalogue.rule(f.rule);
        Json location = {{"physicalLocation", physical(f.at, run.root)}};
        if (!f.function.empty()) location["logicalLocations"] = Json::array({{{"name", f.function}, {"kind", "function"}}});
        Json result = {{"ruleId", f.rule},
                       {"ruleIndex", index[f.rule]},
                       {"level", level(f.severity.empty() ? r.severity : f.severity)},
                       {"message", {{"text", f.message + "."}}},
                       {"locations", Json::array({std::move(location)})}};
        Json steps = Json::array();
        for (const auto& n : f.notes)
            steps.push_back({{"location", {{"physicalLocation", physical(n.at, run.root)}, {"message", {{"text", n.message}}}}}});
        steps.push_back({{"location", {{"physicalLocation", physical(f.at, run.root)}, {"message", {{"text", f.message}}}}}});
        result["codeFlows"] = Json::array({{{"threadFlows", Json::array({{{"locations", std::move(steps)}}})}}});
        const std::string key = baselineKey(f, run.root);
        result["partialFingerprints"] = {{"jvmtiLint/v1", std::to_string(std::hash<std::string>{}(key))}};
        Json properties = Json::object();
        if (const std::string inject = f.injectRule(displayPath(f.failedAt.file, run.root)); !inject.empty()) {
            properties["inject"] = "inject=" + inject;
            properties["failedFunction"] = f.failedFunction;
            properties["failedError"] = "JVMTI_ERROR_" + f.failedError;
            properties["failedLine"] = f.failedAt.line;
            if (!f.verdict.empty()) {
                properties["confirmation"] = f.verdict;
                properties["confirmationDetail"] = f.verdictWhy;
            }
        }
        if (!properties.empty()) result["properties"] = std::move(properties);
        results.push_back(std::move(result));
    }

    Json invocation = {{"commandLine", [&] {
                            std::string line;
                            for (const auto& a : run.commandLine) line += (line.empty() ? "" : " ") + a;
                            return line;
                        }()},
                       {"arguments", run.commandLine},
                       {"exitCode", run.exitCode},
                       {"executionSuccessful", run.uncompiled.empty() && run.crashed.empty()}};
    Json notes = Json::array();
    for (const auto& file : run.uncompiled)
        notes.push_back({{"level", "error"},
                         {"message", {{"text", displayPath(file, run.root) + " does not compile: it was not analysed."}}}});
    for (const auto& why : run.crashed) notes.push_back({{"level", "error"}, {"message", {{"text", why + "."}}}});
    if (!notes.empty()) invocation["toolExecutionNotifications"] = std::move(notes);

    Json driver = {{"name", "jvmti-lint"}, {"version", run.version}, {"semanticVersion", run.version}};
    if (!docs.empty()) driver["informationUri"] = docs;
    driver["rules"] = std::move(rules);
    Json out = {{"tool", {{"driver", std::move(driver)}}}};
    if (!run.root.empty()) out["originalUriBaseIds"] = {{kSrcRoot, {{"uri", jvmtireport::fileUri(run.root + "/")}}}};
    out["invocations"] = Json::array({std::move(invocation)});
    out["results"] = std::move(results);
    const Json log = {{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
                      {"version", "2.1.0"},
                      {"runs", Json::array({std::move(out)})}};
    return log.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

}  // namespace jvmtilint
