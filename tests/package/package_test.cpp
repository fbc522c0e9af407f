// jvmtigen as an installed CMake package: install this build into a temporary prefix, build
// tests/consumer against it with Ninja, run it, and check that the build-time generation step
// reruns exactly when its inputs change and rebuilds only what depends on what changed.
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "emitters.hpp"
#include "support.hpp"

using namespace testsupport;

namespace {

// Quotes a path for the shell.
std::string q(const fs::path& p) { return "'" + p.string() + "'"; }

const std::string cmake = JVMTIGEN_CMAKE;
#define LIBDIR JVMTIGEN_INSTALL_LIBDIR  // lib/<multiarch> on Debian
const std::string ninja = JVMTIGEN_NINJA;

// What one ninja run did, from its status lines ("[3/16] Building CXX object x.o").
struct NinjaRun {
    int status = -1;
    std::string out;
    std::vector<std::string> generated;  // the generation steps: "jvmtigen: generating ..."
    std::set<std::string> compiled;      // the object files compiled
    std::set<std::string> written;       // the files jvmtigen wrote (not those it left alone)
};

NinjaRun runNinja(const fs::path& build, const std::string& extra = "") {
    const auto r = runCommand(q(ninja) + " -C " + q(build) + " " + extra);
    NinjaRun run{r.status, r.out, {}, {}, {}};
    static const std::regex step(R"(^\[\d+/\d+\] (.*)$)");
    static const std::regex object(R"(^Building C(XX)? object (\S+)$)");
    std::istringstream lines(r.out);
    std::string line;
    while (std::getline(lines, line)) {
        std::smatch m;
        if (std::regex_match(line, m, step)) {
            const std::string what = m[1];
            std::smatch o;
            if (what.rfind("jvmtigen: generating", 0) == 0)
                run.generated.push_back(what);
            else if (std::regex_match(what, o, object))
                run.compiled.insert(fs::path(o[2].str()).filename().string());
        } else if (line.rfind("wrote ", 0) == 0) {
            run.written.insert(fs::relative(line.substr(line.find_first_not_of(' ', 5)), build).string());
        }
    }
    return run;
}

void replaceOnce(const fs::path& file, const std::string& from, const std::string& to) {
    std::string text = readFile(file);
    const auto at = text.find(from);
    REQUIRE(at != std::string::npos);
    text.replace(at, from.size(), to);
    writeFile(file, text);
}

// Every run of white space as one space: CMake wraps the lines of its messages.
std::string squash(const std::string& text) {
    std::string out;
    for (char c : text) {
        const bool space = c == ' ' || c == '\n' || c == '\t';
        if (!space || (!out.empty() && out.back() != ' ')) out += space ? ' ' : c;
    }
    return out;
}

// Configures a throwaway project that calls `call` after find_package(jvmtigen); returns
// cmake's exit status and output.
RunResult configureCall(const TempDir& tmp, const fs::path& prefix, const std::string& name, const std::string& call) {
    const fs::path src = tmp / (name + "-src");
    writeFile(src / "CMakeLists.txt", "cmake_minimum_required(VERSION 3.25)\nproject(" + name +
                                          " LANGUAGES NONE)\nfind_package(jvmtigen CONFIG REQUIRED)\n" + call + "\n");
    return runCommand(q(cmake) + " -S " + q(src) + " -B " + q(tmp / (name + "-build")) + " -G Ninja -DCMAKE_MAKE_PROGRAM=" +
                      q(ninja) + " -DCMAKE_PREFIX_PATH=" + q(prefix));
}

}  // namespace

