#include "layer_command.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "java_words.hpp"
#include "options.hpp"
#include "settings.hpp"

namespace jvmticheck {

namespace {

// The user's config=FILE: valid for the layer, naming no agents; its JSON object.
std::optional<std::string> readUserConfig(const std::string& path, nlohmann::json& out) {
    const auto parsed = jvmtilayer::parseConfigFile(path);
    if (!parsed.ok()) return "config=" + path + ": " + parsed.error;
    if (!parsed.settings.agents.empty())
        return "config=" + path + " names agents: jvmti-check gives the layer the agents of the java command; "
               "leave \"agent\" and \"agents\" out of the file";
    std::ifstream in(path);
    std::ostringstream text;
    text << in.rdbuf();
    out = nlohmann::json::parse(text.str(), nullptr, false);
    if (!out.is_object()) return "config=" + path + ": cannot read it again";
    return std::nullopt;
}

}  // namespace

std::optional<std::string> refuseLayerAsAgent(const std::vector<AgentOption>& options,
                                              const std::vector<LayerAgent>& agents, const std::string& layer) {
    for (std::size_t i = 0; i < agents.size() && i < options.size(); ++i) {
        std::error_code ec;
        const std::filesystem::path library(agents[i].library);
        if (library.filename() != "libjvmtilayer.so" && !std::filesystem::equivalent(library, layer, ec)) continue;
        return "the command already loads the layer: " + options[i].word + " (in " + options[i].where +
               "); jvmti-check puts the agents behind the layer itself, so give it the command without that "
               "option, and the layer's settings as KEY=VALUE before '--'";
    }
    return std::nullopt;
}

std::optional<std::string> planLayer(const std::string& layer, const std::vector<std::string>& settings,
                                     const std::vector<LayerAgent>& agents, const Stripped& stripped,
                                     const std::string& runBase, LayerPlan& out) {
    out = LayerPlan{};
    if (layer.find('=') != std::string::npos)
        return "the layer's path " + layer + " contains '=', which -agentpath cannot take";
    if (agents.empty()) return std::string("no agent to check");
    std::string options;
    const auto givenConfig = settingValue(settings, "config");
    nlohmann::json userConfig = nlohmann::json::object();
    if (givenConfig && !givenConfig->empty()) {
        if (auto problem = readUserConfig(*givenConfig, userConfig)) return problem;
    }
    for (const auto& s : settings)
        if (s.rfind("config=", 0) != 0 || agents.size() == 1) options += s + ",";
    // A setting given on jvmti-check's command line, else in the config file.
    const auto given = [&](const char* key) -> std::optional<std::string> {
        if (auto value = settingValue(settings, key)) return value;
        if (userConfig.contains(key) && userConfig[key].is_string()) return userConfig[key].get<std::string>();
        return std::nullopt;
    };
    out.html = given("report-format") == "html";
    const auto givenReport = given("report");
    if (givenReport) {
        out.report = givenReport->empty() ? "stderr" : *givenReport;
    } else {
        out.report = runBase + (out.html ? ".html" : ".report");
        options += "report=" + out.report + ",";
    }
    out.textReport = out.html && out.report != "stderr" ? out.report + ".txt" : out.report;
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
        // The user's config file, if any, with the agents added: the layer reads one file.
        userConfig["agents"] = list;
        out.agentsJson = userConfig.dump(2) + "\n";
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
