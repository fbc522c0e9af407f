// jvmti-impl-check: a runtime parsed with its compile commands and checked against the
// runtime interface. The fixture runtime (fixtures/runtime) has exactly three faults; the
// generated interface is checked with the generated stubs as the runtime, and with stubs
// the tool writes itself.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>
#include <sstream>

#include "support.hpp"

using namespace testsupport;

namespace {

const fs::path kFixture = FIXTURE_RUNTIME;        // tests/tools/fixtures/runtime
const fs::path kFixtureBuild = FIXTURE_BUILD;     // its compile_commands.json, written by CMake
const fs::path kQueries = FIXTURE_QUERIES;        // tests/tools/fixtures/queries
const fs::path kJni = JNI_INCLUDE_DIR;

std::string quoted(const fs::path& p) { return "'" + p.string() + "'"; }

RunResult implCheck(const std::string& args) { return runCommand(std::string(JVMTI_IMPL_CHECK) + " " + args); }

std::vector<std::string> lines(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string l; std::getline(in, l);) out.push_back(l);
    return out;
}

// The 1-based line of the only line of `file` containing `snippet`.
unsigned lineOf(const fs::path& file, const std::string& snippet) {
    const auto all = lines(readFile(file));
    unsigned found = 0;
    for (unsigned i = 0; i < all.size(); ++i) {
        if (all[i].find(snippet) == std::string::npos) continue;
        INFO(snippet << " occurs more than once in " << file.string());
        REQUIRE(found == 0);
        found = i + 1;
    }
    INFO(snippet << " does not occur in " << file.string());
    REQUIRE(found != 0);
    return found;
}

std::string at(const fs::path& file, const std::string& snippet) {
    return file.string() + ":" + std::to_string(lineOf(file, snippet));
}

// A compile_commands.json in `dir` compiling each of `sources` with these include dirs.
void writeCompileCommands(const fs::path& dir, const std::vector<fs::path>& sources,
                          const std::vector<fs::path>& includes) {
    nlohmann::json db = nlohmann::json::array();
    for (const fs::path& s : sources) {
        std::vector<std::string> args = {JVMTIGEN_CXX, "-std=c++20"};
        for (const fs::path& i : includes) args.push_back("-I" + i.string());
        args.insert(args.end(), {"-c", s.string(), "-o", s.stem().string() + ".o"});
        db.push_back({{"directory", dir.string()}, {"file", s.string()}, {"arguments", args}});
    }
    writeFile(dir / "compile_commands.json", db.dump(2));
}

const std::vector<fs::path> generatedIncludes() {
    return {sourceDir() / "generated" / "include", kJni, kJni / "linux"};
}

// The fixture's three faults, as the tool must print them, and its summary.
std::vector<std::string> fixtureFindings() {
    const fs::path iface = kFixture / "include" / "jvmti_runtime.hpp";
    return {
        at(iface, "GetLocalInt(") + ": missing: jvmtiError GetLocalInt(Env &, jthread, jint, jint, jint *) is defined nowhere",
        at(kFixture / "src" / "threads.cpp", "FAULT: extra") +
            ": extra: jvmtiError GetThreadGroupInfo(Env &, jthreadGroup, jvmtiThreadGroupInfo *) in jvmti_runtime is "
            "not declared by the interface",
        at(kFixture / "src" / "frames.cpp", "FAULT: mismatched") +
            ": mismatched: jvmtiError GetFrameCount(Env &, jthread, jlong *); the interface declares jvmtiError "
            "GetFrameCount(Env &, jthread, jint *) at " + at(iface, "GetFrameCount("),
        "jvmti-impl-check: 3 problems: 1 missing, 1 extra, 1 mismatched, 0 duplicate (8 of 10 functions "
        "implemented; 2 of 3 hooks defined; 3 source files)",
    };
}

}  // namespace

TEST_CASE("jvmti-impl-check reports exactly the fixture runtime's missing, extra and mismatched functions") {
    SECTION("the interface found through the sources' includes") {
        const RunResult r = implCheck("-p " + quoted(kFixtureBuild) + " " + quoted(kFixture / "src"));
        INFO(r.out);
        CHECK(lines(r.out) == fixtureFindings());
        CHECK(r.status == 1);
    }
    SECTION("the interface named") {
        const RunResult r = implCheck("-p " + quoted(kFixtureBuild) + " --interface " +
                                      quoted(kFixture / "include" / "jvmti_runtime.hpp") + " " + quoted(kFixture / "src"));
        INFO(r.out);
        CHECK(lines(r.out) == fixtureFindings());
        CHECK(r.status == 1);
    }
    SECTION("the sources named one by one") {
        const RunResult r = implCheck("-p " + quoted(kFixtureBuild) + " " + quoted(kFixture / "src" / "queries.cpp") +
                                      " " + quoted(kFixture / "src" / "threads.cpp") + " " +
                                      quoted(kFixture / "src" / "frames.cpp"));
        INFO(r.out);
        CHECK(lines(r.out) == fixtureFindings());
        CHECK(r.status == 1);
    }
}

