// The settings schema: the embedded copy, its agreement with Settings, the checks made on a
// schema, the value types the layer's own schema does not use yet, and the generated docs.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>

#include "runtime_test_support.hpp"
#include "settings/settings.hpp"

using namespace jvmtilayer;
namespace fs = std::filesystem;

namespace {

const fs::path kSource = JVMTILAYER_SOURCE_DIR;

std::string schemaError(const std::string& json) {
    Schema s;
    const auto e = Schema::parse(json, s);
    return e ? *e : "";
}

// A schema of one setting whose fields are `entry`.
std::string oneSetting(const std::string& entry) { return R"({"settings": [)" + entry + "]}"; }

Schema custom() {
    Schema s;
    const auto e = Schema::parse(R"({"settings": [
        {"name": "verbose", "type": "bool", "default": false, "description": "say more"},
        {"name": "depth", "type": "int", "min": 1, "max": 5, "default": 2, "description": "how deep"},
        {"name": "offset", "type": "int", "default": -3, "description": "any int"},
        {"name": "label", "type": "string", "default": "x|y", "description": "a | in a cell"}
    ]})", s);
    INFO(e.value_or(""));
    REQUIRE_FALSE(e.has_value());
    return s;
}

}  // namespace

TEST_CASE("schema: the embedded schema is valid and current", "[schema]") {
    INFO(embeddedSchemaError());
    REQUIRE(embeddedSchemaError().empty());
    CHECK(std::string(embeddedSchemaText()) ==
          runtimetest::readFile(kSource / "runtime" / "settings" / "settings_schema.json"));
    CHECK(embeddedSchema().nameList() ==
          "check, report, report-limit, report-ignore, report-format, error-exitcode, fail-on, docs-url, trace, trace-file, "
          "trace-format, stats, trace-no-addr, trace-times, trace-renumber-threads, trace-buffer-mb, adopt, "
          "child-tool-options, api-version, advice, inject, inject-seed, inject-log, file-mode, report-command, config, agent");
}

TEST_CASE("schema: every setting has a Settings field and every field a setting", "[schema]") {
    std::vector<std::string> names;
    for (const auto& spec : embeddedSchema().settings()) names.push_back(spec.name);
    auto bound = boundSettingNames();
    std::sort(names.begin(), names.end());
    std::sort(bound.begin(), bound.end());
    CHECK(names == bound);
}

TEST_CASE("schema: its defaults are Settings' initialisers", "[schema]") {
    SettingValues defaults;
    for (const auto& spec : embeddedSchema().settings()) defaults.emplace(spec.name, spec.defaultValue);
    Settings s;
    s.check = CheckMode::Off;  // disturb every field, then let the schema's defaults restore them
    s.report = s.traceFile = s.stats = s.config = "?";
    s.reportLimit = -1;
    s.reportIgnore = s.trace = {"?"};
    s.traceFormat = TraceFormat::Chrome;
    s.reportFormat = {ReportFormat::Html, ReportFormat::Sarif};
    s.errorExitcode = 9;
    s.failOn = FailOn::Warning;
    s.adopt = true;
    s.childToolOptions = "?";
    s.docsUrl = "?";
    s.agents = {AgentSpec{"?", std::nullopt}};
    REQUIRE_FALSE(applyValues(defaults, s).has_value());
    CHECK(s == Settings{});
}

