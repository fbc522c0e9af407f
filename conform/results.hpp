// jvmti-conform's results as files: JSON (from the agent to the tool, and for the user), a
// text table and an HTML page in the style of the layer's report.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "suite.hpp"

namespace conform {

nlohmann::json toJson(const Results& results);
// nullopt on success, else what is wrong (naming the field).
std::optional<std::string> fromJson(const nlohmann::json& json, Results& out);

// Totals per kind, then every deviation (every row with `all`), then what was not made.
std::string renderText(const Results& results, bool all);
// One page: totals, deviations, passes, skips; each row links its rule in `docs` (jvmti.html).
std::string renderHtml(const Results& results, const std::string& docs);

// Every deviation line, sorted, each once.
std::vector<std::string> deviationLines(const Results& results);

}  // namespace conform
