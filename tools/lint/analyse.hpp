// One translation unit through Clang's Static Analyzer with jvmti-lint's checkers: the command
// that compiles it (from a compilation database or the command line), run as a syntax-only
// compilation whose AST the analyzer walks, path by path.
#pragma once

#include <string>
#include <vector>

#include "model/finding.hpp"

namespace jvmtilint {

struct CompileJob {
    std::string file;                      // as given (absolute or relative to `directory`)
    std::string directory;                 // the compilation's working directory
    std::vector<std::string> commandLine;  // the compiler and its arguments, the file among them
};

// Analyses `job` in the current process (the caller has made `job.directory` its working
// directory). Compiler errors are in the result, never thrown.
TuResult analyse(const CompileJob& job);

}  // namespace jvmtilint
