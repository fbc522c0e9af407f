// jvmti-lint --confirm on the layer's fault-injection test agent (tests/agents/src/faulty.cpp):
// its findings come from the careless half of the source; the program is run behind the layer
// once per finding, with the careless build (where each planted use crashes the JVM), with
// the careful build (which handles every fault), and with a program that never makes the calls.
// Then a finding confirmed by the layer's report at its line (misbehave.cpp, no crash), a run
// killed at --run-timeout, and the command line's refusals.
#include <catch2/catch.hpp>

#include <chrono>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>

#include "lint_support.hpp"

using namespace linttest;
using testsupport::shellQuote;

#if !defined(FAULTY_LIB) || !defined(FAULTY_CAREFUL_LIB) || !defined(MISBEHAVE_LIB) || !defined(AGENTS_CLASSES) || \
    !defined(AGENTS_JAVA) || !defined(JVMTI_LAYER)
#error "the faulty agent's builds, the agent tests' classes, their java and the layer"
#endif

namespace {

// The verdict of each finding, by its line in faulty.cpp, from the SARIF log; and the notes.
struct Confirmed {
    LintRun run;
    std::map<unsigned, std::string> verdicts;
};

// `source` (of tests/agents/src) confirmed with `library` (and its options) and `mainClass`.
Confirmed confirm(const std::string& library, const std::string& mainClass, const std::string& source = "faulty.cpp",
                  const std::string& lintOptions = "") {
    const fs::path root = testsupport::sourceDir();
    const std::string command = shellQuote(AGENTS_JAVA) + " -XX:-UsePerfData -agentpath:" + shellQuote(library) +
                                " -cp " + shellQuote(AGENTS_CLASSES) + " " + mainClass;
    Confirmed c;
    c.run = lint("-p " + shellQuote(JVMTIGEN_BUILD_DIR) + " tests/agents/src/" + source + " --confirm --layer " +
                     shellQuote(JVMTI_LAYER) + " " + lintOptions + " -- " + command,
                 root);
    INFO(c.run.run.out << c.run.run.err);
    REQUIRE(c.run.run.status == 0);
    const auto log = nlohmann::json::parse(c.run.sarif);
    for (const auto& result : log["runs"][0]["results"]) {
        const unsigned line = result["locations"][0]["physicalLocation"]["region"]["startLine"].get<unsigned>();
        if (!result.contains("properties") || !result["properties"].contains("inject")) continue;
        REQUIRE(result["properties"].contains("confirmation"));
        c.verdicts[line] = result["properties"]["confirmation"].get<std::string>();
    }
    return c;
}

std::string describe(const std::map<unsigned, std::string>& verdicts) {
    std::string out;
    for (const auto& [line, verdict] : verdicts) out += "faulty.cpp:" + std::to_string(line) + " " + verdict + "\n";
    return out;
}

}  // namespace

TEST_CASE("confirm: the careless build crashes on every finding, each verdict in the text and the SARIF") {
    // Two runs at a time: each verdict still lands on its own finding.
    const Confirmed c = confirm(FAULTY_LIB, "agenttest.counter.Main", "faulty.cpp", "-j 2");
    INFO(describe(c.verdicts) << c.run.run.err);
    // The seven out_value.unchecked findings of agents_expected.txt, each with its inject= rule.
    REQUIRE(c.verdicts.size() == 7);
    // Each planted use of a failed call's out-value crashes the careless build.
    for (const auto& [line, verdict] : c.verdicts) CHECK(verdict == "confirmed");
    CHECK(c.run.run.err.find(", 7 confirmed") != std::string::npos);
    CHECK(std::regex_search(c.run.run.out, std::regex(R"(faulty\.cpp:41:\d+: note: --confirm: confirmed: the JVM crashed)")));
    CHECK(c.run.run.err.find("jvmti-lint: --confirm: inject=GetThreadInfo@tests/agents/src/faulty.cpp:41/") != std::string::npos);
    CHECK(c.run.run.err.find(" confirmed") != std::string::npos);
}

TEST_CASE("confirm: the careful build handles the fault of each finding") {
    const Confirmed c = confirm(FAULTY_CAREFUL_LIB, "agenttest.counter.Main");
    INFO(describe(c.verdicts) << c.run.run.err);
    REQUIRE(c.verdicts.size() == 7);
    for (const auto& [line, verdict] : c.verdicts) CHECK(verdict == "handled");
    CHECK(c.run.run.out.find(": note: --confirm: handled: the fault was injected") != std::string::npos);
    CHECK(c.run.run.err.find(", 7 handled") != std::string::npos);
}

TEST_CASE("confirm: a program that never makes the calls leaves each finding not reached") {
    const Confirmed c = confirm(FAULTY_LIB, "agenttest.Hello");
    INFO(describe(c.verdicts) << c.run.run.err);
    REQUIRE(c.verdicts.size() == 7);
    for (const auto& [line, verdict] : c.verdicts) CHECK(verdict == "not reached");
}

