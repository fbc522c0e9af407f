#include "results.hpp"

#include <algorithm>
#include <cstdio>

#include <nlohmann/json.hpp>

namespace conform {

using nlohmann::json;

json toJson(const Results& r) {
    json rows = json::array();
    for (const Row& row : r.rows)
        rows.push_back({{"place", row.place}, {"function", row.function}, {"kind", row.kind}, {"detail", row.detail},
                        {"allowed", row.allowed}, {"actual", row.actual}, {"pass", row.pass}, {"rule", row.rule}});
    json skips = json::array();
    for (const Skip& s : r.skips)
        skips.push_back({{"function", s.function}, {"kind", s.kind}, {"reason", s.reason}, {"source", s.source}});
    const Totals t = totals(r);
    json byKind = json::object();
    for (int k = 0; k < static_cast<int>(Kind::Count); ++k)
        byKind[kindName(static_cast<Kind>(k))] = {{"cases", t.byKind[k][0]}, {"passes", t.byKind[k][1]}};
    return {{"vm", r.vm}, {"jvmtiVersion", r.jvmtiVersion}, {"specVersion", r.specVersion}, {"places", r.places},
            {"totals", {{"cases", t.cases}, {"passes", t.passes}, {"deviations", t.cases - t.passes}, {"byKind", byKind}}},
            {"rows", rows}, {"skips", skips}};
}

std::optional<std::string> fromJson(const json& j, Results& out) {
    try {
        out = Results{};
        out.vm = j.at("vm").get<std::string>();
        out.jvmtiVersion = j.at("jvmtiVersion").get<std::string>();
        out.specVersion = j.at("specVersion").get<std::string>();
        out.places = j.at("places").get<std::vector<std::string>>();
        for (const auto& row : j.at("rows")) {
            Row r;
            r.place = row.at("place").get<std::string>();
            r.function = row.at("function").get<std::string>();
            r.kind = row.at("kind").get<std::string>();
            r.detail = row.at("detail").get<std::string>();
            r.allowed = row.at("allowed").get<std::vector<std::string>>();
            r.actual = row.at("actual").get<std::string>();
            r.pass = row.at("pass").get<bool>();
            r.rule = row.at("rule").get<std::string>();
            out.rows.push_back(std::move(r));
        }
        for (const auto& s : j.at("skips"))
            out.skips.push_back({s.at("function").get<std::string>(), s.at("kind").get<std::string>(),
                                 s.at("reason").get<std::string>(), s.at("source").get<std::string>()});
    } catch (const json::exception& e) {
        return std::string("not jvmti-conform results: ") + e.what();
    }
    return std::nullopt;
}

std::vector<std::string> deviationLines(const Results& r) {
    std::vector<std::string> lines;
    for (const Row& row : r.rows)
        if (!row.pass) lines.push_back(deviationLine(row));
    std::sort(lines.begin(), lines.end());
    lines.erase(std::unique(lines.begin(), lines.end()), lines.end());
    return lines;
}

std::string percent(long part, long whole) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "%.1f%%", whole == 0 ? 100.0 : 100.0 * static_cast<double>(part) / static_cast<double>(whole));
    return buf;
}

std::string joined(const std::vector<std::string>& parts, const char* sep) {
    std::string out;
    for (const auto& p : parts) out += (out.empty() ? "" : sep) + p;
    return out;
}

std::string renderText(const Results& r, bool all) {
    const Totals t = totals(r);
    std::string out = "jvmti-conform: " + r.vm + " (JVMTI " + r.jvmtiVersion + ") against the spec of JVMTI " +
                      r.specVersion + "; places: " + joined(r.places, ", ") + "\n";
    out += "  kind            cases   passes  deviations\n";
    for (int k = 0; k < static_cast<int>(Kind::Count); ++k) {
        char line[128];
        std::snprintf(line, sizeof line, "  %-14s %6ld   %6ld  %6ld\n", kindName(static_cast<Kind>(k)), t.byKind[k][0],
                      t.byKind[k][1], t.byKind[k][0] - t.byKind[k][1]);
        out += line;
    }
    char total[160];
    std::snprintf(total, sizeof total, "  %-14s %6ld   %6ld  %6ld  (%s conform; %zu calls not made)\n", "total", t.cases,
                  t.passes, t.cases - t.passes, percent(t.passes, t.cases).c_str(), r.skips.size());
    out += total;
    const auto lines = deviationLines(r);
    out += lines.empty() ? "no deviations\n" : "deviations:\n";
    for (const auto& l : lines) out += "  " + l + "\n";
    if (all) {
        out += "passes:\n";
        for (const Row& row : r.rows)
            if (row.pass) out += "  " + row.place + " " + row.function + " " + row.kind + (row.detail.empty() ? "" : " " + row.detail) + ": " + row.actual + "\n";
    }
    out += "not made:\n";
    for (const Skip& s : r.skips) out += "  " + s.function + " " + s.kind + ": " + s.reason + " (" + s.source + ")\n";
    return out;
}

}  // namespace conform
