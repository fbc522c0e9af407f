// jvmti-check's own command line: its options and the layer's settings before "--", the
// command after it.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace jvmticheck {

struct CheckOptions {
    bool help = false;
    bool version = false;
    bool dryRun = false;
    bool keepWorkDir = false;              // --keep-work-dir: the agents file is not removed at the end
    std::optional<std::string> layer;      // --layer FILE
    std::optional<std::string> html;       // --html FILE: the page (one JVM) or an index of the pages (several)
    std::optional<std::string> sarif;      // --sarif FILE: SARIF 2.1.0 of every JVM
    std::optional<std::string> junit;      // --junit FILE: JUnit XML of every JVM
    std::optional<std::string> reportDir;  // --report-dir DIR: each JVM's own report files
    std::optional<std::string> sourceRoot; // --source-root DIR: SARIF paths relative to it
    std::optional<std::string> hsErrDir;   // --hs-err-dir DIR: the JVMs' fatal error logs go there
    int errorExitcode = 0;                 // --error-exitcode=N (1..255); 0: the command's status
    std::string failOn = "error";          // --fail-on=error|warning
    std::vector<std::string> settings;     // KEY=VALUE, the layer's
    std::vector<std::string> command;      // COMMAND ARGS...
};

// The error names the word and the rule it breaks. Settings are checked against the layer's
// schema: a known name, not agent= (the agents come from the command), not the ones jvmti-check
// sets itself (adopt, child-tool-options, error-exitcode, fail-on: use the options). --html FILE
// must not meet report-format=html given as a setting.
std::optional<std::string> parseCheckOptions(const std::vector<std::string>& args, CheckOptions& out);

// The value of setting `key` among `settings` (the last one given), if any.
std::optional<std::string> settingValue(const std::vector<std::string>& settings, const std::string& key);

}  // namespace jvmticheck
