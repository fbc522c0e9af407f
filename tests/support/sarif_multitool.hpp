// Where Microsoft's SARIF multitool is, for the tests that validate SARIF logs with it.
#pragma once

#include <string>

namespace testsupport {

// `configured` (found at configure time) when it is a file, else where scripts/test-tools.sh
// installs the multitool; empty when neither is there.
std::string sarifMultitool(const std::string& configured);

}  // namespace testsupport
