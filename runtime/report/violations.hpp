// How the layer reports: the one Reporter of the process, and the reports the layer makes
// (failed checks of the generated entries, memory misuse, leaks, start-up problems).
#pragma once

#include <string>

#include "state/state.hpp"
#include "report/own_rules.hpp"
#include "report/report.hpp"

namespace jvmtilayer {

Reporter& reporter() noexcept;

// A check of a generated entry failed.
void reportCheckFailure(Env* env, const jvmti_runtime::Violation& violation) noexcept;

// A problem the layer itself found, by one of its own rules (own_rules::rule("Deallocate.mem.double")):
// the report carries the rule's id and text. A report about a function names the agent's call
// site of the call being made.
void reportProblem(Severity severity, const own_rules::Rule& rule, const char* function, const char* argument,
                   const std::string& what) noexcept;

}  // namespace jvmtilayer
