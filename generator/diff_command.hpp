// jvmtigen --diff and --diff-api-version: read and validate the two specs (or one spec as of
// two releases), print the differences of their facts, and say by the exit status whether
// there were any.
#pragma once

#include <ostream>

#include "cli.hpp"

namespace jvmtigen {

// The exit status when the two specs differ (0 when identical, 1 spec problems, 2 bad usage).
constexpr int kExitDiffer = 3;

// Runs the diff `opts` asks for (opts.diff or opts.diffApiVersions given, options parsed).
int runDiff(const Options& opts, std::ostream& out, std::ostream& err);

}  // namespace jvmtigen