TEST_CASE("jvmti-impl-check writes a stub for the missing function, and then finds it implemented") {
    TempDir dir;
    const RunResult first = implCheck("-p " + quoted(kFixtureBuild) + " --write-stubs " + quoted(dir / "stubs.cpp") +
                                      " " + quoted(kFixture / "src"));
    INFO(first.out);
    REQUIRE(first.status == 1);
    CHECK(first.out.find("jvmti-impl-check: wrote 1 stub to " + (dir / "stubs.cpp").string()) != std::string::npos);
    const std::string stubs = readFile(dir / "stubs.cpp");
    CHECK(stubs.find("#include \"jvmti_runtime.hpp\"") != std::string::npos);
    CHECK(stubs.find("jvmtiError GetLocalInt(Env &, jthread, jint, jint, jint *) {\n"
                     "    return JVMTI_ERROR_NOT_AVAILABLE;\n}") != std::string::npos);

    std::vector<fs::path> sources = {kFixture / "src" / "queries.cpp", kFixture / "src" / "threads.cpp",
                                     kFixture / "src" / "frames.cpp", dir / "stubs.cpp"};
    writeCompileCommands(dir.path(), sources, {kFixture / "include", kJni, kJni / "linux"});
    const RunResult second =
        implCheck("-p " + quoted(dir.path()) + " " + quoted(kFixture / "src") + " " + quoted(dir / "stubs.cpp"));
    INFO(second.out);
    auto expected = fixtureFindings();
    expected.erase(expected.begin());  // the missing function
    expected.back() = "jvmti-impl-check: 2 problems: 0 missing, 1 extra, 1 mismatched, 0 duplicate (9 of 10 "
                      "functions implemented; 2 of 3 hooks defined; 4 source files)";
    CHECK(lines(second.out) == expected);
    CHECK(second.status == 1);
}

TEST_CASE("jvmti-impl-check passes the generated stubs as a runtime of the generated interface") {
    TempDir dir;
    const fs::path stubs = sourceDir() / "generated" / "src" / "jvmti_stubs.cpp";
    writeCompileCommands(dir.path(), {kQueries / "queries.cpp", stubs}, generatedIncludes());
    const RunResult r = implCheck("-p " + quoted(dir.path()) + " --interface " +
                                  quoted(sourceDir() / "generated" / "include" / "jvmti_runtime.hpp") + " " +
                                  quoted(kQueries / "queries.cpp") + " " + quoted(stubs));
    INFO(r.out);
    CHECK(lines(r.out) == std::vector<std::string>{
                              "jvmti-impl-check: ok: all 159 functions of the interface implemented once with their "
                              "signatures (0 of 302 hooks defined; 2 source files)"});
    CHECK(r.status == 0);
}

TEST_CASE("jvmti-impl-check's stubs for the whole generated interface compile and complete the runtime") {
    TempDir dir;
    writeCompileCommands(dir.path(), {kQueries / "queries.cpp"}, generatedIncludes());
    const RunResult first = implCheck("-p " + quoted(dir.path()) + " --write-stubs " + quoted(dir / "stubs.cpp") + " " +
                                      quoted(kQueries / "queries.cpp"));
    INFO(first.out);
    REQUIRE(first.status == 1);
    CHECK(first.out.find("jvmti-impl-check: 151 problems: 151 missing, 0 extra, 0 mismatched, 0 duplicate (8 of 159 "
                         "functions implemented") != std::string::npos);
    CHECK(first.out.find("jvmti-impl-check: wrote 151 stubs to") != std::string::npos);

    // The stubs are clean C++ to the project's compiler, warnings as errors.
    std::string compile = std::string(JVMTIGEN_CXX) + " -std=c++20 -Wall -Wextra -Werror -fsyntax-only";
    for (const fs::path& i : generatedIncludes()) compile += " -I" + quoted(i);
    const RunResult compiled = runCommand(compile + " " + quoted(dir / "stubs.cpp"));
    INFO(compiled.out);
    CHECK(compiled.status == 0);

    writeCompileCommands(dir.path(), {kQueries / "queries.cpp", dir / "stubs.cpp"}, generatedIncludes());
    const RunResult second = implCheck("-p " + quoted(dir.path()) + " " + quoted(kQueries / "queries.cpp") + " " +
                                       quoted(dir / "stubs.cpp"));
    INFO(second.out);
    CHECK(second.status == 0);
    CHECK(second.out.find("jvmti-impl-check: ok: all 159 functions") != std::string::npos);
}

