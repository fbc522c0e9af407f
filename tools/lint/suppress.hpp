// Findings the user has accepted: a `// NOLINT` comment on the finding's line (every rule, or
// only those in `NOLINT(rule, prefix*)`), `// NOLINTNEXTLINE(...)` on the line before, and a
// baseline file that --write-baseline made (the findings of an earlier run, matched by rule,
// file, function and message, so that lines may move).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "model/finding.hpp"

namespace jvmtilint {

// Whether a NOLINT comment on the finding's line (or NOLINTNEXTLINE above it) covers its rule.
bool suppressedByComment(const Finding& f);
// The same on the line's text alone, for tests: `line` holds the finding, `previous` the one before.
bool commentCovers(const std::string& line, const std::string& previous, const std::string& rule);

struct Baseline {
    std::vector<std::string> keys;  // one per finding, repeats kept
};

// A finding's key: rule, file (relative to `root` when under it), function, message.
std::string baselineKey(const Finding& f, const std::string& root);
std::string writeBaselineText(const std::vector<Finding>& findings, const std::string& root);
// The baseline in `text`; an error naming the problem otherwise.
std::optional<Baseline> readBaseline(const std::string& text, std::string& error);
// Removes from `findings` those the baseline holds (each baseline entry once); returns how many.
size_t applyBaseline(std::vector<Finding>& findings, const Baseline& baseline, const std::string& root);

// `path` relative to `root` when it lies under it, else as it is.
std::string displayPath(const std::string& path, const std::string& root);

}  // namespace jvmtilint
