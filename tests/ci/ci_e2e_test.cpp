// jvmti-check in CI (issue 24), end to end on OpenJDK 17 and, where installed, JDK 25:
// - Debian's ant runs a JUnit 4 batch (tests/ci/ant) in two forked JVMs whose <jvmarg> loads a
//   test agent: the misbehaving one makes the run exit with --error-exitcode's status, the merged
//   SARIF (validated by Microsoft's SARIF multitool) points at the agent's source line, the merged
//   JUnit XML shows the failing rule per JVM; a clean agent exits 0;
// - a Java program (ci.Spawn) starts child JVMs with ProcessBuilder: one report per JVM with
//   agents, none for the parent, one summary, the right status;
// - JDWP, libinstrument and Byteman stay clean: status 0, stdout as without jvmti-check;
// - bad command lines: status 2 and a message naming what is wrong.
// Each test runs in a fresh temporary directory, with JDK 17 first on PATH and as JAVA_HOME (ant
// runs on it; its forked JVMs run on the java given as -Dtest.jvm).
#include <catch2/catch.hpp>

#include "support.hpp"

#include <sys/wait.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>
#include <pugixml.hpp>

namespace fs = std::filesystem;
using nlohmann::json;
using testsupport::readFile;
using testsupport::shellQuote;

namespace {

const fs::path tool = CI_TOOL;
const fs::path java17 = CI_JAVA;
const fs::path jdk17 = fs::canonical(CI_JAVA).parent_path().parent_path();
const std::string java25 = CI_JAVA25;
const std::string misbehave = CI_MISBEHAVE;
const std::string counter = CI_COUNTER;
const std::string agentClasses = CI_AGENT_CLASSES;
const std::string ciClasses = CI_CLASSES;
const std::string ruleId = "GetVersionNumber.version_ptr.null";

const std::string misbehaveAgent = "-agentpath:" + misbehave + "=case=null_out";

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }
bool endsWith(const std::string& text, const std::string& end) {
    return text.size() >= end.size() && text.compare(text.size() - end.size(), end.size(), end) == 0;
}
bool startsWith(const std::string& text, const std::string& start) { return text.rfind(start, 0) == 0; }
std::string q(const std::string& word) { return shellQuote(word); }
std::string q(const fs::path& path) { return shellQuote(path.string()); }

// JDK 25's java, or empty where it is not installed.
std::string jdk25Java() {
    if (!java25.empty() && fs::exists(java25)) return java25;
    const fs::path temurin = "/usr/lib/jvm/temurin-25-jdk-amd64/bin/java";
    return fs::exists(temurin) ? temurin.string() : "";
}

struct Run {
    int status;
    std::string out, err;
};

// A fresh directory; commands run inside it by sh, JDK 17 first on PATH and as JAVA_HOME.
struct Work {
    testsupport::TempDir tmp;
    fs::path dir = tmp.path();
    mutable int runs = 0;

    // Runs the shell command line `command` (with `env` assignments before it) in dir.
    Run sh(const std::string& command, const std::string& env = "") const {
        const std::string n = std::to_string(++runs);
        const std::string line = "cd " + q(dir) + " && PATH=" + q(jdk17 / "bin") + ":\"$PATH\" JAVA_HOME=" + q(jdk17) + " " +
                                 env + " " + command + " > stdout." + n + ".txt 2> stderr." + n + ".txt";
        const int st = std::system(line.c_str());
        Run r{WIFEXITED(st) ? WEXITSTATUS(st) : -1, readFile(dir / ("stdout." + n + ".txt")),
              readFile(dir / ("stderr." + n + ".txt"))};
        UNSCOPED_INFO("command: " << line << "\nstatus " << r.status << "\nstdout:\n" << r.out << "stderr:\n" << r.err);
        return r;
    }
    // jvmti-check ARGS (shell words).
    Run check(const std::string& args, const std::string& env = "") const { return sh(q(tool) + " " + args, env); }
};

// ---- The agents' source: the line of the misbehaving call ----

// The line of misbehave.cpp with the call null_out makes (GetVersionNumber(NULL)).
int misbehaveLine() {
    std::ifstream in(CI_MISBEHAVE_SOURCE);
    REQUIRE(in);
    std::string text;
    std::vector<int> found;
    for (int n = 1; std::getline(in, text); ++n)
        if (contains(text, "->GetVersionNumber(nullptr)")) found.push_back(n);
    INFO("lines of " CI_MISBEHAVE_SOURCE " calling GetVersionNumber(nullptr)");
    REQUIRE(found.size() == 1);
    return found.front();
}

// ---- ant ----

