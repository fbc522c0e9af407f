// The reporter: the line format, the repeat limit, the ignore list, the summary, files and
// standard error, and many threads at once.
#include <catch2/catch.hpp>

#include <cstdint>
#include <regex>
#include <string>
#include <thread>
#include <vector>

#include <fcntl.h>
#include <unistd.h>

#include "report/report.hpp"
#include "runtime_test_support.hpp"

using namespace jvmtilayer;
using runtimetest::lines;
using runtimetest::readFile;
using runtimetest::TempDir;

namespace {

// A reporter writing into a file of a fresh directory.
struct FileReporter {
    TempDir dir;
    std::string path = dir / "report.txt";
    Reporter reporter;

    explicit FileReporter(int limit = 10) {
        reporter.setLimit(limit);
        const auto e = reporter.open(path);
        INFO(e.value_or(""));
        REQUIRE_FALSE(e.has_value());
    }
    std::vector<std::string> written() const { return lines(readFile(path)); }
    void nullPointer(const char* id = "GetFrameCount.count_ptr.null") {
        reporter.report(Severity::Error, id, "GetFrameCount", "count_ptr", "must not be NULL", "GetFrameCount.count_ptr");
    }
};

const std::string kFrameCountLine =
    "jvmtilayer: error: GetFrameCount.count_ptr.null: GetFrameCount(count_ptr): must not be NULL "
    "[rule: GetFrameCount.count_ptr; jvmti.html#rule-GetFrameCount.count_ptr.null]";

}  // namespace

TEST_CASE("report: the line format", "[report]") {
    CHECK(Reporter::formatLine(Severity::Error, "GetClassSignature.signature_ptr.null", "GetClassSignature",
                               "signature_ptr", "must not be NULL", "GetClassSignature.signature_ptr") ==
          "jvmtilayer: error: GetClassSignature.signature_ptr.null: GetClassSignature(signature_ptr): "
          "must not be NULL [rule: GetClassSignature.signature_ptr; jvmti.html#rule-GetClassSignature.signature_ptr.null]");
    CHECK(Reporter::formatLine(Severity::Warning, "GetFrameCount.phase", "GetFrameCount", nullptr,
                               "called in the primordial phase", "GetFrameCount.phase") ==
          "jvmtilayer: warning: GetFrameCount.phase: GetFrameCount: called in the primordial phase "
          "[rule: GetFrameCount.phase; jvmti.html#rule-GetFrameCount.phase]");
    CHECK(Reporter::formatLine(Severity::Info, "Allocate.leak", "", "", "3 blocks never deallocated", nullptr) ==
          "jvmtilayer: info: Allocate.leak: 3 blocks never deallocated [rule: jvmti.html#rule-Allocate.leak]");
    CHECK(Reporter::formatLine(Severity::Error, nullptr, "F", "a", "", "") == "jvmtilayer: error: unknown: F(a)");
    CHECK(Reporter::formatLine(Severity::Error, "x", nullptr, "ignored without a function", "w", "r") ==
          "jvmtilayer: error: x: w [rule: r; jvmti.html#rule-x]");
    // Without an id there is nothing to link to: only the rule, if any.
    CHECK(Reporter::formatLine(Severity::Error, nullptr, "F", nullptr, "w", "r") ==
          "jvmtilayer: error: unknown: F: w [rule: r]");
}

TEST_CASE("report: the call site follows what happened, named only when the line is printed", "[report]") {
    CHECK(Reporter::formatLine(Severity::Error, "GetMethodName.method.invalid", "GetMethodName", "method",
                               "refused with JVMTI_ERROR_INVALID_METHODID", "rule", "libagent.so!f+0x1c (a.cpp:7)") ==
          "jvmtilayer: error: GetMethodName.method.invalid: GetMethodName(method): refused with "
          "JVMTI_ERROR_INVALID_METHODID; called from libagent.so!f+0x1c (a.cpp:7) "
          "[rule: rule; jvmti.html#rule-GetMethodName.method.invalid]");
    static int named = 0;
    named = 0;
    FileReporter r(1);
    r.reporter.setSiteNamer([](const void* site) {
        ++named;
        return "site-" + std::to_string(reinterpret_cast<std::uintptr_t>(site));
    });
    const void* site = reinterpret_cast<const void*>(std::uintptr_t{42});
    r.reporter.report(Severity::Error, "x", "F", nullptr, "w", nullptr, site);
    r.reporter.report(Severity::Error, "x", "F", nullptr, "w", nullptr, site);  // over the limit: not named
    r.reporter.report(Severity::Error, "y", "F", nullptr, "w", nullptr);        // no site: none printed
    CHECK(named == 1);
    const auto lines = r.written();
    REQUIRE(lines.size() == 4);  // each id's line and the line saying its limit is reached
    CHECK(lines[0] == "jvmtilayer: error: x: F: w; called from site-42 [rule: jvmti.html#rule-x]");
    CHECK(lines[2] == "jvmtilayer: error: y: F: w [rule: jvmti.html#rule-y]");
}

