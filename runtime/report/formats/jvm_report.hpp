// What one JVM's layer saw, as data: the collection every machine-readable report format is
// written from (JSON for jvmti-check's merge, SARIF 2.1.0, JUnit XML). The layer fills one
// JvmReport from its reporter at exit; jvmti-check reads one per JVM of its run back from
// their JSON files and writes the merged SARIF and JUnit files from all of them.
//
// Library jvmtilayer_report_formats: linked into the layer and into jvmti-check; it knows
// nothing of JVMTI itself.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

namespace jvmtireport {

// Advice is below info: it never counts toward a failed run.
enum class Level { Advice = 0, Info = 1, Warning = 2, Error = 3 };
const char* levelName(Level level);                          // "error", "warning", "info", "advice"
std::optional<Level> parseLevel(const std::string& name);   // the reverse; nullopt when unknown

// A call site as the layer names it: "libagent.so!function+0x1c (/src/agent.cpp:42)",
// "libagent.so+0x1234", "0x7f12..." or "an unknown call site".
struct Site {
    std::string text;
    std::uint64_t count = 0;  // reports from this site
};

// The parts of a site's text: module ("libagent.so"), function ("function"), offset ("0x1c"),
// file ("/src/agent.cpp") and line (42). Each is empty / 0 when the text does not have it. A bare
// address ("0x7f12ab") is kept as the offset, with no module.
struct SiteParts {
    std::string module, function, offset, file;
    int line = 0;
};
SiteParts parseSite(const std::string& text);

// One rule id as reported in one JVM.
struct RuleSeen {
    std::string id;                 // "GetClassSignature.signature_ptr.null", "leak.Allocate"
    Level level = Level::Error;     // the severity of its first report
    std::string rule;               // the rule in words (may be empty)
    std::string message;            // what its first report said ("refused with JVMTI_ERROR_NULL_POINTER")
    std::string function;           // the JVMTI function of its first report, or empty
    std::uint64_t reported = 0;     // every report of the id
    std::uint64_t printed = 0;      // of those, the lines written
    bool ignored = false;           // matched report-ignore=: counted, never a failure
    std::vector<Site> sites;        // most reports first
    std::uint64_t otherSites = 0;   // reports from sites beyond the ones kept
    std::uint64_t noSite = 0;       // reports without a call site
};

// One JVM.
struct JvmReport {
    int pid = 0;
    std::string mainClass;                 // from sun.java.command: the class, or the jar's/module's name
    std::vector<std::string> commandLine;  // the process's arguments (/proc/self/cmdline)
    std::string jvm;                       // "OpenJDK 64-Bit Server VM 17.0.15+6-Debian-1deb12u1"
    std::vector<std::string> agents;       // agent libraries behind the layer, in load order
    std::string checkMode;                 // spec, strict, off
    std::string startTime, endTime;        // UTC, ISO 8601 ("2026-11-25T20:30:00Z"); endTime empty if unfinished
    bool finished = false;                 // the layer wrote its end-of-run report (the JVM exited normally)
    std::vector<RuleSeen> rules;           // in id order
    std::string textReport;                // where its text lines went (a file, or "stderr")
    std::string htmlReport;                // its HTML page, or empty
};

// Counts toward a failed run: reports at `failOn` or above, not ignored.
std::uint64_t failingReports(const JvmReport& jvm, Level failOn);
// Every report of the JVM, ignored ones included.
std::uint64_t totalReports(const JvmReport& jvm);
// The severities that count at `failOn`, in words: "error", "warning or error".
std::string failingSeverities(Level failOn);

// JSON (the file format between the layer and jvmti-check; docs/ci.md lists its fields).
nlohmann::json toJson(const JvmReport& jvm);
// nullopt on success, else what is wrong with `json` (naming the field).
std::optional<std::string> fromJson(const nlohmann::json& json, JvmReport& out);

// A rule of the catalogue (generated docs/rules.json).
struct CatalogueRule {
    std::string id, function, parameter, text, severity, error, outcome;
};
// Reads the catalogue's JSON text; nullopt on success, else why not.
std::optional<std::string> parseCatalogue(const std::string& text, std::vector<CatalogueRule>& out);

// What SARIF's invocations and tool need beyond the JVMs.
struct SarifContext {
    std::string toolName = "jvmti-check";
    std::string toolVersion;                 // "0.1.0"
    std::string docsUrl;                     // rule links: docsUrl + "#rule-" + id ("" -> "jvmti.html")
    std::vector<std::string> commandLine;    // the whole command checked (jvmti-check's), or empty
    std::optional<int> exitCode;             // its exit status, when known
    std::string sourceRoot;                  // absolute directory: files under it become relative to %SRCROOT%
    const std::vector<CatalogueRule>* catalogue = nullptr;  // may be null: rules then come from the reports
};

// SARIF 2.1.0: one run; tool.driver.rules holds each rule the results use (from the catalogue
// when it has the id); one result per (JVM, rule id, call site) with its count; one invocation
// per JVM (and one for the whole command when commandLine is given).
std::string writeSarif(const std::vector<JvmReport>& jvms, const SarifContext& context);

// JUnit XML: <testsuites> with one <testsuite> per JVM; one <testcase> per rule id seen, failing
// (with count and call sites) unless ignored or below `failOn`; one passing testcase when the
// JVM reported nothing.
std::string writeJunit(const std::vector<JvmReport>& jvms, Level failOn);
// The same <testsuite> of one JVM as a document of its own: the TEST-*.xml file Ant's <junit>
// writes and its <junitreport> merges (which skips files whose root is <testsuites>).
std::string writeJunitSuite(const JvmReport& jvm, Level failOn);

}  // namespace jvmtireport
