// jvmti-check [--dry-run] [--layer FILE] [KEY=VALUE]... -- java ARGS...
// Runs a java command with all of its agents behind libjvmtilayer.so (see help/jvmti_check.cpp
// for the whole description, which --help prints).
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <iostream>

#include "help.hpp"
#include "jdk.hpp"
#include "layer_command.hpp"
#include "options.hpp"
#include "rewrite.hpp"
#include "run.hpp"
#include "settings.hpp"

namespace {

namespace fs = std::filesystem;
using namespace jvmticheck;

int fail(const std::string& message) {
    std::cerr << "jvmti-check: " << message << "\n";
    return 2;
}

// The layer installed with this program: each of JVMTI_CHECK_LAYER_CANDIDATES (paths relative
// to the directory of jvmti-check's own executable: the installed layout, then the build tree's).
std::optional<fs::path> installedLayer(std::string& tried) {
    std::error_code ec;
    const fs::path self = fs::read_symlink("/proc/self/exe", ec);
    if (ec) return std::nullopt;
    std::string candidates = JVMTI_CHECK_LAYER_CANDIDATES;
    for (const auto& relative : splitPathList(candidates)) {
        const fs::path file = (self.parent_path() / relative).lexically_normal();
        tried += (tried.empty() ? "" : ", ") + file.string();
        if (fs::is_regular_file(file, ec)) return file;
    }
    return std::nullopt;
}

std::optional<std::string> variable(const char* name) {
    const char* value = std::getenv(name);
    return value ? std::optional<std::string>(value) : std::nullopt;
}

}  // namespace

int main(int argc, char** argv) {
    CheckOptions options;
    if (auto problem = parseCheckOptions(std::vector<std::string>(argv + 1, argv + argc), options))
        return fail(*problem + "\n(run jvmti-check --help for the options)");
    if (options.help) {
        std::cout << jvmtihelp::formatHelp(jvmtihelp::jvmtiCheckHelp());
        return 0;
    }
    if (options.version) {
        std::cout << jvmtihelp::versionLine("jvmti-check");
        return 0;
    }

    std::error_code ec;
    fs::path layer;
    if (options.layer) {
        layer = fs::absolute(*options.layer, ec);
        if (!fs::is_regular_file(layer, ec)) return fail("--layer " + *options.layer + ": no such file");
    } else {
        std::string tried;
        const auto found = installedLayer(tried);
        if (!found) return fail("the layer libjvmtilayer.so is not installed beside jvmti-check (looked for " + tried +
                                "); give it with --layer FILE");
        layer = *found;
    }

    Jdk jdk;
    if (auto problem = findJdk(options.command.front(), variable("PATH").value_or(""), jdk))
        return fail("cannot find java: " + *problem);
    const fs::path cwd = fs::current_path(ec);
    Environment environment;
    for (const char* name : kOptionVariables) environment[name] = variable(name);
    Stripped stripped;
    if (auto problem = stripAgents(options.command, environment, cwd, stripped)) return fail(*problem);
    if (stripped.agents.empty())
        return fail("nothing to check: no -agentlib, -agentpath or -javaagent in the command, its @argfiles, "
                    "JAVA_TOOL_OPTIONS, JDK_JAVA_OPTIONS or _JAVA_OPTIONS");
    std::vector<LayerAgent> agents;
    if (auto problem = resolveAgents(stripped.agents, jdk, stripped.libraryPath, variable("LD_LIBRARY_PATH"),
                                     defaultLibraryPath, cwd, agents))
        return fail(*problem);

    LayerPlan plan;
    const std::string runBase = (cwd / ("jvmti-check." + std::to_string(::getpid()))).string();
    if (auto problem = planLayer(layer.string(), options.settings, agents, stripped, runBase, plan))
        return fail(*problem);
    if (plan.agentsFile) {
        std::ofstream out(*plan.agentsFile, std::ios::trunc);
        out << plan.agentsJson;
        if (!out) return fail("cannot write the agents file " + *plan.agentsFile);
    }
    // The layer's own parser judges the settings now, rather than the JVM refusing to start.
    const auto settings = jvmtilayer::loadSettings(plan.optionString.c_str());
    if (!settings.ok()) return fail("the layer's settings: " + settings.error);

    if (options.dryRun) {
        std::cout << shellLine(plan.command, stripped.changes) << "\n";
        if (plan.agentsFile) std::cerr << "jvmti-check: the agents are listed in " << *plan.agentsFile << "\n";
        return 0;
    }
    if (plan.report != "stderr") fs::remove(plan.report, ec);  // so that a report seen after the run is this run's
    const int status = runProgram(plan.command, stripped.changes);
    Outputs outputs{plan.report, std::nullopt, std::nullopt};
    if (!settings.settings.trace.empty()) outputs.trace = settings.settings.traceFile;
    if (!settings.settings.stats.empty()) outputs.stats = settings.settings.stats;
    for (const auto& line : afterRunLines(outputs)) std::cerr << line << "\n";
    return status;
}
