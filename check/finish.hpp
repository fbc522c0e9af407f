// After the command: every checked JVM's report merged into the summary, the SARIF log, the
// JUnit XML and the HTML page, and the exit status they decide.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "collect.hpp"
#include "options.hpp"
#include "report/formats/jvm_report.hpp"

namespace jvmticheck {

// The first of `candidates` (a ':' list of paths relative to jvmti-check's own directory: the
// installed layout, then the build tree's) that is a file; `tried` lists those looked at.
std::optional<std::filesystem::path> installedFile(const std::string& candidates, std::string& tried);

// What the end of a run needs to know.
struct Finish {
    const CheckOptions& options;
    jvmtireport::Level failOn;
    std::filesystem::path reportDir;
    std::vector<NamedReport> extraData;  // report= files outside the directory
    FileTimes before;                    // what the directory held before the command
    std::filesystem::path cwd;
    bool reportToStderr = false;         // report=stderr: the text cannot be read back
    std::optional<std::string> trace, stats;  // where trace= and stats= write, when they are on
    unsigned fileMode = 0600;            // file-mode=: of the files jvmti-check writes
    bool commandFull = false;            // report-command=full: the command's -D values kept
};

// Reads every JVM's report, prints the summary on standard error, writes --sarif, --junit and
// --html, and returns the exit status: --error-exitcode's when a report counts, else `status`
// (the command's). A report that cannot be read and an output that cannot be written fail the
// run as a failing report does (--error-exitcode's status, or 2 without it): a gate never
// passes on what it could not see.
int finishRun(const Finish& run, int status);

}  // namespace jvmticheck
