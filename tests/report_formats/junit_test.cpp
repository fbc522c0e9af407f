// The JUnit XML read back with pugixml: suites per JVM with their counts and properties, a test
// case per rule id failing or passing by level and report-ignore=, the clean and the dead JVM,
// escaping of any text, and writeJunitSuite as the same suite on its own.
#include <catch2/catch.hpp>

#include <pugixml.hpp>
#include <sstream>

#include "report/formats/jvm_report.hpp"
#include "samples.hpp"

using namespace jvmtireport;

namespace {

pugi::xml_document parse(const std::string& text) {
    pugi::xml_document doc;
    const auto result = doc.load_string(text.c_str());
    INFO(text);
    REQUIRE(result);
    return doc;
}

pugi::xml_node testcase(const pugi::xml_node& suite, const std::string& name) {
    return suite.find_child_by_attribute("testcase", "name", name.c_str());
}

std::string attr(const pugi::xml_node& n, const char* name) { return n.attribute(name).as_string(); }

std::string print(const pugi::xml_node& n) {
    std::ostringstream s;
    n.print(s, "  ");
    return s.str();
}

}  // namespace

TEST_CASE("JUnit: a suite per JVM, with counts, timestamp and properties") {
    const std::string text = writeJunit({samples::brokeRules(), samples::clean(), samples::died()}, Level::Error);
    CHECK_THAT(text, Catch::StartsWith("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites "));
    const auto doc = parse(text);
    const auto suites = doc.child("testsuites");
    CHECK(attr(suites, "name") == "jvmti-check");
    CHECK(attr(suites, "tests") == "7");     // 4 rules + 1 clean + 2 of the dead JVM
    CHECK(attr(suites, "failures") == "2");  // GetMethodName.method.invalid, GetClassSignature.klass.stale
    CHECK(attr(suites, "errors") == "1");

    std::vector<std::string> names;
    for (const auto& s : suites.children("testsuite")) names.push_back(attr(s, "name"));
    CHECK(names == std::vector<std::string>{"jvmti.agenttest.Main.1234", "jvmti.app.Clean.1300", "jvmti.app.Crash.1400"});

    const auto broke = suites.child("testsuite");
    CHECK(attr(broke, "tests") == "4");
    CHECK(attr(broke, "failures") == "1");
    CHECK(attr(broke, "errors") == "0");
    CHECK(attr(broke, "skipped") == "0");
    CHECK(attr(broke, "timestamp") == "2026-11-25T20:30:00");
    CHECK(attr(broke, "hostname") == "localhost");
    CHECK(attr(broke, "time") == "0");
    const auto property = [&](const char* name) {
        return attr(broke.child("properties").find_child_by_attribute("property", "name", name), "value");
    };
    CHECK(property("jvm") == "OpenJDK 64-Bit Server VM 17.0.15+6-Debian-1deb12u1");
    CHECK(property("agents") == "/opt/libmisbehave.so");
    CHECK(property("checkMode") == "strict");
    CHECK(property("commandLine") ==
          "java -agentpath:/opt/lib/libjvmtilayer.so=check=strict,agent=/opt/libmisbehave.so -cp 'app dir' agenttest.Main");
    for (const auto& c : broke.children("testcase")) {
        CHECK(attr(c, "classname") == "jvmti.agenttest.Main");
        CHECK(attr(c, "time") == "0");
    }
}

TEST_CASE("JUnit: a rule at the failing level fails with its count and call sites") {
    const auto doc = parse(writeJunit({samples::brokeRules()}, Level::Error));
    const auto failure = testcase(doc.child("testsuites").child("testsuite"), "GetMethodName.method.invalid").child("failure");
    REQUIRE(failure);
    CHECK(attr(failure, "message") == "7 reports: method must be a jmethodID");
    CHECK(attr(failure, "type") == "error");
    const std::string body = failure.text().as_string();
    CHECK_THAT(body, Catch::Contains("GetMethodName: refused with JVMTI_ERROR_INVALID_METHODID"));
    CHECK_THAT(body, Catch::Contains("7 reports (5 printed), level error"));
    CHECK_THAT(body, Catch::Contains("  3  " + samples::kGarbageSite + "\n"));
    CHECK_THAT(body, Catch::Contains("  2  " + samples::kJniSite + "\n"));
    CHECK_THAT(body, Catch::Contains("  1  " + samples::kOffsetSite + "\n"));
    CHECK_THAT(body, Catch::Contains("  1  from other call sites\n"));
}

