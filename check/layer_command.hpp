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
    bool html = false;                      // report-format=html: report is the page
    std::string textReport;                 // where the text lines go: report, or report.txt with html
    std::optional<std::string> agentsFile;  // the config file listing several agents
    std::string agentsJson;                 // its contents
    std::vector<std::string> command;       // the whole command to run
};

// `runBase` names this run's files (the default report is runBase + ".report", or
// runBase + ".html" with report-format=html). A config=FILE among the settings is read: it
// must name no agents; with one agent it is passed on, with several its settings go into the
// agents file with them (the layer reads one config file). The error names what cannot be
// passed to the layer.
std::optional<std::string> planLayer(const std::string& layer, const std::vector<std::string>& settings,
                                     const std::vector<LayerAgent>& agents, const Stripped& stripped,
                                     const std::string& runBase, LayerPlan& out);

// An error when one of the command's agents is the layer itself (a file named
// libjvmtilayer.so, or the file `layer`): jvmti-check would wrap the layer behind itself.
// `agents` are `options`' libraries, in the same order.
std::optional<std::string> refuseLayerAsAgent(const std::vector<AgentOption>& options,
                                              const std::vector<LayerAgent>& agents, const std::string& layer);

// The command as a POSIX shell line: environment changes first (env -u NAME for a variable
// that is removed, NAME=VALUE for one that is set), every word quoted where needed.
std::string shellLine(const std::vector<std::string>& command, const Environment& changes);

}  // namespace jvmticheck
