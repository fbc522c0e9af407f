// JUnit XML from the JVMs of one run (jvm_report.hpp: writeJunit, writeJunitSuite): a test
// suite per JVM, a test case per rule id. The layout is the one Ant's <junit> writes and its
// <junitreport>, Jenkins and GitLab read.
#include "report/formats/jvm_report.hpp"
#include "report/formats/report_text.hpp"
#include "report/formats/text_encoding.hpp"

namespace jvmtireport {

namespace {

using namespace detail;

std::string attr(const char* name, const std::string& value) {
    return std::string(" ") + name + "=\"" + xmlText(value, true) + "\"";
}

// "2026-11-25T20:30:00Z" as Ant's timestamp: no zone, no fractions ("2026-11-25T20:30:00").
std::string antTimestamp(const std::string& utc) {
    return startsWithUtcTime(utc) ? utc.substr(0, 19) : "";
}

std::string mainClassOf(const JvmReport& jvm) { return jvm.mainClass.empty() ? "unknown" : jvm.mainClass; }

// What a rule's test case says: its first report, its counts and its call sites.
std::string details(const RuleSeen& r, const std::string& verdict) {
    std::string out = headline(r, nullptr) + "\n";
    if (!verdict.empty()) out += verdict + "\n";
    if (!r.rule.empty()) out += "rule: " + r.rule + "\n";
    out += reportsText(r.reported) + " (" + std::to_string(r.printed) + " printed), level " + levelName(r.level) + "\n";
    const std::uint64_t rest = unlocatedReports(r);
    if (!r.sites.empty() || rest > 0) out += "call sites:\n";
    for (const auto& s : r.sites) out += "  " + std::to_string(s.count) + "  " + s.text + "\n";
    if (rest > 0) out += "  " + std::to_string(rest) + "  " + unlocatedText(r) + "\n";
    return out;
}

struct Suite {
    std::string xml;
    std::size_t tests = 0, failures = 0, errors = 0;
};

// One JVM's <testsuite>, each line led by `indent`.
Suite suite(const JvmReport& jvm, Level failOn, const std::string& indent) {
    const std::string in1 = indent + "  ", in2 = in1 + "  ";
    const std::string classname = "jvmti." + mainClassOf(jvm);
    Suite s;
    std::string cases;
    const auto testcase = [&](const std::string& name, const std::string& body) {
        ++s.tests;
        cases += in1 + "<testcase" + attr("classname", classname) + attr("name", name) + attr("time", "0");
        cases += body.empty() ? "/>\n" : ">\n" + body + in1 + "</testcase>\n";
    };
    for (const auto& r : jvm.rules) {
        if (failing(r, failOn)) {
            ++s.failures;
            const std::string what = r.rule.empty() ? headline(r, nullptr) : r.rule;
            testcase(r.id, in2 + "<failure" + attr("message", reportsText(r.reported) + ": " + what) +
                               attr("type", levelName(r.level)) + ">" + xmlText(details(r, "")) + "</failure>\n");
        } else {
            const std::string verdict =
                r.ignored ? "passes: ignored (report-ignore=)"
                          : std::string("passes: level ") + levelName(r.level) + " is below the failing level " +
                                levelName(failOn);
            testcase(r.id, in2 + "<system-out>" + xmlText(details(r, verdict)) + "</system-out>\n");
        }
    }
    if (!jvm.finished) {
        ++s.errors;
        const std::string message = "the JVM did not end normally (no end-of-run report)";
        testcase(message, in2 + "<error" + attr("message", message) + attr("type", "unfinished") + ">" +
                              xmlText("JVM " + std::to_string(jvm.pid) + " ended without the layer's end-of-run report: " +
                                  "it crashed, was killed or called _exit; its reports may be incomplete.") +
                              "</error>\n");
    } else if (jvm.rules.empty()) {
        testcase("no JVMTI rule broken", "");
    }

    s.xml = indent + "<testsuite" + attr("name", classname + "." + std::to_string(jvm.pid)) +
            attr("tests", std::to_string(s.tests)) + attr("failures", std::to_string(s.failures)) +
            attr("errors", std::to_string(s.errors)) + attr("skipped", "0");
    if (const auto stamp = antTimestamp(jvm.startTime); !stamp.empty()) s.xml += attr("timestamp", stamp);
    s.xml += attr("hostname", "localhost") + attr("time", "0") + ">\n";
    s.xml += in1 + "<properties>\n";
    const auto property = [&](const char* name, const std::string& value) {
        s.xml += in2 + "<property" + attr("name", name) + attr("value", value) + "/>\n";
    };
    property("pid", std::to_string(jvm.pid));
    property("jvm", jvm.jvm);
    property("agents", joinCommand(jvm.agents));
    property("checkMode", jvm.checkMode);
    property("commandLine", joinCommand(jvm.commandLine));
    s.xml += in1 + "</properties>\n" + cases + indent + "</testsuite>\n";
    return s;
}

const char* const kDeclaration = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";

}  // namespace

std::string writeJunit(const std::vector<JvmReport>& jvms, Level failOn) {
    std::string body;
    std::size_t tests = 0, failures = 0, errors = 0;
    for (const auto& jvm : jvms) {
        const Suite s = suite(jvm, failOn, "  ");
        body += s.xml;
        tests += s.tests;
        failures += s.failures;
        errors += s.errors;
    }
    return kDeclaration + std::string("<testsuites") + attr("name", "jvmti-check") +
           attr("tests", std::to_string(tests)) + attr("failures", std::to_string(failures)) +
           attr("errors", std::to_string(errors)) + attr("time", "0") + ">\n" + body + "</testsuites>\n";
}

std::string writeJunitSuite(const JvmReport& jvm, Level failOn) {
    return kDeclaration + suite(jvm, failOn, "").xml;
}

}  // namespace jvmtireport