TEST_CASE("JUnit: ignored rules and rules below the failing level pass, with their detail") {
    const auto suite = [](Level failOn) {
        static std::vector<pugi::xml_document> docs;  // keeps the nodes alive
        docs.push_back(parse(writeJunit({samples::brokeRules()}, failOn)));
        return docs.back().child("testsuites").child("testsuite");
    };
    const auto atError = suite(Level::Error);
    const auto leak = testcase(atError, "leak.Allocate");
    REQUIRE(leak);
    CHECK_FALSE(leak.child("failure"));
    CHECK_THAT(std::string(leak.child("system-out").text().as_string()),
               Catch::Contains("passes: ignored (report-ignore=)"));
    const auto unbound = testcase(atError, "natives.unbound");
    CHECK_FALSE(unbound.child("failure"));
    CHECK_THAT(std::string(unbound.child("system-out").text().as_string()),
               Catch::Contains("passes: level warning is below the failing level error"));
    CHECK_THAT(std::string(unbound.child("system-out").text().as_string()), Catch::Contains("  1  0x7f12ab"));

    const auto atWarning = suite(Level::Warning);
    CHECK(attr(atWarning, "failures") == "2");
    CHECK(attr(testcase(atWarning, "natives.unbound").child("failure"), "type") == "warning");
    CHECK_FALSE(testcase(atWarning, "startup.agents").child("failure"));
    CHECK_FALSE(testcase(atWarning, "leak.Allocate").child("failure"));  // ignored at any level

    const auto atInfo = suite(Level::Info);
    CHECK(attr(atInfo, "failures") == "3");
    CHECK(attr(testcase(atInfo, "startup.agents").child("failure"), "message") ==
          "2 reports: startup.agents: 1 agent behind the layer");
}

TEST_CASE("JUnit: a clean JVM has one passing test case, a dead one an error") {
    const auto doc = parse(writeJunit({samples::clean(), samples::died()}, Level::Error));
    const auto clean = doc.child("testsuites").child("testsuite");
    CHECK(attr(clean, "tests") == "1");
    CHECK(attr(clean, "failures") == "0");
    const auto passing = testcase(clean, "no JVMTI rule broken");
    REQUIRE(passing);
    CHECK_FALSE(passing.first_child());
    CHECK(attr(passing, "classname") == "jvmti.app.Clean");

    const auto dead = clean.next_sibling("testsuite");
    CHECK(attr(dead, "tests") == "2");
    CHECK(attr(dead, "failures") == "1");
    CHECK(attr(dead, "errors") == "1");
    CHECK_FALSE(testcase(dead, "no JVMTI rule broken"));
    const auto error = testcase(dead, "the JVM did not end normally (no end-of-run report)").child("error");
    REQUIRE(error);
    CHECK(attr(error, "message") == "the JVM did not end normally (no end-of-run report)");
    CHECK_THAT(std::string(error.text().as_string()), Catch::Contains("JVM 1400"));
}

TEST_CASE("JUnit: every text is escaped, characters XML forbids are left out") {
    JvmReport j = samples::brokeRules();
    j.mainClass = "a<b>&\"c'";
    j.jvm = "tab\there\nnew line\r\x01\x1f end";
    j.agents = {"/lib/\xff\xfe.so"};
    j.rules[0].rule = "<rule> & \"quotes\" ]]> \x0b";
    j.rules[0].sites = {{"lib.so!f<int>(char const*)+0x1 (/src/a&b.cpp:1)", 7}};
    const auto doc = parse(writeJunit({j}, Level::Error));
    const auto suite = doc.child("testsuites").child("testsuite");
    CHECK(attr(suite, "name") == "jvmti.a<b>&\"c'.1234");
    const auto property = [&](const char* name) {
        return attr(suite.child("properties").find_child_by_attribute("property", "name", name), "value");
    };
    CHECK(property("jvm") == "tab\there\nnew line\r end");
    CHECK(property("agents") == "'/lib/\xEF\xBF\xBD\xEF\xBF\xBD.so'");
    const auto failure = testcase(suite, "GetMethodName.method.invalid").child("failure");
    CHECK(attr(failure, "message") == "7 reports: <rule> & \"quotes\" ]]> ");
    CHECK_THAT(std::string(failure.text().as_string()), Catch::Contains("lib.so!f<int>(char const*)+0x1 (/src/a&b.cpp:1)"));
}

TEST_CASE("JUnit: writeJunitSuite is the same suite as a document of its own") {
    for (const JvmReport& j : {samples::brokeRules(), samples::clean(), samples::died()}) {
        const std::string alone = writeJunitSuite(j, Level::Error);
        CHECK_THAT(alone, Catch::StartsWith("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuite "));
        const auto one = parse(alone);
        const auto all = parse(writeJunit({j}, Level::Error));
        CHECK(print(one.child("testsuite")) == print(all.child("testsuites").child("testsuite")));
    }
}
