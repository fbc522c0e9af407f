// The command jvmti-check runs: java, then one -agentpath of the layer loading every agent
// (inline for one agent, from a config file for several), then the rest of the command.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "rewrite.hpp"

namespace jvmticheck {

struct LayerPlan {
    std::string optionString;               // what follows "-agentpath:LAYER="
    std::string report;                     // the report file (absolute) or "stderr"
    std::optional<std::string> agentsFile;  // the config file listing several agents
    std::string agentsJson;                 // its contents
    std::vector<std::string> command;       // the whole command to run
};

// `runBase` names this run's files (the default report is runBase + ".report"). The error
// names what cannot be passed to the layer.
std::optional<std::string> planLayer(const std::string& layer, const std::vector<std::string>& settings,
                                     const std::vector<LayerAgent>& agents, const Stripped& stripped,
                                     const std::string& runBase, LayerPlan& out);

// The command as a POSIX shell line: environment changes first (env -u NAME for a variable
// that is removed, NAME=VALUE for one that is set), every word quoted where needed.
std::string shellLine(const std::vector<std::string>& command, const Environment& changes);

}  // namespace jvmticheck