TEST_CASE("the file lists of jvmtigen_generate are exactly what each emitter writes") {
    // "name=file,file|name=file..." from cmake/JvmtigenGenerate.cmake, at configure time.
    std::map<std::string, std::set<std::string>> lists;
    std::istringstream outputs(JVMTIGEN_CMAKE_OUTPUT_FILES);
    std::string entry;
    while (std::getline(outputs, entry, '|')) {
        const auto eq = entry.find('=');
        std::istringstream files(entry.substr(eq + 1));
        std::string f;
        while (std::getline(files, f, ',')) lists[entry.substr(0, eq)].insert(f);
    }
    std::set<std::string> emitters;
    for (const auto& e : jvmtigen::allEmitters()) emitters.insert(e.name);
    std::set<std::string> known;
    for (const auto& [name, files] : lists) known.insert(name);
    REQUIRE(known == emitters);

    for (const auto& [name, files] : lists) {
        TempDir out;
        const auto r = runTool({"--spec", (sourceDir() / "spec" / "jvmti.xml").string(), "--out", out.path().string(),
                                "--only", name});
        INFO("output " << name << "\n" << r.err);
        REQUIRE(r.status == 0);
        const auto written = listFiles(out.path());
        CHECK(std::set<std::string>(written.begin(), written.end()) == files);
    }
}

