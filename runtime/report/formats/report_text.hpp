// Wording and arithmetic the SARIF and JUnit writers share: how a rule's first report reads,
// how many of its reports came from no kept call site, how counts are spelled. Internal to
// jvmtilayer_report_formats.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "report/formats/jvm_report.hpp"

namespace jvmtireport::detail {

// "1 report", "3 reports".
std::string reportsText(std::uint64_t n);

// Reports of `rule` that no kept site accounts for: its otherSites and noSite, or more when
// the sites' counts add up to less than `reported`.
std::uint64_t unlocatedReports(const RuleSeen& rule);
// How those read: "from other call sites", "without a call site", or both.
std::string unlocatedText(const RuleSeen& rule);

// The catalogue's entry for `id`, or null (also when there is no catalogue).
const CatalogueRule* findRule(const std::vector<CatalogueRule>* catalogue, const std::string& id);

// What the rule's first report said, led by its function and parameter:
// "GetMethodName(method): refused with JVMTI_ERROR_INVALID_METHODID".
std::string headline(const RuleSeen& rule, const CatalogueRule* entry);

// Whether the id's reports count toward a failed run.
bool failing(const RuleSeen& rule, Level failOn);

// Where a site's " (FILE:LINE)" starts, or npos when it has none (jvm_report.cpp).
std::size_t sourceStart(const std::string& text);
// A site's text without its " (FILE:LINE)": "libagent.so!f()+0x1c", "0x7f12ab".
std::string siteSymbol(const std::string& text);

// Whether `text` starts with "YYYY-MM-DDTHH:MM:SS" (digits where the letters are).
bool startsWithUtcTime(std::string_view text);
// Whether `text` is one or more ASCII digits.
bool allDigits(std::string_view text);
// Whether `text` is MAJOR.MINOR.PATCH, optionally followed by '-' or '+' and [0-9A-Za-z.+-]*.
bool isSemanticVersion(std::string_view text);

// `words` as one line a POSIX shell would split back into them.
std::string joinCommand(const std::vector<std::string>& words);

}  // namespace jvmtireport::detail
