// jvmti-lint's command line: usage errors, files that do not compile, exit statuses, NOLINT and
// baselines, -p against FILE -- ARGS, -j, finding jvmti.h without -I, and its text output.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>
#include <regex>

#include "lint_support.hpp"

using namespace linttest;
using testsupport::shellQuote;

namespace {

std::string lintCommand(const std::string& args) { return shellQuote(lintBinary().string()) + " " + args; }

// A copy of a case file in `dir`, with `edit` applied to its text.
fs::path copyCase(const testsupport::TempDir& dir, const std::string& name, const std::string& from = "",
                  const std::string& to = "") {
    std::string text = testsupport::readFile(casesDir() / name);
    if (!from.empty()) {
        const auto at = text.find(from);
        REQUIRE(at != std::string::npos);
        text.replace(at, from.size(), to);
    }
    testsupport::writeFile(dir / name, text);
    return dir / name;
}

}  // namespace

TEST_CASE("cli: an unknown option and a missing file list exit 2 with the usage") {
    auto r = testsupport::runCommand(lintCommand("--frobnicate x.c --"));
    CHECK(r.status == 2);
    CHECK(r.out.find("jvmti-lint: unknown option --frobnicate") != std::string::npos);
    CHECK(r.out.find("--sarif FILE") != std::string::npos);
    r = testsupport::runCommand(lintCommand(""));
    CHECK(r.status == 2);
    CHECK(r.out.find("no file to analyse") != std::string::npos);
    r = testsupport::runCommand(lintCommand("-j 0 x.c --"));
    CHECK(r.status == 2);
    CHECK(r.out.find("-j takes a number") != std::string::npos);
    r = testsupport::runCommand(lintCommand("--error-exitcode 300 x.c --"));
    CHECK(r.status == 2);
}

TEST_CASE("cli: --help, --version and --list-rules") {
    auto r = testsupport::runCommand(lintCommand("--help"));
    CHECK(r.status == 0);
    for (const char* option : {"-p BUILD_DIR", "--sarif FILE", "--error-exitcode N", "-j N", "--baseline FILE",
                               "--write-baseline FILE", "NOLINT"})
        CHECK(r.out.find(option) != std::string::npos);
    r = testsupport::runCommand(lintCommand("--version"));
    CHECK(r.status == 0);
    CHECK(r.out.rfind("jvmti-lint ", 0) == 0);
    r = testsupport::runCommand(lintCommand("--list-rules"));
    CHECK(r.status == 0);
    for (const char* id : {"out_value.unchecked", "Deallocate.mem.double", "leak.{function}", "{function}.phase",
                           "local_storage.unset", "event.capability", "handle.from_integer"})
        CHECK(r.out.find(id) != std::string::npos);
}

TEST_CASE("cli: a file that does not compile gets the compiler's errors and exit 2, the others are analysed") {
    testsupport::TempDir dir;
    testsupport::writeFile(dir / "broken.c", "#include <jvmti.h>\nint f(void) { return undeclared; }\n");
    const fs::path good = copyCase(dir, "deallocate_double.c");
    const auto r = lint("broken.c deallocate_double.c -- " + jdkIncludes(), dir.path());
    CHECK(r.run.status == 2);
    CHECK(r.run.err.find("broken.c:2:22: error: use of undeclared identifier 'undeclared'") != std::string::npos);
    CHECK(r.run.err.find("jvmti-lint: broken.c does not compile; it was not analysed") != std::string::npos);
    CHECK(r.findings.size() == 1);
    const auto log = nlohmann::json::parse(r.sarif);
    CHECK(log["runs"][0]["invocations"][0]["executionSuccessful"] == false);
    CHECK(log["runs"][0]["invocations"][0]["exitCode"] == 2);
}

TEST_CASE("cli: --error-exitcode N when there are findings, 0 without") {
    testsupport::TempDir dir;
    copyCase(dir, "deallocate_double.c");
    auto r = testsupport::runCommand("cd " + shellQuote(dir.path().string()) + " && " +
                                     lintCommand("--error-exitcode 3 deallocate_double.c -- " + jdkIncludes()));
    CHECK(r.status == 3);
    r = testsupport::runCommand("cd " + shellQuote(dir.path().string()) + " && " +
                                lintCommand("deallocate_double.c -- " + jdkIncludes()));
    CHECK(r.status == 0);
    copyCase(dir, "deallocate_double.c", "(*jvmti)->Deallocate(jvmti, (unsigned char*)signature); /* expect",
             "/* expect");
    r = testsupport::runCommand("cd " + shellQuote(dir.path().string()) + " && " +
                                lintCommand("--error-exitcode 3 deallocate_double.c -- " + jdkIncludes()));
    CHECK(r.status == 0);
}

