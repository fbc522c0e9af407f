// The layer's settings: the option string, the environment, the config file, precedence,
// and every error message, exactly.
#include <catch2/catch.hpp>

#include <map>
#include <string>

#include "runtime_test_support.hpp"
#include "settings/settings.hpp"

using namespace jvmtilayer;
using runtimetest::EnvScope;
using runtimetest::TempDir;
using runtimetest::writeFile;

namespace {

const std::string kValidSettings =
    "valid settings: check, report, report-limit, report-ignore, report-format, error-exitcode, fail-on, docs-url, trace, "
    "trace-file, trace-format, stats, trace-no-addr, trace-times, trace-renumber-threads, trace-buffer-mb, adopt, "
    "child-tool-options, api-version, advice, inject, inject-seed, inject-log, file-mode, report-command, config, agent";

std::string optionError(const char* options) { return parseOptionString(options).error; }

Settings parsed(const char* options) {
    const auto r = parseOptionString(options);
    INFO(r.error);
    REQUIRE(r.ok());
    return r.settings;
}

std::string configError(const std::string& json) { return parseConfigJson(json, "cfg.json").error; }

Settings fromConfig(const std::string& json) {
    const auto r = parseConfigJson(json, "cfg.json");
    INFO(r.error);
    REQUIRE(r.ok());
    return r.settings;
}

// Clears every variable the layer reads, for a test's lifetime.
struct CleanEnv : EnvScope {
    CleanEnv() {
        unset(kOptionsVariable);
        for (const auto& spec : embeddedSchema().settings()) unset(spec.envVar);
    }
};

Settings loaded(const char* options) {
    const auto r = loadSettings(options);
    INFO(r.error);
    REQUIRE(r.ok());
    return r.settings;
}

AgentSpec agent(std::string path, std::optional<std::string> options = std::nullopt) {
    return AgentSpec{std::move(path), std::move(options)};
}

}  // namespace

TEST_CASE("options: NULL and empty strings give the defaults", "[settings]") {
    CHECK(parsed(nullptr) == Settings{});
    CHECK(parsed("") == Settings{});
    const Settings d = parsed(nullptr);
    CHECK(d.check == CheckMode::Spec);
    CHECK(d.report == "stderr");
    CHECK(d.reportLimit == 10);
    CHECK(d.reportIgnore.empty());
    CHECK(d.trace.empty());
    CHECK(d.traceFile == "stderr");
    CHECK(d.traceFormat == TraceFormat::Text);
    CHECK(d.stats.empty());
    CHECK(d.config.empty());
    CHECK(d.agents.empty());
}

TEST_CASE("options: every setting", "[settings]") {
    const Settings s = parsed(
        "check=strict,report=/tmp/r.txt,report-limit=3,report-ignore=A.b.null:C.*,trace=all+:ec+,"
        "trace-file=t.json,trace-format=chrome,stats=stderr,config=c.json,agent=/opt/libagent.so=x");
    CHECK(s.check == CheckMode::Strict);
    CHECK(s.report == "/tmp/r.txt");
    CHECK(s.reportLimit == 3);
    CHECK(s.reportIgnore == std::vector<std::string>{"A.b.null", "C.*"});
    CHECK(s.trace == std::vector<std::string>{"all+", "ec+"});
    CHECK(s.traceFile == "t.json");
    CHECK(s.traceFormat == TraceFormat::Chrome);
    CHECK(s.stats == "stderr");
    CHECK(s.config == "c.json");  // recorded, not read, by parseOptionString
    CHECK(s.agents == std::vector<AgentSpec>{agent("/opt/libagent.so", "x")});
}

TEST_CASE("options: each enum choice", "[settings]") {
    CHECK(parsed("check=spec").check == CheckMode::Spec);
    CHECK(parsed("check=strict").check == CheckMode::Strict);
    CHECK(parsed("check=off").check == CheckMode::Off);
    CHECK(parsed("trace-format=text").traceFormat == TraceFormat::Text);
    CHECK(parsed("trace-format=jsonl").traceFormat == TraceFormat::Jsonl);
    CHECK(parsed("trace-format=chrome").traceFormat == TraceFormat::Chrome);
    CHECK(std::string(checkModeName(CheckMode::Strict)) == "strict");
    CHECK(std::string(traceFormatName(TraceFormat::Jsonl)) == "jsonl");
    CHECK(parsed("report-format=html").reportFormat == std::vector{ReportFormat::Html});
    CHECK(parsed("report-format=text").reportFormat == std::vector{ReportFormat::Text});
    CHECK(std::string(reportFormatName(ReportFormat::Html)) == "html");
}

