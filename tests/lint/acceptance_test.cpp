// The acceptance command of issue 45, as written:
//   jvmti-lint --sarif out.sarif agent.c -- -I$JAVA_HOME/include -I$JAVA_HOME/include/linux
// on the seeded agent (tests/lint/seeded/agent.c: every rule at the line of its misuse, as its
// `expect:` markers say) and on the same agent with every error handled (handled/agent.c:
// nothing). Each runs in a temporary directory holding a copy of the agent.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>
#include <set>

#include "lint_support.hpp"

using namespace linttest;
using testsupport::shellQuote;

namespace {

struct Accepted {
    testsupport::RunResult run;
    Findings findings;
};

Accepted acceptanceCommand(const fs::path& agent) {
    testsupport::TempDir dir;
    fs::copy_file(agent, dir / "agent.c");
    Accepted a;
    a.run = testsupport::runCommand("cd " + shellQuote(dir.path().string()) + " && JAVA_HOME=" +
                                    shellQuote(jdkHome().string()) + " && export JAVA_HOME && " +
                                    shellQuote(lintBinary().string()) +
                                    " --sarif out.sarif agent.c -- -I$JAVA_HOME/include -I$JAVA_HOME/include/linux");
    REQUIRE(fs::exists(dir / "out.sarif"));
    const auto log = nlohmann::json::parse(testsupport::readFile(dir / "out.sarif"));
    for (const auto& r : log["runs"][0]["results"]) {
        const auto& where = r["locations"][0]["physicalLocation"];
        CHECK(where["artifactLocation"]["uri"] == "agent.c");
        CHECK(where["artifactLocation"]["uriBaseId"] == "%SRCROOT%");
        a.findings.emplace(std::make_pair(std::string("agent.c"), where["region"]["startLine"].get<unsigned>()),
                           r["ruleId"].get<std::string>());
        CHECK(r.contains("codeFlows"));
    }
    return a;
}

}  // namespace

TEST_CASE("acceptance: the seeded agent has each rule at the line of its misuse") {
    const fs::path seeded = testsupport::sourceDir() / "tests/lint/seeded/agent.c";
    const auto want = expected(seeded);
    const auto got = acceptanceCommand(seeded);
    INFO(got.run.out);
    CHECK(got.run.status == 0);
    INFO("expected:\n" << describe(want) << "found:\n" << describe(got.findings));
    CHECK(got.findings == want);
    // Every rule family of the lint is among them.
    std::set<std::string> families;
    for (const auto& [where, rule] : want) {
        std::string family = rule;
        for (const char* suffix : {".phase", ".callback_unsafe", ".env.invalid", ".null"})
            if (family.ends_with(suffix)) family = std::string("{function}") + suffix;
        if (family.starts_with("leak.")) family = "leak.{function}";
        if (family.find(".capability.") != std::string::npos) family = "{function}.capability.{capability}";
        families.insert(family);
    }
    const std::set<std::string> all{"out_value.unchecked", "Deallocate.mem.double", "Deallocate.mem.unknown",
                                            "Deallocate.mem.used_after", "free.jvmti_memory", "leak.{function}",
                                            "{function}.null", "{function}.phase", "{function}.callback_unsafe",
                                            "callback.jni", "local_ref.escape", "raw_monitor.destroyed",
                                            "handle.from_integer", "{function}.env.invalid", "local_storage.unset",
                                            "{function}.capability.{capability}", "event.capability"};
    CHECK(families == all);
}

TEST_CASE("acceptance: the same agent with every error handled has no finding") {
    const auto got = acceptanceCommand(testsupport::sourceDir() / "tests/lint/handled/agent.c");
    INFO(got.run.out);
    CHECK(got.run.status == 0);
    INFO("found:\n" << describe(got.findings));
    CHECK(got.findings.empty());
    CHECK(got.run.out.find("0 findings in 1 file") != std::string::npos);
}
