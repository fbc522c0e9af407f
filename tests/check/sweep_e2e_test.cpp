// jvmti-check --inject-sweep end to end on Debian's OpenJDK 17, with the test agent faulty
// (tests/agents/src/faulty.cpp) running agenttest.counter.Main behind check=strict:
// - the careful build handles every injected error, declining to start when its start-up calls
//   fail: no bad outcome, no error or warning in SARIF (a note per declining call), exit status 0;
// - the careless build's bad outcomes surface at exactly the lines marked "planted N" in the
//   source (read here, not written down), each at the call site whose error it ignored, one
//   SARIF result per call site and consequence; its SARIF passes Microsoft's SARIF multitool,
//   its JUnit XML goes through Ant's junitreport;
// - three shards run as separate processes, told their shard as a CI matrix tells it (--shard
//   alone, JVMTI_CHECK_SHARD/JVMTI_CHECK_SHARDS), merged with --sweep-merge: the whole sweep;
// - the build at -O0 (jvmti.h's C++ members are functions there) has the same call sites, at
//   the agent's own lines, as those at -O1 and -O2;
// - bad command lines: status 2 and the message.
#include <catch2/catch.hpp>

#include "support.hpp"

#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>

#include <nlohmann/json.hpp>

namespace fs = std::filesystem;
using nlohmann::json;
using testsupport::readFile;
using testsupport::shellQuote;