TEST_CASE("options: report-format=html needs a report file, its text lines go to the file's twin", "[settings]") {
    CleanEnv env;
    CHECK(loadSettings("report-format=html").error ==
          "report-format=html needs report=FILE: the HTML page is written to a file at exit (its text lines go to "
          "FILE.txt), not to stderr");
    const auto html = loadSettings("report-format=html,report=r.html,docs-url=https://example.org/jvmti.html");
    REQUIRE(html.ok());
    CHECK(html.settings.docsUrl == "https://example.org/jvmti.html");
    CHECK(textReportTarget(html.settings) == "r.html.txt");
    CHECK(textReportTarget(loaded("report=r.txt")) == "r.txt");
    CHECK(textReportTarget(loaded("")) == "stderr");
    // From the environment too: the sources are merged first, then judged together.
    env.set("JVMTI_LAYER_REPORT_FORMAT", "html");
    CHECK_FALSE(loadSettings(nullptr).ok());
    CHECK(loadSettings("report=r.html").ok());
}

TEST_CASE("options: report-format lists formats, each file named from report=", "[settings]") {
    CleanEnv env;
    const auto several = loadSettings("report-format=text:sarif:junit:json:sarif,report=out/r");
    REQUIRE(several.ok());
    // Each format once, in the order first given.
    CHECK(several.settings.reportFormat ==
          std::vector{ReportFormat::Text, ReportFormat::Sarif, ReportFormat::Junit, ReportFormat::Json});
    CHECK(reportFile(several.settings, ReportFormat::Text) == "out/r.txt");
    CHECK(reportFile(several.settings, ReportFormat::Sarif) == "out/r.sarif");
    CHECK(reportFile(several.settings, ReportFormat::Junit) == "out/r.xml");
    CHECK(reportFile(several.settings, ReportFormat::Json) == "out/r.json");
    // A base that ends in a format's extension loses it.
    const auto named = loadSettings("report-format=text:json,report=r.txt");
    REQUIRE(named.ok());
    CHECK(reportFile(named.settings, ReportFormat::Text) == "r.txt");
    CHECK(reportFile(named.settings, ReportFormat::Json) == "r.json");
    CHECK(hasFormat(several.settings, ReportFormat::Junit));
    CHECK_FALSE(hasFormat(several.settings, ReportFormat::Html));
    // One format: report= is its file, the text lines go to the twin.
    const auto sarif = loadSettings("report-format=sarif,report=r.sarif");
    REQUIRE(sarif.ok());
    CHECK(reportFile(sarif.settings, ReportFormat::Sarif) == "r.sarif");
    CHECK(textReportTarget(sarif.settings) == "r.sarif.txt");
    CHECK(loadSettings("report-format=junit").error ==
          "report-format=junit needs report=FILE: the JUnit XML is written to a file at exit (its text lines go to "
          "FILE.txt), not to stderr");
    CHECK(loadSettings("report-format=text:json").error ==
          "report-format=text:json needs report=FILE: each format is written to FILE plus its extension (.txt, .html, "
          ".sarif, .xml, .json), not to stderr");
    // An unknown format names the setting and the choices.
    const std::string bad = optionError("report-format=text:pdf");
    CHECK(bad.find("report-format") != std::string::npos);
    CHECK(bad.find("pdf") != std::string::npos);
    CHECK(bad.find("valid choices: text, html, sarif, junit, json") != std::string::npos);
    // In a config file too.
    CHECK(parseConfigJson(R"({"report-format": ["json", "pdf"]})", "c.json").error.find("pdf") != std::string::npos);
    CHECK(parseConfigJson(R"({"report-format": ["json", "html"], "report": "x"})", "c.json").settings.reportFormat ==
          std::vector{ReportFormat::Json, ReportFormat::Html});
}

TEST_CASE("options: error-exitcode, fail-on and adopt", "[settings]") {
    CleanEnv env;
    CHECK(parsed("error-exitcode=3").errorExitcode == 3);
    CHECK(parsed("error-exitcode=255").errorExitcode == 255);
    CHECK(parsed("").errorExitcode == 0);
    CHECK(optionError("error-exitcode=256").find("error-exitcode") != std::string::npos);
    CHECK(optionError("error-exitcode=-1").find("error-exitcode") != std::string::npos);
    CHECK(parsed("fail-on=warning").failOn == FailOn::Warning);
    CHECK(optionError("fail-on=info").find("valid choices: error, warning") != std::string::npos);
    CHECK(parsed("adopt=true").adopt);
    // child-tool-options comes from its variable: its value holds ',' and '='.
    env.set("JVMTI_LAYER_CHILD_TOOL_OPTIONS", "-agentpath:/l.so=adopt=true,report=/d/%p");
    const auto fromEnv = loadSettings(nullptr);
    REQUIRE(fromEnv.ok());
    CHECK(fromEnv.settings.childToolOptions == "-agentpath:/l.so=adopt=true,report=/d/%p");
}

