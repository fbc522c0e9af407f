// The JUnit XML through a real consumer: Ant's <junitreport> (Debian's ant, ant-optional) merges
// the TEST-*.xml files of two JVMs and writes its HTML report; the failing rule, its JVM and the
// failure counts must come out in both.
#include <catch2/catch.hpp>

#include <regex>

#include "report/formats/jvm_report.hpp"
#include "samples.hpp"
#include "support.hpp"

using namespace jvmtireport;
namespace fs = std::filesystem;

#ifndef REPORT_FORMATS_ANT
#define REPORT_FORMATS_ANT ""
#endif

namespace {

// The numbers in the HTML summary table's row: tests, failures, errors, ...
std::vector<std::string> summaryRow(const std::string& html) {
    const auto start = html.find("<h2>Summary</h2>");
    REQUIRE(start != std::string::npos);
    const auto row = html.find("<tr valign=\"top\" class=", start);
    REQUIRE(row != std::string::npos);
    const std::string rest = html.substr(row, html.find("</tr>", row) - row);
    std::vector<std::string> cells;
    static const std::regex cell(R"(<td[^>]*>([^<]*)</td>)");
    for (auto it = std::sregex_iterator(rest.begin(), rest.end(), cell); it != std::sregex_iterator(); ++it)
        cells.push_back((*it)[1]);
    return cells;
}

}  // namespace

TEST_CASE("JUnit through Ant's junitreport: merged and rendered with the failing rule and counts") {
    const std::string ant = REPORT_FORMATS_ANT;
    if (ant.empty() || !fs::is_regular_file(ant))
        FAIL("ant was not found when the build was configured: install Debian's ant, ant-optional and junit4 "
             "(scripts/setup.sh), then configure again");
    testsupport::TempDir dir;
    const fs::path results = dir.path() / "results", report = dir.path() / "report";
    fs::create_directories(results);
    fs::create_directories(report);
    testsupport::writeFile(results / "TEST-jvmti.agenttest.Main.1234.xml", writeJunitSuite(samples::brokeRules(), Level::Error));
    testsupport::writeFile(results / "TEST-jvmti.app.Clean.1300.xml", writeJunitSuite(samples::clean(), Level::Error));
    testsupport::writeFile(dir.path() / "build.xml",
                       "<project name=\"jvmti\" default=\"report\">\n"
                       "  <target name=\"report\">\n"
                       "    <junitreport todir=\"" + report.string() + "\">\n"
                       "      <fileset dir=\"" + results.string() + "\" includes=\"TEST-*.xml\"/>\n"
                       "      <report format=\"noframes\" todir=\"" + report.string() + "\"/>\n"
                       "    </junitreport>\n"
                       "  </target>\n"
                       "</project>\n");
    const auto run = testsupport::runCommand(testsupport::shellQuote(ant) + " -noinput -f " +
                                  testsupport::shellQuote((dir.path() / "build.xml").string()));
    INFO(run.out);
    REQUIRE(run.status == 0);
    CHECK_THAT(run.out, !Catch::Contains("WARNING") && !Catch::Contains("the file"));

    const std::string merged = testsupport::readFile(report / "TESTS-TestSuites.xml");
    CHECK_THAT(merged, Catch::Contains("name=\"GetMethodName.method.invalid\""));
    CHECK_THAT(merged, Catch::Contains("message=\"7 reports: method must be a jmethodID\""));
    CHECK_THAT(merged, Catch::Contains("package=\"jvmti.agenttest.Main\""));
    CHECK_THAT(merged, Catch::Contains("name=\"no JVMTI rule broken\""));
    CHECK(std::regex_search(merged, std::regex(R"(<testsuite[^>]*failures="1"[^>]*name="1234")")));

    const std::string html = testsupport::readFile(report / "junit-noframes.html");
    CHECK_THAT(html, Catch::Contains("GetMethodName.method.invalid"));
    CHECK_THAT(html, Catch::Contains("7 reports: method must be a jmethodID"));
    CHECK_THAT(html, Catch::Contains("no JVMTI rule broken"));
    // Tests, failures, errors: 4 + 1 test cases, one failing.
    const auto summary = summaryRow(html);
    REQUIRE(summary.size() >= 3);
    CHECK(summary[0] == "5");
    CHECK(summary[1] == "1");
    CHECK(summary[2] == "0");
}
