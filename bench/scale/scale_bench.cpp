// The layer at scale: for each dimension and size N, the same program and agent
// (ScaleApp.java, scale_agent.cpp) run as whole JVMs without the layer and behind it. Prints
// per dimension one table: wall time, peak resident memory (wait4's ru_maxrss) and its growth
// per unit of N from the size before, with the ratio of each layer's time to the plain JVM's.
//   scale_bench [--max N] [--before LIB] [--only DIMENSION]
// --max bounds the sizes (default 100,000: classes 1,000, 20,000 and 80,000, the others powers
// of ten from 1,000; flood is 10^5 to 10^7 and threads 1 to 64 whatever the bound);
// --before LIB adds a column for another layer library (a build of an earlier commit) where
// memory under check=strict is the question (classes). The classes table also runs the agent
// alone listing every class's members (`members`): what check=strict asks of the VM, without it.
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

#include "../whole_process.hpp"

namespace {

using Result = bench::ProcessRun;

// Runs `command` (wait4 measures the JVM itself); a failed run's output says so first.
Result run(const std::string& command) {
    const std::string outFile = "/tmp/scale_bench_out." + std::to_string(::getpid());
    Result r = bench::runWholeProcess(command, outFile);
    if (r.status != 0) r.out = "FAILED: " + command + "\n" + r.out;
    ::unlink(outFile.c_str());
    return r;
}

struct Variant {
    std::string name, lib, check;
    std::string agentOptions = {};  // added to the dimension's
};

struct Dimension {
    std::string name, what, agentOptions;
    std::vector<long> sizes;
    std::vector<Variant> variants;
    std::string javaHome;
};

std::string command(const Dimension& d, const Variant& v, long n, const std::string& report) {
    std::string options = d.agentOptions;
    if (!v.agentOptions.empty()) options += (options.empty() ? "" : ",") + v.agentOptions;
    std::string agent = std::string(AGENT_PATH) + (options.empty() ? "" : "=" + options);
    std::string c = d.javaHome + "/bin/java -Xshare:auto -Xmx256m ";
    if (v.lib.empty()) c += "-agentpath:" + agent;
    else c += "-agentpath:" + v.lib + "=check=" + v.check + ",report=" + report + ",agent=" + agent;
    return c + " -cp " + CLASSES_DIR + " ScaleApp " + d.name + " " + std::to_string(n);
}

long fileSize(const std::string& path) {
    struct stat st {};
    return ::stat(path.c_str(), &st) == 0 ? static_cast<long>(st.st_size) : -1;
}

// One table: a row per size, the variants side by side.
void measure(const Dimension& d) {
    const std::size_t vs = d.variants.size();
    std::printf("\n%s: %s\n\n| N |", d.name.c_str(), d.what.c_str());
    for (const Variant& v : d.variants) std::printf(" %s s |", v.name.c_str());
    for (std::size_t i = 1; i < vs; ++i) std::printf(" %s ratio |", d.variants[i].name.c_str());
    for (const Variant& v : d.variants) std::printf(" %s MB |", v.name.c_str());
    for (const Variant& v : d.variants) std::printf(" %s growth B/unit |", v.name.c_str());
    std::printf(" notes |\n|");
    for (std::size_t i = 0; i < 1 + 4 * vs - 1 + 1; ++i) std::printf(" ---: |");
    std::printf("\n");
    std::vector<double> lastRss(vs, -1);
    long lastN = 0;
    for (const long n : d.sizes) {
        std::vector<Result> r;
        std::string notes;
        for (const Variant& v : d.variants) {
            const std::string report = "/tmp/scale_bench_report." + std::to_string(::getpid());
            r.push_back(run(command(d, v, n, report)));
            if (r.back().out.rfind("FAILED", 0) == 0) notes += " " + v.name + " failed;";
            const auto at = r.back().out.find("result ");
            const std::string result = at == std::string::npos ? "?" : r.back().out.substr(at + 7, r.back().out.find('\n', at) - at - 7);
            if (v.lib.empty() && v.agentOptions.empty()) notes += " result " + result + ";";
            else if (d.name == "flood") notes += " " + v.name + " report " + std::to_string(fileSize(report)) + " B;";
            if (!v.lib.empty() && d.name == "flood") {
                std::ifstream in(report);
                for (std::string line; std::getline(in, line);)
                    if (line.find("GetFrameCount.count_ptr.null") != std::string::npos && line.find("summary") != std::string::npos)
                        notes += " " + line.substr(line.find("summary")) + ";";
            }
            ::unlink(report.c_str());
        }
        std::printf("| %ld |", n);
        for (const Result& x : r) std::printf(" %.2f |", x.seconds);
        for (std::size_t i = 1; i < vs; ++i) std::printf(" %.3f |", r[i].seconds / r[0].seconds);
        for (const Result& x : r) std::printf(" %.1f |", x.rssMb);
        for (std::size_t i = 0; i < vs; ++i) {
            if (lastRss[i] < 0) std::printf(" |");
            else std::printf(" %.1f |", (r[i].rssMb - lastRss[i]) * 1024 * 1024 / static_cast<double>(n - lastN));
            lastRss[i] = r[i].rssMb;
        }
        std::printf("%s |\n", notes.c_str());
        std::fflush(stdout);
        lastN = n;
    }
}

std::vector<long> powers(long from, long max) {
    std::vector<long> out;
    for (long n = from; n <= max; n *= 10) out.push_back(n);
    return out;
}

}  // namespace

