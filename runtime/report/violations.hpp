// How the layer reports: the one Reporter of the process, and the reports the layer makes
// (failed checks of the generated entries, memory misuse, leaks, start-up problems).
#pragma once

#include <string>

#include "layer/layer.hpp"
#include "report/report.hpp"

namespace jvmtilayer {

Reporter& reporter() noexcept;

// A check of a generated entry failed.
void reportCheckFailure(Env* env, const jvmti_runtime::Violation& violation) noexcept;

// A problem the layer itself found: `id` is stable (e.g. Deallocate.mem.double). A report
// about a function names the agent's call site of the call being made.
void reportProblem(Severity severity, const char* id, const char* function, const char* argument,
                   const std::string& what, const char* rule) noexcept;

}  // namespace jvmtilayer