TEST_CASE("confirm: a finding confirmed by the layer's report at its line, without a crash") {
    // misbehave's double_dealloc hands Allocate's out-value to Deallocate unread. With Allocate
    // failed and its out-value poisoned, the layer refuses that Deallocate and reports it at the
    // finding's own line: the JVM goes on.
    const std::string source = testsupport::readFile(testsupport::sourceDir() / "tests/agents/src/misbehave.cpp");
    unsigned line = 1;
    for (std::size_t at = 0, end = source.find("print_result(\"Deallocate\", jvmti->Deallocate(mem));"); at < end; ++at)
        if (source[at] == '\n') ++line;
    const Confirmed c = confirm(MISBEHAVE_LIB + std::string("=case=double_dealloc"), "agenttest.Hello", "misbehave.cpp");
    INFO(describe(c.verdicts) << c.run.run.out << c.run.run.err);
    REQUIRE(c.verdicts.count(line) == 1);
    CHECK(c.verdicts.at(line) == "confirmed");
    CHECK(c.run.run.out.find("misbehave.cpp:" + std::to_string(line) + ":") != std::string::npos);
    CHECK(c.run.run.out.find("note: --confirm: confirmed: the layer reported Deallocate.mem.unknown at "
                             "tests/agents/src/misbehave.cpp:" + std::to_string(line)) != std::string::npos);
    CHECK(c.run.run.out.find("the JVM crashed") == std::string::npos);
}

TEST_CASE("confirm: a run still going at --run-timeout is killed, and its finding is hung") {
    testsupport::TempDir dir;
    testsupport::writeFile(dir / "agent.c",
                           "#include <jvmti.h>\n"
                           "int first(jvmtiEnv* jvmti) {\n"
                           "    char* value;\n"
                           "    (*jvmti)->GetSystemProperty(jvmti, \"java.vm.name\", &value);\n"
                           "    return value[0];\n"
                           "}\n");
    const auto started = std::chrono::steady_clock::now();
    auto r = lint("--confirm --run-timeout 1 agent.c -- " + jdkIncludes() + " -- /bin/sh -c 'sleep 60; touch slept'",
                  dir.path());
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    INFO(r.run.out << r.run.err);
    CHECK(r.run.status == 0);
    CHECK(seconds < 30);
    CHECK(r.run.out.find("note: --confirm: hung: the program still ran after 1 s and was killed") != std::string::npos);
    CHECK(r.run.err.find(", 1 hung") != std::string::npos);
    std::vector<std::string> confirmations;
    const auto log = nlohmann::json::parse(r.sarif);
    for (const auto& result : log["runs"][0]["results"])
        if (result.contains("properties") && result["properties"].contains("confirmation"))
            confirmations.push_back(result["properties"]["confirmation"].get<std::string>());
    CHECK(confirmations == std::vector<std::string>{"hung"});
    CHECK_FALSE(fs::exists(dir / "slept"));
}

TEST_CASE("confirm: the command line's refusals, and nothing to confirm") {
    testsupport::TempDir dir;
    testsupport::writeFile(dir / "plain.c", "int plain(int x) { return x + 1; }\n");
    auto r = lint("--confirm plain.c --", dir.path());
    CHECK(r.run.status == 2);
    CHECK(r.run.err.find("--confirm needs the program to run") != std::string::npos);
    r = lint("--confirm plain.c -- -Wall --", dir.path());
    CHECK(r.run.status == 2);
    CHECK(r.run.err.find("--confirm needs the program to run") != std::string::npos);
    r = lint("--layer /nowhere/libjvmtilayer.so plain.c --", dir.path());
    CHECK(r.run.status == 2);
    CHECK(r.run.err.find("--layer is for --confirm") != std::string::npos);
    r = lint("--run-timeout 5 plain.c --", dir.path());
    CHECK(r.run.status == 2);
    CHECK(r.run.err.find("--run-timeout is for --confirm") != std::string::npos);
    for (const char* bad : {"-1", "soon", "", "1e9"}) {
        r = lint(std::string("--confirm --run-timeout '") + bad + "' plain.c -- -- /bin/true", dir.path());
        CHECK(r.run.status == 2);
        CHECK(r.run.err.find("--run-timeout takes seconds from 0 (no limit) to 86400") != std::string::npos);
    }
    // No finding needs a call to fail: the program is not run.
    r = lint("--confirm plain.c -- -- /bin/sh -c 'touch ran'", dir.path());
    INFO(r.run.out << r.run.err);
    CHECK(r.run.status == 0);
    CHECK(r.run.err.find("--confirm: no finding needs a call to fail; the program was not run") != std::string::npos);
    CHECK_FALSE(fs::exists(dir / "ran"));
}