// ant running tests/ci/ant's batch with its work directory `work` (under the test's directory),
// the forked JVMs on `forkedJava` with the JVM option `agentArg`.
std::string antCommand(const Work& w, const std::string& work, const std::string& forkedJava, const std::string& agentArg) {
    return q(std::string(CI_ANT)) + " -noinput -f " + q(std::string(CI_ANT_PROJECT)) + " " + q("-Dwork=" + (w.dir / work).string()) +
           " " + q("-Dtest.jvm=" + forkedJava) + " " + q("-Djunit.jar=" + std::string(CI_JUNIT_JAR)) + " " +
           q("-Dhamcrest.jar=" + std::string(CI_HAMCREST_JAR)) + " " + q("-Dagent.arg=" + agentArg) + " test";
}

// What ant's XML formatter recorded of one forked JVM.
struct Forked {
    long pid = 0;            // printed by the test classes
    std::string version;     // java.version of the forked JVM
    int tests = 0, failed = 0;
};

std::vector<Forked> antReports(const fs::path& work) {
    std::vector<Forked> all;
    const fs::path reports = work / "reports";
    if (!fs::is_directory(reports)) return all;
    for (const auto& name : testsupport::listFiles(reports)) {
        if (!startsWith(name, "TEST-") || !endsWith(name, ".xml")) continue;
        pugi::xml_document doc;
        const auto loaded = doc.load_file((reports / name).c_str());
        INFO(name << ": " << loaded.description());
        REQUIRE(loaded);
        const pugi::xml_node suite = doc.child("testsuite");
        Forked f;
        f.tests = suite.attribute("tests").as_int();
        f.failed = suite.attribute("failures").as_int() + suite.attribute("errors").as_int();
        f.version = suite.select_node("properties/property[@name='java.version']").node().attribute("value").value();
        std::smatch m;
        const std::string out = suite.child("system-out").text().get();
        if (std::regex_search(out, m, std::regex("pid ([0-9]+)"))) f.pid = std::stol(m[1]);
        all.push_back(f);
    }
    return all;
}

// ---- The per-JVM reports: DIR/<pid>-<main>.{txt,json,html} ----

