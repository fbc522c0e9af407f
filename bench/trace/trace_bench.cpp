// The trace writer's cost per record: a trivial traced call (GetPhase with one output) submitted
// N times from one thread and written to a file, in each format. The time runs from the first
// submit to the end of close(), which has then formatted and written every record: ns/record
// is the whole cost (the submitting thread's share is printed too). Target: at most 150 ns per
// record in jsonl and chrome.
//
//   trace_bench [--records N] [--dir DIR] [--runs R]
//
// --dir /dev/null writes to /dev/null instead: the cost without the file system's.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <sys/resource.h>
#include <unistd.h>

#include "trace/stats.hpp"
#include "trace/writer.hpp"

using namespace jvmtilayer::trace;

namespace {

const char* errorName(int error) { return error == 0 ? "JVMTI_ERROR_NONE" : nullptr; }

struct Result {
    double totalNs;   // per record, first submit to close() done
    double submitNs;  // per record, the submitting thread's loop
    double cpuNs;     // per record, CPU time of the process (both threads, user and system)
    std::uint64_t dropped;
};

double cpuNow() {
    rusage u{};
    ::getrusage(RUSAGE_SELF, &u);
    return (double(u.ru_utime.tv_sec) + double(u.ru_stime.tv_sec)) * 1e9 +
           (double(u.ru_utime.tv_usec) + double(u.ru_stime.tv_usec)) * 1e3;
}

// build: make a fresh Record per call, as a tracing entry would; otherwise reuse one.
Result run(Format format, const std::string& path, std::size_t n, bool build) {
    Tracer tracer;
    Options options;
    options.errorName = errorName;
    options.bufferBytes = std::size_t{512} << 20;  // the cost of writing, not of dropping
    if (auto error = tracer.open(format, path, options)) {
        std::fprintf(stderr, "trace_bench: %s\n", error->c_str());
        std::exit(1);
    }
    Record reused;
    reused.name = "GetPhase";
    reused.out("phase_ptr", "JVMTI_PHASE_LIVE");
    const double cpu0 = cpuNow();
    const auto t0 = std::chrono::steady_clock::now();
    for (std::size_t i = 0; i < n; ++i) {
        if (build) {
            Record r;
            r.name = "GetPhase";
            r.startNs = nowNs();
            r.out("phase_ptr", "JVMTI_PHASE_LIVE");
            r.durationNs = nowNs() - r.startNs;
            tracer.submit(r);
        } else {
            reused.startNs = nowNs();
            reused.durationNs = 25;
            tracer.submit(reused);
        }
    }
    const auto t1 = std::chrono::steady_clock::now();
    tracer.close();
    const auto t2 = std::chrono::steady_clock::now();
    const double cpu = cpuNow() - cpu0;
    const auto c = tracer.counters();
    if (c.written + c.dropped != n) std::fprintf(stderr, "trace_bench: %llu records lost\n", (unsigned long long)(n - c.written - c.dropped));
    return {std::chrono::duration<double, std::nano>(t2 - t0).count() / double(n),
            std::chrono::duration<double, std::nano>(t1 - t0).count() / double(n), cpu / double(n), c.dropped};
}

}  // namespace

int main(int argc, char** argv) {
    std::size_t records = 1'000'000;
    int runs = 5;
    std::string dir = "/tmp";
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--records") && i + 1 < argc)
            records = std::strtoull(argv[++i], nullptr, 10);
        else if (!std::strcmp(argv[i], "--runs") && i + 1 < argc)
            runs = std::atoi(argv[++i]);
        else if (!std::strcmp(argv[i], "--dir") && i + 1 < argc)
            dir = argv[++i];
        else {
            std::fprintf(stderr, "usage: trace_bench [--records N] [--runs R] [--dir DIR]\n");
            return 2;
        }
    }
    std::printf("trace_bench: %zu GetPhase records per run, median of %d runs, to files in %s\n", records, runs, dir.c_str());
    std::printf("%-8s %-16s %10s %14s %11s %8s\n", "format", "record", "ns/record", "submit ns/rec", "cpu ns/rec", "dropped");
    bool ok = true;
    for (Format format : {Format::Text, Format::Jsonl, Format::Chrome}) {
        for (bool build : {false, true}) {
            const std::string path =
                dir == "/dev/null" ? dir : dir + "/trace_bench." + std::to_string(::getpid()) + "." + formatName(format);
            std::vector<Result> results;
            for (int r = 0; r < runs; ++r) {
                ::sync();  // the last run's writeback would slow this one's writes down
                results.push_back(run(format, path, records, build));
                if (path != "/dev/null") std::remove(path.c_str());
            }
            std::sort(results.begin(), results.end(), [](const Result& a, const Result& b) { return a.totalNs < b.totalNs; });
            const Result& median = results[results.size() / 2];
            std::printf("%-8s %-16s %10.1f %14.1f %11.1f %8llu\n", formatName(format), build ? "built per call" : "reused",
                        median.totalNs, median.submitNs, median.cpuNs, (unsigned long long)median.dropped);
            if (format != Format::Text && median.totalNs > 150.0) ok = false;
        }
    }
    // Statistics alone: one addCall per traced call.
    {
        Stats stats;
        const auto t0 = std::chrono::steady_clock::now();
        for (std::size_t i = 0; i < records; ++i) stats.addCall("GetPhase", 0, 25);
        const auto t1 = std::chrono::steady_clock::now();
        std::printf("%-8s %-16s %10.1f\n", "stats", "addCall", std::chrono::duration<double, std::nano>(t1 - t0).count() / double(records));
    }
    std::printf("target: jsonl and chrome at most 150 ns/record: %s\n", ok ? "met" : "NOT met");
    return 0;
}
