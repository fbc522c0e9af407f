// jvmti-check [OPTIONS] [KEY=VALUE]... -- COMMAND ARGS...
// Runs a command with the agents of every JVM it starts behind libjvmtilayer.so, then merges
// the JVMs' reports into one summary, SARIF, JUnit XML and HTML, and sets the exit status
// (help/jvmti_check.cpp holds the whole description, which --help prints).
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <fstream>
#include <iostream>

#include "collect.hpp"
#include "finish.hpp"
#include "follow.hpp"
#include "help.hpp"
#include "inject/plan.hpp"
#include "inject/universe.hpp"
#include "jdk.hpp"
#include "layer_command.hpp"
#include "options.hpp"
#include "report/formats/jvm_report.hpp"
#include "rewrite.hpp"
#include "run.hpp"
#include "settings/settings.hpp"
#include "sweep.hpp"

namespace {

namespace fs = std::filesystem;
using namespace jvmticheck;

int fail(const std::string& message) {
    std::cerr << "jvmti-check: " << message << "\n";
    return 2;
}

std::optional<std::string> variable(const char* name) {
    const char* value = std::getenv(name);
    return value ? std::optional<std::string>(value) : std::nullopt;
}

// The command's first word, as exec would find it; a JDK's java when it is one.
bool isJavaLauncher(const Jdk& jdk) {
    std::error_code ec;
    return jdk.java.filename() == "java" && fs::is_directory(jdk.lib(), ec) && fs::exists(jdk.home / "release", ec);
}

}  // namespace