TEST_CASE("cli: compiler-style lines, the path's notes and the inject= rule") {
    testsupport::TempDir dir;
    copyCase(dir, "out_value.c");
    const auto r = lint("out_value.c -- " + jdkIncludes(), dir.path());
    REQUIRE(r.run.status == 0);
    const std::regex finding(R"(out_value\.c:8:12: warning: GetFrameCount's out-value count_ptr is used, but GetFrameCount may have failed on this path: use it only after the call returned JVMTI_ERROR_NONE \[out_value\.unchecked\]\n)"
                             R"(out_value\.c:7:5: note: assuming GetFrameCount fails with JVMTI_ERROR_[A-Z_]+\n)"
                             R"(out_value\.c:7:5: note: to make this call fail under the layer: inject=GetFrameCount@out_value\.c:7/[A-Z_]+\n)");
    INFO(r.run.out);
    CHECK(std::regex_search(r.run.out, finding));
    CHECK(r.run.out.find("out_value.c:14:5: note: Taking true branch") != std::string::npos);
}

TEST_CASE("cli: NOLINT, NOLINT(rule), NOLINT(prefix*) and NOLINTNEXTLINE") {
    testsupport::TempDir dir;
    const std::string line = "(*jvmti)->Deallocate(jvmti, (unsigned char*)signature); /* expect: Deallocate.mem.double */";
    const auto findingsWith = [&](const std::string& replacement) {
        copyCase(dir, "deallocate_double.c", line, replacement);
        return lint("deallocate_double.c -- " + jdkIncludes(), dir.path());
    };
    CHECK(findingsWith(line).findings.size() == 1);
    CHECK(findingsWith("(*jvmti)->Deallocate(jvmti, (unsigned char*)signature); // NOLINT").findings.empty());
    auto r = findingsWith("(*jvmti)->Deallocate(jvmti, (unsigned char*)signature); // NOLINT(Deallocate.mem.double)");
    CHECK(r.findings.empty());
    CHECK(r.run.err.find("1 silenced by NOLINT") != std::string::npos);
    CHECK(findingsWith("(*jvmti)->Deallocate(jvmti, (unsigned char*)signature); // NOLINT(leak.*, Deallocate.*)")
              .findings.empty());
    CHECK(findingsWith("(*jvmti)->Deallocate(jvmti, (unsigned char*)signature); // NOLINT(leak.*)").findings.size() == 1);
    CHECK(findingsWith("// NOLINTNEXTLINE(Deallocate.mem.double)\n    (*jvmti)->Deallocate(jvmti, (unsigned char*)signature);")
              .findings.empty());
    CHECK(findingsWith("// NOLINTNEXTLINE(out_value.unchecked)\n    (*jvmti)->Deallocate(jvmti, (unsigned char*)signature);")
              .findings.size() == 1);
}

TEST_CASE("cli: --write-baseline, then --baseline leaves out what it holds, even after lines moved") {
    testsupport::TempDir dir;
    copyCase(dir, "leak.c");
    const fs::path baseline = dir / "baseline.json";
    auto r = lint("--write-baseline " + shellQuote(baseline.string()) + " leak.c -- " + jdkIncludes(), dir.path());
    REQUIRE(r.run.status == 0);
    REQUIRE(fs::exists(baseline));
    const size_t marked = expected(casesDir() / "leak.c").size();
    CHECK(r.findings.size() == marked);
    // Lines moved down, and one new leak.
    copyCase(dir, "leak.c", "int is_object(", "/* moved */\n/* down */\nint is_object(");
    std::string text = testsupport::readFile(dir / "leak.c");
    text += "\nvoid new_leak(jvmtiEnv* jvmti, jmethodID m) {\n    char* name;\n"
            "    if ((*jvmti)->GetMethodName(jvmti, m, &name, NULL, NULL) != JVMTI_ERROR_NONE) return;\n}\n";
    testsupport::writeFile(dir / "leak.c", text);
    r = lint("--baseline " + shellQuote(baseline.string()) + " leak.c -- " + jdkIncludes(), dir.path());
    REQUIRE(r.run.status == 0);
    INFO(describe(r.findings));
    REQUIRE(r.findings.size() == 1);
    CHECK(r.findings.begin()->second == "leak.GetMethodName");
    CHECK(r.run.err.find(std::to_string(marked) + " in the baseline") != std::string::npos);
    // A file that is no baseline is refused.
    testsupport::writeFile(dir / "bad.json", "{\"findings\": []}");
    r = lint("--baseline bad.json leak.c -- " + jdkIncludes(), dir.path());
    CHECK(r.run.status == 2);
    CHECK(r.run.err.find("not a baseline of jvmti-lint") != std::string::npos);
}