std::vector<std::string> reportNames(const fs::path& dir, const std::string& extension) {
    std::vector<std::string> names;
    if (!fs::is_directory(dir)) return names;
    for (const auto& e : fs::directory_iterator(dir))
        if (e.is_regular_file() && e.path().extension() == extension) names.push_back(e.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
}

long reportPid(const std::string& name) {
    std::smatch m;
    return std::regex_match(name, m, std::regex("([0-9]+)-.+")) ? std::stol(m[1]) : 0;
}

// The default report directory, ./jvmti-check.<pid>/: the only one in `dir`.
fs::path defaultReportDir(const fs::path& dir) {
    std::vector<fs::path> found;
    for (const auto& e : fs::directory_iterator(dir))
        if (e.is_directory() && std::regex_match(e.path().filename().string(), std::regex("jvmti-check\\.[0-9]+")))
            found.push_back(e.path());
    INFO("report directories jvmti-check.<pid> in " << dir);
    REQUIRE(found.size() == 1);
    return found.front();
}

// Whether a per-JVM JSON report names the rule `id` (anywhere in its rules).
bool jsonHasRule(const json& report, const std::string& id) {
    return contains(report.value("rules", json::array()).dump(), "\"" + id + "\"");
}

// ---- SARIF ----

json readJson(const fs::path& path) {
    INFO("reading " << path);
    REQUIRE(fs::exists(path));
    const std::string text = readFile(path);
    INFO(text.substr(0, 4000));
    json parsed;
    REQUIRE_NOTHROW(parsed = json::parse(text));
    return parsed;
}

struct Place {
    std::string uri, uriBaseId;
    long line = 0;
};

// The physical locations of `result` of `run`, artifactLocation.index resolved through run.artifacts.
std::vector<Place> places(const json& run, const json& result) {
    std::vector<Place> all;
    for (const auto& location : result.value("locations", json::array())) {
        if (!location.contains("physicalLocation")) continue;
        const json& physical = location.at("physicalLocation");
        json artifact = physical.value("artifactLocation", json::object());
        if (!artifact.contains("uri") && artifact.contains("index")) {
            const auto index = artifact.at("index").get<std::size_t>();
            const json artifacts = run.value("artifacts", json::array());
            if (index < artifacts.size()) artifact = artifacts.at(index).value("location", json::object());
        }
        Place p;
        p.uri = artifact.value("uri", "");
        p.uriBaseId = artifact.value("uriBaseId", "");
        if (physical.contains("region")) p.line = physical.at("region").value("startLine", 0L);
        all.push_back(p);
    }
    return all;
}

struct SarifSummary {
    std::vector<Place> rulePlaces;  // the physical locations of the results with ruleId
    int ruleResults = 0, results = 0;
    std::vector<long> pids;  // invocations' processId
};

SarifSummary readSarif(const json& sarif, const std::string& id) {
    CHECK(sarif.value("version", "") == "2.1.0");
    REQUIRE(sarif.contains("runs"));
    SarifSummary s;
    for (const auto& run : sarif.at("runs")) {
        for (const auto& result : run.value("results", json::array())) {
            ++s.results;
            if (result.value("ruleId", "") != id) continue;
            ++s.ruleResults;
            for (const auto& p : places(run, result)) s.rulePlaces.push_back(p);
        }
        for (const auto& invocation : run.value("invocations", json::array()))
            if (invocation.contains("processId")) s.pids.push_back(invocation.at("processId").get<long>());
    }
    return s;
}

// Microsoft's SARIF multitool: from configure time, else where scripts/test-tools.sh puts it.
fs::path sarifMultitool() {
    if (std::string(CI_SARIF_MULTITOOL).size() && fs::exists(CI_SARIF_MULTITOOL)) return CI_SARIF_MULTITOOL;
    if (const char* home = std::getenv("HOME")) {
        const fs::path p = fs::path(home) / ".cache/jvmtigen/test-tools/node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool";
        if (fs::exists(p)) return p;
    }
    return {};
}

// `sarif` is valid SARIF 2.1.0: the multitool's validation log has no result at level error.
void requireValidSarif(const Work& w, const fs::path& sarif) {
    const fs::path multitool = sarifMultitool();
    if (multitool.empty())
        FAIL("Microsoft's SARIF multitool is not installed: run scripts/test-tools.sh (it installs @microsoft/sarif-multitool-linux "
             "into $HOME/.cache/jvmtigen/test-tools), then run cmake again");
    const fs::path log = w.dir / (sarif.filename().string() + ".validation.sarif");
    w.sh(q(multitool) + " validate " + q(sarif) + " --output " + q(log), "DOTNET_SYSTEM_GLOBALIZATION_INVARIANT=1 DOTNET_CLI_TELEMETRY_OPTOUT=1");
    const json validation = readJson(log);
    std::vector<std::string> errors;
    for (const auto& run : validation.value("runs", json::array()))
        for (const auto& result : run.value("results", json::array()))
            if (result.value("level", "") == "error")
                errors.push_back(result.value("ruleId", "?") + ": " + result.value("message", json::object()).dump());
    INFO("the multitool's errors on " << sarif << ":\n" << [&] {
        std::string all;
        for (const auto& e : errors) all += e + "\n";
        return all;
    }());
    CHECK(errors.empty());
}

// ---- JUnit XML ----

struct Case {
    std::string name;
    bool failing = false;
};
struct Suite {
    std::string name;
    std::vector<Case> cases;
};

std::vector<Suite> readJunit(const fs::path& path) {
    INFO("reading " << path);
    REQUIRE(fs::exists(path));
    INFO(readFile(path).substr(0, 4000));
    pugi::xml_document doc;
    const auto loaded = doc.load_file(path.c_str());
    INFO(loaded.description());
    REQUIRE(loaded);
    std::vector<Suite> suites;
    for (const auto& node : doc.select_nodes("//testsuite")) {
        Suite s{node.node().attribute("name").value(), {}};
        for (const auto& c : node.node().children("testcase"))
            s.cases.push_back({c.attribute("name").value(), bool(c.child("failure")) || bool(c.child("error"))});
        suites.push_back(s);
    }
    return suites;
}

// ---- The scenarios ----

// The ant batch with the misbehaving agent, then with a clean one, forked JVMs on `forkedJava`
// (java.version starting with `version`).
void antBatch(const std::string& forkedJava, const std::string& version) {
    Work w;
    const int line = misbehaveLine();

    const Run bad = w.check("--error-exitcode=3 --sarif s.sarif --junit j.xml -- " + antCommand(w, "bad", forkedJava, misbehaveAgent));
    CHECK(bad.status == 3);
    // ant ran the batch in two forked JVMs of that version, whose tests passed.
    const auto forked = antReports(w.dir / "bad");
    REQUIRE(forked.size() == 2);
    std::set<long> pids;
    for (const auto& f : forked) {
        CHECK(startsWith(f.version, version));
        CHECK(f.tests > 0);
        CHECK(f.failed == 0);
        CHECK(f.pid > 0);
        pids.insert(f.pid);
    }
    REQUIRE(pids.size() == 2);
    CHECK(contains(bad.out, "BUILD SUCCESSFUL"));

    // One text and one JSON report per forked JVM, named by its pid; none for ant's own JVM.
    const fs::path reports = defaultReportDir(w.dir);
    const auto jsons = reportNames(reports, ".json");
    INFO("reports: " << reports);
    CHECK(jsons.size() == 2);
    CHECK(reportNames(reports, ".txt").size() == 2);
    for (const auto& name : jsons) {
        CHECK(pids.count(reportPid(name)) == 1);
        CHECK(jsonHasRule(readJson(reports / name), ruleId));
    }

    // SARIF: the rule, at the agent's source line; the source outside the current directory
    // (the default --source-root) has an absolute file: URI; one invocation per forked JVM.
    const SarifSummary sarif = readSarif(readJson(w.dir / "s.sarif"), ruleId);
    CHECK(sarif.ruleResults >= 1);
    const bool located = std::any_of(sarif.rulePlaces.begin(), sarif.rulePlaces.end(), [&](const Place& p) {
        return endsWith(p.uri, "tests/agents/src/misbehave.cpp") && startsWith(p.uri, "file:///") && p.line == line;
    });
    INFO("expected a physicalLocation file:///.../tests/agents/src/misbehave.cpp, startLine " << line);
    CHECK(located);
    CHECK(std::count_if(sarif.pids.begin(), sarif.pids.end(), [&](long pid) { return pids.count(pid) == 1; }) == 2);
    CHECK(std::set<long>(sarif.pids.begin(), sarif.pids.end()).size() == sarif.pids.size());
    requireValidSarif(w, w.dir / "s.sarif");

    // JUnit: one testsuite per forked JVM, each with the failing rule.
    const auto suites = readJunit(w.dir / "j.xml");
    CHECK(suites.size() == 2);
    for (const auto& s : suites) {
        INFO("testsuite " << s.name);
        CHECK(std::any_of(s.cases.begin(), s.cases.end(), [](const Case& c) { return c.name == ruleId && c.failing; }));
    }

    // The same batch with a clean agent: status 0, passing testcases only, SARIF without results.
    const std::string cleanAgent = "-agentpath:" + counter + "=prefix=ci/ant/,class=ci/ant/FirstTest";
    const Run clean = w.check("--error-exitcode=3 --report-dir clean-reports --sarif c.sarif --junit c.xml -- " +
                              antCommand(w, "clean", forkedJava, cleanAgent));
    CHECK(clean.status == 0);
    CHECK(antReports(w.dir / "clean").size() == 2);
    CHECK(reportNames(w.dir / "clean-reports", ".json").size() == 2);
    const auto cleanSuites = readJunit(w.dir / "c.xml");
    CHECK(cleanSuites.size() == 2);
    for (const auto& s : cleanSuites) {
        INFO("testsuite " << s.name);
        CHECK_FALSE(s.cases.empty());
        CHECK(std::none_of(s.cases.begin(), s.cases.end(), [](const Case& c) { return c.failing; }));
    }
    CHECK(readSarif(readJson(w.dir / "c.sarif"), ruleId).results == 0);
    requireValidSarif(w, w.dir / "c.sarif");
}

// The lines of `text` that are not the JVM's "Picked up ..." notes.
std::string withoutPickedUp(const std::string& text) {
    std::istringstream in(text);
    std::string line, kept;
    while (std::getline(in, line))
        if (!startsWith(line, "Picked up ")) kept += line + "\n";
    return kept;
}

bool mentionsNumber(const std::string& text, long n) {
    return std::regex_search(text, std::regex("(^|[^0-9])" + std::to_string(n) + "([^0-9]|$)"));
}

// The real agents, each run without and with jvmti-check on `java`.
void realAgents(const std::string& java) {
    Work w;
    const std::string byteman = CI_BYTEMAN_JAR;
    if (byteman.empty() || !fs::exists(byteman)) FAIL("Byteman is not installed: scripts/setup.sh installs libbyteman-java");
    const std::string cp = " -cp " + q(agentClasses);
    const std::map<std::string, std::string> agents = {
        {"jdwp", "-agentlib:jdwp=transport=dt_socket,server=y,suspend=n,address=127.0.0.1:0" + cp + " agenttest.debug.Main"},
        {"libinstrument", "-javaagent:" + q(std::string(CI_INSTRUMENT_JAR) + "=hello") + cp + " agenttest.instrument.Main"},
        {"byteman", "-javaagent:" + q(byteman + "=script:" + CI_BYTEMAN_SCRIPT) + cp + " agenttest.debug.Main"},
    };
    // JDWP's port is chosen at random.
    const std::regex port("(Listening for transport dt_socket at address: )[0-9]+");
    for (const auto& [name, args] : agents) {
        INFO("agent: " << name);
        const Run direct = w.sh(q(java) + " " + args);
        REQUIRE(direct.status == 0);
        CHECK_FALSE(direct.out.empty());
        const Run checked = w.check("--error-exitcode=3 -- " + q(java) + " " + args);
        CHECK(checked.status == 0);
        CHECK(std::regex_replace(checked.out, port, "$1PORT") == std::regex_replace(direct.out, port, "$1PORT"));
        CHECK_FALSE(contains(checked.err, "jvmtilayer: error"));
        CHECK_FALSE(contains(checked.err, "jvmtilayer: warning"));
    }
}

}  // namespace

