// A sweep's results for people and for CI: the summary table, SARIF 2.1.0 (one result per bad
// run, at the call site's source line), JUnit XML (one testcase per site and error, in one
// <testsuite>, the document Ant's junitreport reads) and a plain HTML table.
#pragma once

#include <string>

#include "sweep/result.hpp"

namespace jvmticheck {

// The summary: the runs per outcome, then each bad run (its site, error, outcome, first
// finding, replay command and directory).
std::string sweepSummary(const SweepResult& result);

struct SweepSarifContext {
    std::string toolVersion;
    std::string docsUrl;      // jvmti-check's docs (a path or URL); may be empty
    std::string sourceRoot;   // absolute: files under it are written relative to %SRCROOT%
};
std::string sweepSarif(const SweepResult& result, const SweepSarifContext& context);

std::string sweepJunit(const SweepResult& result);

std::string sweepHtml(const SweepResult& result);

// Text as XML character data or attribute value (also HTML's).
std::string xmlEscape(const std::string& text);

}  // namespace jvmticheck
