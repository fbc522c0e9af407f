// What our tools read that others wrote, and what they write from it: bytes that are not UTF-8
// in every encoder, a 100 KB hs_err line, counts in a sweep's JSON that no sweep has, names and
// planted files in a report directory, the command line's secrets, the placeholders of report=.
#include <catch2/catch.hpp>

#include <sys/stat.h>
#include <unistd.h>

#include <limits>
#include <pugixml.hpp>
#include <nlohmann/json.hpp>

#include "collect.hpp"
#include "hostile.hpp"
#include "report/formats/jvm_report.hpp"
#include "report/formats/report_files_io.hpp"
#include "report/formats/text_encoding.hpp"
#include "report/report_names.hpp"
#include "support.hpp"
#include "sweep/crash.hpp"
#include "sweep/report.hpp"
#include "sweep/result.hpp"

namespace fs = std::filesystem;
using testsupport::writeFile;

namespace {

const std::string latin1 = "caf\xe9";            // "café" in ISO-8859-1: not UTF-8
const std::string surrogate = "\xed\xa0\x80";     // U+D800 as modified UTF-8 (a Java string's lone surrogate)

jvmtireport::JvmReport oddJvm() {
    jvmtireport::JvmReport j;
    j.pid = 4711;
    j.mainClass = "Main" + latin1;
    j.commandLine = {"java", "Main", latin1};
    j.jvm = "OpenJDK";
    j.startTime = "2026-11-29T10:00:00Z";
    j.finished = true;
    auto& r = j.rules.emplace_back();
    r.id = "GetVersionNumber.version_ptr.null";
    r.message = "thread " + surrogate + " class L" + latin1 + ";";
    r.reported = r.printed = 1;
    r.sites.push_back({"libagent.so!f+0x10 (/src/" + latin1 + ".c:12)", 1});
    return j;
}

bool validXml(const std::string& text) {
    pugi::xml_document doc;
    return static_cast<bool>(doc.load_buffer(text.data(), text.size(), pugi::parse_default, pugi::encoding_utf8));
}

bool validUtf8(const std::string& text) { return jvmtireport::validUtf8(text) == text; }

}  // namespace

TEST_CASE("UTF-8: every encoder repairs bytes that are not UTF-8 instead of throwing or passing them on") {
    const auto jvm = oddJvm();
    std::string json;
    REQUIRE_NOTHROW(json = jvmtireport::jsonText(jvmtireport::toJson(jvm)));
    CHECK(validUtf8(json));
    CHECK(nlohmann::json::parse(json)["mainClass"] == "Maincaf\xef\xbf\xbd");
    const std::string junit = jvmtireport::writeJunit({jvm}, jvmtireport::Level::Error);
    CHECK(validUtf8(junit));
    CHECK(validXml(junit));
    jvmtireport::SarifContext context;
    context.commandLine = {"java", latin1};
    std::string sarif;
    REQUIRE_NOTHROW(sarif = jvmtireport::writeSarif({jvm}, context));
    CHECK(validUtf8(sarif));
    CHECK(jvmtireport::xmlText(latin1 + "\x01<" + surrogate) == "caf\xef\xbf\xbd&lt;\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd");
}

TEST_CASE("UTF-8: the sweep's JUnit and JSON of a command with odd bytes are valid") {
    jvmticheck::SweepResult result;
    result.command = {"java", "-cp", "/tmp/" + latin1, "Main"};
    auto& run = result.runs.emplace_back();
    run.run.site = {"GetThreadInfo", "libagent.so+0x10", "f (/src/" + latin1 + ".c:3)"};
    run.run.errorName = "JVMTI_ERROR_THREAD_NOT_ALIVE";
    run.outcome = jvmticheck::Outcome::Crashed;
    run.details = {"thread " + surrogate};
    result.plannedRuns = 1;
    const std::string junit = jvmticheck::sweepJunit(result);
    CHECK(validUtf8(junit));
    CHECK(validXml(junit));
    std::string json;
    REQUIRE_NOTHROW(json = jvmtireport::jsonText(jvmticheck::toJson(result)));
    CHECK(validUtf8(json));
    CHECK(validUtf8(jvmticheck::sweepHtml(result)));
}

TEST_CASE("hs_err: a 100 KB line is read in linear time, its frames still found") {
    std::string text = "#\n#  SIGSEGV (0xb) at pc=0x00007f0000001234, pid=4711, tid=4712\n#\n"
                       "# Problematic frame:\n# C  [libagent.so+0x1234]  f+0x4\n#\n";
    text += "Current thread (0x1):  JavaThread \"" + std::string(100 * 1024, 'A') + "\" [_thread_in_native]\n";
    text += "Native frames: (J=compiled Java code, j=interpreted, Vv=VM code, C=native code)\n";
    text += "C  [libagent.so+0x1234]  f+0x4\n";
    text += "C  [" + std::string(100 * 1024, 'x') + "+0x1]\n";
    text += "\nDynamic libraries:\n";
    text += "7f0000000000-7f0000002000 r-xp 00000000 08:01 123 /nonexistent/libagent.so\n";
    text += "7f0000002000-7f0000003000 r-xp 00000000 08:01 124 /" + std::string(100 * 1024, 'y') + "\n\n";
    const auto crash = jvmticheck::parseHsErr(text, "hs_err_pid4711.log", {"libagent.so"});
    CHECK(crash.signal == "SIGSEGV (0xb) at pc=0x00007f0000001234, pid=4711, tid=4712");
    CHECK(crash.problematicFrame == "C  [libagent.so+0x1234]  f+0x4");
    REQUIRE(crash.frames.size() == 2);
    CHECK(crash.frames[0].library == "libagent.so");
    CHECK(crash.frames[0].offset == 0x1234);
    CHECK(crash.frames[0].where == "libagent.so!f+0x4");  // the library unreadable: HotSpot's symbol
}