TEST_CASE("ant, misbehaving agent, jdk17: status 3, SARIF at the agent's line and valid, JUnit failing per JVM, clean agent 0") {
    antBatch(java17.string(), "17");
}

TEST_CASE("ant, misbehaving agent, jdk25: the forked JVMs on JDK 25, as on 17") {
    const std::string java = jdk25Java();
    if (java.empty()) {
        WARN("skipped: no JDK 25 (install Temurin 25 in /usr/lib/jvm/temurin-25-jdk-amd64)");
        SUCCEED();
        return;
    }
    antBatch(java, "25");
}

TEST_CASE("ProcessBuilder: children with a clean and a misbehaving agent, two reports, one summary, status 3") {
    Work w;
    const int line = misbehaveLine();
    const std::string clean = "-agentpath:" + counter + "=prefix=ci/,class=ci/Child -cp " + q(ciClasses) + " ci.Child clean";
    const std::string bad = misbehaveAgent + " -cp " + q(ciClasses) + " ci.Child misbehaving";
    const std::string spawn = q(java17) + " -cp " + q(ciClasses) + " ci.Spawn ";

    const Run r = w.check("--error-exitcode=3 --junit j.xml --sarif s.sarif --source-root " + q(std::string(CI_SOURCE_ROOT)) +
                          " --report-dir reports -- " + spawn + clean + " -- " + bad);
    CHECK(r.status == 3);
    std::smatch m;
    REQUIRE(std::regex_search(r.out, m, std::regex("spawn: pid ([0-9]+)\n")));
    const long parent = std::stol(m[1]);
    REQUIRE(std::regex_search(r.out, m, std::regex("spawn: child 1 pid ([0-9]+) exit 0\n")));
    const long cleanPid = std::stol(m[1]);
    REQUIRE(std::regex_search(r.out, m, std::regex("spawn: child 2 pid ([0-9]+) exit 0\n")));
    const long badPid = std::stol(m[1]);
    CHECK(contains(r.out, "child clean: hello\n"));
    CHECK(contains(r.out, "child misbehaving: hello\n"));

    // Two JSON reports, the children's; nothing from the parent, which loads no agent.
    const fs::path reports = w.dir / "reports";
    const auto jsons = reportNames(reports, ".json");
    INFO("reports: " << reports);
    REQUIRE(jsons.size() == 2);
    std::map<long, std::string> byPid;
    for (const auto& name : jsons) byPid[reportPid(name)] = name;
    REQUIRE(byPid.count(cleanPid) == 1);
    REQUIRE(byPid.count(badPid) == 1);
    CHECK(contains(byPid[cleanPid], "Child"));
    for (const auto& name : testsupport::listFiles(reports)) CHECK(reportPid(fs::path(name).filename().string()) != parent);
    const json cleanReport = readJson(reports / byPid[cleanPid]);
    REQUIRE(cleanReport.contains("rules"));
    CHECK(cleanReport.at("rules").empty());
    CHECK(jsonHasRule(readJson(reports / byPid[badPid]), ruleId));

    // One summary on stderr naming both JVMs.
    const std::string summary = withoutPickedUp(r.err);
    CHECK(mentionsNumber(summary, cleanPid));
    CHECK(mentionsNumber(summary, badPid));

    // JUnit: the misbehaving child's suite fails on the rule, the clean child's passes.
    const auto suites = readJunit(w.dir / "j.xml");
    REQUIRE(suites.size() == 2);
    const auto failing = std::count_if(suites.begin(), suites.end(), [](const Suite& s) {
        return std::any_of(s.cases.begin(), s.cases.end(), [](const Case& c) { return c.name == ruleId && c.failing; });
    });
    const auto passing = std::count_if(suites.begin(), suites.end(), [](const Suite& s) {
        return !s.cases.empty() && std::none_of(s.cases.begin(), s.cases.end(), [](const Case& c) { return c.failing; });
    });
    CHECK(failing == 1);
    CHECK(passing == 1);

    // SARIF with --source-root: the agent's source relative to %SRCROOT%.
    const SarifSummary sarif = readSarif(readJson(w.dir / "s.sarif"), ruleId);
    const bool located = std::any_of(sarif.rulePlaces.begin(), sarif.rulePlaces.end(), [&](const Place& p) {
        return p.uri == "tests/agents/src/misbehave.cpp" && p.uriBaseId == "%SRCROOT%" && p.line == line;
    });
    INFO("expected a physicalLocation %SRCROOT% tests/agents/src/misbehave.cpp, startLine " << line);
    CHECK(located);
    requireValidSarif(w, w.dir / "s.sarif");

    // Without the misbehaving child: status 0; a child's own status comes back when nothing failed.
    const Run ok = w.check("--error-exitcode=3 --report-dir reports-ok -- " + spawn + clean);
    CHECK(ok.status == 0);
    CHECK(reportNames(w.dir / "reports-ok", ".json").size() == 1);
    const Run five = w.check("--error-exitcode=3 --report-dir reports-five -- " + spawn + clean + " 5");
    CHECK(five.status == 5);
}

