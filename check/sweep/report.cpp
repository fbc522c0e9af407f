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

std::string findingTitle(const Finding& f) {
    return f.site.where + "  " + f.site.function + "  " + outcomeName(f.outcome) +
           (f.consequence.empty() || f.consequence == outcomeName(f.outcome) ? std::string() : ": " + f.consequence);
}

std::string errorList(const Finding& f) {
    std::string out;
    for (const auto* x : f.runs) out += (out.empty() ? "" : ", ") + shortErrorName(x->run.errorName);
    return out;
}

std::string sweepSummary(const SweepResult& r) {
    std::ostringstream out;
    out << "jvmti-check: inject sweep: " << r.runs.size() << " run" << (r.runs.size() == 1 ? "" : "s");
    if (r.shardN > 1) out << " (shard " << r.shardK << "/" << r.shardN << " of " << r.plannedRuns << ")";
    else if (r.plannedRuns < r.possibleRuns) out << " (--max-runs: " << r.plannedRuns << " of " << r.possibleRuns << ")";
    out << " at " << r.sites.size() << " call site" << (r.sites.size() == 1 ? "" : "s");
    if (r.jvmStarts > 0) out << ", " << r.jvmStarts << " command run" << (r.jvmStarts == 1 ? "" : "s") << (r.chained ? " (faults chained)" : "");
    out << ", -j " << r.jobs << ", " << seconds(r.wallSeconds) << "; the learning run";
    if (r.learningRuns > 1) out << " (first of " << r.learningRuns << ", their call sites joined)";
    out << ": " << seconds(r.learningSeconds)
        << ", exit status " << statusText(r.baseline.status) << "\n";
    for (const auto& [o, n] : outcomeCounts(r)) {
        char line[64];
        std::snprintf(line, sizeof line, "  %-20s %6zu\n", outcomeName(o), n);
        out << line;
    }
    const auto found = findings(r);
    const std::size_t bad = badRuns(r), errors = errorRuns(r);
    std::size_t badFindings = 0, notes = 0;
    for (const auto& f : found) (f.level == RunLevel::Note ? notes : badFindings) += 1;
    if (bad == 0) {
        out << "jvmti-check: no bad outcome: every injected error was handled";
        if (notes > 0) out << " (" << notes << " call site" << (notes == 1 ? "" : "s") << " where the agent declined to start: notes below)";
        out << "\n";
    } else {
        out << "jvmti-check: " << bad << " bad outcome" << (bad == 1 ? "" : "s") << " (" << errors << " at error level, --fail-on "
            << sweepFailOnText(r.failOn) << ") in " << badFindings << " finding" << (badFindings == 1 ? "" : "s")
            << ", one per call site and consequence:\n";
    }
    bool notesSaid = bad == 0;
    for (const RunLevel level : {RunLevel::Error, RunLevel::Warning, RunLevel::Note})
        for (const auto& f : found) {
            if (f.level != level) continue;
            if (level == RunLevel::Note && !notesSaid) {
                out << "jvmti-check: where the agent declined to start (handled):\n";
                notesSaid = true;
            }
            out << "  " << levelName(level) << ": " << findingTitle(f) << "\n";
            const SweepRunResult& first = *f.runs.front();
            if (!first.details.empty()) out << "      " << first.details.front() << "\n";
            for (const auto& s : first.surfaced) out << "      " << s.what << ": " << s.where << "\n";
            out << "      errors: " << errorList(f) << "\n";
            for (const auto* x : f.runs) {
                out << "      " << shortErrorName(x->run.errorName) << ": replay: " << x->replay << "\n";
                out << "          directory: " << x->dir << "\n";
            }
        }
    return out.str();
}

std::string sweepHtml(const SweepResult& r) {
    std::ostringstream out;
    out << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        << "<title>jvmti-check --inject-sweep</title>\n"
        << "<style>body{font-family:sans-serif}table{border-collapse:collapse}td,th{border:1px solid #999;"
           "padding:2px 6px;text-align:left;vertical-align:top}tr.bad,tr.error{background:#fdd}tr.warning{background:#ffd}tr.note{background:#eef}code{white-space:pre-wrap}</style>\n"
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
    out << "</table>\n<h2>Findings</h2>\n<p>One per call site and consequence, with the errors that lead to it; "
           "--fail-on " << xmlEscape(sweepFailOnText(r.failOn)) << ".</p>\n<table>\n"
        << "<tr><th>level</th><th>call site</th><th>function</th><th>outcome</th><th>consequence</th><th>errors and replay</th></tr>\n";
    for (const auto& f : findings(r)) {
        std::string errors;
        for (const auto* x : f.runs)
            errors += "<b>" + xmlEscape(shortErrorName(x->run.errorName)) + "</b> (run " + std::to_string(x->run.index) +
                      "): <code>" + xmlEscape(x->replay) + "</code><br>";
        out << "<tr class=\"" << levelName(f.level) << "\"><td>" << levelName(f.level) << "</td><td>" << xmlEscape(f.site.where)
            << "<br><code>" << xmlEscape(f.site.site) << "</code></td><td>" << xmlEscape(f.site.function) << "</td><td>"
            << outcomeName(f.outcome) << "</td><td>" << xmlEscape(f.consequence) << "</td><td>" << errors << "</td></tr>\n";
    }
    out << "</table>\n<h2>Runs</h2>\n<table>\n"
        << "<tr><th>#</th><th>call site</th><th>function</th><th>error</th><th>outcome</th><th>level</th><th>status</th>"
           "<th>details</th><th>replay</th></tr>\n";
    for (const auto& x : r.runs) {
        std::string details;
        for (const auto& d : x.details) details += xmlEscape(d) + "<br>";
        for (const auto& s : x.surfaced) details += xmlEscape(s.what + ": " + s.where) + "<br>";
        const RunLevel level = levelOf(x.outcome, r.failOn);
        out << "<tr" << (level != RunLevel::None ? std::string(" class=\"") + levelName(level) + "\"" : std::string()) << "><td>" << x.run.index << "</td><td>"
            << xmlEscape(x.run.site.where) << "<br><code>" << xmlEscape(x.run.site.site) << "</code></td><td>"
            << xmlEscape(x.run.site.function) << "</td><td>" << xmlEscape(x.run.errorName) << "</td><td>"
            << outcomeName(x.outcome) << "</td><td>" << levelName(levelOf(x.outcome, r.failOn)) << "</td><td>"
            << xmlEscape(statusText(x.status)) << "</td><td>" << details
            << "</td><td><code>" << xmlEscape(x.replay) << "</code></td></tr>\n";
    }
    out << "</table>\n</body>\n</html>\n";
    return out.str();
}

}  // namespace jvmticheck
