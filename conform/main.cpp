// jvmti-conform: runs a JVM with the conformance agent (libjvmticonform.so) and reports, for
// every call whose answer the spec predicts, whether the VM gave an answer the spec allows.
//
//   jvmti-conform [--java PATH] [--jvm-arg ARG]... [--json FILE] [--html FILE] [--all]
//                 [--expect FILE] [--unsafe] [--agent PATH]
//
// Exit status: 0 the run completed (deviations are findings, not failures); 1 --expect named a
// different list of deviations; 2 bad usage; 3 the JVM did not finish the suite (a crash).
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "finish.hpp"
#include "help.hpp"
#include "jdk.hpp"
#include "report/formats/report_files_io.hpp"
#include "report/report_html.hpp"
#include "page.hpp"
#include "results.hpp"
#include "guarded_main.hpp"

namespace fs = std::filesystem;

namespace {

int usage(const std::string& message) {
    std::cerr << "jvmti-conform: " << message << " (see jvmti-conform --help)\n";
    return 2;
}

std::string readAll(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// The java to run: --java, $JAVA_HOME/bin/java, or java on PATH.
std::string findJava(const std::string& given) {
    if (!given.empty()) return given;
    if (const char* home = std::getenv("JAVA_HOME"); home != nullptr && *home != '\0')
        return (fs::path(home) / "bin" / "java").string();
    if (const char* path = std::getenv("PATH"))
        for (const auto& dir : jvmticheck::splitPathList(path))
            if (::access((fs::path(dir) / "java").c_str(), X_OK) == 0) return (fs::path(dir) / "java").string();
    return "";
}

// Runs argv with stdout and stderr into `log`; the wait status.
int runLogged(const std::vector<std::string>& argv, const fs::path& log) {
    const pid_t pid = ::fork();
    if (pid < 0) return -1;
    if (pid == 0) {
        std::FILE* out = std::fopen(log.c_str(), "w");
        if (out != nullptr) {
            ::dup2(::fileno(out), 1);
            ::dup2(::fileno(out), 2);
        }
        std::vector<char*> args;
        for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
        args.push_back(nullptr);
        ::execv(args[0], args.data());
        std::fprintf(stderr, "cannot run %s\n", argv[0].c_str());
        ::_exit(127);
    }
    int status = 0;
    ::waitpid(pid, &status, 0);
    return status;
}

std::string statusText(int status) {
    if (WIFSIGNALED(status)) return "killed by signal " + std::to_string(WTERMSIG(status));
    return "exit status " + std::to_string(WEXITSTATUS(status));
}

}  // namespace

namespace {

int run(int argc, char** argv) {
    std::string java, json, html, expect, agent;
    std::vector<std::string> jvmArgs;
    bool all = false, unsafe = false;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        const auto value = [&](std::string& into) {
            if (i + 1 >= argc || argv[i + 1][0] == '\0') return false;
            into = argv[++i];
            return true;
        };
        if (a == "--help" || a == "-h") {
            std::cout << jvmtihelp::formatHelp(jvmtihelp::conformHelp());
            return 0;
        } else if (a == "--version") {
            std::cout << jvmtihelp::versionLine("jvmti-conform") << "\n";
            return 0;
        } else if (a == "--all") {
            all = true;
        } else if (a == "--unsafe") {
            unsafe = true;
        } else if (a == "--jvm-arg") {
            std::string v;
            if (!value(v)) return usage("--jvm-arg needs an argument for the JVM");
            jvmArgs.push_back(v);
        } else if (a == "--java" || a == "--json" || a == "--html" || a == "--expect" || a == "--agent") {
            std::string& into = a == "--java" ? java : a == "--json" ? json : a == "--html" ? html : a == "--expect" ? expect : agent;
            if (!value(into)) return usage(a + " needs a file");
        } else {
            return usage("unknown option '" + a + "'");
        }
    }
    java = findJava(java);
    if (java.empty() || ::access(java.c_str(), X_OK) != 0)
        return usage(java.empty() ? "no java found: give --java PATH or set JAVA_HOME"
                                  : "no java at " + java + " (give --java PATH to a JDK's bin/java)");
    std::set<std::string> expected;
    bool expecting = !expect.empty();
    if (expecting) {
        std::ifstream in(expect);
        if (!in) return usage("--expect " + expect + ": cannot read it");
        for (std::string line; std::getline(in, line);)
            if (!line.empty() && line[0] != '#') expected.insert(line);
    }
    if (agent.empty()) {
        std::string tried;
        const auto found = jvmticheck::installedFile(JVMTI_CONFORM_AGENT_CANDIDATES, tried);
        if (!found) return usage("the agent libjvmticonform.so is not beside jvmti-conform (looked for " + tried + "); give --agent PATH");
        agent = found->string();
    }

