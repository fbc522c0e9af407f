// jvmti-check [OPTIONS] [KEY=VALUE]... -- COMMAND ARGS...
// Runs a command with the agents of every JVM it starts behind libjvmtilayer.so, then merges
// the JVMs' reports into one summary, SARIF, JUnit XML and HTML, and sets the exit status
// (help/jvmti_check.cpp holds the whole description, which --help prints).
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <iostream>

#include "collect.hpp"
#include "files/own_files.hpp"
#include "finish.hpp"
#include "follow.hpp"
#include "guarded_main.hpp"
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
#include "sweep/sweep.hpp"

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

int run(const std::vector<std::string>& args, const char* argv0) {
    CommandLine line;
    if (auto problem = parseCommandLine(args, line)) return fail(*problem + "\n(run jvmti-check --help for the options)");
    if (line.help) {
        std::cout << jvmtihelp::formatHelp(jvmtihelp::jvmtiCheckHelp());
        return 0;
    }
    if (line.version) {
        std::cout << jvmtihelp::versionLine("jvmti-check");
        return 0;
    }
    if (line.mode != Mode::Run) {
        const std::string version(jvmtihelp::projectVersion());
        return line.mode == Mode::Merge ? runSweepMerge(line.sweep, version) : runInjectSweep(line.sweep, argv0, version);
    }
    const CheckOptions& options = line.run;
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
    // The report directory is made (or checked) after --dry-run's early return; its name is known now.
    fs::path reportDir = fs::absolute(options.reportDir ? fs::path(*options.reportDir) : cwd / runName, ec).lexically_normal();
    if (!options.dryRun)
        if (auto problem = runDirectory(options.reportDir, cwd / runName, "--report-dir", reportDir)) return fail(*problem);
    if (reportDir.string().find(',') != std::string::npos)
        return fail("the report directory " + reportDir.string() + " contains ',', which the layer's option string "
                    "cannot take; give another with --report-dir DIR");
    const std::string perJvm = (reportDir / "%p-%m").string();
    const bool html = options.html.has_value();
    const auto fileMode = jvmtifiles::parseFileMode(settingValue(options.settings, "file-mode").value_or("0600"));
    const bool commandFull = settingValue(options.settings, "report-command") == std::optional<std::string>("full");

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
    // --hs-err-dir: every JVM's fatal error log goes there, named by its pid.
    std::string errorFileWord;
    if (options.hsErrDir) {
        errorFileWord = "-XX:ErrorFile=" + (fs::absolute(*options.hsErrDir, ec) / "hs_err_pid%p.log").string();
        if (errorFileWord.find_first_of(" \t\n\r\f\v\"'") != std::string::npos)
            return fail("--hs-err-dir " + *options.hsErrDir + ": a directory whose name has no white space or quotes "
                        "(the JVMs read it from JAVA_TOOL_OPTIONS)");
        word += " " + errorFileWord;
    }
    const std::string childOptions = toolOptionsWith(word, environment["JAVA_TOOL_OPTIONS"]);

    std::vector<std::string> command = options.command;
    Environment changes;
    std::vector<NamedReport> extraData;
    std::vector<std::string> staleFiles;
    std::optional<std::string> workDir;  // jvmti-check's own files (the agents file), removed at the end
    std::string layerOptions = adoptOptions(followed);  // what the layer of the command's JVM reads
    if (rewrite) {
        // Several agents are listed in a file the layer reads: made new in a private directory.
        std::string agentsFile;
        if (agents.size() > 1) {
            std::string problem;
            workDir = jvmtifiles::makeWorkDirectory("jvmti-check", problem);
            if (!workDir) return fail("cannot make a directory for the agents file: " + problem);
            agentsFile = *workDir + "/agents.json";
        }
        LayerPlan plan;
        if (auto problem = planLayer(layer.string(), options.settings, html, agents, stripped, perJvm, agentsFile, plan)) {
            if (workDir) jvmtifiles::removeTree(*workDir);
            return fail(*problem);
        }
        if (plan.agentsFile)
            if (auto problem = jvmtifiles::writeFile(*plan.agentsFile, plan.agentsJson)) {
                jvmtifiles::removeTree(*workDir);
                return fail("cannot write the agents file: " + *problem);
            }
        layerOptions = plan.optionString;
        command = plan.command;
        if (!errorFileWord.empty()) command.insert(command.begin() + 1, errorFileWord);
        changes = stripped.changes;
        changes[jvmtilayer::envVarName("child-tool-options")] = childOptions;
        // report= given (or in config=): that JVM's data lies beside its text, outside the directory.
        if (!plan.jsonReport.empty() && plan.jsonReport.find('%') == std::string::npos)
            extraData.push_back({fs::absolute(plan.jsonReport, ec).string(), plan.textReport, plan.htmlReport});
        if (options.dryRun && plan.agentsFile)
            std::cerr << "jvmti-check: the agents are listed in " << *plan.agentsFile
                      << " (kept, so that the command can be run)\n";
        // Removed before the run, so that a report seen after it is this run's.
        for (const auto& file : {plan.textReport, plan.jsonReport})
            if (!file.empty() && file.find('%') == std::string::npos) staleFiles.push_back(file);
    } else {
        changes["JAVA_TOOL_OPTIONS"] = childOptions;
    }
    // The agents file goes with the run, unless asked to keep it or the command is only printed.
    struct RemoveWorkDir {
        const std::optional<std::string>& dir;
        bool keep;
        ~RemoveWorkDir() {
            if (dir && !keep) jvmtifiles::removeTree(*dir);
        }
    } removeWorkDir{workDir, options.keepWorkDir || options.dryRun};
    if (workDir && options.keepWorkDir) std::cerr << "jvmti-check: its own files are kept in " << *workDir << "\n";
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
    // A stale report the user named is removed (never followed); it must be a file of ours.
    for (const auto& file : staleFiles) {
        struct stat st {};
        if (::lstat(file.c_str(), &st) == 0 && (!S_ISREG(st.st_mode) || st.st_uid != ::geteuid()))
            return fail("report=" + file + ": something other than a file of yours is there; the layer would replace "
                        "it: remove it or name another file");
        ::unlink(file.c_str());
    }

    // What the directory held before: only this run's reports are merged.
    const FileTimes before = filesOf(reportDir);
    const int status = runProgram(command, changes);

    Finish finish{options, failOn, reportDir, extraData, before, cwd, reportToStderr, {}, {}, *fileMode, commandFull};
    if (!judged.settings.trace.empty()) finish.trace = judged.settings.traceFile;
    if (!judged.settings.stats.empty()) finish.stats = judged.settings.stats;
    return finishRun(finish, status);
}

}  // namespace

int main(int argc, char** argv) {
    return jvmtihelp::guardedMain("jvmti-check", 2, [&] { return run(std::vector<std::string>(argv + 1, argv + argc), argv[0]); });
}