TEST_CASE("options: api-version names a JVMTI release, advice is a switch, both need checking", "[settings]") {
    CleanEnv env;
    CHECK(loaded("api-version=17.0.0").apiVersion == "17.0.0");
    CHECK(loaded("api-version=1.2.3").apiVersion == "1.2.3");
    CHECK(loaded("advice=true").advice);
    CHECK_FALSE(loaded("").advice);
    // The releases: 1.0 to 1.2 with any micro, then N.0.0 from 9 on.
    CHECK(parseRelease("1.0.0") == 0x010000);
    CHECK(parseRelease("1.2.1") == 0x010201);
    CHECK(parseRelease("9.0.0") == 0x090000);
    CHECK(parseRelease("25.0.0") == 0x190000);
    for (const char* bad : {"", "17", "17.0", "17.1.0", "16.0.1", "1.3.0", "8.0.0", "2.0.0", "17.0.0.0", "x.0.0", "17.0.0 ",
                            "-1.0.0", "4096.0.0", "1.2.256", "99999999999.0.0"}) {
        INFO(bad);
        CHECK_FALSE(parseRelease(bad));
    }
    CHECK(loadSettings("api-version=17.1.0").error ==
          "layer options: invalid value \"17.1.0\" for api-version (a JVMTI release: X.Y.Z, 1.0.0 to 1.2.x or N.0.0 "
          "with N from 9 on)");
    CHECK(parseConfigJson(R"({"api-version": "8.0.0"})", "c.json").error.find("invalid value \"8.0.0\" for api-version") !=
          std::string::npos);
    CHECK(loadSettings("check=off,api-version=17.0.0").error ==
          "api-version= needs the checking layer: with check=off agents get the JVM's own environments");
    CHECK(loadSettings("check=off,advice=true").error ==
          "advice= needs the checking layer: with check=off agents get the JVM's own environments");
    CHECK(optionError("advice=maybe").find("advice") != std::string::npos);
    CHECK(loadSettings("check=off,inject=GetFrameCount").error ==
          "inject= needs the checking layer: with check=off agents get the JVM's own environments");
}

TEST_CASE("options: inject= is a list of rules, with its seed and log", "[settings]") {
    const auto r = loadSettings("inject=GetFrameCount/1:stack/any/p0.5,inject-seed=7,inject-log=/tmp/x.%p.log");
    REQUIRE(r.ok());
    CHECK(r.settings.inject == std::vector<std::string>{"GetFrameCount/1", "stack/any/p0.5"});
    CHECK(r.settings.injectSeed == 7);
    CHECK(r.settings.injectLog == "/tmp/x.%p.log");
    CHECK(optionError("inject-seed=-1").find("inject-seed") != std::string::npos);
}

TEST_CASE("options: the agent takes the rest of the string verbatim", "[settings]") {
    CHECK(parsed("agent=/p.so").agents == std::vector<AgentSpec>{agent("/p.so")});
    CHECK_FALSE(parsed("agent=/p.so").agents[0].options.has_value());  // NULL: no options given
    CHECK(parsed("agent=/p.so=").agents == std::vector<AgentSpec>{agent("/p.so", "")});  // "": empty options
    CHECK(parsed("agent=/p.so=a,b=c,,d=").agents == std::vector<AgentSpec>{agent("/p.so", "a,b=c,,d=")});
    CHECK(parsed("agent=/p.so=,").agents == std::vector<AgentSpec>{agent("/p.so", ",")});
    CHECK(parsed("agent=/p.so=check=off,agent=/q.so").agents ==
          std::vector<AgentSpec>{agent("/p.so", "check=off,agent=/q.so")});
    const Settings s = parsed("check=off,trace=all+,agent=relative/lib.so= spaces kept ");
    CHECK(s.check == CheckMode::Off);
    CHECK(s.agents == std::vector<AgentSpec>{agent("relative/lib.so", " spaces kept ")});
}

TEST_CASE("options: an empty value means the default", "[settings]") {
    CHECK(parsed("check=").check == CheckMode::Spec);
    CHECK(parsed("report=").report == "stderr");
    CHECK(parsed("report-limit=").reportLimit == 10);
    CHECK(parsed("trace=").trace.empty());
    CHECK(parsed("agent=").agents.empty());
    CHECK(parsed("check=,report=x").report == "x");
}

