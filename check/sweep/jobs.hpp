// The sweep's processes: each run a jvmti-check of its own, in its own process group (so that
// a timeout kills everything it started), with its output in its directory; N at a time.
#pragma once

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

namespace jvmticheck {

struct Job {
    std::vector<std::string> argv;  // argv[0] a path
    std::filesystem::path dir;      // standard output and error go to dir/command.out, dir/command.err
    double timeout = 0;             // seconds; 0: none
};

struct JobEnd {
    int status = 0;          // the exit status; 128+N for a signal N
    bool timedOut = false;   // killed (with its process group) at the timeout
    double seconds = 0;
};

// Runs `jobs`, `parallel` at a time, in order of index; `ended(i, end)` is called as job i ends.
// SIGINT, SIGTERM and SIGHUP kill the running process groups and end it early: false then.
bool runJobs(const std::vector<Job>& jobs, unsigned parallel, const std::function<void(std::size_t, const JobEnd&)>& ended);

// The same for jobs made as slots free up: `next(job)` gives the next one (false: none now, for
// example until a running job ends); `ended(n, end)` is called as the nth job made ends. Ends
// when nothing runs and `next` gives nothing.
bool runQueue(unsigned parallel, const std::function<bool(Job&)>& next, const std::function<void(std::size_t, const JobEnd&)>& ended);

// The path of this executable (/proc/self/exe).
std::filesystem::path selfExecutable();

}  // namespace jvmticheck
