// Tracing on a real JVM, per record: libjvmtilayer.so's trace= against HotSpot's own
// -XX:TraceJVMTI, on the same workload and agent, in one run. The agent (bench_agent, option
// phase=N) calls GetPhase N times in VMInit and prints ns per call; Storm does nothing else.
// Configurations, each run --runs times (round robin, medians reported):
//
//   (a)  the agent directly, no tracing
//   (b)  HotSpot  -XX:TraceJVMTI=GetPhase+io -Xlog:jvmti=trace:file=F::filecount=0
//   (b2) HotSpot  -XX:TraceJVMTI=all -Xlog:jvmti=trace:file=F::filecount=0   (the flags)
//   (b3) HotSpot  (b) plus -Xlog:async                               (drops most records)
//   (l)  the layer, check=spec, no tracing
//   (c)  the layer, trace=GetPhase+io,trace-buffer-mb=1024,trace-format=jsonl,trace-file=F
//   (d)  the same, chrome
//   (e)  the same, text
//
// Columns: the agent's own ns per call around its loop (HotSpot writes each line before the
// call returns; the layer only queues the record, a writer thread formats and writes it); the
// whole JVM's wall and CPU time (RUSAGE_CHILDREN, all threads) less that of its untraced
// baseline, divided by N: the full cost of a record, writing included. The baseline is (a)
// for HotSpot and (l) for the layer, so the layer's fixed start-up cost is not counted per
// record; "wall-a" is the wall delta against (a) for every row. Then the records in the file
// (calls of GetPhase found: HotSpot writes one line at entry for +i and one at exit for +o,
// the layer one line per call), bytes per record (of those lines) and the ratio of the full
// wall cost to HotSpot's (b2) and (b) (below 1: ours is cheaper). A file that does not hold
// exactly N records gets a WARNING row.
//
// What one record holds (JDK 17.0.15 and Temurin 25.0.3 alike; TraceJVMTI is a product flag,
// no -XX:+UnlockDiagnosticVMOptions needed; without -Xlog:jvmti=trace nothing is written;
// filecount=0 turns off -Xlog's rotation, which by default moves every 20 MB to F.0 .. F.4, so
// that F would hold only the last part of a trace of more than some 250000 GetPhase+io calls):
//   HotSpot GetPhase+io:  [0.094s][trace][jvmti] [main] GetPhase {
//                         [0.094s][trace][jvmti] [main] GetPhase }
//   HotSpot all:          [0.154s][trace][jvmti] [main] GetPhase {
//   (inputs follow '{', e.g. "GetFrameCount {  thread=main"; HotSpot never writes an output
//   value nor a time, and "all" writes no exit line; GetPhase with no +kind writes nothing)
//   ours, text:           [  4711] GetPhase() -> phase_ptr=JVMTI_PHASE_LIVE
//   ours, jsonl/chrome:   one object with name GetPhase, thread, start, duration and
//                         "out":{"phase_ptr":"JVMTI_PHASE_LIVE"}
// Each file's first GetPhase record is printed after the table.
//
//   trace_bench_jvm [--calls N] [--runs R] [--dir DIR] [--java-home JDK]
//
// --calls N: GetPhase calls per run (default 1000000); --runs R: runs per configuration
// (default 3); --dir DIR: where trace files go (default a new directory in /tmp, removed at
// the end); --java-home JDK: another JDK (default the one built against). Targets (the issue):
// jsonl and chrome at most 150 ns per record, and below HotSpot's cost per record.
#include <sys/resource.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <vector>

extern char** environ;

namespace {

namespace fs = std::filesystem;

struct Run {
    std::string out;
    double wallS = 0;
    double cpuS = 0;
};

double childCpuSeconds() {
    rusage u{};
    ::getrusage(RUSAGE_CHILDREN, &u);
    return double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) + double(u.ru_utime.tv_usec + u.ru_stime.tv_usec) * 1e-6;
}

Run run(const std::string& command) {
    Run r;
    const double cpu0 = childCpuSeconds();
    const auto a = std::chrono::steady_clock::now();
    FILE* p = ::popen((command + " 2>&1").c_str(), "r");
    if (!p) return r;
    std::array<char, 4096> buf{};
    size_t n;
    while ((n = std::fread(buf.data(), 1, buf.size(), p)) > 0) r.out.append(buf.data(), n);
    ::pclose(p);  // waits for the shell, which has waited for java: its CPU time is in RUSAGE_CHILDREN
    r.wallS = std::chrono::duration<double>(std::chrono::steady_clock::now() - a).count();
    r.cpuS = childCpuSeconds() - cpu0;
    return r;
}

