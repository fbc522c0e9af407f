// jvmti-check's own command line: its options and the layer's settings before "--", the java
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
    std::optional<std::string> layer;   // --layer FILE
    std::vector<std::string> settings;  // KEY=VALUE, the layer's
    std::vector<std::string> command;   // java ARGS...
};

// The error names the word and the rule it breaks. Settings are checked against the layer's
// schema: a known name, not agent= or config= (the agents come from the command).
std::optional<std::string> parseCheckOptions(const std::vector<std::string>& args, CheckOptions& out);

// The value of setting `key` among `settings` (the last one given), if any.
std::optional<std::string> settingValue(const std::vector<std::string>& settings, const std::string& key);

}  // namespace jvmticheck
