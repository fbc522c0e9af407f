// jvmti-conform's results as files: JSON (from the agent to the tool, and for the user) and a
// text table. The HTML page is the tool's (page.hpp).
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

// "95.3%": passes as a share of cases.
std::string percent(long part, long whole);
// The items joined with `sep`.
std::string joined(const std::vector<std::string>& parts, const char* sep);

// Every deviation line, sorted, each once.
std::vector<std::string> deviationLines(const Results& results);

}  // namespace conform
