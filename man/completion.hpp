// Bash completion for the project's commands, from the same descriptions as their --help and
// man pages (help/*.cpp) and, for jvmti-check's KEY=VALUE words, the layer's settings schema.
// jvmtigen-man writes it at build time; the install puts it under
// share/bash-completion/completions/ once per command name, as bash-completion loads it.
#pragma once

#include <string>
#include <vector>

#include "help.hpp"
#include "settings/settings.hpp"

namespace jvmtihelp {

// One script completing every tool in `tools` (its options; after an option that takes a
// value, file names, or the entries of the section `valuesSection` for that option), and for
// jvmti-check also the layer's settings: KEY= for each setting but agent, then the choices of
// an enum or bool setting, or file names for a path. After "--" jvmti-check completes the
// java command as bash would by default.
struct CompletedTool {
    ToolHelp help;
    std::string valueOption;    // an option whose values are a section's entries ("--only")
    std::string valuesSection;  // that section's title ("Outputs")
    bool layerSettings = false; // KEY=VALUE words of the layer, and a command after "--"
};
std::string bashCompletion(const std::vector<CompletedTool>& tools, const jvmtilayer::Schema& schema);

}  // namespace jvmtihelp
