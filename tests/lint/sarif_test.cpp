// jvmti-lint's SARIF: each finding with its path as a code flow, the rules from the rule
// catalogue, the inject= rule of a finding that needs a call to fail, files that do not compile
// as the invocation's notifications; and the log through Microsoft's SARIF multitool (npm:
// scripts/test-tools.sh installs it), which must find nothing in it, as for jvmti-check's logs.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <nlohmann/json.hpp>

#include "lint_support.hpp"
#include "sarif_multitool.hpp"

using namespace linttest;
using nlohmann::json;
using testsupport::shellQuote;

#ifndef SARIF_MULTITOOL
#define SARIF_MULTITOOL ""
#endif

namespace {

// The seeded agent and a C++ case, with a file that does not compile beside them.
LintRun seededRun(testsupport::TempDir& dir) {
    fs::copy_file(testsupport::sourceDir() / "tests/lint/seeded/agent.c", dir / "agent.c");
    fs::copy_file(casesDir() / "local_ref.cpp", dir / "local_ref.cpp");
    testsupport::writeFile(dir / "broken.c", "int f(void) { return ; }\n");
    return lint("agent.c local_ref.cpp broken.c -- " + jdkIncludes(), dir.path());
}

}  // namespace

TEST_CASE("sarif: results with code flows, rules from the catalogue, inject= among the properties") {
    testsupport::TempDir dir;
    const auto r = seededRun(dir);
    REQUIRE(r.run.status == 2);  // broken.c
    const json log = json::parse(r.sarif);
    CHECK(log["version"] == "2.1.0");
    const json& run = log["runs"][0];
    CHECK(run["tool"]["driver"]["name"] == "jvmti-lint");
    CHECK(run["originalUriBaseIds"]["%SRCROOT%"]["uri"] == "file://" + dir.path().string() + "/");
    const json& rules = run["tool"]["driver"]["rules"];
    std::map<std::string, json> byId;
    for (const auto& rule : rules) byId[rule["id"]] = rule;
    REQUIRE(byId.count("out_value.unchecked"));
    CHECK(byId["out_value.unchecked"]["shortDescription"]["text"] ==
          "an out-value holds what the call returned only after the call returned JVMTI_ERROR_NONE");
    CHECK(byId["GetLoadedClasses.phase"]["shortDescription"]["text"] ==
          "GetLoadedClasses may only be called in the LIVE phase");
    CHECK(byId["GetLoadedClasses.phase"]["helpUri"].get<std::string>().ends_with("jvmti.html#rule-GetLoadedClasses.phase"));
    CHECK(byId["Deallocate.mem.double"]["defaultConfiguration"]["level"] == "error");
    // With a file that did not compile, the capability rule (over all the files) says nothing.
    CHECK(byId.count("event.capability") == 0);

    bool sawInject = false, sawLocalRef = false;
    for (const auto& result : run["results"]) {
        const std::string rule = result["ruleId"];
        CHECK(run["tool"]["driver"]["rules"][result["ruleIndex"].get<int>()]["id"] == rule);
        const json& steps = result["codeFlows"][0]["threadFlows"][0]["locations"];
        REQUIRE(!steps.empty());
        // The flow ends at the finding itself.
        CHECK(steps.back()["location"]["physicalLocation"]["region"] == result["locations"][0]["physicalLocation"]["region"]);
        CHECK(result.contains("partialFingerprints"));
        if (rule == "out_value.unchecked") {
            sawInject = true;
            CHECK(result["properties"]["inject"].get<std::string>().starts_with("inject=GetThreadInfo@agent.c:32/"));
            CHECK(result["properties"]["failedFunction"] == "GetThreadInfo");
            bool assuming = false;
            for (const auto& step : steps)
                assuming = assuming || step["location"]["message"]["text"].get<std::string>().starts_with(
                                           "assuming GetThreadInfo fails with JVMTI_ERROR_");
            CHECK(assuming);
        }
        if (rule == "local_ref.escape" && result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "local_ref.cpp")
            sawLocalRef = true;
    }
    CHECK(sawInject);
    CHECK(sawLocalRef);
    const json& invocation = run["invocations"][0];
    CHECK(invocation["executionSuccessful"] == false);
    CHECK(invocation["exitCode"] == 2);
    CHECK(invocation["toolExecutionNotifications"][0]["message"]["text"] ==
          "broken.c does not compile: it was not analysed.");
}

TEST_CASE("sarif: Microsoft's SARIF multitool finds nothing in jvmti-lint's log") {
    const std::string tool = testsupport::sarifMultitool(SARIF_MULTITOOL);
    if (tool.empty())
        FAIL("Microsoft's SARIF multitool (Sarif.Multitool) is not installed: run scripts/test-tools.sh, "
             "then configure the build again");
    testsupport::TempDir dir;
    const auto r = seededRun(dir);
    REQUIRE(!r.sarif.empty());
    testsupport::writeFile(dir / "log.sarif", r.sarif);
    const auto v = testsupport::runCommand(shellQuote(tool) + " validate " + shellQuote((dir / "log.sarif").string()) +
                                           " --output " + shellQuote((dir / "findings.sarif").string()));
    INFO(v.out);
    REQUIRE(v.status == 0);
    const json findings = json::parse(testsupport::readFile(dir / "findings.sarif"));
    std::string all;
    for (const auto& f : findings["runs"][0].value("results", json::array()))
        all += f.value("ruleId", "?") + ": " + f["message"].dump() + "\n";
    INFO(all);
    CHECK(all.empty());
    // The validator does find errors: a log without its version.
    json broken = json::parse(r.sarif);
    broken.erase("version");
    testsupport::writeFile(dir / "broken.sarif", broken.dump());
    const auto b = testsupport::runCommand(shellQuote(tool) + " validate " + shellQuote((dir / "broken.sarif").string()) +
                                           " --output " + shellQuote((dir / "broken-findings.sarif").string()));
    const json brokenFindings = json::parse(testsupport::readFile(dir / "broken-findings.sarif"));
    CHECK(!brokenFindings["runs"][0].value("results", json::array()).empty());
}
