// The HTML report page: the reporter's rules (the data both reports are written from),
// escaping, links, the sorting markup, bars, and the page with nothing to report.
#include <catch2/catch.hpp>

#include <regex>
#include <string>

#include "report/report.hpp"
#include "report/report_html.hpp"

using namespace jvmtilayer;

namespace {

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

std::size_t occurrences(const std::string& text, const std::string& part) {
    std::size_t n = 0;
    for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + part.size())) ++n;
    return n;
}

// Names sites as the layer does, from their addresses: site 0x10 is "lib.so!f<int>()".
std::string namer(const void* site) {
    return site == reinterpret_cast<const void*>(0x10) ? "lib.so!f<int>()" : "lib.so+0x" + std::to_string(
        reinterpret_cast<std::uintptr_t>(site));
}

const void* site(std::uintptr_t a) { return reinterpret_cast<const void*>(a); }

struct Quiet {
    Reporter reporter;
    Quiet() {
        reporter.setLimit(0);  // count only: nothing is written anywhere
        reporter.setSiteNamer(namer);
    }
};

html::Page basicPage() {
    html::Page page;
    page.agents = {"/opt/agents/libmine.so"};
    page.jvm = "OpenJDK 64-Bit Server VM 17";
    page.checkMode = "strict";
    page.textReport = "/tmp/r.html.txt";
    page.docsUrl = "file:///usr/share/doc/jvmtigen/jvmti.html";
    return page;
}

}  // namespace

TEST_CASE("report html: the reporter keeps each id's severity, rule and call sites, most reports first", "[report]") {
    Quiet q;
    for (int i = 0; i < 3; ++i)
        q.reporter.report(Severity::Error, "A.x.null", "A", "x", "refused", "x must not be NULL", site(0x20));
    q.reporter.report(Severity::Error, "A.x.null", "A", "x", "refused", "another text, not kept", site(0x10));
    q.reporter.report(Severity::Error, "A.x.null", "A", "x", "refused", nullptr, nullptr);
    q.reporter.report(Severity::Warning, "B.phase", "B", nullptr, "early", "B in the live phase only", site(0x10));
    const auto rules = q.reporter.rules();
    REQUIRE(rules.size() == 2);
    CHECK(rules[0].id == "A.x.null");
    CHECK(rules[0].severity == Severity::Error);
    CHECK(rules[0].rule == "x must not be NULL");
    // The first report's function and what it said (the SARIF and JUnit messages).
    CHECK(rules[0].function == "A");
    CHECK(rules[0].message == "refused");
    CHECK(rules[0].count == Reporter::Count{5, 0, false});
    REQUIRE(rules[0].sites.size() == 2);
    CHECK(rules[0].sites[0] == std::pair<std::string, std::uint64_t>{"lib.so+0x32", 3});
    CHECK(rules[0].sites[1] == std::pair<std::string, std::uint64_t>{"lib.so!f<int>()", 1});
    CHECK(rules[0].noSite == 1);
    CHECK(rules[1].id == "B.phase");
    CHECK(rules[1].severity == Severity::Warning);
    CHECK(rules[1].message == "early");
    // The summary lines count the same reports.
    CHECK(q.reporter.summaryLines().back() == "jvmtilayer: summary: total: 6 reports of 2 ids, 6 not printed");
}

TEST_CASE("report html: call sites beyond the bound are counted together", "[report]") {
    Quiet q;
    for (std::uintptr_t s = 1; s <= Reporter::kMaxSites + 5; ++s)
        q.reporter.report(Severity::Error, "C.leak", nullptr, nullptr, "", nullptr, site(0x1000 + s));
    const auto rules = q.reporter.rules();
    REQUIRE(rules.size() == 1);
    CHECK(rules[0].sites.size() == Reporter::kMaxSites);
    CHECK(rules[0].otherSites == 5);
}

TEST_CASE("report html: escaping of text and links", "[report]") {
    CHECK(html::escape("a<b>&\"c'") == "a&lt;b&gt;&amp;&quot;c&#39;");
    CHECK(html::escape("line\nbreak\x7f") == "line break ");
    CHECK(html::ruleHref("jvmti.html", "GetFrameCount.count_ptr.null") == "jvmti.html#rule-GetFrameCount.count_ptr.null");
    CHECK(html::ruleHref("x.html", "odd id<\"") == "x.html#rule-odd%20id%3C%22");
    CHECK(html::fileUrl("/usr/share/doc/my docs/jvmti.html") == "file:///usr/share/doc/my%20docs/jvmti.html");
}

TEST_CASE("report html: agent-supplied names cannot inject markup", "[report]") {
    Quiet q;
    q.reporter.report(Severity::Error, "A.x.null", "A", "x", "refused", "<script>alert(1)</script>", site(0x10));
    html::Page page = basicPage();
    page.agents = {"/tmp/<img src=x onerror=alert(1)>.so"};
    page.rules = q.reporter.rules();
    page.leaks = {{"GetClassSignature", "lib.so!operator<<(std::ostream&, X const&)", 2, 0, 2}};
    page.statsCollected = true;
    page.functions = {{"Ext<\"evil\">", 1, 0, 10, 10}};
    const std::string out = html::renderPage(page);
    CHECK(occurrences(out, "<script>") == 1);  // the page's own
    CHECK_FALSE(has(out, "<img"));
    CHECK(has(out, "&lt;script&gt;alert(1)&lt;/script&gt;"));
    CHECK(has(out, "<code>lib.so!f&lt;int&gt;()</code> &times; 1"));
    CHECK(has(out, "lib.so!operator&lt;&lt;(std::ostream&amp;, X const&amp;)"));
    CHECK(has(out, "Ext&lt;&quot;evil&quot;&gt;"));
}

