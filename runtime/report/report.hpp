// The reporter: how the layer tells the user that an agent broke a rule.
//
// One report is one line, written with a single write(2):
//
//   jvmtilayer: <severity>: <id>: <function>(<argument>): <what>[; called from <site>] [rule: <rule>; jvmti.html#rule-<id>]
//
//   jvmtilayer: error: GetClassSignature.signature_ptr.null: GetClassSignature(signature_ptr): refused with JVMTI_ERROR_NULL_POINTER [rule: signature_ptr must not be NULL; jvmti.html#rule-GetClassSignature.signature_ptr.null]
//
// <site> is the agent's call site, named by the site namer (setSiteNamer) only when the line is
// printed. severity is error, warning, info or advice. Without an argument the location is just <function>;
// without a function (a leak found at exit, say) "<location>: " is left out; without a rule
// the bracket holds only the link "jvmti.html#rule-<id>": the id's row in the rule catalogue
// (the "Rule catalogue" section of the generated docs/jvmti.html; docs/rules.md lists the
// same). A missing id is written as "unknown", and has no link.
// Control characters (newlines included) in any part become spaces, so a report is always
// one line.
//
// Each id is printed at most `limit` times (the report-limit setting). The report that
// reaches the limit is followed by
//
//   jvmtilayer: info: <id>: reported <limit> times; further reports of it are only counted
//
// Ids matching the ignore list (report-ignore: exact ids, or prefixes written with a trailing
// '*') are never printed, only counted. summary() prints, for every id reported, one line in
// id order, then a total:
//
//   jvmtilayer: summary: <id>: <n> report[s][, <k> not printed][, ignored]
//   jvmtilayer: summary: total: <n> report[s] of <m> id[s][, <k> not printed][, <i> ignored]
//
// and nothing at all when nothing was reported.
//
// The same counts, with each id's severity, rule and call sites (up to kMaxSites distinct
// sites per id, the rest counted together), are what rules() returns: the HTML report
// (report_html.hpp) is written from them, so the page and the summary lines cannot disagree.
//
// Thread safety: report(), summary() and the queries may be called from any thread at any
// time; the lock is held only to update counters, never while writing or while calling out.
// open() and configure() are for start-up, before reports can arrive. The functions marked
// noexcept swallow every failure (a report that cannot be written is lost; the agent's call
// goes on); the queries may throw std::bad_alloc.
#pragma once

#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "settings/settings.hpp"

namespace jvmtilayer {

// Advice (advice=true) is never a failure: legal set-up that costs the agent or the VM.
enum class Severity { Error, Warning, Info, Advice };
const char* severityName(Severity severity);

class Reporter {
public:
    // Reports go to standard error, at most 10 lines per id, nothing ignored.
    Reporter() = default;
    ~Reporter();
    Reporter(const Reporter&) = delete;
    Reporter& operator=(const Reporter&) = delete;

    // Sends the lines to `target`: "stderr", or a file, created or truncated. On failure the
    // previous target stays and the message says why.
    std::optional<std::string> open(const std::string& target, unsigned fileMode = 0600) noexcept;
    // open(textReportTarget(settings)) (report=, or its .txt twin for report-format=html), the
    // limit and the ignore list of `settings`.
    std::optional<std::string> configure(const Settings& settings) noexcept;
    void setLimit(int limit) noexcept;
    void setIgnore(std::vector<std::string> patterns) noexcept;

    // Counts the report and prints it unless its id is over the limit or ignored. Any of the
    // const char* may be NULL; so may `site` (the agent's return address, named when printed).
    void report(Severity severity, const char* id, const char* function, const char* argument,
                const std::string& what, const char* rule, const void* site = nullptr) noexcept;

    // How call sites are named in printed lines; without a namer they are left out.
    using SiteNamer = std::string (*)(const void* site);
    void setSiteNamer(SiteNamer namer) noexcept;

    // Writes summaryLines() to the target.
    void summary() noexcept;
    // Writes one line of the layer's own (control characters as spaces) to the target.
    void writeLine(const std::string& line) noexcept;
    std::vector<std::string> summaryLines() const;

    struct Count {
        std::uint64_t reported = 0;  // every report() of the id
        std::uint64_t printed = 0;   // of those, the ones written out
        bool ignored = false;        // the id matches the ignore list

        bool operator==(const Count&) const = default;
    };
    Count count(std::string_view id) const;
    std::uint64_t total() const;

    // Distinct call sites remembered per id; reports from further sites count as otherSites.
    static constexpr std::size_t kMaxSites = 32;

    // One id as reported so far: what the summary line of the id says, and more.
    struct Rule {
        std::string id;
        Severity severity = Severity::Error;  // of its first report
        std::string rule;                     // the rule in words (its first report's), or empty
        std::string function;                 // the JVMTI function of its first report, or empty
        std::string message;                  // what its first report said ("refused with JVMTI_ERROR_...")
        Count count;
        // Named by the site namer (unnamed sites as addresses), most reports first.
        std::vector<std::pair<std::string, std::uint64_t>> sites;
        std::uint64_t otherSites = 0;  // reports from sites beyond the first kMaxSites
        std::uint64_t noSite = 0;      // reports without a call site
    };
    // Every id reported, in id order (the order of the summary lines). Names the call sites.
    std::vector<Rule> rules() const;

    // The line report() writes, without its newline.
    static std::string formatLine(Severity severity, const char* id, const char* function, const char* argument,
                                  std::string_view what, const char* rule, std::string_view site = {});
    // Whether `id` matches one of `patterns` (exact, or a prefix when the pattern ends in '*').
    static bool matches(const std::vector<std::string>& patterns, std::string_view id);

private:
    void write(const std::string& text) const noexcept;

    mutable std::mutex mutex_;
    int fd_ = 2;
    bool ownsFd_ = false;
    int limit_ = 10;
    SiteNamer namer_ = nullptr;
    std::vector<std::string> ignore_;
    struct Entry {
        Count count;
        Severity severity = Severity::Error;
        std::string rule;
        std::string function;
        std::string message;
        std::map<const void*, std::uint64_t> sites;
        std::uint64_t otherSites = 0;
        std::uint64_t noSite = 0;
    };
    std::map<std::string, Entry, std::less<>> counts_;
};

}  // namespace jvmtilayer