TEST_CASE("real agents stay clean, jdk17: JDWP, libinstrument and Byteman, status 0 and the same output") {
    realAgents(java17.string());
}

TEST_CASE("real agents stay clean, jdk25: JDWP, libinstrument and Byteman, status 0 and the same output") {
    const std::string java = jdk25Java();
    if (java.empty()) {
        WARN("skipped: no JDK 25 (install Temurin 25 in /usr/lib/jvm/temurin-25-jdk-amd64)");
        SUCCEED();
        return;
    }
    realAgents(java);
}

TEST_CASE("bad input: status 2 and a message naming what is wrong") {
    Work w;
    const std::string command = " -- " + q(java17) + " " + misbehaveAgent + " -cp " + q(ciClasses) + " ci.Child ran";
    struct Bad {
        std::string args, named;
        bool runs;  // whether the program may have run before the error
    };
    const std::vector<Bad> bad = {
        {"--sarif /nonexistent-dir/x.sarif", "/nonexistent-dir/x.sarif", true},
        {"--error-exitcode=0", "error-exitcode", false},
        {"--error-exitcode=256", "error-exitcode", false},
        {"--error-exitcode=abc", "error-exitcode", false},
        {"--fail-on=fatal", "fail-on", false},
        {"report-format=pdf", "report-format", false},
        {"--no-such-option", "--no-such-option", false},
        {"api-version=17.1.0", "invalid value \"17.1.0\" for api-version (a JVMTI release", false},
    };
    for (const auto& b : bad) {
        INFO("jvmti-check " << b.args);
        const Run r = w.check(b.args + command);
        CHECK(r.status == 2);
        CHECK(contains(r.err, "jvmti-check: "));
        CHECK(contains(r.err, b.named));
        if (!b.runs) CHECK_FALSE(contains(r.out, "child ran: hello"));
    }
    const Run missing = w.check("--error-exitcode=3 -- no-such-command-xyz --flag");
    CHECK(missing.status != 0);
    CHECK(contains(missing.err, "jvmti-check: "));
    CHECK(contains(missing.err, "no-such-command-xyz"));
}

