// The layer's cost on a real JVM: the same agent run directly and behind libjvmtilayer.so
// (checks on, tracing off), in one run: check=spec, the default, and check=strict (handle
// checks, memory tracking) in a column of its own. Prints a table with the ratios. With
// --before LIB, a second layer library (say, a build of an earlier commit) is measured in the
// same run, and the table shows both layers and the ratio of this one to it.
//   layer_bench [--calls N] [--allocations N] [--runs N] [--before LIB]
#include <algorithm>
#include <array>
#include <functional>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

struct Run {
    std::string out;
    double seconds;
};

Run run(const std::string& command) {
    const auto a = std::chrono::steady_clock::now();
    Run r{{}, 0};
    FILE* p = ::popen((command + " 2>&1").c_str(), "r");
    if (!p) return r;
    std::array<char, 4096> buf{};
    size_t n;
    while ((n = std::fread(buf.data(), 1, buf.size(), p)) > 0) r.out.append(buf.data(), n);
    ::pclose(p);
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - a).count();
    return r;
}

double number(const std::string& out, const std::string& key) {
    const auto at = out.find(key);
    return at == std::string::npos ? -1 : std::atof(out.c_str() + at + key.size());
}

// The best of `runs` rounds for each variant. Rounds take the variants in turn, so a slow spell of
// this shared machine falls on all of them alike rather than on whichever ran during it.
std::vector<double> bestInterleaved(int runs, const std::vector<std::function<double()>>& variants) {
    std::vector<double> b(variants.size(), 1e300);
    for (int i = 0; i < runs; ++i)
        for (std::size_t v = 0; v < variants.size(); ++v) b[v] = std::min(b[v], variants[v]());
    return b;
}

// One measure: without the layer, behind this layer with check=spec and with check=strict, and
// (when measured, else < 0) behind the --before layer with check=spec.
void row(const char* what, double direct, double layered, double strict, double before, const char* unit) {
    std::printf("| %-38s | %10.2f | %10.2f | %7.3f | %10.2f | %7.3f |", what, direct, layered, layered / direct, strict,
                strict / direct);
    if (before >= 0) std::printf(" %10.2f | %7.3f | %7.3f |", before, before / direct, layered / before);
    std::printf(" %-4s |\n", unit);
}

}  // namespace

int main(int argc, char** argv) {
    long calls = 10'000'000, allocations = 2'000'000;
    int runs = 5;
    std::string before;
    for (int i = 1; i + 1 < argc; ++i) {
        if (!std::strcmp(argv[i], "--before")) before = argv[++i];
        else if (!std::strcmp(argv[i], "--calls")) calls = std::atol(argv[++i]);
        else if (!std::strcmp(argv[i], "--allocations")) allocations = std::atol(argv[++i]);
        else if (!std::strcmp(argv[i], "--runs")) runs = std::atoi(argv[++i]);
    }
    const std::string java = std::string(JAVA_HOME) + "/bin/java -Xshare:auto -XX:TieredStopAtLevel=1 -Xmx256m";
    const std::string agent = AGENT_PATH, layer = LAYER_PATH, classes = CLASSES_DIR;
    // One way to run the agent: directly (no library), or behind a layer library with a check mode.
    struct Variant {
        std::string lib, check;
    };
    auto command = [&](const Variant& v, const std::string& opts) {
        return v.lib.empty() ? java + " -agentpath:" + agent + "=" + opts
                             : java + " -agentpath:" + v.lib + "=check=" + v.check + ",agent=" + agent + "=" + opts;
    };
    // The columns: no layer, this layer (spec), this layer (strict), and the --before layer (spec).
    std::vector<Variant> variants{{"", ""}, {layer, "spec"}, {layer, "strict"}};
    if (!before.empty()) variants.push_back({before, "spec"});
    const std::string callOpts = "calls=" + std::to_string(calls);
    const std::string app = " -cp " + classes + " Storm ";

    std::printf("libjvmtilayer.so overhead, checks on, tracing off: best of %d interleaved rounds\n\n", runs);
    if (!before.empty()) std::printf("before: %s\n\n", before.c_str());
    std::printf("| %-38s | %10s | %10s | %7s | %10s | %7s |", "measure", "no layer", "layer", "ratio", "strict", "ratio");
    if (!before.empty()) std::printf(" %10s | %7s | %7s |", "before", "ratio", "vs before");
    std::printf(" %-4s |\n|%s|%s|%s|%s|%s|%s|", "unit", std::string(40, '-').c_str(), std::string(12, '-').c_str(),
                std::string(12, '-').c_str(), std::string(9, '-').c_str(), std::string(12, '-').c_str(),
                std::string(9, '-').c_str());
    if (!before.empty())
        std::printf("%s|%s|%s|", std::string(12, '-').c_str(), std::string(9, '-').c_str(), std::string(9, '-').c_str());
    std::printf("%s|\n", std::string(6, '-').c_str());
    // Measures one thing for every variant: the best of `runs` interleaved rounds; -1 for no --before.
    auto measure = [&](const std::function<double(const Variant&)>& one) {
        std::vector<std::function<double()>> rounds;
        for (const Variant& v : variants) rounds.push_back([&one, &v] { return one(v); });
        auto b = bestInterleaved(runs, rounds);
        if (before.empty()) b.push_back(-1);
        return b;
    };
    for (const char* key : {"GetTag ns/call ", "GetFrameCount ns/call "}) {
        const auto m = measure([&](const Variant& v) { return number(run(command(v, callOpts) + app + "1").out, key); });
        row((std::string(key).substr(0, std::string(key).find(' ')) + " (" + std::to_string(calls) + " calls)").c_str(), m[0],
            m[1], m[2], m[3], "ns");
    }
    const std::string stormApp = app + std::to_string(allocations);
    const auto m = measure([&](const Variant& v) { return run(command(v, "storm") + stormApp).seconds; });
    row(("event storm (" + std::to_string(allocations) + " sampled allocations)").c_str(), m[0], m[1], m[2], m[3], "s");
    const Run check = run(command(variants[1], "storm") + stormApp);
    std::printf("\nbehind the layer the storm run printed: %s", check.out.c_str());
    std::printf("target: each check=spec ratio at most 1.05, check=strict within 1.25 on the calls%s\n",
                before.empty() ? "" : "; vs before: the change's own cost (check=spec)");
    return 0;
}
