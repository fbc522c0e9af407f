// Generator speed on OpenJDK's JDK 16 spec: each stage, the whole run, and the I/O floor
// (reading the input and writing the same output bytes, nothing else). Prints one table of
// stages, then the three figures issue 2 sets targets for: read + model + validate, all
// outputs (every stage one after another, on one thread: the work, not the wall time of
// the parallel run), and the whole run against the I/O floor.
//
// Then what a build pays (issue 29): the jvmtigen executable as a child process (posix_spawn,
// stdout and stderr to /dev/null, timed from spawn to reaped): all outputs into a fresh empty
// --out directory each run (as a clean build writes them), --only header, and --check; median,
// min and max against issue 29's targets. With --hotspot DIR, HotSpot's own pipeline for the same
// file is timed in the same run: DIR/run.sh SPEC OUTDIR (see docs/benchmarks.md for how to
// prepare DIR from an OpenJDK checkout), and the ratio to jvmtigen's all-outputs median.
//
//   gen_bench [SPEC] [--runs N] [--hotspot DIR] [--hotspot-runs N] [--jvmtigen PATH]
//
// --runs N sets every row's run count (default: 30 for the in-process stages, 11 for the whole
// processes); --hotspot-runs N the HotSpot pipeline's (default 3: it takes seconds);
// --jvmtigen PATH times another jvmtigen executable (default: this build's).
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include "cli.hpp"
#include "api_version.hpp"
#include "emitters.hpp"
#include "output.hpp"
#include "reader.hpp"
#include "validate.hpp"

extern char** environ;

using namespace jvmtigen;
namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

namespace {

// Median wall time of `runs` calls, in milliseconds.
double median(int runs, const std::function<void()>& fn) {
    std::vector<double> t;
    for (int i = 0; i < runs; ++i) {
        const auto a = Clock::now();
        fn();
        t.push_back(std::chrono::duration<double, std::milli>(Clock::now() - a).count());
    }
    std::sort(t.begin(), t.end());
    return t[t.size() / 2];
}

std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

void row(const std::string& stage, double ms) { std::printf("| %-40s | %9.3f |\n", stage.c_str(), ms); }

void target(const char* figure, const std::string& value, const char* goal, bool met) {
    std::printf("| %-40s | %9s | %-12s | %-6s |\n", figure, value.c_str(), goal, met ? "met" : "MISSED");
}

std::string fixed(double v, const char* unit) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f%s", v, unit);
    return buf;
}

// Median, fastest and slowest of a set of times, in milliseconds.
struct Stats {
    double median = 0, min = 0, max = 0;
};

Stats summarize(std::vector<double> t) {
    std::sort(t.begin(), t.end());
    return {t[t.size() / 2], t.front(), t.back()};
}

// Runs a command as a child process (posix_spawn; stdin from /dev/null, stdout and stderr to
// /dev/null) and waits for it. Returns its exit status (128 + signal if killed, -1 if it could
// not be started) and sets `ms` to the wall time from spawn to reaped.
int spawnAndWait(const std::vector<std::string>& command, double& ms) {
    std::vector<char*> argv;
    for (const auto& a : command) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
    const auto start = Clock::now();
    pid_t pid = 0;
    const int spawned = posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    if (spawned != 0) return -1;
    int status = 0;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR) return -1;
    ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

// `runs` whole processes. Before each (not timed) the scratch directory `dir` is made fresh and
// empty if given; after each it is counted (the files the run wrote) and removed. A run that
// exits other than 0 fails the row: it is reported, with the command to repeat it by hand.
struct ProcessRow {
    Stats t;
    std::size_t files = 0;  // regular files the first run left in `dir`
    bool ok = true;
};

