// The cost a checking entry adds to a call: the same runtime function (a stub that returns
// at once) called directly and through checkedFunctionTable, as an agent calls it. Prints
// ns per call for both and the difference.
//
//   entry_bench [--calls N]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <vector>

#include "jvmti_runtime.hpp"

// The queries are inline, in entry_runtime/jvmti_runtime_inline.hpp, as a VM would write them.
namespace jvmti_runtime {
Env theEnv;
_jvmtiEnv theJvmtiEnv;
void reportViolation(Env*, const Violation&) noexcept {}
}  // namespace jvmti_runtime

using Clock = std::chrono::steady_clock;

// Best of five runs of `calls` calls, in ns per call.
static double nsPerCall(long calls, const std::function<void(long)>& loop) {
    std::vector<double> runs;
    for (int r = 0; r < 5; ++r) {
        const auto a = Clock::now();
        loop(calls);
        runs.push_back(std::chrono::duration<double, std::nano>(Clock::now() - a).count() / double(calls));
    }
    return *std::min_element(runs.begin(), runs.end());
}

int main(int argc, char** argv) {
    long calls = 20'000'000;
    for (int i = 1; i + 1 < argc; ++i)
        if (std::strcmp(argv[i], "--calls") == 0) calls = std::max(1L, std::atol(argv[++i]));
    using namespace jvmti_runtime;
    std::memset(&theEnv.caps, 0xff, sizeof theEnv.caps);
    theJvmtiEnv.functions = &checkedFunctionTable;
    jvmtiEnv* env = &theJvmtiEnv;
    jint count = 0, value = 0;
    jrawMonitorID monitor = reinterpret_cast<jrawMonitorID>(&count);
    jthread thread = reinterpret_cast<jthread>(&value);
    volatile jvmtiError sink = JVMTI_ERROR_NONE;

    struct Row {
        const char* name;
        double direct, entry;
    };
    std::vector<Row> rows;
    rows.push_back({"GetFrameCount (phase, 1 pointer)",
                    nsPerCall(calls, [&](long n) { for (long i = 0; i < n; ++i) sink = GetFrameCount(theEnv, thread, &count); }),
                    nsPerCall(calls, [&](long n) { for (long i = 0; i < n; ++i) sink = env->GetFrameCount(thread, &count); })});
    rows.push_back({"GetLocalInt (capability, min, pointer)",
                    nsPerCall(calls, [&](long n) { for (long i = 0; i < n; ++i) sink = GetLocalInt(theEnv, thread, 0, 1, &value); }),
                    nsPerCall(calls, [&](long n) { for (long i = 0; i < n; ++i) sink = env->GetLocalInt(thread, 0, 1, &value); })});
    rows.push_back({"RawMonitorEnter (callback-safe, any phase)",
                    nsPerCall(calls, [&](long n) { for (long i = 0; i < n; ++i) sink = RawMonitorEnter(theEnv, monitor); }),
                    nsPerCall(calls, [&](long n) { for (long i = 0; i < n; ++i) sink = env->RawMonitorEnter(monitor); })});
    (void)sink;

    std::printf("checking entry overhead: best of 5 runs of %ld calls each, ns per call\n\n", calls);
    std::printf("| %-42s | %8s | %8s | %10s |\n", "function", "direct", "entry", "difference");
    std::printf("|%s|%s|%s|%s|\n", std::string(44, '-').c_str(), std::string(10, '-').c_str(),
                std::string(10, '-').c_str(), std::string(12, '-').c_str());
    double worst = 0;
    for (const auto& r : rows) {
        std::printf("| %-42s | %8.2f | %8.2f | %10.2f |\n", r.name, r.direct, r.entry, r.entry - r.direct);
        worst = std::max(worst, r.entry - r.direct);
    }
    std::printf("\nlargest cost of an entry: %.2f ns (target: at most 3 ns: %s)\n", worst, worst <= 3 ? "met" : "MISSED");
    return 0;
}