    char dirTemplate[] = "/tmp/jvmti-conform.XXXXXX";
    if (::mkdtemp(dirTemplate) == nullptr) return usage("cannot make a temporary directory");
    const fs::path dir = dirTemplate;
    const fs::path out = dir / "results.json", log = dir / "jvm.log";
    std::vector<std::string> command{java, "-XX:ErrorFile=" + (dir / "hs_err.log").string(), "-XX:-CreateCoredumpOnCrash"};
    command.insert(command.end(), jvmArgs.begin(), jvmArgs.end());
    command.push_back("-agentpath:" + agent + "=out=" + out.string() + (unsafe ? ",unsafe" : ""));
    command.push_back("-version");
    const int status = runLogged(command, log);

    conform::Results results;
    std::optional<std::string> problem = "the JVM wrote no results";
    if (fs::exists(out)) {
        try {
            problem = conform::fromJson(nlohmann::json::parse(readAll(out)), results);
        } catch (const nlohmann::json::exception& e) {
            problem = std::string("its results are unreadable: ") + e.what();
        }
    }
    const bool finished = !problem && !results.places.empty() && results.places.back() == "live";
    if (!finished || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        std::string done;
        for (const auto& p : results.places) done += (done.empty() ? "" : ", ") + p;
        std::string last = readAll(fs::path(out.string() + ".call"));
        if (!last.empty() && last.back() == '\n') last.pop_back();
        std::cerr << "jvmti-conform: the JVM (" << java << ") did not finish the suite: " << statusText(status)
                  << (problem ? "; " + *problem : "") << "; places done: " << (done.empty() ? "none" : done)
                  << "; the last call made: " << (last.empty() ? "none" : last) << "\n--- the JVM's output ("
                  << log.string() << ") ---\n" << readAll(log);
        return 3;
    }
    fs::remove_all(dir);

    std::cout << conform::renderText(results, all);
    if (!json.empty())
        if (auto problem = jvmtireport::writeFileAtomically(json, conform::toJson(results).dump(1) + "\n"))
            return usage("--json " + json + ": " + *problem);
    if (!html.empty()) {
        std::string tried;
        const auto docs = jvmticheck::installedFile(JVMTI_CONFORM_DOCS_CANDIDATES, tried);
        const std::string docsUrl = docs ? jvmtilayer::html::fileUrl(fs::absolute(*docs).string()) : "jvmti.html";
        if (auto problem = jvmtireport::writeFileAtomically(html, conform::renderPage(results, docsUrl)))
            return usage("--html " + html + ": " + *problem);
    }
    if (expecting) {
        const auto lines = conform::deviationLines(results);
        const std::set<std::string> got(lines.begin(), lines.end());
        bool same = true;
        for (const auto& l : got)
            if (!expected.count(l)) std::cerr << "jvmti-conform: new deviation: " << l << "\n", same = false;
        for (const auto& l : expected)
            if (!got.count(l)) std::cerr << "jvmti-conform: no longer deviates: " << l << "\n", same = false;
        if (!same) return 1;
    }
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    return jvmtihelp::guardedMain("jvmti-conform", 2, [&] { return run(argc, argv); });
}
