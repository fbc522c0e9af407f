#include "layer_command.hpp"

#include <nlohmann/json.hpp>

#include "java_words.hpp"
#include "options.hpp"

namespace jvmticheck {

std::optional<std::string> planLayer(const std::string& layer, const std::vector<std::string>& settings,
                                     const std::vector<LayerAgent>& agents, const Stripped& stripped,
                                     const std::string& runBase, LayerPlan& out) {
    out = LayerPlan{};
    if (layer.find('=') != std::string::npos)
        return "the layer's path " + layer + " contains '=', which -agentpath cannot take";
    if (agents.empty()) return std::string("no agent to check");
    std::string options;
    for (const auto& s : settings) options += s + ",";
    const auto givenReport = settingValue(settings, "report");
    if (givenReport) {
        out.report = givenReport->empty() ? "stderr" : *givenReport;
    } else {
        out.report = runBase + ".report";
        options += "report=" + out.report + ",";
    }
    if (agents.size() == 1) {
        const LayerAgent& a = agents.front();
        if (a.library.find_first_of(",=") != std::string::npos)
            return "the agent library " + a.library + " contains ',' or '=', which the layer's option string cannot take";
        options += "agent=" + a.library + (a.options ? "=" + *a.options : "");
    } else {
        // Several agents: the layer reads them, in load order, from a config file.
        nlohmann::json list = nlohmann::json::array();
        for (const auto& a : agents)
            list.push_back({{"path", a.library}, {"options", a.options ? nlohmann::json(*a.options) : nlohmann::json()}});
        out.agentsJson = nlohmann::json{{"agents", list}}.dump(2) + "\n";
        // Beside a report named by report=FILE, else this run's own name.
        out.agentsFile = (givenReport && out.report != "stderr" ? out.report : runBase) + ".agents.json";
        if (out.agentsFile->find(',') != std::string::npos)
            return "the agents file " + *out.agentsFile + " contains ',', which the layer's option string cannot take";
        options += "config=" + *out.agentsFile;
    }
    out.optionString = options;
    out.command.push_back(stripped.command.front());
    out.command.push_back("-agentpath:" + layer + "=" + options);
    // -javaagent also makes the JVM resolve the module java.instrument; the layer loads
    // libinstrument by its path, so the module is asked for here (a modular program needs it).
    for (const auto& a : stripped.agents) {
        if (a.kind == AgentKind::JavaAgent) {
            out.command.push_back("--add-modules=java.instrument");
            break;
        }
    }
    out.command.insert(out.command.end(), stripped.command.begin() + 1, stripped.command.end());
    return std::nullopt;
}

std::string shellLine(const std::vector<std::string>& command, const Environment& changes) {
    std::string line;
    bool unsets = false;
    for (const auto& [name, value] : changes) unsets = unsets || !value;
    if (unsets) {
        line = "env";
        for (const auto& [name, value] : changes)
            if (!value) line += " -u " + name;
    }
    for (const auto& [name, value] : changes)
        if (value) line += (line.empty() ? "" : " ") + name + "=" + shellQuote(*value);
    for (const auto& word : command) line += (line.empty() ? "" : " ") + shellQuote(word);
    return line;
}

}  // namespace jvmticheck