namespace {

const std::string tool = SWEEP_TOOL;

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

struct Run {
    int status;
    std::string out, err;
};

// Runs `command` (shell words) in `dir`.
Run sh(const fs::path& dir, const std::string& command, const std::string& env = "") {
    const std::string line = "cd " + shellQuote(dir.string()) + " && " + env + " " + command + " > stdout.txt 2> stderr.txt";
    const int st = std::system(line.c_str());
    Run r{WIFEXITED(st) ? WEXITSTATUS(st) : -1, readFile(dir / "stdout.txt"), readFile(dir / "stderr.txt")};
    UNSCOPED_INFO("command: " << line << "\nstatus " << r.status << "\nstdout:\n" << r.out << "stderr:\n" << r.err);
    return r;
}

// The java command running agenttest.counter.Main with the agent library `agent`.
std::string javaCommand(const std::string& agent) {
    std::string out = shellQuote(SWEEP_JAVA);
    for (const char* a : {"-Xshare:auto", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xms16m", "-Xmx64m",
                          "-XX:-CreateCoredumpOnCrash", "-XX:-UsePerfData"})
        out += std::string(" ") + a;
    return out + " " + shellQuote("-agentpath:" + agent) + " -cp " + shellQuote(SWEEP_AGENT_CLASSES) + " agenttest.counter.Main";
}

// jvmti-check --inject-sweep OPTIONS check=strict -- java ... (the agent `agent`).
Run sweep(const fs::path& dir, const std::string& agent, const std::string& options) {
    return sh(dir, shellQuote(tool) + " --inject-sweep -j 2 --run-timeout 120 " + options + " check=strict -- " + javaCommand(agent));
}

json readJson(const fs::path& file) {
    std::ifstream in(file);
    REQUIRE(in);
    return json::parse(in);
}

// The lines of faulty.cpp marked "planted N", by N.
std::map<int, int> plantedLines() {
    std::ifstream in(SWEEP_FAULTY_SOURCE);
    REQUIRE(in);
    std::map<int, int> out;
    static const std::regex mark(R"(planted (\d+))");
    std::string text;
    for (int n = 1; std::getline(in, text); ++n) {
        std::smatch m;
        if (std::regex_search(text, m, mark)) out[std::stoi(m[1])] = n;
    }
    return out;
}

int lineOf(const json& location) {
    return location.value("/physicalLocation/region/startLine"_json_pointer, 0);
}
std::string fileOf(const json& location) {
    return location.value("/physicalLocation/artifactLocation/uri"_json_pointer, std::string());
}

fs::path sarifMultitool() {
    if (std::string(SWEEP_SARIF_MULTITOOL).size() && fs::exists(SWEEP_SARIF_MULTITOOL)) return SWEEP_SARIF_MULTITOOL;
    if (const char* home = std::getenv("HOME")) {
        const fs::path p = fs::path(home) / ".cache/jvmtigen/test-tools/node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool";
        if (fs::exists(p)) return p;
    }
    return {};
}

void requireValidSarif(const fs::path& dir, const fs::path& sarif) {
    const fs::path multitool = sarifMultitool();
    if (multitool.empty())
        FAIL("Microsoft's SARIF multitool is not installed: run scripts/test-tools.sh (it installs @microsoft/sarif-multitool-linux "
             "into $HOME/.cache/jvmtigen/test-tools), then run cmake again");
    const fs::path log = dir / "validation.sarif";
    sh(dir, shellQuote(multitool.string()) + " validate " + shellQuote(sarif.string()) + " --output " + shellQuote(log.string()),
       "DOTNET_SYSTEM_GLOBALIZATION_INVARIANT=1 DOTNET_CLI_TELEMETRY_OPTOUT=1");
    const json validation = readJson(log);
    std::string errors;
    for (const auto& run : validation.value("runs", json::array()))
        for (const auto& result : run.value("results", json::array()))
            if (result.value("level", "") == "error")
                errors += result.value("ruleId", "?") + ": " + result.value("message", json::object()).dump() + "\n";
    INFO("the multitool's errors on " << sarif << ":\n" << errors);
    CHECK(errors.empty());
}

// Ant's junitreport merges `junit` (as a TEST-*.xml file) and renders it: tests and failures
// come out as the file has them.
void requireJunitReport(const fs::path& dir, const fs::path& junit, std::size_t tests, std::size_t failures) {
    const std::string ant = SWEEP_ANT;
    if (ant.empty() || !fs::is_regular_file(ant)) FAIL("ant was not found when the build was configured (scripts/setup.sh installs it)");
    const fs::path results = dir / "junit-in", report = dir / "junit-out";
    fs::create_directories(results);
    fs::create_directories(report);
    fs::copy_file(junit, results / "TEST-jvmti.sweep.xml");
    testsupport::writeFile(dir / "build.xml",
                           "<project name=\"sweep\" default=\"report\">\n  <target name=\"report\">\n"
                           "    <junitreport todir=\"" + report.string() + "\">\n"
                           "      <fileset dir=\"" + results.string() + "\" includes=\"TEST-*.xml\"/>\n"
                           "      <report format=\"noframes\" todir=\"" + report.string() + "\"/>\n"
                           "    </junitreport>\n  </target>\n</project>\n");
    const Run r = sh(dir, shellQuote(ant) + " -noinput -f " + shellQuote((dir / "build.xml").string()));
    REQUIRE(r.status == 0);
    CHECK_FALSE(contains(r.out, "WARNING"));
    const std::string merged = readFile(report / "TESTS-TestSuites.xml");
    CHECK(std::regex_search(merged, std::regex("<testsuite[^>]*tests=\"" + std::to_string(tests) + "\"")));
    CHECK(std::regex_search(merged, std::regex("<testsuite[^>]*failures=\"" + std::to_string(failures) + "\"")));
    const std::string html = readFile(report / "junit-noframes.html");
    CHECK(contains(html, "jvmti.sweep"));
}

// (index, rule, outcome) of every run of a sweep's JSON.
std::vector<std::string> outcomes(const json& sweep) {
    std::vector<std::string> out;
    for (const auto& r : sweep.at("runs"))
        out.push_back(std::to_string(r.at("index").get<int>()) + " " + r.at("rule").get<std::string>() + " " +
                      r.at("outcome").get<std::string>());
    return out;
}

}  // namespace