TEST_CASE("options: integers", "[settings]") {
    CHECK(parsed("report-limit=0").reportLimit == 0);
    CHECK(parsed("report-limit=2147483647").reportLimit == 2147483647);
    const std::string expected = " for report-limit (expected an integer >= 0)";
    CHECK(optionError("report-limit=abc") == "layer options: invalid value \"abc\"" + expected);
    CHECK(optionError("report-limit=-1") == "layer options: invalid value \"-1\"" + expected);
    CHECK(optionError("report-limit=1x") == "layer options: invalid value \"1x\"" + expected);
    CHECK(optionError("report-limit=+1") == "layer options: invalid value \"+1\"" + expected);
    CHECK(optionError("report-limit= 1") == "layer options: invalid value \" 1\"" + expected);
    CHECK(optionError("report-limit=2147483648") == "layer options: invalid value \"2147483648\"" + expected);
    CHECK(optionError("report-limit=99999999999999999999") ==
          "layer options: invalid value \"99999999999999999999\"" + expected);
}

TEST_CASE("options: the trace's switches and buffer", "[settings]") {
    const Settings d = parsed("");
    CHECK(!d.traceNoAddr);
    CHECK(d.traceTimes);
    CHECK(!d.traceRenumberThreads);
    CHECK(d.traceBufferMb == 64);
    const Settings s = parsed("trace-no-addr=true,trace-times=false,trace-renumber-threads=true,trace-buffer-mb=4096");
    CHECK(s.traceNoAddr);
    CHECK(!s.traceTimes);
    CHECK(s.traceRenumberThreads);
    CHECK(s.traceBufferMb == 4096);
    CHECK(optionError("trace-buffer-mb=0") ==
          "layer options: invalid value \"0\" for trace-buffer-mb (expected an integer from 1 to 4096)");
    CHECK(optionError("trace-times=maybe").find("invalid value \"maybe\" for trace-times") != std::string::npos);
}

TEST_CASE("options: lists", "[settings]") {
    CHECK(parsed("trace=all+").trace == std::vector<std::string>{"all+"});
    CHECK(parsed("report-ignore=A.b.null:B.*:C").reportIgnore == std::vector<std::string>{"A.b.null", "B.*", "C"});
    CHECK(optionError("trace=all+::ec+") ==
          "layer options: invalid value \"all+::ec+\" for trace (an empty item; items are separated by ':' or ',')");
    CHECK(optionError("trace=all+:") ==
          "layer options: invalid value \"all+:\" for trace (an empty item; items are separated by ':' or ',')");
}

TEST_CASE("options: error messages", "[settings]") {
    CHECK(optionError("chek=spec") == "layer options: unknown setting \"chek\" (" + kValidSettings + ")");
    CHECK(optionError("=spec") == "layer options: unknown setting \"\" (" + kValidSettings + ")");
    CHECK(optionError("Check=spec") == "layer options: unknown setting \"Check\" (" + kValidSettings + ")");
    CHECK(optionError("check=strct") ==
          "layer options: invalid value \"strct\" for check (valid choices: spec, strict, off)");
    CHECK(optionError("check=Strict") ==
          "layer options: invalid value \"Strict\" for check (valid choices: spec, strict, off)");
    CHECK(optionError("trace-format=xml") ==
          "layer options: invalid value \"xml\" for trace-format (valid choices: text, jsonl, chrome)");
    CHECK(optionError("check=spec,report=x,check=off") == "layer options: setting \"check\" given twice");
    CHECK(optionError("strict") == "layer options: expected KEY=VALUE, found \"strict\"");
    CHECK(optionError("check=spec,trace") == "layer options: expected KEY=VALUE, found \"trace\"");
    const std::string empty = "layer options: empty setting (two commas in a row, or a comma at the start or end)";
    CHECK(optionError(",check=spec") == empty);
    CHECK(optionError("check=spec,") == empty);
    CHECK(optionError("check=spec,,report=x") == empty);
    CHECK(optionError(",") == empty);
    CHECK(optionError("agent==x") == "layer options: invalid value \"=x\" for agent (the agent's path is empty)");
    CHECK(optionError("agent=/p.so,check=strict") ==
          "layer options: invalid value \"/p.so,check=strict\" for agent (the path \"/p.so,check\" contains ','; "
          "agent=PATH[=OPTIONS] must be the last setting)");
    CHECK(optionError("agent=/a.so,agent=/b.so") ==
          "layer options: invalid value \"/a.so,agent=/b.so\" for agent (the path \"/a.so,agent\" contains ','; "
          "agent=PATH[=OPTIONS] must be the last setting)");
    // The first problem is the one reported.
    CHECK(optionError("check=bad,chek=x") ==
          "layer options: invalid value \"bad\" for check (valid choices: spec, strict, off)");
}

TEST_CASE("environment: variable names come from the schema", "[settings]") {
    CHECK(envVarName("check") == "JVMTI_LAYER_CHECK");
    CHECK(envVarName("trace-format") == "JVMTI_LAYER_TRACE_FORMAT");
    CHECK(envVarName("report-limit") == "JVMTI_LAYER_REPORT_LIMIT");
    for (const auto& spec : embeddedSchema().settings()) CHECK(spec.envVar == envVarName(spec.name));
    CHECK(std::string(kOptionsVariable) == "JVMTI_LAYER_OPTIONS");
}

