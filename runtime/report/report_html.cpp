// The HTML report page: summary, rules broken, leaks by call site, statistics (see
// report_html.hpp).
#include "report/report_html.hpp"

#include "report/formats/report_files_io.hpp"
#include "report/formats/text_encoding.hpp"

#include <algorithm>
#include <cstdio>
#include <functional>

namespace jvmtilayer::html {

namespace {

constexpr const char* kStyle = R"(
body { font: 14px/1.4 system-ui, sans-serif; margin: 1.5em; color: #222; }
h1 { font-size: 1.4em; } h2 { font-size: 1.15em; margin-top: 1.6em; }
table { border-collapse: collapse; margin: .5em 0; }
th, td { border: 1px solid #ccc; padding: .2em .5em; text-align: left; vertical-align: top; }
th { background: #eee; cursor: pointer; user-select: none; white-space: nowrap; }
th[aria-sort="ascending"]::after { content: " \25B2"; } th[aria-sort="descending"]::after { content: " \25BC"; }
td.n { position: relative; text-align: right; min-width: 6em; white-space: nowrap; }
td.n .bar { position: absolute; left: 0; top: 15%; height: 70%; background: #c9daf0; }
td.n .v { position: relative; }
td.sev-error { color: #a00; } td.sev-warning { color: #a60; } td.sev-advice { color: #05a; } tr.fail td { background: #fdecea; }
ul.sites { margin: 0; padding-left: 1.2em; } code { font-size: .95em; }
.note { color: #555; font-style: italic; }
dl.summary { display: grid; grid-template-columns: max-content auto; gap: .2em 1em; }
dl.summary dt { font-weight: bold; } dl.summary dd { margin: 0; }
)";

// Clicking a header sorts its table by that column (again: the other way round); the page
// opened with #sort=<table>.<column>[.desc] starts sorted so.
constexpr const char* kScript = R"(
(function () {
  function key(row, col, num) {
    var cell = row.cells[col];
    return num ? parseFloat(cell.getAttribute("data-v")) : cell.textContent.toLowerCase();
  }
  function sortTable(table, col, desc) {
    var head = table.tHead.rows[0].cells, body = table.tBodies[0];
    if (!head[col]) return;
    var num = head[col].getAttribute("data-type") === "num";
    var rows = Array.prototype.slice.call(body.rows);
    rows.sort(function (a, b) {
      var x = key(a, col, num), y = key(b, col, num);
      return (x < y ? -1 : x > y ? 1 : 0) * (desc ? -1 : 1);
    });
    rows.forEach(function (r) { body.appendChild(r); });
    for (var i = 0; i < head.length; i++) head[i].removeAttribute("aria-sort");
    head[col].setAttribute("aria-sort", desc ? "descending" : "ascending");
    table.setAttribute("data-sorted", col + (desc ? ".desc" : ".asc"));
  }
  document.querySelectorAll("table.sortable").forEach(function (table) {
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th, col) {
      th.addEventListener("click", function () {
        sortTable(table, col, table.getAttribute("data-sorted") === col + ".asc");
      });
    });
  });
  var m = /^#sort=([A-Za-z]+)\.(\d+)(\.desc)?$/.exec(location.hash);
  if (m) {
    var t = document.getElementById(m[1]);
    if (t && t.classList.contains("sortable")) sortTable(t, parseInt(m[2], 10), !!m[3]);
  }
})();
)";

std::string number(std::uint64_t n) { return std::to_string(n); }

std::string fixed(double value, int decimals) {
    char text[64];
    std::snprintf(text, sizeof text, "%.*f", decimals, value);
    return text;
}

// A column of a table: its header, whether it is numeric, and its cell in a row.
template <typename Row>
struct Column {
    std::string header;
    bool numeric = false;
    std::function<double(const Row&)> value;        // numeric: for the bar and data-v
    std::function<std::string(const Row&)> html;    // the cell's contents (already HTML)
};

template <typename Row>
std::string table(const std::string& id, const std::vector<Column<Row>>& columns, const std::vector<Row>& rows) {
    std::vector<double> largest(columns.size(), 0);
    for (const Row& row : rows)
        for (std::size_t c = 0; c < columns.size(); ++c)
            if (columns[c].numeric) largest[c] = std::max(largest[c], columns[c].value(row));
    std::string out = "<table id=\"" + id + "\" class=\"sortable\">\n<thead><tr>";
    for (const auto& column : columns)
        out += std::string("<th") + (column.numeric ? " data-type=\"num\"" : "") + ">" + escape(column.header) + "</th>";
    out += "</tr></thead>\n<tbody>\n";
    for (const Row& row : rows) {
        out += "<tr>";
        for (std::size_t c = 0; c < columns.size(); ++c) {
            const auto& column = columns[c];
            if (!column.numeric) {
                out += "<td>" + column.html(row) + "</td>";
                continue;
            }
            const double v = column.value(row);
            const double share = largest[c] > 0 ? 100.0 * v / largest[c] : 0.0;
            out += "<td class=\"n\" data-v=\"" + fixed(v, 3) + "\"><span class=\"bar\" style=\"width:" + fixed(share, 1) +
                   "%\"></span><span class=\"v\">" + column.html(row) + "</span></td>";
        }
        out += "</tr>\n";
    }
    return out + "</tbody>\n</table>\n";
}

std::string code(std::string_view text) { return "<code>" + escape(text) + "</code>"; }

double micros(std::uint64_t ns) { return double(ns) / 1000.0; }

std::string rulesPart(const Page& page) {
    std::string out = "<h2 id=\"rules-broken\">Rules broken</h2>\n";
    if (page.rules.empty()) return out + "<p id=\"no-rules\">No rule was broken: the layer reported nothing.</p>\n";
    using R = Reporter::Rule;
    std::vector<Column<R>> columns = {
        {"rule id", false, nullptr,
         [&](const R& r) {
             return "<a href=\"" + escape(ruleHref(page.docsUrl, r.id)) + "\">" + code(r.id) + "</a>";
         }},
        {"severity", false, nullptr, [](const R& r) { return escape(severityName(r.severity)); }},
        {"reports", true, [](const R& r) { return double(r.count.reported); },
         [](const R& r) { return number(r.count.reported); }},
        {"printed", true, [](const R& r) { return double(r.count.printed); },
         [](const R& r) { return number(r.count.printed) + (r.count.ignored ? " (ignored)" : ""); }},
        {"rule", false, nullptr, [](const R& r) { return escape(r.rule); }},
        {"call sites", false, nullptr,
         [](const R& r) {
             if (r.sites.empty() && r.otherSites == 0) return std::string("<span class=\"note\">none</span>");
             std::string list = "<ul class=\"sites\">";
             for (const auto& [site, n] : r.sites) list += "<li>" + code(site) + " &times; " + number(n) + "</li>";
             if (r.otherSites) list += "<li>other sites &times; " + number(r.otherSites) + "</li>";
             if (r.noSite) list += "<li>no call site &times; " + number(r.noSite) + "</li>";
             return list + "</ul>";
         }},
    };
    return out + table("rules", columns, page.rules);
}

std::string leaksPart(const Page& page) {
    std::string out = "<h2 id=\"leaks-by-site\">Leaks by call site</h2>\n";
    if (page.leaks.empty()) return out + "<p id=\"no-leaks\">No JVMTI memory was left undeallocated.</p>\n";
    std::vector<Column<LeakRow>> columns = {
        {"function", false, nullptr,
         [&](const LeakRow& l) {
             return "<a href=\"" + escape(ruleHref(page.docsUrl, "leak." + l.function)) + "\">" + code(l.function) + "</a>";
         }},
        {"call site", false, nullptr,
         [](const LeakRow& l) { return l.site.empty() ? std::string("<span class=\"note\">unknown</span>") : code(l.site); }},
        {"blocks", true, [](const LeakRow& l) { return double(l.blocks); }, [](const LeakRow& l) { return number(l.blocks); }},
        {"bytes", true, [](const LeakRow& l) { return double(l.bytes); },
         [](const LeakRow& l) {
             if (l.unknownSize == l.blocks) return std::string("unknown (sized by the VM)");
             std::string text = number(l.bytes);
             if (l.unknownSize) text += " + " + number(l.unknownSize) + " blocks sized by the VM";
             return text;
         }},
    };
    return out + table("leaks", columns, page.leaks);
}

std::string statsTable(const std::string& id, const std::vector<StatRow>& rows, bool functions) {
    std::vector<Column<StatRow>> columns = {
        {functions ? "function" : "name", false, nullptr, [](const StatRow& s) { return code(s.name); }},
        {functions ? "calls" : "count", true, [](const StatRow& s) { return double(s.count); },
         [](const StatRow& s) { return number(s.count); }}};
    if (functions)
        columns.push_back({"errors", true, [](const StatRow& s) { return double(s.errors); },
                           [](const StatRow& s) { return number(s.errors); }});
    columns.push_back({"total µs", true, [](const StatRow& s) { return micros(s.totalNs); },
                       [](const StatRow& s) { return fixed(micros(s.totalNs), 3); }});
    columns.push_back({"mean ns", true,
                       [](const StatRow& s) { return s.count ? double(s.totalNs) / double(s.count) : 0.0; },
                       [](const StatRow& s) { return fixed(s.count ? double(s.totalNs) / double(s.count) : 0.0, 1); }});
    columns.push_back({"max µs", true, [](const StatRow& s) { return micros(s.maxNs); },
                       [](const StatRow& s) { return fixed(micros(s.maxNs), 3); }});
    return table(id, columns, rows);
}

std::string statsPart(const Page& page) {
    std::string out;
    const struct {
        const char* id;
        const char* title;
        const std::vector<StatRow>* rows;
        const char* empty;
    } parts[] = {
        {"functions", "Functions", &page.functions, "No JVMTI function was called."},
        {"events", "Events", &page.events, "No event was sent to an agent."},
        {"callbacks", "Callbacks", &page.callbacks, "No heap or agent-thread callback ran."},
    };
    for (const auto& part : parts) {
        out += "<h2 id=\"stats-" + std::string(part.id) + "\">" + part.title + "</h2>\n";
        if (!page.statsCollected)
            out += "<p class=\"note\">Not collected: " + escape(page.statsNote) + "</p>\n";
        else if (part.rows->empty())
            out += "<p class=\"note\">" + std::string(part.empty) + "</p>\n";
        else
            out += statsTable(part.id, *part.rows, part.rows == &page.functions);
    }
    return out;
}

std::string summaryPart(const Page& page) {
    std::uint64_t reports = 0, notPrinted = 0, ignored = 0;
    for (const auto& r : page.rules) {
        reports += r.count.reported;
        if (r.count.ignored) ignored += r.count.reported;
        else notPrinted += r.count.reported - r.count.printed;
    }
    std::uint64_t blocks = 0;
    for (const auto& l : page.leaks) blocks += l.blocks;
    std::string out = "<dl class=\"summary\" id=\"summary\">\n<dt>agents</dt><dd>";
    if (page.agents.empty()) out += "<span class=\"note\">none</span>";
    for (std::size_t i = 0; i < page.agents.size(); ++i) out += (i ? "<br>" : "") + code(page.agents[i]);
    out += "</dd>\n<dt>JVM</dt><dd>" + (page.jvm.empty() ? std::string("<span class=\"note\">unknown</span>") : escape(page.jvm)) +
           "</dd>\n<dt>check</dt><dd>" + escape(page.checkMode) + "</dd>\n<dt>reports</dt><dd id=\"total\">" + number(reports) +
           " report" + (reports == 1 ? "" : "s") + " of " + number(page.rules.size()) + " id" +
           (page.rules.size() == 1 ? "" : "s");
    if (notPrinted) out += ", " + number(notPrinted) + " not printed";
    if (ignored) out += ", " + number(ignored) + " ignored";
    out += "</dd>\n<dt>leaks</dt><dd>" + number(blocks) + " block" + (blocks == 1 ? "" : "s") + " at " +
           number(page.leaks.size()) + " call site" + (page.leaks.size() == 1 ? "" : "s") + "</dd>\n";
    out += "<dt>text report</dt><dd>" + code(page.textReport) + "</dd>\n";
    out += "<dt>rule catalogue</dt><dd><a id=\"catalogue\" href=\"" + escape(page.docsUrl) + "\">" + escape(page.docsUrl) + "</a>";
    if (!page.docsNote.empty()) out += " <span class=\"note\" id=\"docs-note\">" + escape(page.docsNote) + "</span>";
    return out + "</dd>\n</dl>\n";
}

}  // namespace

std::string_view pageStyle() { return kStyle; }
std::string_view sortScript() { return kScript; }

std::string escape(std::string_view text) {
    // Valid UTF-8 first (an odd byte from a class or thread name becomes U+FFFD), then HTML's own.
    const std::string valid = jvmtireport::validUtf8(text);
    std::string out;
    out.reserve(valid.size());
    for (char c : valid) {
        switch (c) {
        case '&': out += "&amp;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '"': out += "&quot;"; break;
        case '\'': out += "&#39;"; break;
        default: {
            const auto u = static_cast<unsigned char>(c);
            out += (u < 0x20 || u == 0x7f) ? ' ' : c;
        }
        }
    }
    return out;
}

std::string ruleHref(std::string_view docsUrl, std::string_view id) {
    return std::string(docsUrl) + "#rule-" + jvmtireport::percentEncode(id, "*");
}

std::string fileUrl(std::string_view absolutePath) { return jvmtireport::fileUri(absolutePath); }

std::string renderIndex(const Index& index) {
    std::string out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>jvmti-check: " +
                      std::to_string(index.rows.size()) + " JVMs</title>\n<style>";
    out += kStyle;
    out += "</style>\n</head>\n<body>\n<h1>jvmti-check</h1>\n<p id=\"totals\">" + std::to_string(index.rows.size()) +
           " JVMs checked, " + std::to_string(index.reports) + " reports, " + std::to_string(index.failing) +
           " at severity " + escape(index.failingSeverities) +
           ".</p>\n<table id=\"jvms\">\n<tr><th>pid</th><th>main class</th><th>JVM</th><th>agents</th><th>reports</th>"
           "<th>failing</th><th>ended</th><th>report</th></tr>\n";
    for (const auto& r : index.rows) {
        std::string agents;
        for (const auto& a : r.agents) agents += (agents.empty() ? "" : "<br>") + escape(a);
        out += std::string("<tr") + (r.failing > 0 || !r.finished ? " class=\"fail\"" : "") + "><td class=\"n\">" +
               std::to_string(r.pid) + "</td><td>" + escape(r.mainClass) + "</td><td>" + escape(r.jvm) + "</td><td>" +
               agents + "</td><td class=\"n\">" + std::to_string(r.reports) + "</td><td class=\"n\">" +
               std::to_string(r.failing) + "</td><td>" + (r.finished ? "yes" : "no: the JVM did not end normally") +
               "</td><td><a href=\"" + escape(r.href) + "\">" + escape(r.linkText) + "</a></td></tr>\n";
    }
    return out + "</table>\n</body>\n</html>\n";
}

std::string renderPage(const Page& page) {
    std::string out =
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        "<title>jvmtilayer report</title>\n<style>";
    out += kStyle;
    out += "</style>\n</head>\n<body>\n<h1>jvmtilayer report</h1>\n";
    out += summaryPart(page);
    out += rulesPart(page);
    out += leaksPart(page);
    out += statsPart(page);
    out += "<script>";
    out += kScript;
    out += "</script>\n</body>\n</html>\n";
    return out;
}

}  // namespace jvmtilayer::html