TEST_CASE("report: control characters never break the line", "[report]") {
    CHECK(Reporter::formatLine(Severity::Error, "a\nb", "F\r", "p\t", "two\nlines\x7f", "r\n") ==
          "jvmtilayer: error: a b: F (p ): two lines  [rule: r ; jvmti.html#rule-a b]");
}

TEST_CASE("report: severity names", "[report]") {
    CHECK(std::string(severityName(Severity::Error)) == "error");
    CHECK(std::string(severityName(Severity::Warning)) == "warning");
    CHECK(std::string(severityName(Severity::Info)) == "info");
}

TEST_CASE("report: lines go to the file", "[report]") {
    FileReporter r;
    r.nullPointer();
    r.reporter.report(Severity::Warning, "Deallocate.mem.foreign", "Deallocate", "mem",
                      "memory not allocated by JVMTI", nullptr);
    CHECK(r.written() == std::vector<std::string>{
                             kFrameCountLine,
                             "jvmtilayer: warning: Deallocate.mem.foreign: Deallocate(mem): memory not allocated by JVMTI "
                             "[rule: jvmti.html#rule-Deallocate.mem.foreign]"});
}

TEST_CASE("report: the repeat limit", "[report]") {
    FileReporter r(3);
    for (int i = 0; i < 5; ++i) r.nullPointer();
    r.nullPointer("Other.id");
    CHECK(r.written() == std::vector<std::string>{
                             kFrameCountLine, kFrameCountLine, kFrameCountLine,
                             "jvmtilayer: info: GetFrameCount.count_ptr.null: reported 3 times; further reports of it "
                             "are only counted",
                             "jvmtilayer: error: Other.id: GetFrameCount(count_ptr): must not be NULL "
                             "[rule: GetFrameCount.count_ptr; jvmti.html#rule-Other.id]"});
    CHECK(r.reporter.count("GetFrameCount.count_ptr.null") == Reporter::Count{5, 3, false});
    CHECK(r.reporter.count("Other.id") == Reporter::Count{1, 1, false});
    CHECK(r.reporter.count("never.seen") == Reporter::Count{});
    CHECK(r.reporter.total() == 6);
    CHECK(r.reporter.summaryLines() == std::vector<std::string>{
                                           "jvmtilayer: summary: GetFrameCount.count_ptr.null: 5 reports, 2 not printed",
                                           "jvmtilayer: summary: Other.id: 1 report",
                                           "jvmtilayer: summary: total: 6 reports of 2 ids, 2 not printed"});
}

TEST_CASE("report: a limit of one, and of zero", "[report]") {
    FileReporter one(1);
    one.nullPointer();
    one.nullPointer();
    CHECK(one.written() == std::vector<std::string>{kFrameCountLine,
                                                    "jvmtilayer: info: GetFrameCount.count_ptr.null: reported 1 time; "
                                                    "further reports of it are only counted"});
    FileReporter zero(0);
    zero.nullPointer();
    zero.nullPointer();
    CHECK(zero.written().empty());
    CHECK(zero.reporter.count("GetFrameCount.count_ptr.null") == Reporter::Count{2, 0, false});
    CHECK(zero.reporter.summaryLines() == std::vector<std::string>{
                                              "jvmtilayer: summary: GetFrameCount.count_ptr.null: 2 reports, 2 not printed",
                                              "jvmtilayer: summary: total: 2 reports of 1 id, 2 not printed"});
}

TEST_CASE("report: the ignore list", "[report]") {
    CHECK(Reporter::matches({"A.b.null"}, "A.b.null"));
    CHECK_FALSE(Reporter::matches({"A.b.null"}, "A.b.nul"));
    CHECK_FALSE(Reporter::matches({"A.b"}, "A.b.null"));
    CHECK(Reporter::matches({"x", "A.*"}, "A.b.null"));
    CHECK(Reporter::matches({"A.*"}, "A."));
    CHECK_FALSE(Reporter::matches({"A.*"}, "A"));
    CHECK(Reporter::matches({"*"}, "anything"));
    CHECK_FALSE(Reporter::matches({}, "anything"));

    FileReporter r;
    r.reporter.setIgnore({"GetFrameCount.*", "Exact.id"});
    r.nullPointer();
    r.nullPointer();
    r.nullPointer("Exact.id");
    r.nullPointer("Exact.idx");
    CHECK(r.written().size() == 1);
    CHECK(r.reporter.count("GetFrameCount.count_ptr.null") == Reporter::Count{2, 0, true});
    CHECK(r.reporter.summaryLines() == std::vector<std::string>{
                                           "jvmtilayer: summary: Exact.id: 1 report, ignored",
                                           "jvmtilayer: summary: Exact.idx: 1 report",
                                           "jvmtilayer: summary: GetFrameCount.count_ptr.null: 2 reports, ignored",
                                           "jvmtilayer: summary: total: 4 reports of 3 ids, 3 ignored"});
}

