// The summary and the HTML page of a sweep (the SARIF and JUnit writers are in sweep_sarif.cpp).
#include "sweep/report.hpp"

#include "report/formats/text_encoding.hpp"

#include <cstdio>
#include <sstream>

#include "java_words.hpp"

namespace jvmticheck {

namespace {

std::string seconds(double s) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f s", s);
    return text;
}

std::string commandText(const std::vector<std::string>& words) {
    std::string out;
    for (const auto& w : words) out += (out.empty() ? "" : " ") + shellQuote(w);
    return out;
}

}  // namespace

std::string xmlEscape(const std::string& text) { return jvmtireport::xmlText(text); }

std::string sweepSummary(const SweepResult& r) {
    std::ostringstream out;
    out << "jvmti-check: inject sweep: " << r.runs.size() << " run" << (r.runs.size() == 1 ? "" : "s");
    if (r.shardN > 1) out << " (shard " << r.shardK << "/" << r.shardN << " of " << r.plannedRuns << ")";
    else if (r.plannedRuns < r.possibleRuns) out << " (--max-runs: " << r.plannedRuns << " of " << r.possibleRuns << ")";
    out << " at " << r.sites.size() << " call site" << (r.sites.size() == 1 ? "" : "s") << ", -j " << r.jobs << ", "
        << seconds(r.wallSeconds) << "; the learning run: " << seconds(r.learningSeconds) << ", exit status "
        << statusText(r.baseline.status) << "\n";
    for (const auto& [o, n] : outcomeCounts(r)) {
        char line[64];
        std::snprintf(line, sizeof line, "  %-20s %6zu\n", outcomeName(o), n);
        out << line;
    }
    const std::size_t bad = badRuns(r);
    if (bad == 0) {
        out << "jvmti-check: no bad outcome: every injected error was handled\n";
        return out.str();
    }
    out << "jvmti-check: " << bad << " bad outcome" << (bad == 1 ? "" : "s") << ":\n";
    for (const auto& x : r.runs) {
        if (!isBad(x.outcome)) continue;
        out << "  " << x.run.site.where << "  " << x.run.errorName << "  " << outcomeName(x.outcome) << "\n";
        if (!x.details.empty()) out << "      " << x.details.front() << "\n";
        for (const auto& s : x.surfaced) out << "      " << s.what << ": " << s.where << "\n";
        out << "      replay: " << x.replay << "\n";
        out << "      directory: " << x.dir << "\n";
    }
    return out.str();
}

std::string sweepHtml(const SweepResult& r) {
    std::ostringstream out;
    out << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        << "<title>jvmti-check --inject-sweep</title>\n"
        << "<style>body{font-family:sans-serif}table{border-collapse:collapse}td,th{border:1px solid #999;"
           "padding:2px 6px;text-align:left;vertical-align:top}tr.bad{background:#fdd}code{white-space:pre-wrap}</style>\n"
        << "</head>\n<body>\n<h1>Fault injection sweep</h1>\n";
    out << "<p>Command: <code>" << xmlEscape(commandText(r.command)) << "</code><br>\nSettings: <code>"
        << xmlEscape(commandText(r.settings)) << "</code><br>\n"
        << r.runs.size() << " runs at " << r.sites.size() << " call sites";
    if (r.shardN > 1) out << " (shard " << r.shardK << "/" << r.shardN << ")";
    out << "; -j " << r.jobs << ", " << xmlEscape(seconds(r.wallSeconds)) << "; the learning run's exit status "
        << xmlEscape(statusText(r.baseline.status)) << ".</p>\n";
    out << "<table>\n<tr><th>outcome</th><th>runs</th></tr>\n";
    for (const auto& [o, n] : outcomeCounts(r))
        out << "<tr><td>" << outcomeName(o) << "</td><td>" << n << "</td></tr>\n";
    out << "</table>\n<h2>Runs</h2>\n<table>\n"
        << "<tr><th>#</th><th>call site</th><th>function</th><th>error</th><th>outcome</th><th>status</th>"
           "<th>details</th><th>replay</th></tr>\n";
    for (const auto& x : r.runs) {
        std::string details;
        for (const auto& d : x.details) details += xmlEscape(d) + "<br>";
        for (const auto& s : x.surfaced) details += xmlEscape(s.what + ": " + s.where) + "<br>";
        out << "<tr" << (isBad(x.outcome) ? " class=\"bad\"" : "") << "><td>" << x.run.index << "</td><td>"
            << xmlEscape(x.run.site.where) << "<br><code>" << xmlEscape(x.run.site.site) << "</code></td><td>"
            << xmlEscape(x.run.site.function) << "</td><td>" << xmlEscape(x.run.errorName) << "</td><td>"
            << outcomeName(x.outcome) << "</td><td>" << xmlEscape(statusText(x.status)) << "</td><td>" << details
            << "</td><td><code>" << xmlEscape(x.replay) << "</code></td></tr>\n";
    }
    out << "</table>\n</body>\n</html>\n";
    return out.str();
}

}  // namespace jvmticheck