TEST_CASE("the layer alone: error-exitcode against System.exit, Runtime.halt, SIGTERM and SIGKILL") {
    Work w;
    const std::string child = " -cp " + q(ciClasses) + " ci.Child x ";
    // The layer first in JAVA_TOOL_OPTIONS, as any CI job can set it without jvmti-check.
    const std::string tool = "JAVA_TOOL_OPTIONS=" + q("-agentpath:" + std::string(CI_LAYER) +
                                                      "=adopt=true,error-exitcode=3,report=" + (w.dir / "r-%p.txt").string());
    const std::string clean = "-agentpath:" + counter + "=prefix=ci/,class=ci/Child";
    struct Case {
        std::string agent, end;
        int status;
    };
    // A failed run's status replaces the program's however the JVM exits normally; a clean run keeps it.
    for (const Case& c : {Case{misbehaveAgent, "0", 3}, Case{misbehaveAgent, "5", 3}, Case{misbehaveAgent, "halt:6", 3},
                          Case{clean, "0", 0}, Case{clean, "5", 5}, Case{clean, "halt:6", 6}}) {
        INFO(c.agent << " " << c.end);
        const Run r = w.sh(q(java17) + " " + c.agent + child + c.end, tool);
        CHECK(r.status == c.status);
        CHECK(contains(r.out, "child x: hello\n"));
    }
    // SIGTERM runs the JVM's shutdown as System.exit does: the layer's status wins. SIGKILL (like a
    // crash) ends the process before any exit code runs: its own status stays, and no summary.
    const auto signalled = [&](const std::string& agent, const char* signal) {
        return w.sh("sh -c " + q(q(java17) + " " + agent + child + "wait > child.out & pid=$!; "
                                "for i in $(seq 300); do grep -q waiting child.out 2>/dev/null && break; sleep 0.1; done; "
                                "kill -" + signal + " $pid; wait $pid"),
                    tool);
    };
    CHECK(signalled(misbehaveAgent, "TERM").status == 3);
    CHECK(signalled(clean, "TERM").status == 128 + 15);
    CHECK(signalled(misbehaveAgent, "KILL").status == 128 + 9);
    std::size_t summaries = 0, statusLines = 0;
    for (const auto& entry : fs::directory_iterator(w.dir)) {
        const std::string name = entry.path().filename().string();
        if (!startsWith(name, "r-") || !endsWith(name, ".txt")) continue;
        const std::string text = readFile(entry.path());
        summaries += contains(text, "jvmtilayer: summary: total: ");
        statusLines += contains(text, "jvmtilayer: exit status 3 (error-exitcode): 1 report at severity error\n");
    }
    // Four failed runs end normally (exit, status 5, halt, SIGTERM) and say why their status is 3;
    // the clean ones and the killed one do not.
    CHECK(statusLines == 4);
    CHECK(summaries == 4);
}