TEST_CASE("schema: enum choices are the C++ enumerators, in order", "[schema]") {
    const SettingSpec* check = embeddedSchema().find("check");
    REQUIRE(check);
    CHECK(check->choices == std::vector<std::string>{checkModeName(CheckMode::Spec), checkModeName(CheckMode::Strict),
                                                     checkModeName(CheckMode::Off)});
    const SettingSpec* format = embeddedSchema().find("trace-format");
    REQUIRE(format);
    CHECK(format->choices == std::vector<std::string>{traceFormatName(TraceFormat::Text),
                                                      traceFormatName(TraceFormat::Jsonl),
                                                      traceFormatName(TraceFormat::Chrome)});
    const SettingSpec* report = embeddedSchema().find("report-format");
    REQUIRE(report);
    CHECK(report->type == SettingType::List);
    CHECK(report->choices ==
          std::vector<std::string>{reportFormatName(ReportFormat::Text), reportFormatName(ReportFormat::Html),
                                   reportFormatName(ReportFormat::Sarif), reportFormatName(ReportFormat::Junit),
                                   reportFormatName(ReportFormat::Json)});
    const SettingSpec* failOn = embeddedSchema().find("fail-on");
    REQUIRE(failOn);
    CHECK(failOn->choices == std::vector<std::string>{failOnName(FailOn::Error), failOnName(FailOn::Warning)});
    // Every choice converts.
    for (const auto* spec : {check, format, failOn})
        for (const auto& choice : spec->choices) {
            Settings s;
            CHECK_FALSE(applyValues({{spec->name, Value(choice)}}, s).has_value());
        }
    for (const auto& choice : report->choices) {
        Settings s;
        CHECK_FALSE(applyValues({{report->name, Value(std::vector<std::string>{choice})}}, s).has_value());
    }
}

TEST_CASE("schema: bool and bounded int values", "[schema]") {
    const Schema s = custom();
    SettingValues v;
    REQUIRE_FALSE(parseOptionValues(s, "verbose=true,depth=5,offset=-7", v).has_value());
    CHECK(std::get<bool>(v.at("verbose")) == true);
    CHECK(std::get<std::int64_t>(v.at("depth")) == 5);
    CHECK(std::get<std::int64_t>(v.at("offset")) == -7);

    Value out;
    REQUIRE_FALSE(parseValueText(*s.find("verbose"), "false", out).has_value());
    CHECK(std::get<bool>(out) == false);
    REQUIRE_FALSE(parseValueText(*s.find("verbose"), "", out).has_value());
    CHECK(std::get<bool>(out) == false);
    CHECK(parseValueText(*s.find("verbose"), "yes", out) == "invalid value \"yes\" for verbose (expected true or false)");
    CHECK(parseValueText(*s.find("depth"), "0", out) == "invalid value \"0\" for depth (expected an integer from 1 to 5)");
    CHECK(parseValueText(*s.find("depth"), "6", out) == "invalid value \"6\" for depth (expected an integer from 1 to 5)");
    CHECK(parseValueText(*s.find("offset"), "x", out) == "invalid value \"x\" for offset (expected an integer)");
    SettingValues fresh;
    CHECK(parseOptionValues(s, "verbose=1", fresh) == "invalid value \"1\" for verbose (expected true or false)");
}

TEST_CASE("schema: bool and int values in JSON", "[schema]") {
    const Schema s = custom();
    SettingValues v;
    REQUIRE_FALSE(parseJsonValues(s, R"({"verbose": true, "depth": 3})", v).has_value());
    CHECK(std::get<bool>(v.at("verbose")) == true);
    CHECK(std::get<std::int64_t>(v.at("depth")) == 3);
    CHECK(parseJsonValues(s, R"({"verbose": "true"})", v) == "/verbose: expected true or false");
    CHECK(parseJsonValues(s, R"({"depth": 9})", v) == "/depth: invalid value \"9\" for depth (expected an integer from 1 to 5)");
    // Without an agent setting there is no "agents" key either.
    CHECK(parseJsonValues(s, R"({"agents": []})", v) ==
          "/agents: unknown setting \"agents\" (valid settings: verbose, depth, offset, label)");
}

