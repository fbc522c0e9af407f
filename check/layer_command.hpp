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
    std::string report;                     // report= as given to the layer (a base name), or "stderr"
    bool html = false;                      // the JVM writes an HTML page too
    std::string textReport;                 // where the text lines go
    std::string jsonReport;                 // the JVM's data for the merge, or empty (report=stderr)
    std::string htmlReport;                 // its page, or empty
    std::optional<std::string> agentsFile;  // the config file listing several agents
    std::string agentsJson;                 // its contents
    std::vector<std::string> command;       // the whole command to run
};

// The report formats a checked JVM writes: text, the json jvmti-check merges, and those
// `settings` ask for (report-format=), each once, as a report-format value ("text:json").
std::string reportFormats(const std::vector<std::string>& settings, bool html);

// The layer's settings with report= and report-format= as every checked JVM gets them: the
// user's settings (their report-format merged into reportFormats()), then report=`defaultReport`
// unless report= is given. Without agent= or config=.
std::vector<std::string> jvmSettings(const std::vector<std::string>& settings, bool html, const std::string& defaultReport);

// `defaultReport` names the JVM's report files when report= is not given (a base name, with
// placeholders such as %p). A config=FILE among the settings is read: it must name no agents;
// with one agent it is passed on, with several its settings go into the agents file with them
// (the layer reads one config file), `agentsFile` (a file in jvmti-check's own directory). The
// error names what cannot be passed to the layer.
std::optional<std::string> planLayer(const std::string& layer, const std::vector<std::string>& settings, bool html,
                                     const std::vector<LayerAgent>& agents, const Stripped& stripped,
                                     const std::string& defaultReport, const std::string& agentsFile, LayerPlan& out);

// An error when one of the command's agents is the layer itself (a file named
// libjvmtilayer.so, or the file `layer`): jvmti-check would wrap the layer behind itself.
// `agents` are `options`' libraries, in the same order.
std::optional<std::string> refuseLayerAsAgent(const std::vector<AgentOption>& options,
                                              const std::vector<LayerAgent>& agents, const std::string& layer);

// The command as a POSIX shell line: environment changes first (env -u NAME for a variable
// that is removed, NAME=VALUE for one that is set), every word quoted where needed.
std::string shellLine(const std::vector<std::string>& command, const Environment& changes);

}  // namespace jvmticheck
