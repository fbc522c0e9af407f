// The HTML report (report-format=html): one self-contained page, written at exit from the
// same data the text report is written from -- the reporter's rules() (the ids, their counts
// and call sites, which also make the summary lines), the leak groups (which also make the
// leak lines) and the statistics snapshot (which stats= also writes).
//
// The page has inline CSS and one small inline script and loads nothing. Its parts:
//   - a summary: agents, JVM, check mode, where the text lines went, totals;
//   - "Rules broken" (table#rules): id (a link to the rule catalogue entry URL#rule-<id>),
//     severity, count, printed, the rule in words, call sites with their counts;
//   - "Leaks by call site" (table#leaks): function (a link to the catalogue entry leak.<function>),
//     call site, blocks, bytes where known;
//   - "Functions", "Events", "Callbacks" (table#functions, #events, #callbacks): calls or
//     events, errors, total, mean and maximum time.
// Every table is sortable by clicking a header; numeric cells carry their value in data-v and
// a bar whose width is the value's share of the column's largest. Opening the page with
// #sort=<table>.<column>[.desc] (column from 0) sorts that table on load; a sorted table says
// how in its data-sorted attribute ("<column>.asc" or "<column>.desc").
//
// All text is escaped: agent libraries name their own functions, and the page must stay a page
// whatever they are called.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "report/report.hpp"

namespace jvmtilayer::html {

struct LeakRow {
    std::string function;     // the JVMTI function that returned the blocks
    std::string site;         // the agent's call site, named; empty when unknown
    std::uint64_t blocks = 0;
    std::uint64_t bytes = 0;        // of the blocks whose size is known
    std::uint64_t unknownSize = 0;  // blocks whose size the VM chose
};

// One row of the statistics: a function (count = calls), an event or a callback.
struct StatRow {
    std::string name;
    std::uint64_t count = 0;
    std::uint64_t errors = 0;  // functions only
    std::uint64_t totalNs = 0;
    std::uint64_t maxNs = 0;
};

struct Page {
    std::vector<std::string> agents;   // paths, in load order
    std::string jvm;                   // "OpenJDK 64-Bit Server VM 17.0.9+9", or empty
    std::string checkMode;             // spec, strict, off
    std::string textReport;            // where the text lines went
    std::vector<Reporter::Rule> rules;
    std::vector<LeakRow> leaks;
    bool statsCollected = false;       // false: the statistics tables say why not
    std::string statsNote;             // why not, when not collected
    std::vector<StatRow> functions, events, callbacks;
    std::string docsUrl;               // the rule catalogue page (links are docsUrl#rule-<id>)
    std::string docsNote;              // said on the page when the catalogue was not found
};

// The whole page.
std::string renderPage(const Page& page);

// jvmti-check's index of the JVMs of one run (--html with several JVMs): one row each, linking
// its page (or its text report).
struct IndexRow {
    int pid = 0;
    std::string mainClass, jvm;
    std::vector<std::string> agents;  // file names
    std::uint64_t reports = 0, failing = 0;
    bool finished = true;
    std::string href, linkText;       // the JVM's page or text report
};
struct Index {
    std::vector<IndexRow> rows;
    std::uint64_t reports = 0, failing = 0;
    std::string failingSeverities;  // "error", "warning or error"
};
std::string renderIndex(const Index& index);

// The pages' inline stylesheet and their script that sorts every table.sortable by a clicked
// header (th data-type="num" sorts by the cells' data-v): for other tools' pages in the same style.
std::string_view pageStyle();
std::string_view sortScript();

// Text as HTML text or attribute value: & < > " ' escaped, control characters as spaces.
std::string escape(std::string_view text);
// The link of a rule id: docsUrl#rule-<id>, the id percent-encoded where a URL needs it.
std::string ruleHref(std::string_view docsUrl, std::string_view id);
// file:// URL of an absolute path, percent-encoded.
std::string fileUrl(std::string_view absolutePath);

}  // namespace jvmtilayer::html