TEST_CASE("schema: problems in a schema", "[schema]") {
    const std::string desc = R"("description": "d")";
    CHECK(schemaError("[]") == "settings schema: expected an object with a \"settings\" array");
    CHECK_THAT(schemaError("{"), Catch::StartsWith("settings schema: invalid JSON: parse error"));
    CHECK(schemaError(R"({"settings": [], "extra": 1})") ==
          "settings schema: /extra: unknown key (valid keys: $comment, settings)");
    CHECK(schemaError(oneSetting("1")) == "settings schema: /settings/0: expected an object");
    CHECK(schemaError(oneSetting(R"({"name": "a", "type": "string", "default": "", "description": "d", "env": "X"})")) ==
          "settings schema: /settings/0/env: unknown key (valid keys: name, type, choices, default, description, min, max)");
    CHECK(schemaError(oneSetting(R"({"type": "string", "default": "", )" + desc + "}")) ==
          "settings schema: /settings/0/name: expected a string");
    CHECK(schemaError(oneSetting(R"({"name": "Bad_Name", "type": "string", "default": "", )" + desc + "}")) ==
          "settings schema: /settings/0/name: \"Bad_Name\" is not of the form [a-z][a-z0-9-]*");
    CHECK(schemaError(oneSetting(R"({"name": "a", "type": "float", "default": 1, )" + desc + "}")) ==
          "settings schema: /settings/0/type: unknown type \"float\" (valid types: enum, string, path, bool, int, list, agent, release)");
    // A release's default is a JVMTI release, or empty.
    CHECK(schemaError(oneSetting(R"({"name": "a", "type": "release", "default": "2.0.0", )" + desc + "}")).find(
              "invalid value \"2.0.0\" for a (a JVMTI release") != std::string::npos);
    CHECK(schemaError(oneSetting(R"({"name": "a", "type": "release", "default": "", )" + desc + "}")).empty());
    CHECK(schemaError(oneSetting(R"({"name": "a", "type": "string", "default": "", "description": "two\nlines"})")) ==
          "settings schema: /settings/0/description: expected one non-empty line");
    CHECK(schemaError(oneSetting(R"({"name": "a", "type": "enum", "default": "x", )" + desc + "}")) ==
          "settings schema: /settings/0/choices: missing (an enum setting needs its choices)");
    CHECK(schemaError(oneSetting(R"({"name": "a", "type": "string", "choices": ["x"], "default": "x", )" + desc + "}")) ==
          "settings schema: /settings/0/choices: given only for enum and list settings");
    // A list may name its choices: every item of its default and values must be one of them.
    CHECK(schemaError(oneSetting(R"({"name": "a", "type": "list", "choices": ["x", "y"], "default": ["x", "y"], )" + desc +
                                 "}")) == "");
    CHECK(schemaError(oneSetting(R"({"name": "a", "type": "list", "choices": ["x"], "default": ["z"], )" + desc + "}"))
              .find("/default: invalid value \"z\"") != std::string::npos);
    CHECK(schemaError(oneSetting(R"({"name": "a", "type": "enum", "choices": [], "default": "x", )" + desc + "}")) ==
          "settings schema: /settings/0/choices: expected a non-empty array of names");
    CHECK(schemaError(oneSetting(R"({"name": "a", "type": "enum", "choices": ["x", "x"], "default": "x", )" + desc + "}")) ==
          "settings schema: /settings/0/choices: \"x\" given twice");
    CHECK(schemaError(oneSetting(R"({"name": "a", "type": "enum", "choices": ["x"], "default": "y", )" + desc + "}")) ==
          "settings schema: /settings/0/default: invalid value \"y\" for a (valid choices: x)");
    CHECK(schemaError(oneSetting(R"({"name": "a", "type": "int", "default": "1", )" + desc + "}")) ==
          "settings schema: /settings/0/default: expected an integer");
    CHECK(schemaError(oneSetting(R"({"name": "a", "type": "int", "min": 5, "max": 1, "default": 3, )" + desc + "}")) ==
          "settings schema: /settings/0/min: greater than max");
    CHECK(schemaError(oneSetting(R"({"name": "a", "type": "int", "max": 4294967296, "default": 3, )" + desc + "}")) ==
          "settings schema: /settings/0/max: expected an integer within the range of int");
    CHECK(schemaError(oneSetting(R"({"name": "a", "type": "path", "min": 1, "default": "", )" + desc + "}")) ==
          "settings schema: /settings/0/min: given only for int settings");
    CHECK(schemaError(oneSetting(R"({"name": "a", "type": "agent", "default": "", )" + desc + "}")) ==
          "settings schema: /settings/0/default: the default of an agent setting must be null");
    CHECK(schemaError(oneSetting(R"({"name": "a", "type": "list", "default": "x", )" + desc + "}")) ==
          "settings schema: /settings/0/default: expected an array of strings");
    CHECK(schemaError(oneSetting(R"({"name": "a", "type": "path", )" + desc + "}")) ==
          "settings schema: /settings/0/default: missing");
    CHECK(schemaError(oneSetting(R"({"name": "options", "type": "path", "default": "", )" + desc + "}")) ==
          "settings schema: /settings/0/name: its variable would be JVMTI_LAYER_OPTIONS");
    CHECK(schemaError(oneSetting(R"({"name": "agents", "type": "path", "default": "", )" + desc + "}")) ==
          "settings schema: /settings/0/name: \"agents\" is the config file's list of agents");
    const std::string a = R"({"name": "a", "type": "path", "default": "", )" + desc + "}";
    CHECK(schemaError(R"({"settings": [)" + a + "," + a + "]}") == "settings schema: /settings/1/name: \"a\" given twice");
    CHECK(schemaError(R"({"settings": [{"name": "a", "name": "b"}]})") ==
          "settings schema: /settings/0/name: key given twice");
}

