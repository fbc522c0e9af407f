#include "run.hpp"

#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <sstream>

#include "files/own_files.hpp"

namespace jvmticheck {

namespace {

volatile sig_atomic_t childPid = 0;

void passOn(int signal) {
    if (childPid > 0) ::kill(childPid, signal);
}

}  // namespace

int runProgram(const std::vector<std::string>& command, const Environment& changes) {
    struct sigaction ignore {}, forward{}, oldInt{}, oldQuit{}, oldTerm{}, oldHup{};
    ignore.sa_handler = SIG_IGN;
    forward.sa_handler = passOn;
    ::sigaction(SIGINT, &ignore, &oldInt);
    ::sigaction(SIGQUIT, &ignore, &oldQuit);
    ::sigaction(SIGTERM, &forward, &oldTerm);
    ::sigaction(SIGHUP, &forward, &oldHup);
    std::fflush(nullptr);
    const pid_t pid = ::fork();
    if (pid == 0) {
        ::sigaction(SIGINT, &oldInt, nullptr);
        ::sigaction(SIGQUIT, &oldQuit, nullptr);
        ::sigaction(SIGTERM, &oldTerm, nullptr);
        ::sigaction(SIGHUP, &oldHup, nullptr);
        for (const auto& [name, value] : changes) {
            if (value) ::setenv(name.c_str(), value->c_str(), 1);
            else ::unsetenv(name.c_str());
        }
        std::vector<char*> argv;
        for (const auto& word : command) argv.push_back(const_cast<char*>(word.c_str()));
        argv.push_back(nullptr);
        ::execvp(argv[0], argv.data());
        std::fprintf(stderr, "jvmti-check: cannot run %s: %s\n", argv[0], std::strerror(errno));
        ::_exit(127);
    }
    int status = 0;
    if (pid < 0) {
        std::fprintf(stderr, "jvmti-check: cannot start %s: %s\n", command[0].c_str(), std::strerror(errno));
        status = 127 << 8;
    } else {
        childPid = pid;
        while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
        }
        childPid = 0;
    }
    ::sigaction(SIGINT, &oldInt, nullptr);
    ::sigaction(SIGQUIT, &oldQuit, nullptr);
    ::sigaction(SIGTERM, &oldTerm, nullptr);
    ::sigaction(SIGHUP, &oldHup, nullptr);
    if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
    return WEXITSTATUS(status);
}

std::vector<std::string> afterRunLines(const Outputs& o) {
    std::vector<std::string> lines;
    std::string where;
    if (o.report == "stderr") {
        where = "jvmti-check: the layer reported on standard error (above)";
    } else {
        std::string problem;
        const auto text = jvmtifiles::readOwnFile(o.report, 64u << 20, problem);
        if (!text) {
            lines.push_back("jvmti-check: no report: the layer did not start (see the JVM's messages above)");
            return lines;
        }
        std::istringstream in(*text);
        std::size_t reports = 0;
        bool summary = false;
        for (std::string line; std::getline(in, line);) {
            if (line.rfind("jvmtilayer: summary: ", 0) == 0) {
                lines.push_back(line);
                summary = true;
            } else if (line.rfind("jvmtilayer: error: ", 0) == 0 || line.rfind("jvmtilayer: warning: ", 0) == 0) {
                ++reports;
            }
        }
        if (!summary)
            lines.push_back(reports == 0 ? "jvmti-check: the layer reported nothing"
                                         : "jvmti-check: the layer wrote no summary (the JVM did not end normally); " +
                                               std::to_string(reports) + " reports in the file");
        where = o.html ? "jvmti-check: HTML report: " + *o.html + "; text report: " + o.report
                       : "jvmti-check: full report: " + o.report;
    }
    if (o.trace) where += "; trace: " + (*o.trace == "stderr" ? std::string("standard error") : *o.trace);
    if (o.stats) where += "; statistics: " + (*o.stats == "stderr" ? std::string("standard error") : *o.stats);
    lines.push_back(where);
    return lines;
}

std::optional<std::string> runDirectory(const std::optional<std::string>& given, const std::filesystem::path& fallback,
                                        const std::string& option, std::filesystem::path& out) {
    namespace fs = std::filesystem;
    std::error_code ec;
    if (given) {
        out = fs::absolute(*given, ec).lexically_normal();
        if (!out.has_filename()) out = out.parent_path();
        struct stat st {};
        if (::lstat(out.c_str(), &st) != 0) {
            fs::create_directories(out.parent_path(), ec);
            if (auto problem = jvmtifiles::makeOwnDirectory(out.string())) return option + ": " + *problem;
            return std::nullopt;
        }
        if (auto problem = jvmtifiles::notOwnDirectory(out.string()))
            return option + " " + out.string() + ": not taken: " + *problem +
                   " (a run's files are written only into a directory of your own, which no other user can write to)";
        return std::nullopt;
    }
    out = fallback;
    if (!jvmtifiles::makeOwnDirectory(out.string())) return std::nullopt;
    std::string problem;
    const auto fresh = jvmtifiles::makeFreshDirectory(out.string(), problem);
    if (!fresh) return problem + " (give a directory with " + option + " DIR)";
    out = *fresh;
    return std::nullopt;
}

std::optional<std::string> writable(const std::string& option, const std::string& file) {
    // Nothing is opened here: the file is made new at the end, beside whatever is there now.
    struct stat st {};
    if (file.empty() || file.back() == '/' || (::stat(file.c_str(), &st) == 0 && S_ISDIR(st.st_mode)))
        return option + " " + file + ": a directory, not a file";
    const auto slash = file.find_last_of('/');
    const std::string dir = slash == std::string::npos ? "." : slash == 0 ? "/" : file.substr(0, slash);
    if (::access(dir.c_str(), W_OK | X_OK) != 0)
        return option + " " + file + ": cannot write in " + dir + ": " + std::strerror(errno);
    return std::nullopt;
}

}  // namespace jvmticheck
