// Stubs for the functions a runtime lacks: each returns JVMTI_ERROR_NOT_AVAILABLE (or an
// empty value for the queries), to be replaced by a real implementation.
#pragma once

#include <string>
#include <vector>

#include "functions.hpp"

namespace implcheck {

// A complete C++ source file defining `missing` in namespace jvmti_runtime; it includes the
// interface by `interfaceInclude` (e.g. "jvmti_runtime.hpp").
std::string stubsFile(const std::vector<const Function*>& missing, const std::string& interfaceInclude);

}  // namespace implcheck