TEST_CASE("schema: a schema setting without a Settings field is an error, not a silent no-op", "[schema]") {
    Settings s;
    CHECK(applyValues({{"colour", Value(std::string("red"))}}, s) ==
          "internal error: setting \"colour\" has no field in Settings");
    CHECK(applyValues({{"check", Value(std::int64_t{1})}}, s) ==
          "internal error: the value of setting \"check\" does not fit its field in Settings");
    CHECK(applyValues({{"check", Value(std::string("sometimes"))}}, s) ==
          "internal error: the value of setting \"check\" does not fit its field in Settings");
}

TEST_CASE("schema: the markdown table", "[schema]") {
    CHECK(renderSettingsTable(custom()) ==
          "| setting | environment variable | type | default | description |\n"
          "| --- | --- | --- | --- | --- |\n"
          "| `verbose` | `JVMTI_LAYER_VERBOSE` | `true` \\| `false` | `false` | say more |\n"
          "| `depth` | `JVMTI_LAYER_DEPTH` | integer from 1 to 5 | `2` | how deep |\n"
          "| `offset` | `JVMTI_LAYER_OFFSET` | integer | `-3` | any int |\n"
          "| `label` | `JVMTI_LAYER_LABEL` | string | `x\\|y` | a \\| in a cell |\n");
    const std::string table = renderSettingsTable(embeddedSchema());
    CHECK_THAT(table, Catch::Contains("| `check` | `JVMTI_LAYER_CHECK` | `spec` \\| `strict` \\| `off` | `spec` | "));
    CHECK_THAT(table, Catch::Contains("| `report-limit` | `JVMTI_LAYER_REPORT_LIMIT` | integer >= 0 | `10` | "));
    CHECK_THAT(table, Catch::Contains("| `agent` | `JVMTI_LAYER_AGENT` | `PATH[=OPTIONS]` | *none* | "));
    CHECK_THAT(table, Catch::Contains("| `stats` | `JVMTI_LAYER_STATS` | path | *empty* | "));
}

TEST_CASE("schema: docs/layer-options.md holds the current table", "[schema][docs]") {
    const std::string doc = runtimetest::readFile(kSource / "docs" / "layer-options.md");
    const auto expected = runtimetest::withTable(doc, renderSettingsTable(embeddedSchema()));
    INFO("docs/layer-options.md lacks the table markers");
    REQUIRE(expected.has_value());
    INFO("docs/layer-options.md is stale: cmake --build build --target layer-options-doc");
    CHECK(doc == *expected);
}