ProcessRow timeProcess(int runs, const std::vector<std::string>& command, const fs::path& dir = {}) {
    ProcessRow row;
    std::vector<double> times;
    for (int i = 0; i < runs; ++i) {
        if (!dir.empty()) {
            fs::remove_all(dir);
            fs::create_directories(dir);
        }
        double ms = 0;
        const int status = spawnAndWait(command, ms);
        if (status != 0) {
            std::string line;
            for (const auto& a : command) line += " " + a;
            std::fprintf(stderr, "gen_bench: %s (%d):%s\n", status < 0 ? "cannot run" : "failed, exit status", status,
                         line.c_str());
            row.ok = false;
            break;
        }
        times.push_back(ms);
        if (!dir.empty()) {
            if (i == 0)
                for (const auto& e : fs::recursive_directory_iterator(dir)) row.files += e.is_regular_file() ? 1 : 0;
            fs::remove_all(dir);
        }
    }
    if (row.ok) row.t = summarize(times);
    return row;
}

void processHeader(const char* title) {
    std::printf("| %-44s | %9s | %9s | %9s | %-9s | %-6s |\n", title, "median ms", "min", "max", "target", "");
    std::printf("|%s|%s|%s|%s|%s|%s|\n", std::string(46, '-').c_str(), std::string(11, '-').c_str(),
                std::string(11, '-').c_str(), std::string(11, '-').c_str(), std::string(11, '-').c_str(),
                std::string(8, '-').c_str());
}

// One whole-process row; `targetMs` <= 0: measured, no target.
void processRow(const std::string& what, const ProcessRow& r, double targetMs) {
    if (!r.ok) {
        std::printf("| %-44s | %9s | %9s | %9s | %-9s | %-6s |\n", what.c_str(), "failed", "", "", "", "");
        return;
    }
    const std::string goal = targetMs > 0 ? "< " + std::to_string(static_cast<int>(targetMs)) + " ms" : "";
    const char* verdict = targetMs > 0 ? (r.t.median < targetMs ? "met" : "MISSED") : "";
    std::printf("| %-44s | %9.1f | %9.1f | %9.1f | %-9s | %-6s |\n", what.c_str(), r.t.median, r.t.min, r.t.max,
                goal.c_str(), verdict);
}

}  // namespace

