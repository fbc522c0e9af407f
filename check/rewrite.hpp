// The heart of jvmti-check: find every agent a java command would load (command line,
// @argfiles, JAVA_TOOL_OPTIONS, JDK_JAVA_OPTIONS, _JAVA_OPTIONS), take them out, find the
// library each one is, and put them all behind one -agentpath of the layer.
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "jdk.hpp"

namespace jvmticheck {

enum class AgentKind { AgentLib, AgentPath, JavaAgent };

// An agent as the command names it.
struct AgentOption {
    AgentKind kind = AgentKind::AgentPath;
    std::string word;    // as written: -agentlib:jdwp=transport=dt_socket
    std::string where;   // "the command line", "JAVA_TOOL_OPTIONS", "@args.txt"
    std::string target;  // NAME, PATH or JAR
    std::optional<std::string> options;  // the agent's options (for -javaagent: JAR[=OPTIONS])
};

// An agent as the layer loads it.
struct LayerAgent {
    std::string library;
    std::optional<std::string> options;  // nullopt: the agent gets NULL, as without '='
};

using Environment = std::map<std::string, std::optional<std::string>>;  // nullopt: unset

// The environment variables the JVM or the launcher read options from, in the order their
// agents load: JAVA_TOOL_OPTIONS before the command line (with JDK_JAVA_OPTIONS, which the
// launcher puts in front of it), _JAVA_OPTIONS after.
inline const char* const kOptionVariables[] = {"JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS", "_JAVA_OPTIONS"};

// What the command becomes without its agents.
struct Stripped {
    std::vector<std::string> command;  // java ARGS... with the agents (and argfiles naming them) gone
    Environment changes;               // option variables rewritten without their agents
    std::vector<AgentOption> agents;   // in the order the JVM loads them
    std::optional<std::string> libraryPath;  // the last -Djava.library.path=, if any
};

// Takes the agents out of `command` (java and its arguments) and of the option variables in
// `environment`. Argfiles are read relative to `cwd`. The error names the file or variable.
std::optional<std::string> stripAgents(const std::vector<std::string>& command, const Environment& environment,
                                       const std::filesystem::path& cwd, Stripped& out);

// Finds each agent's library: -agentlib in JDK/lib, then in `libraryPath` (computed lazily:
// only an -agentlib missing from JDK/lib asks for it); -agentpath and -javaagent's JAR relative
// to `cwd`. The error names the agent, where it was given, and where it was looked for.
using LibraryPathQuery = std::vector<std::string> (*)(const Jdk&, const std::optional<std::string>& ldLibraryPath);
std::optional<std::string> resolveAgents(const std::vector<AgentOption>& agents, const Jdk& jdk,
                                         const std::optional<std::string>& libraryPathProperty,
                                         const std::optional<std::string>& ldLibraryPath, LibraryPathQuery query,
                                         const std::filesystem::path& cwd, std::vector<LayerAgent>& out);

// The parsed form of one agent word, or nullopt when `word` names no agent; an agent word
// without its library (-agentlib:) is an error.
std::optional<std::string> parseAgentWord(const std::string& word, const std::string& where,
                                          std::optional<AgentOption>& out);

}  // namespace jvmticheck
