// inject=: the layer's fault injection. While a plan is set, every checked call whose checks
// passed asks the injector (jvmti_runtime::inject) whether it fails. An injected call never
// reaches the VM, so nothing changes there; its out-parameters are poisoned (kPoison), the
// fault is written to the report and to inject-log= before the call returns, and the draws
// depend only on inject-seed=, the rule, the function, the call site and the call's count, so
// the same program gets the same faults.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "settings/settings.hpp"

namespace jvmtilayer::inject {

// What an injected call leaves in its out-parameters: this word, repeated (cut to the size of
// a jint, its low byte for a jboolean). As a pointer it is outside every address space.
inline constexpr std::uint64_t kPoison = 0x0badbad00badbad0ULL;

// Starts injecting as `settings` ask: nothing for an empty inject=. The plan's warnings go into
// `warnings`. nullopt on success, else why the plan is refused (naming the rule).
std::optional<std::string> start(const Settings& settings, std::vector<std::string>& warnings);

// Opens inject-log= (the caller has expanded its %p and %m). Its lines: "# ..." (the seed and
// the rules), "site FUNCTION SITE WHERE" for the first call of a planned function at each site,
// "fault N FUNCTION SITE ERROR COUNT" for each fault, "# N fault(s) injected" at the end.
std::optional<std::string> openLog(const std::string& path, unsigned fileMode = 0600);

// The faults injected so far.
std::uint64_t injectedCount() noexcept;

// Ends the log (its last line counts the faults).
void finish() noexcept;

}  // namespace jvmtilayer::inject