TEST_CASE("the careful agent handles every injected error, declining to start when its start-up calls fail: no error, exit 0") {
    testsupport::TempDir dir;
    const Run r = sweep(dir.path(), SWEEP_FAULTY_CAREFUL, "--json sweep.json --sarif sweep.sarif");
    CHECK(r.status == 0);
    const json s = readJson(dir.path() / "sweep.json");
    std::size_t handled = 0, declined = 0;
    for (const auto& run : s.at("runs")) {
        INFO(run.dump(2));
        CHECK((run.at("outcome") == "handled" || run.at("outcome") == "not reached" || run.at("outcome") == "declined"));
        handled += run.at("outcome") == "handled" ? 1 : 0;
        if (run.at("outcome") == "declined") {
            ++declined;
            CHECK(run.at("level") == "note");
            CHECK(contains(run.at("where").get<std::string>(), "Agent_OnLoad"));  // its start-up calls only
        }
    }
    CHECK(handled >= 6);   // at least one error at each of its six calls
    CHECK(declined >= 2);  // at least one at each of its two start-up calls
    CHECK(contains(r.out, "no bad outcome"));
    CHECK(contains(r.out, "where the agent declined to start: notes below"));
    CHECK(s.at("baseline").at("status") == 0);
    // SARIF: no error and no warning, a note per start-up call.
    const json sarif = readJson(dir.path() / "sweep.sarif");
    std::size_t notes = 0;
    for (const auto& result : sarif.at("runs").at(0).at("results")) {
        INFO(result.dump(2));
        CHECK(result.at("level") == "note");
        CHECK(result.at("ruleId") == "sweep.declined");
        notes += 1;
    }
    CHECK(notes == 2);
}

// The careless agent's sweep: its JSON, SARIF and JUnit, and the planted lines of faulty.cpp.
struct CarelessSweep {
    testsupport::TempDir dir;
    Run run;
    json sweep, sarif;
    std::set<int> planted;   // lines marked "planted N"
    std::set<int> surfaced;  // lines where the bad outcomes surfaced (SARIF's related locations)
    CarelessSweep() {
        run = ::sweep(dir.path(), SWEEP_FAULTY, "--json sweep.json --sarif sweep.sarif --junit sweep.xml --html sweep.html");
        for (const auto& [n, line] : plantedLines()) planted.insert(line);
        sweep = readJson(dir.path() / "sweep.json");
        sarif = readJson(dir.path() / "sweep.sarif");
        for (const auto& result : sarif.at("runs").at(0).at("results"))
            for (const auto& related : result.value("relatedLocations", json::array()))
                if (!contains(related.value("/message/text"_json_pointer, std::string()), "injected here"))
                    surfaced.insert(lineOf(related));  // where it surfaced (each error's own run is at the call site)
    }
};

// One sweep of the careless agent (about 10 s) serves every check of it.
TEST_CASE("the careless agent: every planted mishandling found, each bad outcome at a call site and surfaced at planted lines only - its SARIF valid and its JUnit through junitreport") {
    CarelessSweep c;
    CHECK(c.run.status == 1);
    REQUIRE(c.planted.size() == 6);
    {
        INFO("planted lines of " SWEEP_FAULTY_SOURCE " where no bad outcome surfaced are the difference");
        CHECK(c.surfaced == c.planted);
    }
    const auto& results = c.sarif.at("runs").at(0).at("results");
    REQUIRE_FALSE(results.empty());
    for (const auto& result : results) {
        INFO(result.dump(2));
        const auto& at = result.at("locations").at(0);
        CHECK(fileOf(at).find("faulty.cpp") != std::string::npos);
        CHECK(lineOf(at) > 0);
        REQUIRE(result.contains("relatedLocations"));
        bool anyPlanted = false;
        for (const auto& related : result.at("relatedLocations")) {
            CHECK(fileOf(related).find("faulty.cpp") != std::string::npos);
            // Each error's own run is a related location at the call site; the others are where it surfaced.
            if (contains(related.value("/message/text"_json_pointer, std::string()), "injected here")) {
                CHECK(lineOf(related) == lineOf(at));
                continue;
            }
            CHECK(c.planted.count(lineOf(related)) == 1);
            anyPlanted = anyPlanted || c.planted.count(lineOf(related)) == 1;
        }
        CHECK(anyPlanted);
        CHECK(contains(result.at("message").at("text").get<std::string>(), "JVMTI_ERROR_"));
    }

    // The summary names every bad run with its replay command.
    std::size_t bad = 0;
    for (const auto& run : c.sweep.at("runs"))
        if (run.at("outcome") != "handled" && run.at("outcome") != "not reached") {
            ++bad;
            CHECK(contains(c.run.out, run.at("replay").get<std::string>()));
            CHECK(contains(run.at("replay").get<std::string>(), "inject=" + run.at("rule").get<std::string>()));
        }
    // One SARIF result per finding: the bad runs of a call site that ended the same way (issue 43).
    std::set<std::string> found;
    for (const auto& run : c.sweep.at("runs"))
        if (run.at("level") == "error")
            found.insert(run.at("function").get<std::string>() + "@" + run.at("site").get<std::string>() + " " +
                         run.at("outcome").get<std::string>() + " " + run.at("consequence").get<std::string>());
    CHECK(found.size() == results.size());
    CHECK(results.size() < bad);  // several errors end the same way at some site
    for (const auto& result : results) CHECK(result.at("level") == "error");
    CHECK(contains(c.run.out, std::to_string(bad) + " bad outcome"));

    requireValidSarif(c.dir.path(), c.dir.path() / "sweep.sarif");
    requireJunitReport(c.dir.path(), c.dir.path() / "sweep.xml", c.sweep.at("runs").size(), bad);
    CHECK(contains(readFile(c.dir.path() / "sweep.html"), "<td>crashed</td>"));
}

