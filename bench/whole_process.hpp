// What a benchmark times: a command as a whole process, through the shell but exec'd, so that
// the wall time and wait4's peak memory are the program's own. Header-only, for the benches.
#pragma once

#include <sys/resource.h>
#include <sys/wait.h>
#include <fcntl.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace bench {

struct ProcessRun {
    double seconds = 0;
    double rssMb = 0;  // peak resident memory
    int status = -1;   // the exit status, or 128 + the signal
    std::string out;   // stdout and stderr together
};

inline std::string slurp(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

// Runs `command` with its stdout and stderr into `outFile`, then reads them back.
inline ProcessRun runWholeProcess(const std::string& command, const std::filesystem::path& outFile) {
    ProcessRun r;
    const auto start = std::chrono::steady_clock::now();
    const pid_t pid = ::fork();
    if (pid == 0) {
        const int fd = ::open(outFile.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
        ::dup2(fd, 1);
        ::dup2(fd, 2);
        ::execl("/bin/sh", "sh", "-c", ("exec " + command).c_str(), static_cast<char*>(nullptr));
        ::_exit(127);
    }
    int status = 0;
    rusage usage{};
    ::wait4(pid, &status, 0, &usage);
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    r.rssMb = static_cast<double>(usage.ru_maxrss) / 1024.0;
    r.status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    r.out = slurp(outFile);
    return r;
}

}  // namespace bench
