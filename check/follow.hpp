// Following every JVM a command starts: the JAVA_TOOL_OPTIONS word that loads the layer with
// adopt=true (every JVM reads that variable, whatever starts it: a script, ant, Maven,
// ProcessBuilder), so that each JVM's own agents come behind the layer.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace jvmticheck {

// The settings of a followed JVM: the user's (their report-format merged, jvmSettings()), each
// JVM's files named `perJvm` (a report= given names only the rewritten java command's text), and
// config=FILE when given.
std::vector<std::string> followedSettings(const std::vector<std::string>& settings, bool html, const std::string& perJvm);

// "adopt=true,SETTING,...": the layer's option string of a followed JVM.
std::string adoptOptions(const std::vector<std::string>& settings);

// "-agentpath:LAYER=" + adoptOptions(settings), quoted as the JVM splits JAVA_TOOL_OPTIONS (words
// at white space; a word may be quoted with " or '). The error says what cannot be quoted.
std::optional<std::string> adoptWord(const std::string& layer, const std::vector<std::string>& settings,
                                     std::string& out);

// The variable's new value: the layer first, so it loads before any other agent, then what
// the variable held before.
std::string toolOptionsWith(const std::string& word, const std::optional<std::string>& before);

}  // namespace jvmticheck