TEST_CASE("jvmti-impl-check checks hooks when defined and finds a function defined twice") {
    TempDir dir;
    const fs::path stubs = sourceDir() / "generated" / "src" / "jvmti_stubs.cpp";
    const fs::path faults = kQueries / "faults.cpp";
    const fs::path iface = sourceDir() / "generated" / "include" / "jvmti_runtime.hpp";
    writeCompileCommands(dir.path(), {kQueries / "queries.cpp", stubs, faults}, generatedIncludes());
    const RunResult r = implCheck("-p " + quoted(dir.path()) + " " + quoted(kQueries / "queries.cpp") + " " +
                                  quoted(stubs) + " " + quoted(faults));
    INFO(r.out);
    const std::string firstDefinition = at(stubs, "jvmtiError GetVersionNumber(");
    const std::vector<std::string> expected = {
        at(faults, "FAULT: extra") +
            ": extra: jvmtiError PolishGadget_pre(Env &) in jvmti_runtime::hooks is not declared by the interface",
        at(faults, "FAULT: mismatched") +
            ": mismatched: void GetFrameCount_post(Env &, jthread, jint *); the interface declares void "
            "GetFrameCount_post(Env &, jvmtiError, jthread, jint *) at " + at(iface, "void GetFrameCount_post("),
        // The definitions are ordered by file: faults.cpp (tests/...) after generated/src/jvmti_stubs.cpp.
        at(faults, "FAULT: duplicate") + ": duplicate: GetVersionNumber is defined more than once; first at " +
            firstDefinition,
        "jvmti-impl-check: 3 problems: 0 missing, 1 extra, 1 mismatched, 1 duplicate (159 of 159 functions "
        "implemented; 1 of 302 hooks defined; 3 source files)",
    };
    CHECK(lines(r.out) == expected);
    CHECK(r.status == 1);
}

TEST_CASE("jvmti-impl-check exits 2 with a clear message when it cannot check") {
    TempDir dir;
    SECTION("a source that does not compile: Clang's message") {
        writeFile(dir / "broken.cpp", "#include \"jvmti_runtime.hpp\"\nnamespace jvmti_runtime { jvmtiError f( }\n");
        writeCompileCommands(dir.path(), {dir / "broken.cpp"}, generatedIncludes());
        const RunResult r = implCheck("-p " + quoted(dir.path()) + " " + quoted(dir.path()));
        INFO(r.out);
        CHECK(r.status == 2);
        CHECK(r.out.find("broken.cpp:2:") != std::string::npos);
        CHECK(r.out.find("error:") != std::string::npos);
        CHECK(r.out.find("jvmti-impl-check: Clang could not parse the runtime") != std::string::npos);
    }
    SECTION("no compilation database") {
        const RunResult r = implCheck("-p " + quoted(dir.path()) + " " + quoted(kFixture / "src"));
        INFO(r.out);
        CHECK(r.status == 2);
        CHECK(r.out.find("jvmti-impl-check: no compilation database in " + dir.path().string()) != std::string::npos);
    }
    SECTION("a directory with no source in the compilation database") {
        fs::create_directories(dir / "empty");
        const RunResult r = implCheck("-p " + quoted(kFixtureBuild) + " " + quoted(dir / "empty"));
        INFO(r.out);
        CHECK(r.status == 2);
        CHECK(r.out.find("is it part of the build?") != std::string::npos);
    }
    SECTION("an interface the runtime does not include") {
        const RunResult r = implCheck("-p " + quoted(kFixtureBuild) + " --interface " +
                                      quoted(sourceDir() / "generated" / "include" / "jvmti_runtime.hpp") + " " +
                                      quoted(kFixture / "src"));
        INFO(r.out);
        CHECK(r.status == 2);
        CHECK(r.out.find("no source of the runtime includes the interface") != std::string::npos);
    }
    SECTION("bad usage") {
        const RunResult r = implCheck("-p " + quoted(kFixtureBuild));
        CHECK(r.status == 2);
        CHECK(r.out.find("jvmti-impl-check: no runtime to check: give its directory or source files\n(run jvmti-impl-check --help for the options)\n") != std::string::npos);
    }
}