double number(const std::string& out, const std::string& key) {
    const auto at = out.find(key);
    return at == std::string::npos ? -1 : std::atof(out.c_str() + at + key.size());
}

double median(std::vector<double> v) {
    if (v.empty()) return -1;
    std::sort(v.begin(), v.end());
    const size_t m = v.size() / 2;
    return v.size() % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
}

enum class Kind { Direct, HotSpot, Layer };

struct Config {
    std::string label, flags, file;  // flags: JVM options (HotSpot) or layer settings (Layer)
    Kind kind;
    int base;  // index of the untraced configuration the cost is measured against
    std::vector<double> loopNs, wallS, cpuS;
    long minRecords = -1, bytes = 0, records = 0, live = -1;
    std::string sample, note;
};

struct Count {
    long records = 0, bytes = 0;
    std::string first;
    bool exists = false;
};

// GetPhase records in a trace file. HotSpot: lines "... GetPhase {" (entry, +i) and
// "... GetPhase }" (exit, +o), a call is one of each kind that is on; ours: each line naming
// GetPhase (text "GetPhase(", JSON "name":"GetPhase").
Count countRecords(const std::string& path, Kind kind) {
    Count c;
    std::ifstream in(path, std::ios::binary);
    if (!in) return c;
    c.exists = true;
    long entries = 0, exits = 0, lines = 0;
    std::string line;
    while (std::getline(in, line)) {
        const std::string_view l(line);
        bool match = false;
        if (kind == Kind::HotSpot) {
            if (l.find("GetPhase {") != l.npos) ++entries, match = true;
            else if (l.find("GetPhase }") != l.npos) ++exits, match = true;
        } else if (l.find("GetPhase") != l.npos) {
            ++lines, match = true;
        }
        if (!match) continue;
        c.bytes += long(line.size()) + 1;
        if (c.first.empty()) c.first = line;
    }
    c.records = kind == Kind::HotSpot ? std::max(entries, exits) : lines;
    return c;
}

void unsetLayerEnvironment() {  // JVMTI_LAYER_* of the caller would change the layer's settings
    std::vector<std::string> names;
    for (char** e = environ; *e; ++e)
        if (std::strncmp(*e, "JVMTI_LAYER_", 12) == 0) names.emplace_back(*e, std::strcspn(*e, "="));
    for (const auto& n : names) ::unsetenv(n.c_str());
}

std::string fixed(double v, int decimals) {
    if (v < -1e299) return "-";
    char b[64];
    std::snprintf(b, sizeof b, "%.*f", decimals, v);
    return b;
}

}  // namespace