TEST_CASE("report: the summary is written to the target, and is silent when nothing was reported", "[report]") {
    FileReporter quiet;
    CHECK(quiet.reporter.summaryLines().empty());
    quiet.reporter.summary();
    CHECK(readFile(quiet.path).empty());

    FileReporter r(1);
    r.nullPointer();
    r.nullPointer();
    r.reporter.summary();
    const auto out = r.written();
    REQUIRE(out.size() == 4);
    CHECK(out[2] == "jvmtilayer: summary: GetFrameCount.count_ptr.null: 2 reports, 1 not printed");
    CHECK(out[3] == "jvmtilayer: summary: total: 2 reports of 1 id, 1 not printed");
}

TEST_CASE("report: open makes the file new, failures keep the old target", "[report]") {
    TempDir dir;
    runtimetest::writeFile(dir / "old.txt", "stale contents\n");
    Reporter reporter;
    REQUIRE_FALSE(reporter.open(dir / "old.txt").has_value());
    CHECK(readFile(dir / "old.txt").empty());
    CHECK(reporter.open(dir / "no/such/dir.txt") ==
          "cannot create the report file: cannot create a file in " + (dir / "no/such") + ": No such file or directory");
    reporter.report(Severity::Error, "still.here", nullptr, nullptr, "w", nullptr);
    CHECK(readFile(dir / "old.txt") == "jvmtilayer: error: still.here: w [rule: jvmti.html#rule-still.here]\n");
}

TEST_CASE("report: configured from Settings", "[report]") {
    TempDir dir;
    Settings s;
    s.report = dir / "r.txt";
    s.reportLimit = 1;
    s.reportIgnore = {"Quiet.*"};
    Reporter reporter;
    REQUIRE_FALSE(reporter.configure(s).has_value());
    reporter.report(Severity::Error, "Quiet.one", nullptr, nullptr, "w", nullptr);
    reporter.report(Severity::Error, "Loud.one", nullptr, nullptr, "w", nullptr);
    reporter.report(Severity::Error, "Loud.one", nullptr, nullptr, "w", nullptr);
    CHECK(lines(readFile(s.report)) ==
          std::vector<std::string>{"jvmtilayer: error: Loud.one: w [rule: jvmti.html#rule-Loud.one]",
                                   "jvmtilayer: info: Loud.one: reported 1 time; further reports of it are only counted"});
    s.report = dir / "missing/r.txt";
    CHECK(reporter.configure(s).has_value());
}

TEST_CASE("report: stderr", "[report]") {
    TempDir dir;
    const std::string captured = dir / "stderr.txt";
    std::fflush(stderr);
    const int saved = ::dup(2);
    const int fd = ::open(captured.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    REQUIRE(saved >= 0);
    REQUIRE(fd >= 0);
    ::dup2(fd, 2);
    ::close(fd);
    {
        Reporter reporter;
        reporter.report(Severity::Error, "To.stderr", "F", "a", "w", "r");
        REQUIRE_FALSE(reporter.open("stderr").has_value());
        reporter.report(Severity::Error, "To.stderr", "F", "a", "again", "r");
        reporter.summary();
    }
    ::dup2(saved, 2);
    ::close(saved);
    CHECK(lines(readFile(captured)) == std::vector<std::string>{
                                           "jvmtilayer: error: To.stderr: F(a): w [rule: r; jvmti.html#rule-To.stderr]",
                                           "jvmtilayer: error: To.stderr: F(a): again [rule: r; jvmti.html#rule-To.stderr]",
                                           "jvmtilayer: summary: To.stderr: 2 reports",
                                           "jvmtilayer: summary: total: 2 reports of 1 id"});
}

TEST_CASE("report: many threads at once", "[report]") {
    constexpr int kThreads = 8, kPerThread = 2000, kIds = 4, kLimit = 300;
    FileReporter r(kLimit);
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t)
        threads.emplace_back([&r, t] {
            for (int i = 0; i < kPerThread; ++i) {
                const std::string id = "Thread.id" + std::to_string((t + i) % kIds);
                r.reporter.report(Severity::Error, id.c_str(), "F", "arg", "what " + std::to_string(i), "rule");
            }
        });
    for (auto& th : threads) th.join();

    CHECK(r.reporter.total() == std::uint64_t{kThreads} * kPerThread);
    for (int id = 0; id < kIds; ++id)
        CHECK(r.reporter.count("Thread.id" + std::to_string(id)) ==
              Reporter::Count{kThreads * kPerThread / kIds, kLimit, false});
    // Every line whole: kLimit reports and one limit note per id, none torn.
    const std::regex report(R"(jvmtilayer: error: Thread\.id[0-3]: F\(arg\): what [0-9]+ \[rule: rule; jvmti\.html#rule-Thread\.id[0-3]\])");
    const std::regex note(R"(jvmtilayer: info: Thread\.id[0-3]: reported 300 times; further reports of it are only counted)");
    int reports = 0, notes = 0;
    for (const auto& line : r.written()) {
        if (std::regex_match(line, report)) ++reports;
        else if (std::regex_match(line, note)) ++notes;
        else FAIL("torn or unexpected line: " << line);
    }
    CHECK(reports == kIds * kLimit);
    CHECK(notes == kIds);
}
