// The settings of libjvmtilayer: what they are, where they come from, how they are parsed.
//
// runtime/settings/settings_schema.json is the one description of the settings. It is embedded
// into this library at build time; the parser checks names, types, choices and ranges against
// it at run time, the environment variable names are derived from it and docs/layer-options.md
// is rendered from it. Adding a setting is adding it to the schema, plus a field in Settings
// and one binding in settings.cpp (a test fails when the two disagree).
//
// Sources, from lowest to highest precedence (a higher one overrides a lower one per setting):
//
//   1. defaults (the schema)
//   2. the config file: config=FILE.json, named by any of the sources below
//   3. per-setting environment variables JVMTI_LAYER_<NAME>, such as JVMTI_LAYER_CHECK=strict
//      (NAME upper-cased, '-' becoming '_'; a variable set to "" counts as unset)
//   4. JVMTI_LAYER_OPTIONS: an option string, with the same syntax as the one below
//   5. the option string the VM hands the layer: -agentpath:libjvmtilayer.so=OPTIONS
//
// The file is the baseline, the environment adjusts it for a run, the command line has the
// last word. The agent list is one setting: the source of highest precedence that names an
// agent decides the whole list.
//
// Option string syntax: KEY=VALUE,KEY=VALUE,...,agent=PATH[=AGENT OPTIONS]
//   - A NULL or empty string is valid and sets nothing.
//   - agent comes last: PATH runs to the first '=' after "agent=", and everything after that
//     '=' is the agent's option string, verbatim (commas and '=' included). "agent=/a.so"
//     gives the agent NULL options, "agent=/a.so=" gives it "" (the VM tells the two apart,
//     and so does the layer). A PATH containing ',' is rejected: it means agent was not last.
//   - An empty VALUE means the setting's default.
//   - A list value (trace, report-ignore) separates its items with ':' or ','; inside an
//     option string only ':' can be used, since ',' ends the setting.
//   - Unknown keys, bad values, a key given twice and empty settings (",,") are errors.
//
// Nothing in this API throws: every problem is returned as one message that names its source
// (the option string, the variable, or the file and the JSON pointer of the value) and says
// what is accepted. The layer prints it as "jvmtilayer: error: <message>".
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace jvmtilayer {

// The check setting.
enum class CheckMode { Spec, Strict, Off };
// The trace-format setting.
enum class TraceFormat { Text, Jsonl, Chrome };
// The formats of the report-format setting.
enum class ReportFormat { Text, Html, Sarif, Junit, Json };
// The fail-on setting: the least severity counted as a failure.
enum class FailOn { Error, Warning };

// The schema's name of a mode or format ("spec", "jsonl", ...).
const char* checkModeName(CheckMode mode);
const char* traceFormatName(TraceFormat format);
const char* reportFormatName(ReportFormat format);
const char* failOnName(FailOn level);

// One agent to load.
struct AgentSpec {
    std::string path;
    // The option string its Agent_OnLoad/Agent_OnAttach receives: nullopt means NULL (none
    // given), "" means an empty string.
    std::optional<std::string> options;

    bool operator==(const AgentSpec&) const = default;
};

// A setting's value, one alternative per type: enum, string, path and release hold a std::string,
// bool a bool, int a std::int64_t, list a vector of strings, agent a vector of AgentSpec.
using Value = std::variant<std::string, std::int64_t, bool, std::vector<std::string>, std::vector<AgentSpec>>;
// Values by setting name, as one source gave them.
using SettingValues = std::map<std::string, Value, std::less<>>;

// Every setting, typed. The member initialisers are the schema's defaults (a test checks).
struct Settings {
    CheckMode check = CheckMode::Spec;
    std::string report = "stderr";              // "stderr" or a file
    int reportLimit = 10;                        // lines printed per violation id
    std::vector<std::string> reportIgnore;       // ids (or prefixes ending in '*') not printed
    std::vector<ReportFormat> reportFormat{ReportFormat::Text};  // each once, in the order given
    int errorExitcode = 0;                       // the exit status of a failed run; 0: left alone
    FailOn failOn = FailOn::Error;               // what error-exitcode counts
    std::string docsUrl;                         // the rule catalogue's URL; empty: found beside the layer
    std::vector<std::string> trace;              // -XX:TraceJVMTI descriptors; empty: off
    std::string traceFile = "stderr";            // "stderr" or a file
    TraceFormat traceFormat = TraceFormat::Text;
    std::string stats;                           // "stderr", a file, or empty: off
    bool traceNoAddr = false;                    // addresses left out of the trace
    bool traceTimes = true;                      // times in text and jsonl traces
    bool traceRenumberThreads = false;           // threads as 1, 2, 3, ...
    int traceBufferMb = 64;                      // bound of records waiting to be written
    bool adopt = false;                          // put the agents the VM loads itself behind the layer
    std::string childToolOptions;                // JAVA_TOOL_OPTIONS for the processes this JVM starts
    std::string apiVersion;                      // the earlier release the agents see, X.Y.Z; empty: the JVM's
    bool advice = false;                         // report advice at exit
    std::vector<std::string> inject;             // fault injection rules (runtime/inject/plan.hpp); empty: none
    int injectSeed = 0;                          // the seed of inject='s draws
    std::string injectLog;                       // the injection log file; empty: none
    std::string fileMode = "0600";               // octal mode bits of every file the layer creates
    bool reportCommandFull = false;              // report-command=full: -D values and variables kept
    std::string config;                          // the config file that was read, if any
    std::vector<AgentSpec> agents;               // in load order

    bool operator==(const Settings&) const = default;
};

// The outcome of parsing: the settings, or a message saying what is wrong and where.
struct SettingsResult {
    Settings settings;
    std::string error;  // empty on success
    // loadSettings only: every setting's value after all sources, by name, and the names the
    // option string gave itself (directly, or in a config file it names).
    SettingValues values;
    std::set<std::string, std::less<>> given;

    bool ok() const { return error.empty(); }
};

// Reads an environment variable: NULL when unset. The default is ::getenv.
using EnvLookup = std::function<const char*(const char* name)>;

// The option string alone over the defaults: no environment, and a config= file is recorded
// in Settings::config but not read.
SettingsResult parseOptionString(const char* options);

// Every source in the order of precedence above, reading the config file if one is named.
// The merged settings must also agree with each other (combinationProblem).
SettingsResult loadSettings(const char* options);
SettingsResult loadSettings(const char* options, const EnvLookup& getenv);

// A config file alone over the defaults. `fileName` prefixes the messages.
SettingsResult parseConfigFile(const std::string& path);
SettingsResult parseConfigJson(std::string_view json, const std::string& fileName);

// What is wrong with settings that are each valid but not together (report-format=html with
// report=stderr), or nothing.
std::optional<std::string> combinationProblem(const Settings& settings);

// Another load of the layer in a JVM where it already runs joins it (its agents are added), so
// it must not change a setting: the first setting `later` gives itself (agent and config
// aside) whose value differs from `running`'s, named with both values; or nothing.
std::optional<std::string> joinProblem(const SettingsResult& running, const SettingsResult& later);

// A value as an option string writes it: "strict", "8", "true", "a:b"; agents as PATH[=OPTIONS].
std::string valueText(const Value& value);

// A JVMTI release written X.Y.Z, as GetVersionNumber encodes it without the interface type
// (major << 16 | minor << 8 | micro): 1.0.x to 1.2.x, or N.0.0 for N from 9 on (the releases
// numbered after their JDK). nullopt for anything else.
std::optional<int> parseRelease(std::string_view text);

// file-mode= as mode bits (0600 when it is not an octal mode, which combinationProblem refuses).
unsigned fileModeOf(const Settings& settings);

// Whether report-format lists `format`.
bool hasFormat(const Settings& settings, ReportFormat format);
// The file of one format of the report: with one format, report= itself (and report= plus
// ".txt" for the text lines of a non-text one); with several, report= is a base name (an
// extension of a format at its end dropped) plus the format's extension (.txt, .html, .sarif,
// .xml, .json). Placeholders (%p, %m) are not expanded here.
std::string reportFile(const Settings& settings, ReportFormat format);
// reportFile(settings, ReportFormat::Text).
std::string textReportTarget(const Settings& settings);

// The variable that holds an option string.
inline constexpr const char* kOptionsVariable = "JVMTI_LAYER_OPTIONS";
// JVMTI_LAYER_<NAME upper-cased, '-' -> '_'>.
std::string envVarName(std::string_view settingName);

// ---- The schema level: what the parser above is made of (also used by tests and the docs).

// Release: a JVMTI release written X.Y.Z (parseRelease), or empty for none.
enum class SettingType { Enum, String, Path, Bool, Int, List, Agent, Release };
const char* settingTypeName(SettingType type);


struct SettingSpec {
    std::string name;
    SettingType type = SettingType::String;
    std::vector<std::string> choices;  // enum only
    std::int64_t min = 0, max = 0;     // int only: the accepted range (within int's)
    Value defaultValue;
    std::string description;           // one line
    std::string envVar;                // derived from the name
};

class Schema {
public:
    // Reads a schema (the format of runtime/settings/settings_schema.json) and checks it: names
    // are unique and [a-z][a-z0-9-]*, types known, defaults of their type, choices given for
    // enums, descriptions one line. Returns an error message, or nothing on success.
    static std::optional<std::string> parse(std::string_view json, Schema& out);

    const std::vector<SettingSpec>& settings() const { return settings_; }
    const SettingSpec* find(std::string_view name) const;
    // "check, report, ...": every name, in schema order.
    std::string nameList() const;

private:
    std::vector<SettingSpec> settings_;
};

// The schema embedded at build time. If it failed to parse (a test guards against that),
// it is empty and embeddedSchemaError() says why; the load functions then return that error.
const Schema& embeddedSchema();
const std::string& embeddedSchemaError();
// The embedded JSON text itself.
std::string_view embeddedSchemaText();


// Converts one value written as text (option string or environment variable). An empty text
// gives the default. Returns an error message, or nothing on success.
std::optional<std::string> parseValueText(const SettingSpec& spec, std::string_view text, Value& out);
// One option string. Messages carry no source prefix.
std::optional<std::string> parseOptionValues(const Schema& schema, std::string_view options, SettingValues& out);
// The per-setting variables, each message prefixed with its variable's name.
std::optional<std::string> parseEnvironmentValues(const Schema& schema, const EnvLookup& getenv, SettingValues& out);
// A config file's text. Messages carry the JSON pointer of the value but no file name.
std::optional<std::string> parseJsonValues(const Schema& schema, std::string_view json, SettingValues& out);
// Stores values into the typed settings. Fails only when a name has no binding (a schema
// setting without a Settings field) or an enum choice has no C++ enumerator.
std::optional<std::string> applyValues(const SettingValues& values, Settings& settings);
// The names of the settings that have a Settings binding, in binding order.
std::vector<std::string> boundSettingNames();

// The markdown table of every setting (docs/layer-options.md holds it between markers).
std::string renderSettingsTable(const Schema& schema);

}  // namespace jvmtilayer