TEST_CASE("environment: per-setting variables", "[settings]") {
    CleanEnv env;
    env.set("JVMTI_LAYER_CHECK", "strict");
    env.set("JVMTI_LAYER_REPORT_LIMIT", "4");
    env.set("JVMTI_LAYER_TRACE", "all+,ec+");  // a whole variable is one value: ',' separates items
    env.set("JVMTI_LAYER_TRACE_FORMAT", "jsonl");
    env.set("JVMTI_LAYER_AGENT", "/a.so=x,y=z");
    env.set("JVMTI_LAYER_REPORT", "");  // empty counts as unset
    const Settings s = loaded(nullptr);
    CHECK(s.check == CheckMode::Strict);
    CHECK(s.reportLimit == 4);
    CHECK(s.trace == std::vector<std::string>{"all+", "ec+"});
    CHECK(s.traceFormat == TraceFormat::Jsonl);
    CHECK(s.agents == std::vector<AgentSpec>{agent("/a.so", "x,y=z")});
    CHECK(s.report == "stderr");
}

TEST_CASE("environment: JVMTI_LAYER_OPTIONS", "[settings]") {
    CleanEnv env;
    env.set("JVMTI_LAYER_OPTIONS", "check=off,agent=/env.so=a,b");
    const Settings s = loaded(nullptr);
    CHECK(s.check == CheckMode::Off);
    CHECK(s.agents == std::vector<AgentSpec>{agent("/env.so", "a,b")});
    env.set("JVMTI_LAYER_OPTIONS", "");
    CHECK(loaded(nullptr) == Settings{});
}

TEST_CASE("environment: error messages name the variable", "[settings]") {
    CleanEnv env;
    env.set("JVMTI_LAYER_CHECK", "bogus");
    CHECK(loadSettings(nullptr).error ==
          "JVMTI_LAYER_CHECK: invalid value \"bogus\" for check (valid choices: spec, strict, off)");
    env.unset("JVMTI_LAYER_CHECK");
    env.set("JVMTI_LAYER_REPORT_LIMIT", "many");
    CHECK(loadSettings(nullptr).error ==
          "JVMTI_LAYER_REPORT_LIMIT: invalid value \"many\" for report-limit (expected an integer >= 0)");
    env.unset("JVMTI_LAYER_REPORT_LIMIT");
    env.set("JVMTI_LAYER_OPTIONS", "bogus=1");
    CHECK(loadSettings(nullptr).error == "JVMTI_LAYER_OPTIONS: unknown setting \"bogus\" (" + kValidSettings + ")");
    env.set("JVMTI_LAYER_OPTIONS", "check=spec,check=off");
    CHECK(loadSettings(nullptr).error == "JVMTI_LAYER_OPTIONS: setting \"check\" given twice");
    env.unset("JVMTI_LAYER_OPTIONS");
    CHECK(loadSettings("check=nope").error ==
          "layer options: invalid value \"nope\" for check (valid choices: spec, strict, off)");
}

TEST_CASE("precedence: config file < per-setting variables < JVMTI_LAYER_OPTIONS < option string", "[settings]") {
    CleanEnv env;
    TempDir dir;
    const std::string config = dir / "layer.json";
    writeFile(config, R"({"check": "off", "report": "file.txt", "stats": "file-stats", "report-limit": 1,
                          "trace-format": "chrome", "trace-file": "file-trace"})");
    env.set("JVMTI_LAYER_CONFIG", config);
    env.set("JVMTI_LAYER_CHECK", "strict");
    env.set("JVMTI_LAYER_REPORT", "env.txt");
    env.set("JVMTI_LAYER_STATS", "env-stats");
    env.set("JVMTI_LAYER_TRACE_FORMAT", "jsonl");
    env.set("JVMTI_LAYER_OPTIONS", "report=options.txt,stats=options-stats");
    const Settings s = loaded("stats=command-stats");
    CHECK(s.config == config);
    CHECK(s.reportLimit == 1);                   // only the file
    CHECK(s.traceFile == "file-trace");          // only the file
    CHECK(s.check == CheckMode::Strict);         // variable over file
    CHECK(s.traceFormat == TraceFormat::Jsonl);  // variable over file
    CHECK(s.report == "options.txt");            // JVMTI_LAYER_OPTIONS over variable
    CHECK(s.stats == "command-stats");           // option string over everything
    // An empty value in the option string restores the default over every lower source.
    CHECK(loaded("check=,stats=").check == CheckMode::Spec);
    CHECK(loaded("check=,stats=").stats.empty());
}

