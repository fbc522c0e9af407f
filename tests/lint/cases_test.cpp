// Every rule of jvmti-lint on its own test sources (tests/lint/cases), in C and in C++: each
// `expect:` marker is a finding at that line (a positive test) and every line without one must
// have none (the negative tests beside them, the NULLs the spec permits among them).
#include <catch2/catch.hpp>

#include "lint_support.hpp"

using namespace linttest;

namespace {

void check(const std::string& file, const std::string& extraArgs = "") {
    const fs::path source = casesDir() / file;
    REQUIRE(fs::exists(source));
    const auto want = expected(source);
    const auto r = lint(testsupport::shellQuote(source.string()) + " -- " + jdkIncludes() + " " + extraArgs, casesDir());
    INFO(file << "\nstdout:\n" << r.run.out << "stderr:\n" << r.run.err);
    REQUIRE(r.run.status == 0);
    INFO("expected:\n" << describe(want) << "found:\n" << describe(r.findings));
    CHECK(want.size() > 0);
    CHECK(r.findings == want);
}

}  // namespace

#define LINT_CASE(rule, name)                                                      \
    TEST_CASE("lint: " rule ", C") { check(name ".c"); }                           \
    TEST_CASE("lint: " rule ", C++") { check(name ".cpp"); }

LINT_CASE("out_value.unchecked", "out_value")
LINT_CASE("Deallocate.mem.double", "deallocate_double")
LINT_CASE("Deallocate.mem.unknown", "deallocate_unknown")
LINT_CASE("Deallocate.mem.used_after", "use_after_deallocate")
LINT_CASE("free.jvmti_memory", "free_jvmti_memory")
LINT_CASE("leak.{function}", "leak")
LINT_CASE("{function}.{param}.null", "null_argument")
LINT_CASE("{function}.phase", "phase")
LINT_CASE("{function}.callback_unsafe", "callback_unsafe")
LINT_CASE("callback.jni", "callback_jni")
LINT_CASE("local_ref.escape", "local_ref")
LINT_CASE("raw_monitor.destroyed", "raw_monitor")
LINT_CASE("handle.from_integer", "handle_cast")
LINT_CASE("{function}.env.invalid", "disposed_env")
LINT_CASE("local_storage.unset", "local_storage")

TEST_CASE("lint: capabilities over the files analysed, C") { check("capability.c"); }
TEST_CASE("lint: capabilities over the files analysed, C++") { check("capability_missing.cpp"); }

TEST_CASE("lint: AddCapabilities of GetPotentialCapabilities' result asks for every capability") {
    const fs::path source = casesDir() / "capability.cpp";
    const auto r = lint(testsupport::shellQuote(source.string()) + " -- " + jdkIncludes(), casesDir());
    INFO(r.run.out << r.run.err);
    REQUIRE(r.run.status == 0);
    CHECK(r.findings.empty());
}

TEST_CASE("lint: agents written with jvmtigen's jvmti.hpp") {
    check("jvmti_hpp.cpp", "-std=c++17 -I" + testsupport::shellQuote((testsupport::sourceDir() / "generated" / "include").string()));
}

// Calls that never return end the path (tests/lint/cases/path_end.*). fail_hard() is defined in
// path_end_exit.c: analysed with it, its path ends too; analysed alone, the tool cannot know.
TEST_CASE("lint: paths end at calls that never return, C, with the file that defines fail_hard") {
    const fs::path source = casesDir() / "path_end.c";
    const auto r = lint(testsupport::shellQuote(source.string()) + " " +
                            testsupport::shellQuote((casesDir() / "path_end_exit.c").string()) + " -- " + jdkIncludes(),
                        casesDir());
    INFO(r.run.out << r.run.err);
    REQUIRE(r.run.status == 0);
    const auto want = expected(source);
    INFO("expected:\n" << describe(want) << "found:\n" << describe(r.findings));
    CHECK(want.size() == 1);
    CHECK(r.findings == want);
    CHECK(r.run.err.find(", 1 left out (their path passes a call that never returns)") != std::string::npos);
}

TEST_CASE("lint: paths end at calls that never return, C, alone: fail_hard's end is unknown") {
    const fs::path source = casesDir() / "path_end.c";
    const auto r = lint(testsupport::shellQuote(source.string()) + " -- " + jdkIncludes(), casesDir());
    INFO(r.run.out << r.run.err);
    REQUIRE(r.run.status == 0);
    auto want = expected(source);
    const std::string text = testsupport::readFile(source);
    unsigned line = 1;
    for (std::size_t at = 0, end = text.find("expect-alone: out_value.unchecked"); at < end; ++at)
        if (text[at] == '\n') ++line;
    want.emplace(std::make_pair(std::string("path_end.c"), line), "out_value.unchecked");
    INFO("expected:\n" << describe(want) << "found:\n" << describe(r.findings));
    CHECK(r.findings == want);
}

TEST_CASE("lint: paths end at calls that never return, C++") { check("path_end.cpp"); }