TEST_CASE("a rewritten java command's children are followed, and an agent attached later is checked") {
    Work w;
    // The parent names an agent: it is rewritten (no 'Picked up' line of its own), and its layer
    // hands JAVA_TOOL_OPTIONS to the child it starts, whose agent breaks a rule.
    const std::string parentAgent = "-agentpath:" + counter + "=prefix=ci/,class=ci/Spawn";
    const Run r = w.check("--error-exitcode=3 --report-dir reports -- java " + parentAgent + " -cp " + q(ciClasses) +
                          " ci.Spawn " + misbehaveAgent + " -cp " + q(ciClasses) + " ci.Child a");
    CHECK(r.status == 3);
    std::vector<std::string> jsons;
    for (const auto& entry : fs::directory_iterator(w.dir / "reports"))
        if (entry.path().extension() == ".json") jsons.push_back(entry.path().filename().string());
    std::sort(jsons.begin(), jsons.end());
    REQUIRE(jsons.size() == 2);
    std::size_t spawn = 0, child = 0;
    for (const auto& name : jsons) {
        const auto json = nlohmann::json::parse(readFile(w.dir / "reports" / name));
        if (json.at("mainClass") == "ci.Spawn") {
            ++spawn;
            CHECK(json.at("rules").empty());
        } else if (json.at("mainClass") == "ci.Child") {
            ++child;
            REQUIRE(json.at("rules").size() == 1);
            CHECK(json.at("rules")[0].at("id") == ruleId);
        }
    }
    CHECK(spawn == 1);
    CHECK(child == 1);
    // One 'Picked up' line: the child's; the rewritten parent prints none.
    std::size_t pickedUp = 0;
    for (std::size_t at = r.err.find("Picked up JAVA_TOOL_OPTIONS"); at != std::string::npos;
         at = r.err.find("Picked up JAVA_TOOL_OPTIONS", at + 1))
        ++pickedUp;
    CHECK(pickedUp == 1);

    // jcmd JVMTI.agent_load into a followed JVM that started without agents: the attached agent
    // asks the patched GetEnv, so it runs behind the layer and the JVM gets a report.
    const fs::path jcmd = jdk17 / "bin" / "jcmd";
    const Run attached = w.sh(
        "sh -c " + q(q(tool) + " --report-dir attached -- " + q(java17) + " -XX:+EnableDynamicAgentLoading -cp " +
                     q(agentClasses) + " agenttest.attach.Main ready release > attach.out 2> attach.err & pid=$!; " +
                     "for i in $(seq 300); do [ -f ready ] && break; sleep 0.1; done; " +
                     "jvm=$(" + q(jcmd) + " -l | awk '/agenttest.attach.Main/ {print $1}'); " + q(jcmd) +
                     " $jvm JVMTI.agent_load " + q(std::string(CI_ATTACH)) + "; touch release; wait $pid"));
    CHECK(attached.status == 0);
    CHECK(contains(readFile(w.dir / "attach.out"), "Agent_OnAttach: phase live\n"));
    std::size_t reports = 0;
    for (const auto& entry : fs::directory_iterator(w.dir / "attached")) {
        if (entry.path().extension() != ".json") continue;
        ++reports;
        const auto json = nlohmann::json::parse(readFile(entry.path()));
        CHECK(json.at("mainClass") == "agenttest.attach.Main");
        REQUIRE(json.at("agents").size() == 1);
        CHECK(endsWith(json.at("agents")[0].get<std::string>(), "/libattach.so"));
    }
    CHECK(reports == 1);
}