TEST_CASE("cli: -p BUILD_DIR finds what FILE -- ARGS finds, and -j 2 what -j 1 finds") {
    testsupport::TempDir dir;
    for (const char* name : {"leak.c", "phase.c", "raw_monitor.c", "callback_unsafe.cpp"}) copyCase(dir, name);
    std::string entries;
    for (const char* name : {"leak.c", "phase.c", "raw_monitor.c", "callback_unsafe.cpp"}) {
        entries += std::string(entries.empty() ? "" : ",\n") + "{\"directory\": \"" + dir.path().string() +
                   "\", \"file\": \"" + name + "\", \"command\": \"cc -I" + (jdkHome() / "include").string() + " -I" +
                   (jdkHome() / "include/linux").string() + " -c " + name + " -o /dev/null\"}";
    }
    testsupport::writeFile(dir / "build/compile_commands.json", "[\n" + entries + "\n]\n");
    const auto byArgs = lint("leak.c phase.c raw_monitor.c callback_unsafe.cpp -- " + jdkIncludes(), dir.path());
    const auto byDatabase = lint("-p build", dir.path());
    const auto parallel = lint("-j 2 -p build", dir.path());
    const auto chosen = lint("-p build phase.c", dir.path());
    REQUIRE(byArgs.run.status == 0);
    REQUIRE(byDatabase.run.status == 0);
    CHECK(byArgs.findings.size() > 4);
    CHECK(byDatabase.findings == byArgs.findings);
    CHECK(parallel.findings == byArgs.findings);
    CHECK(parallel.run.out == byDatabase.run.out);
    CHECK(chosen.findings == expected(casesDir() / "phase.c"));
    const auto missing = lint("-p build nothere.c", dir.path());
    CHECK(missing.run.status == 2);
    CHECK(missing.run.err.find("no compile command for nothere.c") != std::string::npos);
}

TEST_CASE("cli: jvmti.h from JAVA_HOME, or jvmtigen's own headers, when no -I gives it") {
    testsupport::TempDir dir;
    copyCase(dir, "raw_monitor.c");
    const std::string run = "cd " + shellQuote(dir.path().string()) + " && ";
    auto r = testsupport::runCommand(run + "JAVA_HOME=" + shellQuote(jdkHome().string()) + " " +
                                     lintCommand("raw_monitor.c --"));
    INFO(r.out);
    CHECK(r.status == 0);
    CHECK(r.out.find("raw_monitor.c:9:5: warning:") != std::string::npos);
    r = testsupport::runCommand(run + "env -u JAVA_HOME " + lintCommand("raw_monitor.c"));
    INFO(r.out);
    CHECK(r.status == 0);
    CHECK(r.out.find("raw_monitor.c:9:5: warning:") != std::string::npos);
}

TEST_CASE("cli: an output that cannot be written is an error, and nothing half-written is left") {
    testsupport::TempDir dir;
    copyCase(dir, "raw_monitor.c");
    const auto r = testsupport::runCommand("cd " + shellQuote(dir.path().string()) + " && " +
                                           lintCommand("--sarif no/such/dir/out.sarif raw_monitor.c -- " + jdkIncludes()));
    CHECK(r.status == 2);
    // The option and the file asked for, then why (the directory does not exist).
    CHECK(r.out.find("jvmti-lint: --sarif no/such/dir/out.sarif: cannot create") != std::string::npos);
    CHECK(r.out.find("No such file or directory") != std::string::npos);
    CHECK(testsupport::listFiles(dir.path()) == std::vector<std::string>{"raw_monitor.c"});
}
