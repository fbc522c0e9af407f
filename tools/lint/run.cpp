#include "run.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <map>

#include <nlohmann/json.hpp>

#include "compile.hpp"

namespace jvmtilint {

namespace {

struct Worker {
    pid_t pid = -1;
    int fd = -1;
    size_t job = 0;
    std::string output;
};

// In the child: analyse and write the result to `fd`. Never returns.
[[noreturn]] void work(const CompileJob& original, int fd, const std::string& javaHome) {
    CompileJob job = original;
    if (!job.directory.empty() && ::chdir(job.directory.c_str()) != 0) {
        TuResult r;
        r.file = job.file;
        r.compiled = false;
        r.diagnostics = "jvmti-lint: cannot enter the compilation's directory " + job.directory + ": " +
                        std::strerror(errno) + "\n";
        job.commandLine.clear();
        const std::string text = toJson(r).dump();
        (void)!::write(fd, text.data(), text.size());
        ::_exit(0);
    }
    const auto includes = jvmtiIncludes(job, javaHome);
    addArguments(job.commandLine, includes);
    const std::string text = toJson(analyse(job)).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    const char* p = text.data();
    size_t left = text.size();
    while (left > 0) {
        const ssize_t n = ::write(fd, p, left);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) ::_exit(3);
        p += n;
        left -= static_cast<size_t>(n);
    }
    ::close(fd);
    ::_exit(0);
}

bool start(Worker& w, const CompileJob& job, size_t index, const std::string& javaHome) {
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) return false;
    const pid_t pid = ::fork();
    if (pid < 0) {
        ::close(fds[0]);
        ::close(fds[1]);
        return false;
    }
    if (pid == 0) {
        ::close(fds[0]);
        work(job, fds[1], javaHome);
    }
    ::close(fds[1]);
    w = Worker{pid, fds[0], index, {}};
    return true;
}

// The worker's end: its result, or why there is none.
Outcome finish(Worker& w, const CompileJob& job) {
    ::close(w.fd);
    int status = 0;
    while (::waitpid(w.pid, &status, 0) < 0 && errno == EINTR) {
    }
    Outcome o;
    o.result.file = job.file;
    if (WIFSIGNALED(status)) {
        o.crashed = true;
        o.why = std::string("the analyzer crashed (") + strsignal(WTERMSIG(status)) + ")";
    } else if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        o.crashed = true;
        o.why = "the analysis stopped with status " + std::to_string(WEXITSTATUS(status));
    } else if (auto r = tuResultFromJson(w.output)) {
        o.result = std::move(*r);
    } else {
        o.crashed = true;
        o.why = "the analysis handed back no result";
    }
    return o;
}

}  // namespace

std::vector<Outcome> runJobs(const std::vector<CompileJob>& jobs, unsigned parallel, const std::string& javaHome) {
    std::vector<Outcome> outcomes(jobs.size());
    std::vector<Worker> running;
    size_t next = 0;
    if (parallel == 0) parallel = 1;
    while (next < jobs.size() || !running.empty()) {
        while (next < jobs.size() && running.size() < parallel) {
            Worker w;
            if (!start(w, jobs[next], next, javaHome)) {
                outcomes[next].result.file = jobs[next].file;
                outcomes[next].crashed = true;
                outcomes[next].why = std::string("cannot start a worker: ") + std::strerror(errno);
            } else {
                running.push_back(std::move(w));
            }
            ++next;
        }
        if (running.empty()) continue;
        std::vector<pollfd> fds;
        for (const auto& w : running) fds.push_back({w.fd, POLLIN, 0});
        if (::poll(fds.data(), fds.size(), -1) < 0 && errno != EINTR) break;
        for (size_t i = running.size(); i-- > 0;) {
            if (!(fds[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
            char buffer[65536];
            const ssize_t n = ::read(running[i].fd, buffer, sizeof buffer);
            if (n > 0) {
                running[i].output.append(buffer, static_cast<size_t>(n));
                continue;
            }
            if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
            outcomes[running[i].job] = finish(running[i], jobs[running[i].job]);
            running.erase(running.begin() + static_cast<std::ptrdiff_t>(i));
        }
    }
    return outcomes;
}

}  // namespace jvmtilint
