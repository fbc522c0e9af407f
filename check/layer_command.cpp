#include "layer_command.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "files/own_files.hpp"
#include "java_words.hpp"
#include "report/formats/text_encoding.hpp"
#include "options.hpp"
#include "settings/settings.hpp"

namespace jvmticheck {

namespace {

// The user's config=FILE: valid for the layer, naming no agents; its JSON object.
std::optional<std::string> readUserConfig(const std::string& path, nlohmann::json& out) {
    const auto parsed = jvmtilayer::parseConfigFile(path);
    if (!parsed.ok()) return "config=" + path + ": " + parsed.error;
    if (!parsed.settings.agents.empty())
        return "config=" + path + " names agents: jvmti-check gives the layer the agents of the java command; "
               "leave \"agent\" and \"agents\" out of the file";
    std::string problem;
    const auto text = jvmtifiles::readNamedFile(path, 16u << 20, problem);
    if (!text) return "config=" + problem;
    out = nlohmann::json::parse(*text, nullptr, false);
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

std::string reportFormats(const std::vector<std::string>& settings, bool html) {
    std::vector<std::string> formats{"text"};
    auto add = [&](const std::string& f) {
        if (std::find(formats.begin(), formats.end(), f) == formats.end()) formats.push_back(f);
    };
    if (auto given = settingValue(settings, "report-format")) {
        std::string item;
        for (const char c : *given + ":") {
            if (c == ':' || c == ',') {
                if (!item.empty()) add(item);
                item.clear();
            } else {
                item += c;
            }
        }
    }
    if (html) add("html");
    add("json");
    std::string out;
    for (const auto& f : formats) out += (out.empty() ? "" : ":") + f;
    return out;
}

std::vector<std::string> jvmSettings(const std::vector<std::string>& settings, bool html, const std::string& defaultReport) {
    std::vector<std::string> out;
    const auto report = settingValue(settings, "report");
    const bool toStderr = report && (report->empty() || *report == "stderr");
    for (const auto& s : settings)
        if (s.rfind("report-format=", 0) != 0 && s.rfind("config=", 0) != 0) out.push_back(s);
    // Text lines on standard error cannot sit beside the data: that JVM writes text only.
    out.push_back("report-format=" + (toStderr ? std::string("text") : reportFormats(settings, html)));
    if (!report) out.push_back("report=" + defaultReport);
    return out;
}

std::optional<std::string> planLayer(const std::string& layer, const std::vector<std::string>& settings, bool html,
                                     const std::vector<LayerAgent>& agents, const Stripped& stripped,
                                     const std::string& defaultReport, const std::string& agentsFile, LayerPlan& out) {
    out = LayerPlan{};
    if (layer.find('=') != std::string::npos)
        return "the layer's path " + layer + " contains '=', which -agentpath cannot take";
    if (agents.empty()) return std::string("no agent to check");
    const auto givenConfig = settingValue(settings, "config");
    nlohmann::json userConfig = nlohmann::json::object();
    if (givenConfig && !givenConfig->empty()) {
        if (auto problem = readUserConfig(*givenConfig, userConfig)) return problem;
    }
    // A setting given on jvmti-check's command line, else in the config file.
    std::vector<std::string> given = settings;
    for (const char* key : {"report", "report-format"})
        if (!settingValue(settings, key) && userConfig.contains(key)) {
            const auto& v = userConfig[key];
            if (v.is_string()) given.push_back(std::string(key) + "=" + v.get<std::string>());
            if (v.is_array()) {
                std::string list;
                for (const auto& item : v) list += (list.empty() ? "" : ":") + item.get<std::string>();
                given.push_back(std::string(key) + "=" + list);
            }
        }
    std::string options;
    if (givenConfig && agents.size() == 1) options += "config=" + *givenConfig + ",";
    for (const auto& s : jvmSettings(given, html, defaultReport)) options += s + ",";
    // What the layer makes of them: the files of its report.
    const auto parsed = jvmtilayer::parseOptionString(options.substr(0, options.size() - 1).c_str());
    if (!parsed.ok()) return "the layer's settings: " + parsed.error;
    out.report = parsed.settings.report;
    out.html = jvmtilayer::hasFormat(parsed.settings, jvmtilayer::ReportFormat::Html);
    out.textReport = jvmtilayer::textReportTarget(parsed.settings);
    if (jvmtilayer::hasFormat(parsed.settings, jvmtilayer::ReportFormat::Json))
        out.jsonReport = jvmtilayer::reportFile(parsed.settings, jvmtilayer::ReportFormat::Json);
    if (out.html) out.htmlReport = jvmtilayer::reportFile(parsed.settings, jvmtilayer::ReportFormat::Html);
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
        out.agentsJson = jvmtireport::jsonText(userConfig) + "\n";
        out.agentsFile = agentsFile;
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