TEST_CASE("html index: --html with several JVMs links each JVM's own page") {
    Work w;
    const std::string clean = "-agentpath:" + counter + "=prefix=ci/,class=ci/Child -cp " + q(ciClasses) + " ci.Child clean";
    const std::string bad = misbehaveAgent + " -cp " + q(ciClasses) + " ci.Child misbehaving";
    const Run r = w.check("--html index.html --report-dir reports -- " + q(java17) + " -cp " + q(ciClasses) + " ci.Spawn " +
                          clean + " -- " + bad);
    CHECK(r.status == 0);
    const std::string index = readFile(w.dir / "index.html");
    CHECK(contains(index, "<p id=\"totals\">2 JVMs checked, 1 reports, 1 at severity error.</p>"));
    // Each row links its JVM's page, relative to the index, and the page is there.
    const std::regex link("<a href=\"(reports/[0-9]+-ci\\.Child\\.html)\">");
    std::size_t pages = 0;
    for (std::sregex_iterator it(index.begin(), index.end(), link), end; it != end; ++it) {
        ++pages;
        CHECK(contains(readFile(w.dir / (*it)[1].str()), "<h1>jvmtilayer report</h1>"));
    }
    CHECK(pages == 2);
    CHECK(contains(index, "<tr class=\"fail\">"));
}

TEST_CASE("api-version and advice: an older interface on JDK 25, advice in every report format but never a failure") {
    Work w;
    const std::string java25 = jdk25Java();
    if (!java25.empty()) {
        // The versioned agent takes its JDK 17 path on JDK 25, and prints what it prints on a real 17.
        const Run older = w.check("api-version=17.0.0 -- " + q(java25) + " -agentpath:" + std::string(CI_VERSIONED) +
                                  "=careless -cp " + q(agentClasses) + " agenttest.Hello");
        CHECK(older.status == 0);
        CHECK(older.out == readFile(CI_VERSIONED_JDK17) + "hello\n");
        CHECK(contains(older.err, "jvmtilayer: summary: api_version.event: 1 report"));
    } else {
        WARN("skipped the JDK 25 half: no JDK 25 (install Temurin 25 in /usr/lib/jvm/temurin-25-jdk-amd64)");
    }
    // advice=true: the advised agent's two pieces of advice in the text, JSON, SARIF, JUnit and
    // HTML reports, at level advice (SARIF: note); with --fail-on=warning the run still passes.
    const Run advised = w.check("--error-exitcode=3 --fail-on=warning --sarif a.sarif --junit a.xml --html a.html "
                                "--report-dir reports advice=true -- " + q(java17) + " -agentpath:" +
                                std::string(CI_ADVISED) + " -cp " + q(agentClasses) + " agenttest.Hello");
    CHECK(advised.status == 0);
    CHECK(advised.out == "tagged the main thread\nhello\n");
    CHECK(contains(advised.err, "jvmtilayer: summary: total: 2 reports of 2 ids"));
    const json sarif = json::parse(readFile(w.dir / "a.sarif"));
    std::set<std::string> sarifRules;
    for (const auto& result : sarif["runs"][0]["results"]) {
        sarifRules.insert(result["ruleId"].get<std::string>());
        CHECK(result["level"] == "note");
    }
    CHECK(sarifRules == std::set<std::string>{"advice.capability_unused", "advice.event_without_callback"});
    const std::string junit = readFile(w.dir / "a.xml");
    CHECK(contains(junit, "advice.capability_unused"));
    CHECK_FALSE(contains(junit, "<failure"));
    CHECK(contains(readFile(w.dir / "a.html"), "advice.event_without_callback"));
    std::size_t jsons = 0;
    for (const auto& name : testsupport::listFiles(w.dir / "reports"))
        if (endsWith(name, ".json")) {
            ++jsons;
            const json jvm = json::parse(readFile(w.dir / "reports" / name));
            std::set<std::string> levels;
            for (const auto& rule : jvm["rules"]) levels.insert(rule["level"].get<std::string>());
            CHECK(levels == std::set<std::string>{"advice"});
            const std::string text = readFile(w.dir / "reports" / (name.substr(0, name.size() - 5) + ".txt"));
            CHECK(contains(text, "jvmtilayer: advice: advice.capability_unused: AddCapabilities: libadvised.so: can_signal_thread"));
        }
    CHECK(jsons == 1);
}
