// The analyses of all files, up to N at a time (-j N), each in a process of its own: a file
// whose analysis crashes the analyzer costs that file, never the run, and the processes share
// nothing. Each worker hands its TuResult back as JSON through a pipe.
#pragma once

#include <string>
#include <vector>

#include "analyse.hpp"

namespace jvmtilint {

struct Outcome {
    TuResult result;
    bool crashed = false;  // the worker died: `why` says how
    std::string why;
};

// In the order of `jobs`.
std::vector<Outcome> runJobs(const std::vector<CompileJob>& jobs, unsigned parallel, const std::string& javaHome);

}  // namespace jvmtilint