TEST_CASE("precedence: the config file named by the highest source is the one read", "[settings]") {
    CleanEnv env;
    TempDir dir;
    writeFile(dir / "a.json", R"({"check": "off"})");
    writeFile(dir / "b.json", R"({"check": "strict"})");
    writeFile(dir / "c.json", R"({"trace-format": "jsonl"})");
    env.set("JVMTI_LAYER_CONFIG", dir / "a.json");
    CHECK(loaded(nullptr).check == CheckMode::Off);
    env.set("JVMTI_LAYER_OPTIONS", "config=" + (dir / "b.json"));
    CHECK(loaded(nullptr).check == CheckMode::Strict);
    const Settings s = loaded(("config=" + (dir / "c.json")).c_str());
    CHECK(s.config == dir / "c.json");
    CHECK(s.check == CheckMode::Spec);
    CHECK(s.traceFormat == TraceFormat::Jsonl);
    // config= (empty) in the option string: no file at all.
    CHECK(loaded("config=") == Settings{});
}

TEST_CASE("precedence: the agent list comes whole from the highest source naming agents", "[settings]") {
    CleanEnv env;
    TempDir dir;
    writeFile(dir / "agents.json", R"({"agents": [{"path": "/one.so"}, {"path": "/two.so", "options": "2"}]})");
    env.set("JVMTI_LAYER_CONFIG", dir / "agents.json");
    CHECK(loaded(nullptr).agents == std::vector<AgentSpec>{agent("/one.so"), agent("/two.so", "2")});
    CHECK(loaded("check=off").agents.size() == 2);
    CHECK(loaded("agent=/three.so=").agents == std::vector<AgentSpec>{agent("/three.so", "")});
    env.set("JVMTI_LAYER_AGENT", "/env.so");
    CHECK(loaded(nullptr).agents == std::vector<AgentSpec>{agent("/env.so")});
}

TEST_CASE("precedence: an injected environment instead of getenv", "[settings]") {
    const std::map<std::string, std::string> vars = {
        {"JVMTI_LAYER_CHECK", "off"}, {"JVMTI_LAYER_OPTIONS", "check=strict,report=r"}};
    const auto lookup = [&](const char* name) -> const char* {
        const auto it = vars.find(name);
        return it == vars.end() ? nullptr : it->second.c_str();
    };
    const auto r = loadSettings("report=command", lookup);
    REQUIRE(r.ok());
    CHECK(r.settings.check == CheckMode::Strict);
    CHECK(r.settings.report == "command");
}

TEST_CASE("config: every setting, and two agents", "[settings]") {
    const Settings s = fromConfig(R"({
        "check": "strict",
        "report": "violations.txt",
        "report-limit": 3,
        "report-ignore": ["A.b.null", "C.*"],
        "trace": ["all+", "GetClassSignature+ie"],
        "trace-file": "trace.json",
        "trace-format": "chrome",
        "stats": "stderr",
        "agents": [
            {"path": "/opt/a/liba.so", "options": "x=1,y=2"},
            {"path": "/opt/b/libb.so", "options": null}
        ]
    })");
    CHECK(s.check == CheckMode::Strict);
    CHECK(s.report == "violations.txt");
    CHECK(s.reportLimit == 3);
    CHECK(s.reportIgnore == std::vector<std::string>{"A.b.null", "C.*"});
    CHECK(s.trace == std::vector<std::string>{"all+", "GetClassSignature+ie"});
    CHECK(s.traceFile == "trace.json");
    CHECK(s.traceFormat == TraceFormat::Chrome);
    CHECK(s.stats == "stderr");
    CHECK(s.config == "cfg.json");
    REQUIRE(s.agents.size() == 2);
    CHECK(s.agents[0] == agent("/opt/a/liba.so", "x=1,y=2"));
    CHECK(s.agents[1] == agent("/opt/b/libb.so"));
    CHECK_FALSE(s.agents[1].options.has_value());
}

TEST_CASE("config: agent options absent, null, empty, and the agent key as text", "[settings]") {
    const Settings s = fromConfig(R"({"agents": [{"path": "/a.so"}, {"path": "/b.so", "options": null},
                                                 {"path": "/c.so", "options": ""}, {"options": "o", "path": "/d.so"}]})");
    CHECK(s.agents == std::vector<AgentSpec>{agent("/a.so"), agent("/b.so"), agent("/c.so", ""), agent("/d.so", "o")});
    CHECK(fromConfig(R"({"agent": "/e.so=p,q"})").agents == std::vector<AgentSpec>{agent("/e.so", "p,q")});
    CHECK(fromConfig(R"({"agents": []})").agents.empty());
    CHECK(fromConfig("{}") == fromConfig(R"({"check": "", "report-limit": 10})"));
}