TEST_CASE("three shards as separate processes, each told its shard the CI way (--shard alone), merged: the whole sweep") {
    testsupport::TempDir dir;
    const Run whole = sweep(dir.path(), SWEEP_FAULTY, "--sweep-dir whole --json whole.json");
    CHECK(whole.status == 1);
    // As docs/ci.md's matrix runs them: the same command in each job, the shard in the environment.
    for (int k = 1; k <= 3; ++k) {
        const std::string n = std::to_string(k);
        const Run shard = sh(dir.path(), shellQuote(tool) + " --inject-sweep -j 2 --run-timeout 120 --shard --sweep-dir shard" + n +
                                             " --json shard" + n + ".json check=strict -- " + javaCommand(SWEEP_FAULTY),
                             "JVMTI_CHECK_SHARD=" + n + " JVMTI_CHECK_SHARDS=3");
        CHECK((shard.status == 0 || shard.status == 1));
        CHECK(contains(shard.out, "(shard " + n + "/3 of "));
    }
    const Run merged = sh(dir.path(), shellQuote(tool) + " --sweep-merge --json merged.json --sarif merged.sarif --junit merged.xml "
                                      "--html merged.html shard1.json shard2.json shard3.json");
    CHECK(merged.status == 1);
    CHECK_FALSE(contains(merged.err, "warning"));
    const json w = readJson(dir.path() / "whole.json"), m = readJson(dir.path() / "merged.json");
    std::size_t inShards = 0;
    for (int k = 1; k <= 3; ++k) inShards += readJson(dir.path() / ("shard" + std::to_string(k) + ".json")).at("runs").size();
    CHECK(inShards == w.at("runs").size());
    CHECK(outcomes(m) == outcomes(w));
    // The same findings: each error-level run's consequence, by its rule.
    std::map<std::string, std::string> a, b;
    for (const auto& r : w.at("runs")) a[r.at("rule")] = r.at("consequence").get<std::string>() + " " + r.at("level").get<std::string>();
    for (const auto& r : m.at("runs")) b[r.at("rule")] = r.at("consequence").get<std::string>() + " " + r.at("level").get<std::string>();
    CHECK(a == b);
    const json ws = readJson(dir.path() / "merged.sarif");
    CHECK(ws.at("runs").at(0).at("results").size() > 0);
    CHECK(fs::exists(dir.path() / "merged.xml"));

    // --rerun two of the whole sweep's runs, an error-level one and another, one fault per run:
    // only those two run, with the whole sweep's verdicts; a rule no run has is named.
    // -j 2 makes two learning runs (learn, learn-2), their sites joined.
    CHECK(w.at("learningRuns") == 2);
    CHECK(fs::is_directory(dir.path() / "whole" / "learn-2"));
    std::string bad, other;
    for (const auto& r : w.at("runs")) {
        if (bad.empty() && r.at("level") == "error") bad = r.at("rule");
        else if (other.empty() && r.at("level") != "error") other = r.at("rule");
    }
    REQUIRE_FALSE(bad.empty());
    REQUIRE_FALSE(other.empty());
    const Run again = sweep(dir.path(), SWEEP_FAULTY,
                            "--one-fault-per-run --learning-runs 1 --sweep-dir again --json again.json --rerun " +
                                shellQuote(other + ":" + bad + ":GetFrameCount@libfaulty.so+0x1/INTERNAL/1"));
    CHECK(again.status == 1);
    CHECK(contains(again.err, "--rerun GetFrameCount@libfaulty.so+0x1/INTERNAL/1: not a planned run of this sweep"));
    const json r = readJson(dir.path() / "again.json");
    CHECK(r.at("learningRuns") == 1);
    CHECK_FALSE(fs::exists(dir.path() / "again" / "learn-2"));
    REQUIRE(r.at("runs").size() == 2);
    std::map<std::string, std::string> c;
    for (const auto& x : r.at("runs")) c[x.at("rule")] = x.at("consequence").get<std::string>() + " " + x.at("level").get<std::string>();
    CHECK(c[bad] == a[bad]);
    CHECK(c[other] == a[other]);
}

