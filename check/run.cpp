#include "run.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>

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
        std::ifstream in(o.report);
        if (!in) {
            lines.push_back("jvmti-check: no report: the layer did not start (see the JVM's messages above)");
            return lines;
        }
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

std::optional<std::string> writable(const std::string& option, const std::string& file) {
    const bool existed = ::access(file.c_str(), F_OK) == 0;
    const int fd = ::open(file.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0666);
    if (fd < 0) return option + " " + file + ": cannot write it: " + std::strerror(errno);
    ::close(fd);
    if (!existed) ::unlink(file.c_str());
    return std::nullopt;
}

}  // namespace jvmticheck
