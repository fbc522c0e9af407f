// The capability rule, judged over every file analysed together: a function or an enabled
// event that needs a capability no AddCapabilities of those files requests. Whole-program over
// the files given, so a warning: a capability requested in a file left out looks missing.
#pragma once

#include <vector>

#include "model/finding.hpp"

namespace jvmtilint {

std::vector<Finding> capabilityFindings(const std::vector<TuResult>& results);

}  // namespace jvmtilint