int main(int argc, char** argv) {
    long max = 100'000;
    std::string before, only;
    for (int i = 1; i + 1 < argc; ++i) {
        if (!std::strcmp(argv[i], "--max")) max = std::atol(argv[++i]);
        else if (!std::strcmp(argv[i], "--before")) before = argv[++i];
        else if (!std::strcmp(argv[i], "--only")) only = argv[++i];
    }
    const std::string jdk = JAVA_HOME, jdk25 = "/usr/lib/jvm/temurin-25-jdk-amd64";
    const Variant plain{"plain", "", ""}, spec{"spec", LAYER_PATH, "spec"}, strict{"strict", LAYER_PATH, "strict"};
    // members: no layer, the agent listing each class's methods and fields as check=strict does.
    const Variant members{"members", "", "", "members"};
    std::vector<Variant> classVariants{plain, members, strict};
    if (!before.empty()) classVariants.push_back({"before", before, "strict"});
    std::vector<long> classSizes;
    for (const long n : {1000L, 20000L, 80000L, 320000L})
        if (n <= max) classSizes.push_back(n);
    std::vector<long> floodSizes{100000, 1000000, 10000000};
    std::vector<Dimension> dims{
        {"classes", "Shape (60 members) defined in a throwaway loader N times, System.gc() every 5,000", "", classSizes,
         classVariants, jdk},
        {"heap", "N objects tagged (IterateThroughHeap), followed from the roots (FollowReferences), counted again", "",
         powers(1000, max), {plain, spec, strict}, jdk},
        {"threads", "N threads calling GetTag and GetFrameCount at once, 1,000,000 calls of each in all", "",
         {1, 4, 16, 64}, {plain, spec, strict}, jdk},
        {"allocate", "N blocks of 16 bytes from Allocate held at once (the layer records each), then freed", "",
         powers(1000, max), {plain, spec, strict}, jdk},
        {"flood", "N calls of GetFrameCount(NULL, NULL), refused; the layer's report to a file", "", floodSizes,
         {plain, spec}, jdk},
    };
    if (::access((jdk25 + "/bin/java").c_str(), X_OK) == 0)
        dims.push_back({"vthreads", "N virtual threads started and ended, VirtualThreadStart/End enabled (Temurin 25)",
                        "vthreads", powers(1000, max), {plain, spec, strict}, jdk25});
    else std::printf("vthreads: skipped, no %s\n", jdk25.c_str());
    std::printf("scale_bench: one run per cell; time is the whole JVM, memory its peak RSS\n");
    for (const Dimension& d : dims)
        if (only.empty() || only == d.name) measure(d);
    std::printf("\ntarget: each time ratio at most 1.10; memory growing with what is live, not with N\n");
    return 0;
}
