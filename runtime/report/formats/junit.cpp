// JUnit XML from the JVMs of one run (jvm_report.hpp: writeJunit, writeJunitSuite): a test
// suite per JVM, a test case per rule id. The layout is the one Ant's <junit> writes and its
// <junitreport>, Jenkins and GitLab read.
#include <regex>

#include "report/formats/jvm_report.hpp"
#include "report/formats/report_text.hpp"

namespace jvmtireport {

namespace {

using namespace detail;

// The next code point of `s` at `i` (advancing `i`), or U+FFFD for a byte that starts no
// well-formed UTF-8 sequence (then `i` moves on by one byte).
char32_t nextCodePoint(const std::string& s, std::size_t& i) {
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
    const unsigned char lead = byte(i);
    if (lead < 0x80) {
        ++i;
        return lead;
    }
    const std::size_t extra = (lead >> 5) == 6 ? 1 : (lead >> 4) == 14 ? 2 : (lead >> 3) == 30 ? 3 : 0;
    if (extra == 0 || i + extra >= s.size()) {
        ++i;
        return 0xFFFD;
    }
    char32_t cp = lead & (0x3F >> extra);
    for (std::size_t k = 1; k <= extra; ++k) {
        if ((byte(i + k) & 0xC0) != 0x80) {
            ++i;
            return 0xFFFD;
        }
        cp = (cp << 6) | (byte(i + k) & 0x3F);
    }
    static const char32_t smallest[] = {0, 0x80, 0x800, 0x10000};
    if (cp < smallest[extra] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
        ++i;
        return 0xFFFD;
    }
    i += extra + 1;
    return cp;
}

void appendUtf8(std::string& out, char32_t cp) {
    if (cp < 0x80) {
        out += static_cast<char>(cp);
    } else if (cp < 0x800) {
        out += static_cast<char>(0xC0 | (cp >> 6));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += static_cast<char>(0xE0 | (cp >> 12));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (cp >> 18));
        out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    }
}

// `s` as XML 1.0 character data, or as an attribute value (quotes and white space as
// references, so a parser gives back the same text). Characters XML 1.0 does not allow are
// left out; bytes that are not UTF-8 become U+FFFD.
std::string xml(const std::string& s, bool attribute = false) {
    std::string out;
    out.reserve(s.size());
    for (std::size_t i = 0; i < s.size();) {
        const char32_t c = nextCodePoint(s, i);
        const bool allowed = c == 0x9 || c == 0xA || c == 0xD || (c >= 0x20 && c <= 0xD7FF) ||
                             (c >= 0xE000 && c <= 0xFFFD) || c >= 0x10000;
        if (!allowed) continue;
        switch (c) {
        case '&': out += "&amp;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '\r': out += "&#13;"; break;
        case '"': out += attribute ? "&quot;" : "\""; break;
        case '\'': out += attribute ? "&apos;" : "'"; break;
        case '\t': out += attribute ? "&#9;" : "\t"; break;
        case '\n': out += attribute ? "&#10;" : "\n"; break;
        default: appendUtf8(out, c);
        }
    }
    return out;
}

std::string attr(const char* name, const std::string& value) {
    return std::string(" ") + name + "=\"" + xml(value, true) + "\"";
}

// "2026-11-25T20:30:00Z" as Ant's timestamp: no zone, no fractions ("2026-11-25T20:30:00").
std::string antTimestamp(const std::string& utc) {
    static const std::regex form(R"(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}.*)");
    return std::regex_match(utc, form) ? utc.substr(0, 19) : "";
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
                               attr("type", levelName(r.level)) + ">" + xml(details(r, "")) + "</failure>\n");
        } else {
            const std::string verdict =
                r.ignored ? "passes: ignored (report-ignore=)"
                          : std::string("passes: level ") + levelName(r.level) + " is below the failing level " +
                                levelName(failOn);
            testcase(r.id, in2 + "<system-out>" + xml(details(r, verdict)) + "</system-out>\n");
        }
    }
    if (!jvm.finished) {
        ++s.errors;
        const std::string message = "the JVM did not end normally (no end-of-run report)";
        testcase(message, in2 + "<error" + attr("message", message) + attr("type", "unfinished") + ">" +
                              xml("JVM " + std::to_string(jvm.pid) + " ended without the layer's end-of-run report: " +
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
