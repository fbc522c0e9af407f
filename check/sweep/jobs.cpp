#include "sweep/jobs.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <thread>

#include "files/own_files.hpp"

namespace jvmticheck {

namespace {

volatile sig_atomic_t interrupted = 0;

void onSignal(int) { interrupted = 1; }

struct Running {
    std::size_t index;
    pid_t pid;
    std::chrono::steady_clock::time_point start;
    bool killed = false;
};

// Starts `job` in a process group of its own; -1 when it cannot fork or make its output files.
pid_t start(const Job& job) {
    // Made here, new, in the run's own directory; the child only takes them over.
    const jvmtifiles::NewFile out = jvmtifiles::createFile((job.dir / "command.out").string());
    const jvmtifiles::NewFile err = jvmtifiles::createFile((job.dir / "command.err").string());
    const int in = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
    const auto closeAll = [&] {
        for (int fd : {out.fd, err.fd, in})
            if (fd >= 0) ::close(fd);
    };
    if (!out.ok() || !err.ok() || in < 0) {
        std::fprintf(stderr, "%s: %s\n", program_invocation_short_name, (!out.ok() ? out.error : !err.ok() ? err.error : std::string("cannot open /dev/null")).c_str());
        closeAll();
        return -1;
    }
    std::vector<char*> argv;
    for (const auto& word : job.argv) argv.push_back(const_cast<char*>(word.c_str()));
    argv.push_back(nullptr);
    std::fflush(nullptr);
    const pid_t pid = ::fork();
    if (pid != 0) {
        if (pid > 0) ::setpgid(pid, pid);  // also here: the group exists before a timeout can kill it
        closeAll();
        return pid;
    }
    ::setpgid(0, 0);
    struct sigaction dflt {};
    dflt.sa_handler = SIG_DFL;
    for (int s : {SIGINT, SIGTERM, SIGHUP}) ::sigaction(s, &dflt, nullptr);
    const int o = out.fd, e = err.fd;
    ::dup2(in, 0);
    ::dup2(o, 1);
    ::dup2(e, 2);
    ::execv(argv[0], argv.data());
    std::fprintf(stderr, "%s: cannot run %s: %s\n", program_invocation_short_name, argv[0], std::strerror(errno));
    ::_exit(127);
}

int statusOf(int raw) { return WIFSIGNALED(raw) ? 128 + WTERMSIG(raw) : WEXITSTATUS(raw); }

}  // namespace

std::filesystem::path selfExecutable() {
    std::error_code ec;
    return std::filesystem::read_symlink("/proc/self/exe", ec);
}

bool runJobs(const std::vector<Job>& jobs, unsigned parallel, const std::function<void(std::size_t, const JobEnd&)>& ended) {
    std::size_t given = 0;
    return runQueue(
        parallel,
        [&](Job& job) {
            if (given >= jobs.size()) return false;
            job = jobs[given++];
            return true;
        },
        ended);
}

bool runQueue(unsigned parallel, const std::function<bool(Job&)>& next, const std::function<void(std::size_t, const JobEnd&)>& ended) {
    using Clock = std::chrono::steady_clock;
    struct sigaction catcher {}, oldInt{}, oldTerm{}, oldHup{};
    catcher.sa_handler = onSignal;
    interrupted = 0;
    ::sigaction(SIGINT, &catcher, &oldInt);
    ::sigaction(SIGTERM, &catcher, &oldTerm);
    ::sigaction(SIGHUP, &catcher, &oldHup);
    std::vector<Running> running;
    std::vector<double> timeouts;  // by job number
    std::size_t made = 0;
    if (parallel == 0) parallel = 1;
    for (;;) {
        if (interrupted) {
            for (auto& r : running) ::kill(-r.pid, SIGKILL);
            for (auto& r : running) {
                int raw = 0;
                while (::waitpid(r.pid, &raw, 0) < 0 && errno == EINTR) {
                }
            }
            break;
        }
        while (running.size() < parallel) {
            Job job;
            if (!next(job)) break;
            const std::size_t number = made++;
            timeouts.push_back(job.timeout);
            const pid_t pid = start(job);
            if (pid < 0) {
                ended(number, JobEnd{127, false, 0});
            } else {
                running.push_back({number, pid, Clock::now()});
            }
        }
        if (running.empty()) break;  // `next` has nothing, and nothing runs that could change that
        bool any = false;
        for (auto it = running.begin(); it != running.end();) {
            int raw = 0;
            const pid_t done = ::waitpid(it->pid, &raw, WNOHANG);
            const double seconds = std::chrono::duration<double>(Clock::now() - it->start).count();
            if (done == it->pid) {
                JobEnd end{statusOf(raw), it->killed, seconds};
                const std::size_t index = it->index;
                it = running.erase(it);
                ended(index, end);
                any = true;
                continue;
            }
            const double timeout = timeouts[it->index];
            if (!it->killed && timeout > 0 && seconds > timeout) {
                ::kill(-it->pid, SIGKILL);  // the whole group: jvmti-check, the command, its JVMs
                it->killed = true;
            }
            ++it;
        }
        if (!any) std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    ::sigaction(SIGINT, &oldInt, nullptr);
    ::sigaction(SIGTERM, &oldTerm, nullptr);
    ::sigaction(SIGHUP, &oldHup, nullptr);
    return !interrupted;
}

}  // namespace jvmticheck
