// jvmti-lint's command line (help/jvmti_lint.cpp describes it for --help and the man page).
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace jvmtilint {

struct Options {
    std::vector<std::string> files;
    std::string buildDir;                 // -p
    bool haveArgs = false;                // `--` given
    std::vector<std::string> extraArgs;   // after `--`
    std::optional<std::string> sarif, baseline, writeBaseline;
    std::optional<int> errorExitCode;
    unsigned jobs = 1;
    bool help = false, version = false, listRules = false;
    // --confirm [--layer LIB] ... -- COMMAND: with --confirm the program follows the second `--`
    // (FILE... -- COMPILER-ARGS -- COMMAND), or the first when there is only one (-p BUILD_DIR).
    bool confirm = false;
    std::optional<std::string> layer;
    std::vector<std::string> command;
    std::optional<double> runTimeout;  // --run-timeout: seconds one run may take; 0: no limit
};

struct ParsedOptions {
    Options options;
    std::string error;  // "" when the command line is good
};

// `args` without the program's name.
ParsedOptions parseOptions(const std::vector<std::string>& args);

}  // namespace jvmtilint
