#include "follow.hpp"

#include "layer_command.hpp"
#include "options.hpp"

namespace jvmticheck {

std::vector<std::string> followedSettings(const std::vector<std::string>& settings, bool html, const std::string& perJvm) {
    std::vector<std::string> own;
    for (const auto& s : settings)
        if (s.rfind("report=", 0) != 0) own.push_back(s);
    std::vector<std::string> out = jvmSettings(own, html, perJvm);
    if (auto config = settingValue(settings, "config")) out.push_back("config=" + *config);
    return out;
}

std::string adoptOptions(const std::vector<std::string>& settings) {
    std::string options = "adopt=true";
    for (const auto& s : settings) options += "," + s;
    return options;
}

std::optional<std::string> adoptWord(const std::string& layer, const std::vector<std::string>& settings,
                                     std::string& out) {
    if (layer.find('=') != std::string::npos)
        return "the layer's path " + layer + " contains '=', which -agentpath cannot take";
    for (const auto& s : settings)
        if (s.find(',') != std::string::npos)
            return "the setting " + s + " contains ',', which the layer's option string cannot take";
    const std::string word = "-agentpath:" + layer + "=" + adoptOptions(settings);
    const bool space = word.find_first_of(" \t\n\r\f\v") != std::string::npos;
    const bool quote = word.find_first_of("\"'") != std::string::npos;
    if (!space && !quote) {
        out = word;
    } else if (word.find('"') == std::string::npos) {
        out = "\"" + word + "\"";
    } else if (word.find('\'') == std::string::npos) {
        out = "'" + word + "'";
    } else {
        return "the layer's word " + word + " holds both kinds of quotes, which JAVA_TOOL_OPTIONS cannot carry";
    }
    return std::nullopt;
}

std::string toolOptionsWith(const std::string& word, const std::optional<std::string>& before) {
    return before && !before->empty() ? word + " " + *before : word;
}

}  // namespace jvmticheck
