#include "page.hpp"

#include "report/report_html.hpp"
#include "results.hpp"

namespace conform {

namespace html = jvmtilayer::html;

namespace {

std::string cell(const std::string& text) { return "<td>" + html::escape(text) + "</td>"; }
std::string number(long n) { return "<td class=\"n\" data-v=\"" + std::to_string(n) + "\">" + std::to_string(n) + "</td>"; }

std::string head(const char* id, std::initializer_list<std::pair<const char*, bool>> columns) {
    std::string out = std::string("<table id=\"") + id + "\" class=\"sortable\">\n<thead><tr>";
    for (const auto& [name, numeric] : columns) out += std::string("<th") + (numeric ? " data-type=\"num\"" : "") + ">" + name + "</th>";
    return out + "</tr></thead>\n<tbody>\n";
}

}  // namespace

std::string renderPage(const Results& r, const std::string& docsUrl) {
    const Totals t = totals(r);
    std::string out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>jvmti-conform: " +
                      html::escape(r.vm) + "</title>\n<style>";
    out += html::pageStyle();
    out += "</style>\n</head>\n<body>\n<h1>jvmti-conform</h1>\n<dl class=\"summary\" id=\"vm\"><dt>VM</dt><dd>" +
           html::escape(r.vm) + "</dd><dt>its JVMTI</dt><dd>" + html::escape(r.jvmtiVersion) +
           "</dd><dt>the spec</dt><dd>JVMTI " + html::escape(r.specVersion) + "</dd><dt>places</dt><dd>" +
           html::escape(joined(r.places, ", ")) + "</dd></dl>\n<p id=\"totals\">" + std::to_string(t.cases) + " cases, " +
           std::to_string(t.passes) + " pass, " + std::to_string(t.cases - t.passes) + " deviate (" +
           percent(t.passes, t.cases) + " conform); " + std::to_string(r.skips.size()) + " calls not made.</p>\n";

    out += "<h2>By kind</h2>\n" + head("kinds", {{"kind", false}, {"cases", true}, {"passes", true}, {"deviations", true}});
    for (int k = 0; k < static_cast<int>(Kind::Count); ++k)
        out += "<tr>" + cell(kindName(static_cast<Kind>(k))) + number(t.byKind[k][0]) + number(t.byKind[k][1]) +
               number(t.byKind[k][0] - t.byKind[k][1]) + "</tr>\n";
    out += "</tbody>\n</table>\n";

    out += "<h2>Calls</h2>\n" + head("rows", {{"place", false}, {"function", false}, {"case", false}, {"the spec allows", false},
                                               {"the VM's answer", false}, {"verdict", false}});
    for (const bool pass : {false, true})  // deviations first
        for (const Row& row : r.rows) {
            if (row.pass != pass) continue;
            const std::string href = row.kind == "well_formed" ? docsUrl + "#" + row.function : html::ruleHref(docsUrl, row.rule);
            out += std::string("<tr") + (pass ? "" : " class=\"fail\"") + ">" + cell(row.place) + cell(row.function) +
                   "<td><a href=\"" + html::escape(href) + "\">" +
                   html::escape(row.kind + (row.detail.empty() ? "" : " " + row.detail)) + "</a></td>" +
                   cell(joined(row.allowed, " or ")) + cell(row.actual) + cell(pass ? "pass" : "deviation") + "</tr>\n";
        }
    out += "</tbody>\n</table>\n";

    out += "<h2>Not made</h2>\n" + head("skips", {{"function", false}, {"case", false}, {"why", false}, {"source", false}});
    for (const Skip& s : r.skips) out += "<tr>" + cell(s.function) + cell(s.kind) + cell(s.reason) + cell(s.source) + "</tr>\n";
    out += "</tbody>\n</table>\n<script>";
    out += html::sortScript();
    return out + "</script>\n</body>\n</html>\n";
}

}  // namespace conform