int main(int argc, char** argv) {
    const std::vector<std::string> args(argv + 1, argv + argc);
    if (isSweepCommandLine(args)) {
        SweepOptions sweep;
        if (auto problem = parseSweepOptions(args, sweep))
            return fail(*problem + "\n(run jvmti-check --help for the options)");
        if (sweep.help) {
            std::cout << jvmtihelp::formatHelp(jvmtihelp::jvmtiCheckHelp());
            return 0;
        }
        if (sweep.version) {
            std::cout << jvmtihelp::versionLine("jvmti-check");
            return 0;
        }
        const std::string version(jvmtihelp::projectVersion());
        return sweep.merge ? runSweepMerge(sweep, version) : runInjectSweep(sweep, argv[0], version);
    }
    CheckOptions options;
    if (auto problem = parseCheckOptions(args, options))
        return fail(*problem + "\n(run jvmti-check --help for the options)");
    if (options.help) {
        std::cout << jvmtihelp::formatHelp(jvmtihelp::jvmtiCheckHelp());
        return 0;
    }
    if (options.version) {
        std::cout << jvmtihelp::versionLine("jvmti-check");
        return 0;
    }
    const auto failOn = *jvmtireport::parseLevel(options.failOn);

    std::error_code ec;
    fs::path layer;
    if (options.layer) {
        layer = fs::absolute(*options.layer, ec);
        if (!fs::is_regular_file(layer, ec)) return fail("--layer " + *options.layer + ": no such file");
    } else {
        std::string tried;
        const auto found = installedFile(JVMTI_CHECK_LAYER_CANDIDATES, tried);
        if (!found) return fail("the layer libjvmtilayer.so is not installed beside jvmti-check (looked for " + tried +
                                "); give it with --layer FILE");
        layer = *found;
    }
    const auto givenReport = settingValue(options.settings, "report");
    const bool reportToStderr = givenReport && (givenReport->empty() || *givenReport == "stderr");
    if (reportToStderr && (options.errorExitcode || options.sarif || options.junit || options.html))
        return fail("report=" + *givenReport + " sends the text to standard error, where jvmti-check cannot read the "
                    "reports back: --error-exitcode, --sarif, --junit and --html need them in files");
    if (givenReport && givenReport->find('%') != std::string::npos)
        return fail("report=" + *givenReport + ": jvmti-check names each JVM's report itself; use --report-dir DIR");
    for (const auto& [option, file] : {std::pair{"--sarif", options.sarif}, std::pair{"--junit", options.junit},
                                       std::pair{"--html", options.html}})
        if (file)
            if (auto problem = writable(option, *file)) return fail(*problem);

    const fs::path cwd = fs::current_path(ec);
    const std::string runName = "jvmti-check." + std::to_string(::getpid());
    const fs::path reportDir = fs::absolute(options.reportDir ? fs::path(*options.reportDir) : cwd / runName, ec);
    const std::string perJvm = (reportDir / "%p-%m").string();
    const bool html = options.html.has_value();

    // The command: a JDK's java naming agents is rewritten so its agents load behind the layer
    // (its output unchanged); every JVM it or any other command starts follows through
    // JAVA_TOOL_OPTIONS.
    Jdk jdk;
    const std::string& program = options.command.front();
    if (auto problem = findJdk(program, variable("PATH").value_or(""), jdk)) {
        std::cerr << "jvmti-check: cannot run " << program << ": " << *problem << "\n";
        return 127;
    }
    Environment environment;
    for (const char* name : kOptionVariables) environment[name] = variable(name);
    Stripped stripped;
    std::vector<LayerAgent> agents;
    bool rewrite = false;
    if (isJavaLauncher(jdk)) {
        if (auto problem = stripAgents(options.command, environment, cwd, stripped)) return fail(*problem);
        if (!stripped.agents.empty()) {
            if (auto problem = resolveAgents(stripped.agents, jdk, stripped.libraryPath, variable("LD_LIBRARY_PATH"),
                                             defaultLibraryPath, cwd, agents))
                return fail(*problem);
            if (auto problem = refuseLayerAsAgent(stripped.agents, agents, layer.string())) return fail(*problem);
        }
        // Agents in the launcher's variables would be lost to the JVMs it starts (they inherit
        // the rewritten variables): those runs follow every JVM the same way instead.
        rewrite = !stripped.agents.empty();
        for (const auto& a : stripped.agents)
            if (a.where == "JDK_JAVA_OPTIONS" || a.where == "_JAVA_OPTIONS") rewrite = false;
    }
    if (auto config = settingValue(options.settings, "config"); config && !config->empty()) {
        const auto parsed = jvmtilayer::parseConfigFile(*config);
        if (!parsed.ok()) return fail("config=" + *config + ": " + parsed.error);
        if (!parsed.settings.agents.empty())
            return fail("config=" + *config + " names agents: jvmti-check gives the layer the agents of the command; "
                        "leave \"agent\" and \"agents\" out of the file");
    }

    // The word every followed JVM gets first in JAVA_TOOL_OPTIONS.
    const std::vector<std::string> followed = followedSettings(options.settings, html, perJvm);
    std::string word;
    if (auto problem = adoptWord(layer.string(), followed, word)) return fail(*problem);
    const std::string childOptions = toolOptionsWith(word, environment["JAVA_TOOL_OPTIONS"]);

    std::vector<std::string> command = options.command;
    Environment changes;
    std::vector<std::string> extraData;
    std::vector<std::string> staleFiles;
    std::string layerOptions = adoptOptions(followed);  // what the layer of the command's JVM reads
    if (rewrite) {
        LayerPlan plan;
        if (auto problem = planLayer(layer.string(), options.settings, html, agents, stripped, perJvm,
                                     (cwd / runName).string(), plan))
            return fail(*problem);
        if (plan.agentsFile) {
            std::ofstream out(*plan.agentsFile, std::ios::trunc);
            out << plan.agentsJson;
            if (!out) return fail("cannot write the agents file " + *plan.agentsFile);
        }
        layerOptions = plan.optionString;
        command = plan.command;
        changes = stripped.changes;
        changes[jvmtilayer::envVarName("child-tool-options")] = childOptions;
        // report= given (or in config=): that JVM's data lies beside its text, outside the directory.
        if (!plan.jsonReport.empty() && plan.jsonReport.find('%') == std::string::npos)
            extraData.push_back(fs::absolute(plan.jsonReport, ec).string());
        if (options.dryRun && plan.agentsFile) std::cerr << "jvmti-check: the agents are listed in " << *plan.agentsFile << "\n";
        // Removed before the run, so that a report seen after it is this run's.
        for (const auto& file : {plan.textReport, plan.jsonReport})
            if (!file.empty() && file.find('%') == std::string::npos) staleFiles.push_back(file);
    } else {
        changes["JAVA_TOOL_OPTIONS"] = childOptions;
    }
    // The layer's own parser judges the settings now, rather than each JVM refusing to start.
    const auto judged = jvmtilayer::loadSettings(layerOptions.c_str());
    if (!judged.ok()) return fail("the layer's settings: " + judged.error);
    // inject= rules are checked against the spec's facts here too, before anything runs.
    if (!judged.settings.inject.empty()) {
        const auto plan = jvmtilayer::inject::parse(judged.settings.inject, jvmtilayer::inject::metadataUniverse());
        if (!plan) return fail(plan.error);
    }
    if (options.dryRun) {
        std::cout << shellLine(command, changes) << "\n";
        return 0;
    }
    for (const auto& file : staleFiles) fs::remove(file, ec);
    fs::create_directories(reportDir, ec);
    if (!fs::is_directory(reportDir, ec)) return fail("--report-dir " + reportDir.string() + ": cannot make the directory");

    // What the directory held before: only this run's reports are merged.
    const FileTimes before = filesOf(reportDir);
    const int status = runProgram(command, changes);

    Finish finish{options, failOn, reportDir, extraData, before, cwd, reportToStderr, {}, {}};
    if (!judged.settings.trace.empty()) finish.trace = judged.settings.traceFile;
    if (!judged.settings.stats.empty()) finish.stats = judged.settings.stats;
    return finishRun(finish, status);
}