int main(int argc, char** argv) {
    std::string specPath = std::string(JVMTIGEN_SHARED_DIR) + "/upstream/jdk16/jvmti.xml";
    int runs = 30;           // the in-process stages
    int processRuns = 11;    // the whole jvmtigen processes
    int hotspotRuns = 3;     // HotSpot's pipeline: seconds per run
    std::string hotspotDir;  // empty: the comparison is skipped
    std::string jvmtigenBinary = JVMTIGEN_BINARY;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        if (a == "--runs" && i + 1 < argc) runs = processRuns = std::max(1, std::atoi(argv[++i]));
        else if (a == "--hotspot" && i + 1 < argc) hotspotDir = argv[++i];
        else if (a == "--hotspot-runs" && i + 1 < argc) hotspotRuns = std::max(1, std::atoi(argv[++i]));
        else if (a == "--jvmtigen" && i + 1 < argc) jvmtigenBinary = argv[++i];
        else if (!a.empty() && a[0] == '-') {
            std::fprintf(stderr,
                         "usage: gen_bench [SPEC] [--runs N] [--hotspot DIR] [--hotspot-runs N] [--jvmtigen PATH]\n");
            return 2;
        }
        else specPath = a;
    }
    specPath = fs::absolute(specPath).string();
    const Version version{17, 0, 0};
    const fs::path outDir = fs::temp_directory_path() / "jvmtigen-bench";
    fs::create_directories(outDir);

    // Everything once, to have the outputs whose bytes the floor writes.
    std::string text = slurp(specPath);
    Spec spec;
    Diagnostics diag(specPath);
    if (!readSpecText(text, spec, diag) || !validateSpec(spec, diag)) {
        for (const auto& m : diag.messages()) std::fprintf(stderr, "%s\n", m.c_str());
        return 1;
    }
    const EmitContext ctx{spec, version, "jvmti.xml"};
    std::vector<Output> outputs;
    // The outputs of a plain run: the opt-in ones (HotSpot's) are timed by scripts/hotspot/compare.sh.
    for (const auto& e : allEmitters())
        if (!e.optIn)
            for (auto& o : e.run(ctx)) outputs.push_back(std::move(o));

    std::printf("jvmtigen generator benchmark: %s (%zu bytes), median of %d runs, times in ms\n\n",
                specPath.c_str(), text.size(), runs);
    std::printf("| %-40s | %9s |\n", "stage", "ms");
    std::printf("|%s|%s|\n", std::string(42, '-').c_str(), std::string(11, '-').c_str());

    const double tRead = median(runs, [&] { text = slurp(specPath); });
    row("read file", tRead);
    const double tModel = median(runs, [&] {
        Spec s;
        Diagnostics d(specPath);
        readSpecText(text, s, d);
    });
    row("parse XML + build model", tModel);
    const double tValidate = median(runs, [&] {
        Diagnostics d(specPath);
        validateSpec(spec, d);
    });
    row("validate", tValidate);
    const double front = tRead + tModel + tValidate;
    row("= read + model + validate", front);

    double tEmit = 0;
    for (const auto& e : allEmitters()) {
        if (e.optIn) continue;
        const double t = median(runs, [&] { e.run(ctx); });
        tEmit += t;
        row("emit " + e.name + (e.name == "docs" ? " (and its side worker)" : ""), t);
    }
    const double tWrite = median(runs, [&] {
        for (const auto& o : outputs) {
            fs::remove(outDir / "out");
            writeIfChanged((outDir / "out").string(), o.text);
        }
    });
    row("write outputs (changed)", tWrite);
    const double all = front + tEmit + tWrite;
    row("= all outputs (the stages in sequence)", all);

    // The whole tool in-process, as a build runs it, into an empty directory each time.
    const double whole = median(runs, [&] {
        fs::remove_all(outDir / "whole");
        std::ostringstream out, err;
        runJvmtigen({"--spec", specPath, "--jvmti-version", "17.0.0", "--out", (outDir / "whole").string()}, out, err);
    });
    row("whole run (jvmtigen, in-process)", whole);

    // The floor: read the input, write the same output bytes.
    const double floor = median(runs, [&] {
        std::string in = slurp(specPath);
        fs::remove_all(outDir / "floor");
        for (const auto& o : outputs) writeIfChanged((outDir / "floor" / o.path).string(), o.text);
    });
    row("I/O floor (read input, write outputs)", floor);
    std::printf("\nwhole run / I/O floor = %.1fx\n\n", whole / floor);

    // Issue 14: the header of an earlier release from the same spec (--api-version) against
    // the full header. Measured, not a target: the tool moves its model into the selection
    // (no copy); here the model is copied first, so the row includes a copy the tool does not make.
    std::printf("| %-40s | %9s |\n", "header of one release (issue 14)", "ms");
    std::printf("|%s|%s|\n", std::string(42, '-').c_str(), std::string(11, '-').c_str());
    const Version older{11, 0, 0};
    const double tSelect = median(runs, [&] {
        Diagnostics d(specPath);
        const Spec selected = specAsOf(spec, older, d);
    });
    row("copy model + select 11.0.0 (specAsOf)", tSelect);
    auto headerRun = [&](std::vector<std::string> extra) {
        return median(runs, [&] {
            fs::remove_all(outDir / "header");
            std::vector<std::string> args = {"--spec", specPath, "--jvmti-version", "17.0.0", "--only", "header", "--out",
                                             (outDir / "header").string()};
            args.insert(args.end(), extra.begin(), extra.end());
            std::ostringstream out, err;
            runJvmtigen(args, out, err);
        });
    };
    const double fullHeader = headerRun({});
    row("whole run, --only header (17.0.0)", fullHeader);
    const double olderHeader = headerRun({"--api-version", older.str()});
    row("whole run, --only header --api-version 11", olderHeader);
    std::printf("\nversion-targeted header / full header = %.2fx\n\n", olderHeader / fullHeader);

    std::printf("| %-40s | %9s | %-12s | %-6s |\n", "issue 2's targets", "figure", "target", "");
    std::printf("|%s|%s|%s|%s|\n", std::string(42, '-').c_str(), std::string(11, '-').c_str(),
                std::string(14, '-').c_str(), std::string(8, '-').c_str());
    target("read + model + validate", fixed(front, " ms"), "< 10 ms", front < 10);
    target("all outputs (the stages in sequence)", fixed(all, " ms"), "< 50 ms", all < 50);
    target("whole run / I/O floor", fixed(whole / floor, "x"), "within 10x", whole / floor <= 10);

    // Issue 29: what a build pays. The executable as a build step runs it, a child process each
    // time: start-up, threads, template set-up, writing and exit included.
    std::string load = slurp("/proc/loadavg");
    load = load.substr(0, load.find(' ', load.find(' ', load.find(' ') + 1) + 1));
    std::printf("\nwhat a build pays: %s as a child process, median of %d runs, times in ms (load average %s)\n\n",
                jvmtigenBinary.c_str(), processRuns, load.c_str());
    processHeader("whole process (issue 29's targets)");
    const std::vector<std::string> base = {jvmtigenBinary, "--spec", specPath, "--jvmti-version", "17.0.0"};
    auto with = [&](std::vector<std::string> extra) {
        std::vector<std::string> c = base;
        c.insert(c.end(), extra.begin(), extra.end());
        return c;
    };
    const fs::path procDir = outDir / "process";
    const ProcessRow procAll = timeProcess(processRuns, with({"--out", procDir.string()}), procDir);
    processRow("all outputs (" + std::to_string(procAll.files) + " files, a fresh empty --out)", procAll, 50);
    const ProcessRow procHeader = timeProcess(processRuns, with({"--only", "header", "--out", procDir.string()}), procDir);
    processRow("--only header (a fresh empty --out)", procHeader, 15);
    const ProcessRow procCheck = timeProcess(processRuns, with({"--check"}));
    processRow("--check (validate only, nothing written)", procCheck, 20);

    // HotSpot's own pipeline on the same file, in the same run: DIR/run.sh SPEC OUTDIR.
    std::printf("\n");
    if (hotspotDir.empty()) {
        std::printf("HotSpot's pipeline: skipped (pass --hotspot DIR, a directory holding run.sh SPEC OUTDIR; "
                    "docs/benchmarks.md says how to prepare it)\n");
    } else {
        const fs::path script = fs::absolute(fs::path(hotspotDir) / "run.sh");
        std::vector<std::string> command = {script.string(), specPath};
        if (access(script.c_str(), X_OK) != 0) command.insert(command.begin(), "/bin/sh");
        const fs::path hotDir = outDir / "hotspot";
        command.push_back(hotDir.string());
        const ProcessRow hot = fs::exists(script) ? timeProcess(hotspotRuns, command, hotDir) : ProcessRow{{}, 0, false};
        if (!fs::exists(script)) std::fprintf(stderr, "gen_bench: no %s\n", script.c_str());
        std::printf("HotSpot's pipeline: %s, median of %d runs, times in ms\n\n", script.c_str(), hotspotRuns);
        processHeader("HotSpot's pipeline (jvmtiGen, XSLT)");
        processRow("run.sh SPEC OUTDIR (" + std::to_string(hot.files) + " files)", hot, 0);
        if (hot.ok && procAll.ok) {
            const double ratio = hot.t.median / procAll.t.median;
            std::printf("\n| %-44s | %9s | %-9s | %-6s |\n", "HotSpot / jvmtigen (issue 29's target)", "ratio", "target", "");
            std::printf("|%s|%s|%s|%s|\n", std::string(46, '-').c_str(), std::string(11, '-').c_str(),
                        std::string(11, '-').c_str(), std::string(8, '-').c_str());
            std::printf("| %-44s | %9s | %-9s | %-6s |\n", "all outputs, medians", fixed(ratio, "x").c_str(), ">= 150x",
                        ratio >= 150 ? "met" : "MISSED");
        }
    }
    fs::remove_all(outDir);
    return 0;
}
