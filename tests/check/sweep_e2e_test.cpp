// jvmti-check --inject-sweep end to end on Debian's OpenJDK 17, with the test agent faulty
// (tests/agents/src/faulty.cpp) running agenttest.counter.Main behind check=strict:
// - the careful build handles every injected error: no bad outcome, exit status 0;
// - the careless build's bad outcomes surface at exactly the lines marked "planted N" in the
//   source (read here, not written down), each at the call site whose error it ignored; its
//   SARIF passes Microsoft's SARIF multitool, its JUnit XML goes through Ant's junitreport;
// - --shard 1/2 and 2/2, merged with --sweep-merge, give the runs of the whole sweep;
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

TEST_CASE("the careful agent handles every injected error: no bad outcome") {
    testsupport::TempDir dir;
    const Run r = sweep(dir.path(), SWEEP_FAULTY_CAREFUL, "--json sweep.json");
    CHECK(r.status == 0);
    const json s = readJson(dir.path() / "sweep.json");
    std::size_t handled = 0;
    for (const auto& run : s.at("runs")) {
        INFO(run.dump(2));
        CHECK((run.at("outcome") == "handled" || run.at("outcome") == "not reached"));
        handled += run.at("outcome") == "handled" ? 1 : 0;
    }
    CHECK(handled >= 6);  // at least one error at each of its six calls
    CHECK(contains(r.out, "no bad outcome"));
    CHECK(s.at("baseline").at("status") == 0);
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
            for (const auto& related : result.value("relatedLocations", json::array())) surfaced.insert(lineOf(related));
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
    CHECK(bad == results.size());
    CHECK(contains(c.run.out, std::to_string(bad) + " bad outcome"));

    requireValidSarif(c.dir.path(), c.dir.path() / "sweep.sarif");
    requireJunitReport(c.dir.path(), c.dir.path() / "sweep.xml", c.sweep.at("runs").size(), bad);
    CHECK(contains(readFile(c.dir.path() / "sweep.html"), "<td>crashed</td>"));
}

TEST_CASE("shards 1/2 and 2/2 (--shard), merged, give the runs of the whole sweep") {
    testsupport::TempDir dir;
    const std::string sample = "--max-runs 12 ";
    const Run whole = sweep(dir.path(), SWEEP_FAULTY, sample + "--sweep-dir whole --json whole.json");
    CHECK(whole.status == 1);
    const Run one = sweep(dir.path(), SWEEP_FAULTY, sample + "--shard 1/2 --sweep-dir one --json one.json");
    const Run two = sweep(dir.path(), SWEEP_FAULTY, sample + "--shard 2/2 --sweep-dir two --json two.json");
    const Run merged = sh(dir.path(), shellQuote(tool) + " --sweep-merge --json merged.json --sarif merged.sarif --junit merged.xml "
                                      "--html merged.html one.json two.json");
    CHECK(merged.status == 1);
    const json w = readJson(dir.path() / "whole.json"), a = readJson(dir.path() / "one.json"),
               b = readJson(dir.path() / "two.json"), m = readJson(dir.path() / "merged.json");
    CHECK(w.at("runs").size() == 12);
    CHECK(a.at("runs").size() == 6);
    CHECK(b.at("runs").size() == 6);
    CHECK(outcomes(m) == outcomes(w));
    CHECK(fs::exists(dir.path() / "merged.sarif"));
    CHECK(fs::exists(dir.path() / "merged.xml"));
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
