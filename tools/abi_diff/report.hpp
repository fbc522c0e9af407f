// jvmti-abi-diff's output: one line per difference and a summary line, or the same as JSON.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "compare.hpp"

namespace abidiff {

// "enumerator JVMTI_VERSION_19: added: = 806551552 (0x30130000) in anonymous enum ..."
std::string line(const Difference& d);

// "jvmti-abi-diff: 3 differences: 1 enumerator, 2 slot" or "jvmti-abi-diff: identical ...".
std::string summary(const std::vector<Difference>& diffs, const HeaderFacts& reference);

void printText(std::ostream& out, const std::vector<Difference>& diffs, const HeaderFacts& reference);

nlohmann::json toJson(const std::string& referencePath, const std::string& candidatePath,
                      const std::vector<Difference>& diffs);

}  // namespace abidiff