TEST_CASE("sweep JSON: counts no sweep has are refused at once, not looped over") {
    nlohmann::json j = {{"tool", "jvmti-check --inject-sweep"}, {"plannedRuns", std::numeric_limits<std::uint64_t>::max()},
                        {"runs", nlohmann::json::array()}};
    jvmticheck::SweepResult out;
    auto problem = jvmticheck::fromJson(j, out);
    REQUIRE(problem);
    CHECK_THAT(*problem, Catch::Contains("at most 1000000 runs"));
    j["plannedRuns"] = 2;
    j["runs"] = nlohmann::json::array({{{"index", 7}, {"function", "F"}, {"site", "a+0x1"}, {"error", "E"}, {"outcome", "handled"}}});
    problem = jvmticheck::fromJson(j, out);
    REQUIRE(problem);
    CHECK_THAT(*problem, Catch::Contains("index 7 is not below plannedRuns 2"));
    j["runs"] = nlohmann::json::array();
    j["shard"] = {{"k", 5}, {"n", 2}};
    REQUIRE(jvmticheck::fromJson(j, out));
}

TEST_CASE("report names: placeholders only in the file name and a main class as one safe path component") {
    using jvmtilayer::report_files::expandReportName;
    CHECK(expandReportName("/ci/x%my/r-%p-%m", 7, "Main") == "/ci/x%my/r-7-Main");
    CHECK(expandReportName("/ci/50%%/r%%-%p", 7, "Main") == "/ci/50%%/r%-7");
    CHECK(expandReportName("/ci/r/%m", 7, "..") == "/ci/r/_.");
    CHECK(expandReportName("/ci/r/%m", 7, ".hidden") == "/ci/r/_hidden");
    CHECK(expandReportName("/ci/r/%m", 7, "../../etc/passwd") == "/ci/r/_._.._etc_passwd");
    CHECK(expandReportName("/ci/r/%m", 7, "") == "/ci/r/unknown");
}

TEST_CASE("command lines: -D values and leading assignments left out unless asked for") {
    const std::vector<std::string> command = {"env", "-i", "TOKEN=s3cret", "java", "-Dpassword=hunter2", "-J-Dkey=v",
                                              "-Dflag", "-cp", "A=B", "Main", "-Dnot=a-property-of-the-jvm?"};
    CHECK(jvmtireport::redactCommand(command) ==
          std::vector<std::string>{"env", "-i", "TOKEN=***", "java", "-Dpassword=***", "-J-Dkey=***", "-Dflag", "-cp",
                                   "A=B", "Main", "-Dnot=***"});
    CHECK(jvmtireport::redactCommand({"GRADLE_OPTS=-Xmx1g", "./gradlew", "test"}) ==
          std::vector<std::string>{"GRADLE_OPTS=***", "./gradlew", "test"});
}

TEST_CASE("collect: only report files named as the layer names them and ours and no link and no path taken from a file") {
    testsupport::TempDir tmp;
    const fs::path dir = tmp / "reports";
    fs::create_directory(dir);
    jvmtireport::JvmReport jvm;
    jvm.pid = 11;
    jvm.mainClass = "Main";
    jvm.startTime = "2026-11-29T10:00:00Z";
    jvm.finished = true;
    jvm.htmlReport = "/etc/shadow";  // a path a file names is never read or copied
    jvm.textReport = "/etc/passwd";
    writeFile(dir / "11-Main.json", jvmtireport::jsonText(jvmtireport::toJson(jvm)));
    writeFile(dir / "11-Main.txt", "");
    // Planted: a link to another report, a FIFO, a file not named as the layer names them.
    writeFile(tmp / "elsewhere.json", jvmtireport::jsonText(jvmtireport::toJson(jvm)));
    fs::create_symlink(tmp / "elsewhere.json", dir / "12-Link.json");
    REQUIRE(::mkfifo((dir / "13-Fifo.json").c_str(), 0666) == 0);
    writeFile(dir / "evil.json", jvmtireport::jsonText(jvmtireport::toJson(jvm)));
    writeFile(dir / "x.agents.json", "{}");
    const auto collected = jvmticheck::collectReports(dir, {}, {});
    REQUIRE(collected.jvms.size() == 1);
    CHECK(collected.jvms[0].pid == 11);
    CHECK(collected.jvms[0].htmlReport.empty());
    CHECK(collected.jvms[0].textReport == (dir / "11-Main.txt").string());
    CHECK(collected.problems.size() == 2);  // the link and the FIFO, said, not read
    CHECK(jvmticheck::isReportName("4711-com.example.Main.json", ".json"));
    CHECK_FALSE(jvmticheck::isReportName("4711-..json", ".json"));
    CHECK_FALSE(jvmticheck::isReportName("x-Main.json", ".json"));
    CHECK_FALSE(jvmticheck::isReportName("4711-Main.agents.json.tmp", ".json"));
}
