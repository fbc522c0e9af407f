// Running the rewritten command and telling the user what the layer found.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "rewrite.hpp"

namespace jvmticheck {

// Runs `command` (its first word found through PATH, as a shell would) with the environment
// changed by `changes`, waits for it and returns its exit status: 128+N when signal N ended
// it, 127 when it could not be started. SIGINT and SIGQUIT (which the terminal sends to the
// program too) are ignored meanwhile, SIGTERM and SIGHUP passed on, so the summary still comes.
int runProgram(const std::vector<std::string>& command, const Environment& changes);

// A directory for a run's files, made for it or checked to be ours: `given` (made, mode 0700,
// when missing; one that exists must be a directory of ours, which no other user can write to),
// else `fallback`, made new (`fallback`.XXXXXX beside it when that name is taken). The error
// names `option`.
std::optional<std::string> runDirectory(const std::optional<std::string>& given, const std::filesystem::path& fallback,
                                        const std::string& option, std::filesystem::path& out);

// Can `file` be written? Checked before a command runs, so a typo does not cost a build: its
// directory must let us make files, and it must not be a directory itself. Nothing is created
// or opened; the message names `option` and the file.
std::optional<std::string> writable(const std::string& option, const std::string& file);

// The lines to print after the run: the layer's summary lines from the text report, or what
// is known when there are none, and where the report (HTML page and text), trace and
// statistics went.
struct Outputs {
    std::string report;                // the text report: "stderr" or a file
    std::optional<std::string> html;   // the HTML page of report-format=html
    std::optional<std::string> trace, stats;
};
std::vector<std::string> afterRunLines(const Outputs& outputs);

}  // namespace jvmticheck