TEST_CASE("report html: rules link to the catalogue, tables carry sorting markup and bars", "[report]") {
    Quiet q;
    for (int i = 0; i < 4; ++i)
        q.reporter.report(Severity::Error, "GetMethodName.method.invalid", "GetMethodName", "method", "refused",
                          "method must be a method ID the VM issued", site(0x10));
    q.reporter.report(Severity::Error, "leak.GetClassSignature", nullptr, nullptr, "1 block", "JVMTI memory must be freed",
                      site(0x30));
    html::Page page = basicPage();
    page.rules = q.reporter.rules();
    page.leaks = {{"GetClassSignature", "lib.so!leak()", 1, 0, 1}, {"Allocate", "", 3, 96, 0}};
    page.statsCollected = true;
    page.functions = {{"GetMethodName", 4, 4, 2000, 800}, {"GetClassSignature", 1, 0, 500, 500}};
    page.events = {{"VMInit", 1, 0, 50000, 50000}};
    const std::string out = html::renderPage(page);
    CHECK(out.rfind("<!DOCTYPE html>", 0) == 0);
    CHECK(has(out, "<a href=\"file:///usr/share/doc/jvmtigen/jvmti.html#rule-GetMethodName.method.invalid\">"
                   "<code>GetMethodName.method.invalid</code></a>"));
    CHECK(has(out, "href=\"file:///usr/share/doc/jvmtigen/jvmti.html#rule-leak.GetClassSignature\""));
    for (const char* id : {"rules", "leaks", "functions", "events"})
        CHECK(has(out, std::string("<table id=\"") + id + "\" class=\"sortable\">"));
    CHECK_FALSE(has(out, "<table id=\"callbacks\""));
    CHECK(has(out, "No heap or agent-thread callback ran."));
    CHECK(has(out, "<th data-type=\"num\">reports</th>"));
    // The largest value of a column fills its bar; the others their share of it.
    CHECK(has(out, "<td class=\"n\" data-v=\"4.000\"><span class=\"bar\" style=\"width:100.0%\"></span>"
                   "<span class=\"v\">4</span></td>"));
    CHECK(has(out, "<td class=\"n\" data-v=\"1.000\"><span class=\"bar\" style=\"width:33.3%\"></span>"
                   "<span class=\"v\">1</span></td>"));
    CHECK(has(out, "<span class=\"v\">96</span>"));
    CHECK(has(out, "<span class=\"v\">unknown (sized by the VM)</span>"));
    // The script sorts on a header's click and on #sort=<table>.<column>[.desc].
    CHECK(has(out, "addEventListener(\"click\""));
    CHECK(has(out, "#sort=([A-Za-z]+)\\.(\\d+)(\\.desc)?$"));
    // Self-contained: nothing is loaded from elsewhere.
    CHECK_FALSE(std::regex_search(out, std::regex(R"(<(link|img|iframe)\b|<script [^>]*src=|@import|url\()")));
    CHECK(has(out, "<dd id=\"total\">5 reports of 2 ids, 5 not printed</dd>"));
}

TEST_CASE("report html: the page with nothing to report", "[report]") {
    html::Page page = basicPage();
    page.statsNote = "check=off hands agents the VM's own environments";
    page.docsUrl = "jvmti.html";
    page.docsNote = "the rule catalogue was not found beside the layer";
    const std::string out = html::renderPage(page);
    CHECK(has(out, "<p id=\"no-rules\">No rule was broken: the layer reported nothing.</p>"));
    CHECK(has(out, "<p id=\"no-leaks\">"));
    CHECK(has(out, "<dd id=\"total\">0 reports of 0 ids</dd>"));
    CHECK(occurrences(out, "Not collected: check=off hands agents the VM&#39;s own environments") == 3);
    CHECK(has(out, "<span class=\"note\" id=\"docs-note\">the rule catalogue was not found beside the layer</span>"));
    CHECK_FALSE(has(out, "<table"));
    CHECK(has(out, "</html>\n"));
}

TEST_CASE("report html: jvmti-check's index of several JVMs, one row each, escaped, failing rows marked", "[report]") {
    html::Index index;
    index.failingSeverities = "warning or error";
    index.rows.push_back({4711, "com.example.<Main>", "OpenJDK 17", {"libagent.so", "libjdwp.so"}, 3, 2, true,
                          "4711-com.example.Main.html", "4711-com.example.Main.html"});
    index.rows.push_back({4712, "Clean", "OpenJDK 17", {"libagent.so"}, 0, 0, true, "4712-Clean.txt", "4712-Clean.txt"});
    index.rows.push_back({4713, "Died", "OpenJDK 17", {}, 0, 0, false, "file:///r/4713-Died.txt", "4713-Died.txt"});
    index.reports = 3;
    index.failing = 2;
    const std::string page = html::renderIndex(index);
    CHECK(page.find("<p id=\"totals\">3 JVMs checked, 3 reports, 2 at severity warning or error.</p>") != std::string::npos);
    CHECK(page.find("com.example.&lt;Main&gt;") != std::string::npos);
    CHECK(page.find("<Main>") == std::string::npos);
    CHECK(page.find("libagent.so<br>libjdwp.so") != std::string::npos);
    CHECK(page.find("<a href=\"4711-com.example.Main.html\">") != std::string::npos);
    // The failing JVM and the one that died are marked; the clean one is not.
    std::size_t marked = 0;
    for (std::size_t at = page.find("<tr class=\"fail\">"); at != std::string::npos; at = page.find("<tr class=\"fail\">", at + 1))
        ++marked;
    CHECK(marked == 2);
    CHECK(page.find("no: the JVM did not end normally") != std::string::npos);
    CHECK(page.find("tr.fail td") != std::string::npos);  // the style that marks them
}
