// jvmti-check --inject-sweep and --sweep-merge (docs/jvmti-check.md, "Sweeping injected
// faults"): the learning run, one run per (call site, environmental error), the verdicts and
// the reports; and the merge of shards' JSON.
#pragma once

#include <string>

#include "options.hpp"

namespace jvmticheck {

// `argv0`: how jvmti-check was called, for the replay commands. The exit status: 0 when every
// run handled its fault (or was not reached), 1 when some had a bad outcome, 2 when the sweep
// could not be made (an output not writable, the learning run checked no JVM), 130 when
// interrupted.
int runInjectSweep(const SweepOptions& options, const std::string& argv0, const std::string& version);

// 0, 1 as above for the merged runs; 2 when an input cannot be read or an output written.
int runSweepMerge(const SweepOptions& options, const std::string& version);

}  // namespace jvmticheck
