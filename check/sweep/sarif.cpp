// The sweep as SARIF 2.1.0 and as JUnit XML (sweep_report.hpp).
#include <cstdio>
#include <filesystem>
#include <set>

#include <nlohmann/json.hpp>

#include "java_words.hpp"
#include "report/formats/jvm_report.hpp"
#include "report/formats/text_encoding.hpp"
#include "report/formats/report_files_io.hpp"
#include "sweep/report.hpp"

namespace jvmticheck {

namespace {

using Json = nlohmann::ordered_json;
namespace fs = std::filesystem;

struct OutcomeRule {
    Outcome outcome;
    const char* name;
    const char* text;
    const char* level;
};
constexpr OutcomeRule kRules[] = {
    {Outcome::Hung, "Hung", "The command did not end within the run's timeout after a JVMTI call failed with an error the "
                            "specification allows it", "error"},
    {Outcome::Crashed, "Crashed", "The command crashed (ended by a signal, or a JVM wrote an hs_err file) after a JVMTI call "
                                  "failed with an error the specification allows it", "error"},
    {Outcome::StatusChanged, "ExitStatusChanged", "The command ended with another exit status than without the fault, "
                                                  "after a JVMTI call failed with an error the specification allows it: the "
                                                  "agent stopped the program (a warning unless --fail-on names exit)", "warning"},
    {Outcome::NewViolations, "NewViolations", "The layer reported rules the run without the fault did not break (an "
                                              "out-parameter used after the call failed, a failure not checked)", "error"},
    {Outcome::Leaked, "Leaked", "The agent kept more JVMTI memory or references at exit than without the fault", "error"},
    {Outcome::Declined, "Declined", "The agent returned an error from Agent_OnLoad or Agent_OnAttach after a JVMTI call of its "
                                    "start-up failed, and the JVM said the agent failed to initialise: it declined to start "
                                    "without what it needs, which the specification allows (handled)", "note"},
};

std::string sentence(std::string text) { return text.empty() || text.back() == '.' ? text : text + "."; }

std::string commandText(const std::vector<std::string>& words) {
    std::string out;
    for (const auto& w : words) out += (out.empty() ? "" : " ") + shellQuote(w);
    return out;
}

// A site's source line as a SARIF location; `id` and `message` for a related location.
Json location(const std::string& where, const std::string& root, int id = 0, const std::string& message = "") {
    const auto parts = jvmtireport::parseSite(where);
    Json loc = Json::object();
    if (id > 0) loc["id"] = id;
    if (!parts.file.empty()) {
        const fs::path file = fs::path(parts.file).lexically_normal();
        const std::string rootSlash = root + "/";
        Json artifact;
        if (!root.empty() && file.string().compare(0, rootSlash.size(), rootSlash) == 0)
            artifact = {{"uri", jvmtireport::percentEncode(file.string().substr(rootSlash.size()), "/")}, {"uriBaseId", "%SRCROOT%"}};
        else if (file.is_absolute())
            artifact = {{"uri", jvmtireport::fileUri(file.string())}};
        else
            artifact = {{"uri", jvmtireport::percentEncode(file.string(), "/")}};
        Json physical = {{"artifactLocation", std::move(artifact)}};
        if (parts.line > 0) physical["region"] = {{"startLine", parts.line}};
        loc["physicalLocation"] = std::move(physical);
    }
    const std::string symbol = parts.function.empty() ? where.substr(0, where.find(" (")) : parts.function;
    loc["logicalLocations"] = Json::array({{{"name", symbol}, {"kind", "function"}}});
    if (!message.empty()) loc["message"] = {{"text", sentence(message)}};
    return loc;
}

std::string attr(const char* name, const std::string& value) { return std::string(" ") + name + "=\"" + jvmtireport::xmlText(value, true) + "\""; }

std::string secondsText(double s) {
    char text[32];
    std::snprintf(text, sizeof text, "%.3f", s);
    return text;
}

}  // namespace

std::string sweepSarif(const SweepResult& r, const SweepSarifContext& context) {
    std::string root;
    if (!context.sourceRoot.empty() && context.sourceRoot.front() == '/') {
        root = fs::path(context.sourceRoot).lexically_normal().string();
        while (root.size() > 1 && root.back() == '/') root.pop_back();
        if (root == "/") root.clear();
    }
    Json rules = Json::array();
    for (const auto& rule : kRules)
        rules.push_back({{"id", outcomeRuleId(rule.outcome)},
                         {"name", rule.name},
                         {"shortDescription", {{"text", std::string("Fault injection: ") + outcomeName(rule.outcome)}}},
                         {"fullDescription", {{"text", sentence(rule.text)}}},
                         {"help", {{"text", sentence(rule.text) + " Replay the run with the command in the result's "
                                                                  "properties (jvmti-check inject=...)."}}},
                         {"defaultConfiguration", {{"level", rule.level}}}});
    Json results = Json::array();
    for (const auto& f : findings(r)) {
        int ruleIndex = 0;
        for (std::size_t i = 0; i < std::size(kRules); ++i)
            if (kRules[i].outcome == f.outcome) ruleIndex = static_cast<int>(i);
        const SweepRunResult& first = *f.runs.front();
        std::string errors;
        for (const auto* x : f.runs) errors += (errors.empty() ? "" : ", ") + x->run.errorName;
        std::string text = f.site.function + " failed with " + errors + " (injected at its first call from " + f.site.site +
                           ") and " +
                           (f.outcome == Outcome::Declined ? std::string("the agent declined to start")
                            : f.outcome == Outcome::Crashed ? std::string("the command crashed")
                            : f.outcome == Outcome::Hung    ? std::string("the command hung")
                                                            : std::string("the command showed: ") + outcomeName(f.outcome));
        if (!first.details.empty()) text += " \u2014 " + first.details.front();
        Json result = {{"ruleId", outcomeRuleId(f.outcome)},
                       {"ruleIndex", ruleIndex},
                       {"level", levelName(f.level)},
                       {"message", {{"text", sentence(text)}}},
                       {"locations", Json::array({location(f.site.where, root)})}};
        // Where it surfaced (each place once), then each error's own run, by its replay command.
        Json related = Json::array();
        int id = 1;
        std::set<std::string> places;
        for (const auto* x : f.runs)
            for (const auto& s : x->surfaced)
                if (places.insert(s.what + "\n" + s.where).second) related.push_back(location(s.where, root, id++, s.what));
        Json perError = Json::array();
        for (const auto* x : f.runs) {
            related.push_back(location(f.site.where, root, id++, x->run.errorName + " injected here; replay: " + x->replay));
            perError.push_back({{"error", x->run.errorName}, {"index", x->run.index}, {"status", x->status},
                                {"replay", x->replay}, {"directory", x->dir}});
        }
        result["relatedLocations"] = std::move(related);
        result["partialFingerprints"] = {
            {"jvmtiInjectSweep/v2", f.site.function + "|" + f.site.where.substr(0, f.site.where.find('+')) + "|" +
                                        outcomeName(f.outcome) + "|" + f.consequence}};
        result["properties"] = {{"function", f.site.function}, {"site", f.site.site}, {"where", f.site.where},
                                {"outcome", outcomeName(f.outcome)}, {"consequence", f.consequence},
                                {"errors", std::move(perError)}, {"replay", first.replay}};
        results.push_back(std::move(result));
    }
    Json driver = {{"name", "jvmti-check"}};
    if (!context.toolVersion.empty()) {
        driver["version"] = context.toolVersion;
        driver["semanticVersion"] = context.toolVersion;
    }
    driver["rules"] = std::move(rules);
    Json invocation = {{"commandLine", commandText(r.command)},
                       {"arguments", r.command},
                       {"executionSuccessful", true},
                       {"properties", {{"settings", r.settings}, {"runs", r.runs.size()}, {"plannedRuns", r.plannedRuns},
                                       {"shard", std::to_string(r.shardK) + "/" + std::to_string(r.shardN)}}}};
    Json run = {{"tool", {{"driver", std::move(driver)}}}};
    if (!root.empty()) run["originalUriBaseIds"] = {{"%SRCROOT%", {{"uri", jvmtireport::fileUri(root + "/")}}}};
    run["invocations"] = Json::array({std::move(invocation)});
    run["results"] = std::move(results);
    const Json log = {{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
                      {"version", "2.1.0"},
                      {"runs", Json::array({std::move(run)})}};
    return log.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

std::string sweepJunit(const SweepResult& r) {
    std::string cases;
    std::size_t failures = 0, skipped = 0;
    double total = 0;
    for (const auto& x : r.runs) {
        total += x.seconds;
        std::string body;
        for (const auto& d : x.details) body += d + "\n";
        for (const auto& s : x.surfaced) body += s.what + ": " + s.where + "\n";
        body += "call site: " + x.run.site.where + "\nreplay: " + x.replay + "\ndirectory: " + x.dir + "\n";
        cases += "  <testcase" + attr("classname", "jvmti.sweep." + x.run.site.function) +
                 attr("name", x.run.site.site + " " + shortErrorName(x.run.errorName)) + attr("time", secondsText(x.seconds)) + ">\n";
        const RunLevel level = levelOf(x.outcome, r.failOn);
        if (level == RunLevel::Error) {
            ++failures;
            cases += "    <failure" + attr("message", std::string(outcomeName(x.outcome)) + (x.details.empty() ? "" : ": " + x.details.front())) +
                     attr("type", outcomeName(x.outcome)) + ">" + xmlEscape(body) + "</failure>\n";
        } else if (x.outcome == Outcome::NotReached) {
            ++skipped;
            cases += "    <skipped" + attr("message", "not reached: the site's function was not called there in this run") + "/>\n";
        } else {
            // Handled; a warning (a bad outcome --fail-on leaves out) or a note (declined) says so first.
            const std::string said = level == RunLevel::None ? std::string() : std::string(levelName(level)) + ": " + outcomeName(x.outcome) + "\n";
            cases += "    <system-out>" + xmlEscape(said + body) + "</system-out>\n";
        }
        cases += "  </testcase>\n";
    }
    std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuite" + attr("name", "jvmti.sweep") +
                      attr("tests", std::to_string(r.runs.size())) + attr("failures", std::to_string(failures)) +
                      attr("errors", "0") + attr("skipped", std::to_string(skipped)) + attr("hostname", "localhost") +
                      attr("time", secondsText(total)) + ">\n  <properties>\n";
    out += "    <property" + attr("name", "command") + attr("value", commandText(r.command)) + "/>\n";
    out += "    <property" + attr("name", "settings") + attr("value", commandText(r.settings)) + "/>\n";
    out += "    <property" + attr("name", "shard") + attr("value", std::to_string(r.shardK) + "/" + std::to_string(r.shardN)) + "/>\n";
    out += "  </properties>\n" + cases + "</testsuite>\n";
    return out;
}

}  // namespace jvmticheck