TEST_CASE("config: error messages name the file and the JSON pointer", "[settings]") {
    CHECK(configError("[1]") == "cfg.json: expected a JSON object of settings at the top level");
    CHECK(configError(R"({"chek": "x"})") ==
          "cfg.json: /chek: unknown setting \"chek\" (" + kValidSettings + ", agents)");
    CHECK(configError(R"({"a/b~c": 1})") ==
          "cfg.json: /a~1b~0c: unknown setting \"a/b~c\" (" + kValidSettings + ", agents)");
    CHECK(configError(R"({"check": "x"})") ==
          "cfg.json: /check: invalid value \"x\" for check (valid choices: spec, strict, off)");
    CHECK(configError(R"({"check": 1})") == "cfg.json: /check: expected a string (valid choices: spec, strict, off)");
    CHECK(configError(R"({"report": 1})") == "cfg.json: /report: expected a string");
    CHECK(configError(R"({"report-limit": 1.5})") == "cfg.json: /report-limit: expected an integer >= 0");
    CHECK(configError(R"({"report-limit": "3"})") == "cfg.json: /report-limit: expected an integer >= 0");
    CHECK(configError(R"({"report-limit": -2})") ==
          "cfg.json: /report-limit: invalid value \"-2\" for report-limit (expected an integer >= 0)");
    CHECK(configError(R"({"report-limit": 18446744073709551615})") ==
          "cfg.json: /report-limit: invalid value \"18446744073709551615\" for report-limit (expected an integer >= 0)");
    CHECK(configError(R"({"trace": "all+"})") == "cfg.json: /trace: expected an array of strings");
    CHECK(configError(R"({"trace": ["all+", ""]})") == "cfg.json: /trace: expected an array of non-empty strings");
    CHECK(configError(R"({"trace": [1]})") == "cfg.json: /trace: expected an array of non-empty strings");
    CHECK(configError(R"({"agent": 3})") == "cfg.json: /agent: expected a string PATH[=OPTIONS] (or use \"agents\")");
    CHECK(configError(R"({"agent": "=x"})") ==
          "cfg.json: /agent: invalid value \"=x\" for agent (the agent's path is empty)");
    CHECK(configError(R"({"agents": {}})") ==
          "cfg.json: /agents: expected an array of {\"path\": ..., \"options\": ...} objects");
    CHECK(configError(R"({"agents": [1]})") == "cfg.json: /agents/0: expected an object {\"path\": ..., \"options\": ...}");
    CHECK(configError(R"({"agents": [{"path": "/a.so"}, {"options": "x"}]})") ==
          "cfg.json: /agents/1: the agent's \"path\" is missing");
    CHECK(configError(R"({"agents": [{"path": ""}]})") == "cfg.json: /agents/0/path: expected a non-empty string");
    CHECK(configError(R"({"agents": [{"path": 7}]})") == "cfg.json: /agents/0/path: expected a non-empty string");
    CHECK(configError(R"({"agents": [{"path": "/a.so", "options": 5}]})") ==
          "cfg.json: /agents/0/options: expected a string or null");
    CHECK(configError(R"({"agents": [{"path": "/a.so", "opts": "x"}]})") ==
          "cfg.json: /agents/0/opts: unknown key \"opts\" (valid keys: path, options)");
    CHECK(configError(R"({"agent": "/a.so", "agents": []})") ==
          "cfg.json: /agents: give either \"agent\" or \"agents\", not both");
    CHECK(configError(R"({"config": "other.json"})") == "cfg.json: /config: a config file cannot name another config file");
    CHECK(configError(R"({"check": "spec", "check": "off"})") == "cfg.json: /check: key given twice");
    CHECK(configError(R"({"agents": [{"path": "/a.so"}, {"path": "/b.so", "path": "/c.so"}]})") ==
          "cfg.json: /agents/1/path: key given twice");
    CHECK(configError(R"({"x": {"y": [0, [1], {"z": 1, "z": 2}]}})") == "cfg.json: /x/y/2/z: key given twice");
    const std::string syntax = configError("{\"check\": ");
    CHECK_THAT(syntax, Catch::StartsWith("cfg.json: invalid JSON: parse error at line 1, column 11: "));
    CHECK(syntax.find("json.exception") == std::string::npos);
}

TEST_CASE("config: files that cannot be read", "[settings]") {
    TempDir dir;
    CHECK(parseConfigFile(dir / "missing.json").error == (dir / "missing.json") + ": cannot read: No such file or directory");
    CHECK(parseConfigFile(dir / "").error == (dir / "") + ": cannot read: not a regular file, not read");
    writeFile(dir / "ok.json", R"({"check": "off"})");
    const auto ok = parseConfigFile(dir / "ok.json");
    REQUIRE(ok.ok());
    CHECK(ok.settings.check == CheckMode::Off);
    CHECK(ok.settings.config == dir / "ok.json");
}