int main(int argc, char** argv) {
    long calls = 1'000'000;
    int runs = 3;
    std::string dirArg, javaHome = fs::path(JAVA_HOME).lexically_normal().string();
    for (int i = 1; i < argc; ++i) {
        const bool hasValue = i + 1 < argc;
        if (!std::strcmp(argv[i], "--calls") && hasValue) calls = std::atol(argv[++i]);
        else if (!std::strcmp(argv[i], "--runs") && hasValue) runs = std::atoi(argv[++i]);
        else if (!std::strcmp(argv[i], "--dir") && hasValue) dirArg = argv[++i];
        else if (!std::strcmp(argv[i], "--java-home") && hasValue) javaHome = argv[++i];
        else {
            std::fprintf(stderr, "usage: trace_bench_jvm [--calls N] [--runs R] [--dir DIR] [--java-home JDK]\n");
            return 2;
        }
    }
    if (calls <= 0 || runs <= 0) {
        std::fprintf(stderr, "trace_bench_jvm: --calls and --runs must be positive\n");
        return 2;
    }
    while (javaHome.size() > 1 && javaHome.back() == '/') javaHome.pop_back();
    unsetLayerEnvironment();
    std::error_code ec;
    fs::path dir;
    if (dirArg.empty()) {
        std::string t = (fs::temp_directory_path() / "trace_bench_jvm.XXXXXX").string();
        if (!::mkdtemp(t.data())) {
            std::perror("trace_bench_jvm: mkdtemp");
            return 1;
        }
        dir = t;
    } else {
        dir = dirArg;
        fs::create_directories(dir, ec);
    }

    const std::string java = javaHome + "/bin/java -Xshare:auto -XX:TieredStopAtLevel=1 -Xmx256m";
    const std::string agent = std::string(AGENT_PATH) + "=phase=" + std::to_string(calls);
    const std::string app = std::string(" -cp ") + CLASSES_DIR + " Storm 1";
    // One item (in an option string more are joined with ':'). The buffer holds the whole run:
    // HotSpot writes synchronously and never drops, so neither may the layer here: its figure is
    // the cost of writing every record, not of dropping some when the writer falls behind.
    const std::string traceOpts = "trace=GetPhase+io,trace-buffer-mb=1024,";

    std::vector<Config> configs;
    auto add = [&](std::string label, Kind kind, int base, std::string flags, std::string file) {
        Config c;
        c.label = std::move(label);
        c.kind = kind;
        c.base = base;
        c.flags = std::move(flags);
        c.file = file.empty() ? "" : (dir / file).string();
        configs.push_back(std::move(c));
    };
    add("(a) agent directly, no tracing", Kind::Direct, 0, "", "");
    add("(b) HotSpot TraceJVMTI=GetPhase+io", Kind::HotSpot, 0, "-XX:TraceJVMTI=GetPhase+io", "b.log");
    add("(b2) HotSpot TraceJVMTI=all", Kind::HotSpot, 0, "-XX:TraceJVMTI=all", "b2.log");
    add("(b3) HotSpot GetPhase+io, Xlog:async", Kind::HotSpot, 0, "-Xlog:async -XX:TraceJVMTI=GetPhase+io", "b3.log");
    add("(l) layer, no tracing", Kind::Layer, 4, "", "");
    add("(c) layer GetPhase+io, jsonl", Kind::Layer, 4, traceOpts + "trace-format=jsonl", "c.jsonl");
    add("(d) layer GetPhase+io, chrome", Kind::Layer, 4, traceOpts + "trace-format=chrome", "d.json");
    add("(e) layer GetPhase+io, text", Kind::Layer, 4, traceOpts + "trace-format=text", "e.txt");
    const size_t hotspotAll = 2, hotspotGetPhase = 1;

    auto command = [&](const Config& c) {
        switch (c.kind) {
            case Kind::Direct: return java + " -agentpath:" + agent + app;
            case Kind::HotSpot:
                return java + " " + c.flags + " -Xlog:jvmti=trace:file=" + c.file + "::filecount=0 -agentpath:" + agent + app;
            case Kind::Layer: break;
        }
        std::string settings = "check=spec,";
        if (!c.flags.empty()) settings += c.flags + ",trace-file=" + c.file + ",";
        return java + " -agentpath:" + LAYER_PATH + "=" + settings + "agent=" + agent + app;
    };

    std::printf("Tracing %ld GetPhase calls on %s: libjvmtilayer.so against HotSpot's -XX:TraceJVMTI\n", calls,
                javaHome.c_str());
    std::printf("median of %d runs each; trace files in %s\n\n", runs, dir.c_str());
    run(command(configs[0]));  // warm-up, not counted: the first JVM of a series starts cold
    for (int r = 0; r < runs; ++r) {
        for (auto& c : configs) {
            if (!c.file.empty()) fs::remove(c.file, ec);
            const Run out = run(command(c));
            c.loopNs.push_back(number(out.out, "GetPhase ns/call "));
            c.wallS.push_back(out.wallS);
            c.cpuS.push_back(out.cpuS);
            c.live = long(number(out.out, "(live "));
            if (c.loopNs.back() < 0)
                c.note = "the agent printed no GetPhase time: " + out.out.substr(0, 200);
            if (c.file.empty()) continue;
            const Count n = countRecords(c.file, c.kind);
            c.minRecords = c.minRecords < 0 ? n.records : std::min(c.minRecords, n.records);
            c.records = n.records;
            c.bytes = n.bytes;
            if (!n.first.empty()) c.sample = n.first;
            if (!n.exists && c.note.empty()) c.note = "no trace file written";
        }
    }

    auto cost = [&](const Config& c, const std::vector<double> Config::*m, const Config& base) {
        return (median(c.*m) - median(base.*m)) * 1e9 / double(calls);
    };
    std::vector<double> wallCost(configs.size()), cpuCost(configs.size()), wallVsA(configs.size());
    for (size_t i = 0; i < configs.size(); ++i) {
        wallCost[i] = cost(configs[i], &Config::wallS, configs[size_t(configs[i].base)]);
        cpuCost[i] = cost(configs[i], &Config::cpuS, configs[size_t(configs[i].base)]);
        wallVsA[i] = cost(configs[i], &Config::wallS, configs[0]);
    }

    std::printf("| %-37s | %9s | %7s | %9s | %9s | %9s | %9s | %9s | %7s | %7s |\n", "config", "loop ns", "wall s",
                "wall ns", "cpu ns", "wall-a ns", "records", "bytes/rec", "x b2", "x b");
    std::printf("|%s|%s|%s|%s|%s|%s|%s|%s|%s|%s|\n", std::string(39, '-').c_str(), std::string(11, '-').c_str(),
                std::string(9, '-').c_str(), std::string(11, '-').c_str(), std::string(11, '-').c_str(),
                std::string(11, '-').c_str(), std::string(11, '-').c_str(), std::string(11, '-').c_str(),
                std::string(9, '-').c_str(), std::string(9, '-').c_str());
    std::vector<std::string> warnings;
    for (size_t i = 0; i < configs.size(); ++i) {
        const Config& c = configs[i];
        const bool traced = !c.file.empty(), base = size_t(c.base) == i;
        const bool complete = !traced || c.minRecords == calls;
        const bool valid = complete && c.note.empty();
        auto ratio = [&](size_t hs) {
            return traced && valid && c.kind == Kind::Layer && wallCost[hs] > 0 ? fixed(wallCost[i] / wallCost[hs], 3)
                                                                                 : std::string("-");
        };
        std::printf("| %-37s | %9s | %7s | %9s | %9s | %9s | %9s | %9s | %7s | %7s |\n", c.label.c_str(),
                    fixed(median(c.loopNs), 1).c_str(), fixed(median(c.wallS), 3).c_str(),
                    base ? "base" : fixed(wallCost[i], 1).c_str(), base ? "base" : fixed(cpuCost[i], 1).c_str(),
                    i == 0 ? "base" : fixed(wallVsA[i], 1).c_str(), traced ? std::to_string(c.minRecords).c_str() : "-",
                    traced && c.records > 0 ? fixed(double(c.bytes) / double(c.records), 1).c_str() : "-",
                    ratio(hotspotAll).c_str(), ratio(hotspotGetPhase).c_str());
        if (c.live >= 0 && c.live != calls)
            warnings.push_back(c.label + ": only " + std::to_string(c.live) + " of " + std::to_string(calls) +
                               " GetPhase calls returned JVMTI_PHASE_LIVE");
        if (!traced && !valid) warnings.push_back(c.label + ": " + c.note);
        else if (!valid)
            warnings.push_back(c.label + ": " + (c.note.empty() ? "" : c.note + "; ") + "the file holds " +
                               std::to_string(std::max(0L, c.minRecords)) + " of " + std::to_string(calls) +
                               " records (fewest of the runs): its per-record figures mean nothing");
    }
    for (const auto& w : warnings)
        std::printf("| %-37s | %s\n", "WARNING", w.c_str());

    std::printf("\nloop ns: the agent's ns per GetPhase call; wall ns / cpu ns: (JVM time - its baseline's) / N, the\n"
                "baseline being (a) for HotSpot and (l) for the layer; wall-a ns: against (a) for all; records: GetPhase\n"
                "calls found in the file (fewest of the runs); x b2, x b: the wall ns of a layer row over (b2)'s and (b)'s\n"
                "(below 1: cheaper than HotSpot). One record of each file:\n");
    for (const auto& c : configs)
        if (!c.file.empty())
            std::printf("  %-37s %s\n", c.label.c_str(),
                        c.sample.empty() ? "(none)" : c.sample.substr(0, 200).c_str());

    auto verdict = [&](size_t i) {
        const Config& c = configs[i];
        if (c.minRecords != calls || !c.note.empty()) return std::string("not measured (incomplete trace)");
        std::string v = fixed(wallCost[i], 1) + " ns/record: " + (wallCost[i] <= 150 ? "met" : "NOT met");
        if (wallCost[hotspotAll] > 0)
            v += std::string(", ") + (wallCost[i] < wallCost[hotspotAll] ? "cheaper" : "NOT cheaper") +
                 " than HotSpot all (" + fixed(wallCost[hotspotAll], 1) + " ns/record)";
        return v;
    };
    std::printf("\ntarget: jsonl and chrome at most 150 ns per record (wall), cheaper than HotSpot's:\n");
    std::printf("  jsonl:  %s\n  chrome: %s\n", verdict(5).c_str(), verdict(6).c_str());
    if (dirArg.empty()) fs::remove_all(dir, ec);
    return 0;
}