// At -O0 jvmti.h's C++ members are functions of their own; each call still has its own site at
// its own line of faulty.cpp, as at -O1 and -O2, and the careless build fails at its planted lines.
TEST_CASE("call sites at -O0 and -O2: the agent's own lines, one site per call") {
    const auto sitesOf = [](const json& sweep) {
        std::set<std::string> out;  // FUNCTION faulty.cpp:LINE
        static const std::regex line(R"(faulty\.cpp:(\d+)\)$)");
        for (const auto& site : sweep.at("sites")) {
            const std::string where = site.at("where");
            std::smatch m;
            INFO(where);
            CHECK(where.find("jvmti.h") == std::string::npos);
            REQUIRE(std::regex_search(where, m, line));
            out.insert(site.at("function").get<std::string>() + " " + m[1].str());
        }
        return out;
    };
    testsupport::TempDir dir;
    sweep(dir.path(), SWEEP_FAULTY, "--max-runs 1 --sweep-dir o1 --json o1.json");
    sweep(dir.path(), SWEEP_FAULTY_O2, "--max-runs 1 --sweep-dir o2 --json o2.json");
    const Run o0 = sweep(dir.path(), SWEEP_FAULTY_O0, "--sweep-dir o0 --json o0.json --sarif o0.sarif");
    const auto o1Sites = sitesOf(readJson(dir.path() / "o1.json"));
    CHECK(o1Sites.size() == 10);  // ten calls, two of GetClassSignature and of SetEventNotificationMode
    CHECK(sitesOf(readJson(dir.path() / "o0.json")) == o1Sites);
    CHECK(sitesOf(readJson(dir.path() / "o2.json")) == o1Sites);
    // The careless build at -O0 still fails, where its errors surface: the planted lines only.
    CHECK(o0.status == 1);
    std::set<int> planted, surfaced;
    for (const auto& [n, l] : plantedLines()) planted.insert(l);
    const json o0Sarif = readJson(dir.path() / "o0.sarif");  // kept: the loop below walks into it
    for (const auto& result : o0Sarif.at("runs").at(0).at("results"))
        for (const auto& related : result.value("relatedLocations", json::array()))
            if (!contains(related.value("/message/text"_json_pointer, std::string()), "injected here")) surfaced.insert(lineOf(related));
    CHECK(surfaced == planted);
}

TEST_CASE("sweep: bad command lines stop with status 2 and the reason") {
    testsupport::TempDir dir;
    Run r = sh(dir.path(), shellQuote(tool) + " --inject-sweep --shard 3/2 -- java");
    CHECK(r.status == 2);
    CHECK(contains(r.err, "jvmti-check: --shard 3/2: K must be 1..N"));
    r = sh(dir.path(), shellQuote(tool) + " --inject-sweep --max-runs 0 -- java");
    CHECK(r.status == 2);
    CHECK(contains(r.err, "--max-runs 0: expected a number of runs, 1 or more"));
    r = sh(dir.path(), shellQuote(tool) + " --inject-sweep --bogus -- java");
    CHECK(r.status == 2);
    CHECK(contains(r.err, "unknown option '--bogus'"));
    r = sh(dir.path(), shellQuote(tool) + " --inject-sweep inject=GetFrameCount -- java");
    CHECK(r.status == 2);
    r = sh(dir.path(), shellQuote(tool) + " --sweep-merge --json out.json missing.json");
    CHECK(r.status == 2);
    CHECK(contains(r.err, "cannot read missing.json: No such file or directory"));
}