TEST_CASE("the installed package builds a VM and agents, and regenerates exactly when the spec changes") {
    TempDir tmp;
    const fs::path prefix = tmp / "prefix";
    const fs::path build = tmp / "consumer";
    const fs::path spec = prefix / "share/jvmtigen/spec/jvmti.xml";
    const std::string noWork = "ninja: no work to do.";

    {  // ---- Install ----
        const auto r = runCommand(q(cmake) + " --install " + q(JVMTIGEN_BUILD_DIR) + " --prefix " + q(prefix));
        INFO(r.out);
        REQUIRE(r.status == 0);
        for (const char* f :
             {"bin/jvmtigen", "lib/cmake/jvmtigen/jvmtigenConfig.cmake", "lib/cmake/jvmtigen/jvmtigenConfigVersion.cmake",
              "lib/cmake/jvmtigen/jvmtigenTargets.cmake", "lib/cmake/jvmtigen/JvmtigenGenerate.cmake",
              "share/jvmtigen/spec/jvmti.xml", "share/jvmtigen/templates/jvmti.h.mustache", "include/jvmtigen/jvmti.h",
              "include/jvmtigen/jvmti_runtime.hpp", "include/jvmtigen/jvmti_metadata.hpp"}) {
            INFO(f);
            CHECK(fs::is_regular_file(prefix / f));
        }
        CHECK(readFile(prefix / "include/jvmtigen/jvmti.h") == readFile(sourceDir() / "generated/include/jvmti.h"));
        CHECK(readFile(spec) == readFile(sourceDir() / "spec/jvmti.xml"));
        CHECK(runCommand(q(prefix / "bin/jvmtigen") + " --help").status == 0);
    }

    {  // ---- Configure and build the consumer from the installed package, run it ----
        auto r = runCommand(q(cmake) + " -S " + q(JVMTIGEN_CONSUMER_DIR) + " -B " + q(build) + " -G Ninja" +
                            " -DCMAKE_MAKE_PROGRAM=" + q(ninja) + " -DCMAKE_PREFIX_PATH=" + q(prefix) +
                            " -DCMAKE_C_COMPILER=" + q(JVMTIGEN_CC) + " -DCMAKE_CXX_COMPILER=" + q(JVMTIGEN_CXX));
        INFO(r.out);
        REQUIRE(r.status == 0);
        // The runtime layer is found through the package when it was built and installed.
        const fs::path layer = prefix / LIBDIR / "libjvmtilayer.so";
        CHECK(r.out.find("layer '" + (fs::exists(layer) ? layer.string() : std::string()) + "'") != std::string::npos);
        const auto run = runNinja(build);
        INFO(run.out);
        REQUIRE(run.status == 0);
        CHECK(run.generated.size() == 2);  // the VM's step and version_agent's
        CHECK(run.compiled.count("main.cpp.o") == 1);
        CHECK(run.compiled.count("quiet_agent.c.o") == 1);
        CHECK(fs::is_regular_file(build / "tinyvm_jvmti/docs/jvmti.html"));
        r = runCommand(q(build / "consumer_main"));
        INFO(r.out);
        REQUIRE(r.status == 0);
        CHECK(r.out.find("consumer: all checks passed") != std::string::npos);
    }

    {  // ---- Nothing changed: nothing to do ----
        const auto run = runNinja(build, "-n");
        INFO(run.out);
        REQUIRE(run.status == 0);
        CHECK(run.out.find(noWork) != std::string::npos);
    }

    {  // ---- Touching the spec reruns each step once; the outputs keep their bytes: no compile ----
        fs::last_write_time(spec, fs::file_time_type::clock::now());
        const auto run = runNinja(build);
        INFO(run.out);
        REQUIRE(run.status == 0);
        CHECK(run.generated.size() == 2);
        CHECK(run.written.empty());
        CHECK(run.compiled.empty());
        CHECK(runNinja(build, "-n").out.find(noWork) != std::string::npos);
    }

    {  // ---- Editing prose changes only the docs, which nothing compiles ----
        replaceOnce(spec, "Stores in <paramlink id=\"version_ptr\"/> the version identifier",
                    "Writes to <paramlink id=\"version_ptr\"/> the version identifier");
        const auto run = runNinja(build);
        INFO(run.out);
        REQUIRE(run.status == 0);
        CHECK(run.generated.size() == 2);
        CHECK(run.written == std::set<std::string>{"tinyvm_jvmti/docs/jvmti.html"});
        CHECK(run.compiled.empty());
        CHECK(runNinja(build, "-n").out.find(noWork) != std::string::npos);
    }

    {  // ---- Retitling a function changes jvmti.h and the sources that name it: what includes
       // the generated files recompiles; main.cpp and the agent on the installed header do not ----
        replaceOnce(spec, "<synopsis>Get Version Number</synopsis>", "<synopsis>Get the Version Number</synopsis>");
        const auto run = runNinja(build);
        INFO(run.out);
        REQUIRE(run.status == 0);
        CHECK(run.generated.size() == 2);
        CHECK(run.written.count("tinyvm_jvmti/include/jvmti.h") == 1);
        CHECK(run.written.count("version_agent_jvmti/include/jvmti.h") == 1);
        CHECK(run.written.count("tinyvm_jvmti/src/jvmti_entries_4.cpp") == 1);
        CHECK(run.written.count("tinyvm_jvmti/src/jvmti_entries_1.cpp") == 0);
        CHECK(run.compiled == std::set<std::string>{"jvmti_entries_1.cpp.o", "jvmti_entries_2.cpp.o",
                                                    "jvmti_entries_3.cpp.o", "jvmti_entries_4.cpp.o",
                                                    "jvmti_table.cpp.o", "jvmti_metadata.cpp.o", "jvmti_stubs.cpp.o",
                                                    "tinyvm.cpp.o", "version_agent.cpp.o"});
        CHECK(runNinja(build, "-n").out.find(noWork) != std::string::npos);
        const auto r = runCommand(q(build / "consumer_main"));
        INFO(r.out);
        CHECK(r.status == 0);
    }

    {  // ---- OUTPUTS is checked when the project is configured ----
        const auto r = configureCall(tmp, prefix, "unknown",
                                     "jvmtigen_generate(TARGET x SPEC ${JVMTIGEN_SPEC_FILE} OUTPUTS header bogus)");
        INFO(r.out);
        CHECK(r.status != 0);
        CHECK(squash(r.out).find("unknown output 'bogus'; the outputs are: header, runtime, checks (or table), stubs") !=
              std::string::npos);
    }
    {  // trace brings what it builds on: the checking entries and the event thunks
        const auto r = configureCall(
            tmp, prefix, "trace",
            "enable_language(CXX)\njvmtigen_generate(TARGET x SPEC ${JVMTIGEN_SPEC_FILE} OUTPUTS trace)\n"
            "foreach(t x x_trace x_events)\n"
            "  if(NOT TARGET ${t})\n    message(FATAL_ERROR \"no target ${t}\")\n  endif()\nendforeach()");
        INFO(r.out);
        CHECK(r.status == 0);
        CHECK(squash(r.out).find("unknown output") == std::string::npos);
    }
}