TEST_CASE("config: errors through loadSettings name the file", "[settings]") {
    CleanEnv env;
    TempDir dir;
    writeFile(dir / "bad.json", R"({"check": "sometimes"})");
    CHECK(loadSettings(("config=" + (dir / "bad.json")).c_str()).error ==
          (dir / "bad.json") + ": /check: invalid value \"sometimes\" for check (valid choices: spec, strict, off)");
    env.set("JVMTI_LAYER_CONFIG", dir / "none.json");
    CHECK(loadSettings(nullptr).error == (dir / "none.json") + ": cannot read: No such file or directory");
}

TEST_CASE("config: JSON nested 100,000 deep is refused with a message naming the file, not a crash", "[settings]") {
    const std::string deep = std::string(100000, '[') + std::string(100000, ']');
    const auto top = parseConfigJson(deep, "deep.json");
    CHECK_FALSE(top.ok());
    CHECK(top.error.rfind("deep.json", 0) == 0);
    const auto inside = parseConfigJson("{\"check\": " + deep + "}", "deep.json");
    CHECK_FALSE(inside.ok());
    CHECK(inside.error.find("/check") != std::string::npos);
}

// Another load of the layer in the same JVM joins the running one: what it may and may not say.
TEST_CASE("settings: a later load joins the running layer only if it changes no setting", "[settings][join]") {
    CleanEnv env;
    const auto loadOf = [](const char* options) {
        auto r = loadSettings(options);
        INFO(r.error);
        REQUIRE(r.ok());
        return r;
    };
    const auto first = loadOf("check=strict,report=r.txt,trace=all,agent=/a.so=x");

    SECTION("repeating every setting, or leaving them out, joins") {
        CHECK_FALSE(joinProblem(first, loadOf("check=strict,report=r.txt,trace=all,agent=/b.so")));
        CHECK_FALSE(joinProblem(first, loadOf("agent=/b.so=y")));
        CHECK_FALSE(joinProblem(first, loadOf("trace=all,agent=/a.so=other,options")));
    }
    SECTION("a different value is refused, naming the setting and both values") {
        CHECK(joinProblem(first, loadOf("check=spec,agent=/b.so")).value_or("") ==
              "this load of the layer sets check=spec, but the layer already runs in this JVM with check=strict from "
              "an earlier load; every load of libjvmtilayer.so in one JVM joins the same layer, so give check the same "
              "value in each, or only in the first");
        CHECK(joinProblem(first, loadOf("report=other.txt,agent=/b.so")).value_or("").starts_with(
            "this load of the layer sets report=other.txt, but the layer already runs in this JVM with report=r.txt"));
        CHECK(joinProblem(first, loadOf("trace=,agent=/b.so")).value_or("").starts_with(
            "this load of the layer sets trace=(empty), but the layer already runs in this JVM with trace=all"));
        CHECK(joinProblem(first, loadOf("report-limit=3,agent=/b.so")).value_or("").starts_with(
            "this load of the layer sets report-limit=3, but the layer already runs in this JVM with report-limit=10"));
    }
    SECTION("a config file's settings count as the load's own; its agents do not") {
        TempDir dir;
        const std::string same = dir / "same.json", other = dir / "other.json";
        writeFile(same, R"({"check": "strict", "agents": [{"path": "/c.so"}]})");
        writeFile(other, R"({"check": "spec", "agents": [{"path": "/c.so"}]})");
        CHECK_FALSE(joinProblem(first, loadOf(("config=" + same).c_str())));
        CHECK(joinProblem(first, loadOf(("config=" + other).c_str())).value_or("").starts_with(
            "this load of the layer sets check=spec, but the layer already runs in this JVM with check=strict"));
    }
    SECTION("the environment is every load's: a variable is no load's own setting") {
        env.set("JVMTI_LAYER_REPORT_LIMIT", "7");
        const auto withVariable = loadOf("agent=/b.so");
        CHECK(withVariable.settings.reportLimit == 7);
        CHECK_FALSE(joinProblem(first, withVariable));
    }
}

TEST_CASE("settings: a value as an option string writes it", "[settings]") {
    CHECK(valueText(Value{std::string("strict")}) == "strict");
    CHECK(valueText(Value{std::int64_t{8}}) == "8");
    CHECK(valueText(Value{true}) == "true");
    CHECK(valueText(Value{std::vector<std::string>{"a", "b"}}) == "a:b");
    CHECK(valueText(Value{std::vector<AgentSpec>{agent("/a.so", "x=1"), agent("/b.so")}}) == "/a.so=x=1:/b.so");
}
