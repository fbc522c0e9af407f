// What a sweep runs: the call sites the learning run saw (from its JVMs' injection logs), and
// one run per (site, environmental error of the site's function), in a stable order, sampled
// by --max-runs and split by --shard.
#pragma once

#include <cstddef>
#include <filesystem>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace jvmticheck {

// The most an injection log or a sweep's JSON may hold before it is refused unread.
inline constexpr std::size_t kLogLimit = 64u << 20;
// The most runs a sweep plans, and the bound of every count read back from a sweep's JSON.
inline constexpr std::size_t kMaxRuns = 1000000;

// A call site of an agent as the injection log names it: "site FUNCTION SITE WHERE".
struct SweepSite {
    std::string function;  // GetThreadInfo
    std::string site;      // libfaulty.so+0x1c1e: what inject='s @SITE takes
    std::string where;     // libfaulty.so!onVMInit+0x3e (faulty.cpp:37), or the site again
};

// One run of the sweep: the site's function fails with `error` at the site's first call.
struct SweepRun {
    std::size_t index = 0;       // in the sweep's whole list (after --max-runs), from 0
    std::size_t siteIndex = 0;   // in the learned sites
    SweepSite site;
    int error = 0;               // its value
    std::string errorName;       // JVMTI_ERROR_THREAD_NOT_ALIVE
    std::string rule() const;    // inject='s rule: GetThreadInfo@libfaulty.so+0x1c1e/THREAD_NOT_ALIVE/1
};

// The sites of the logs' "site" lines, each (function, site) once, in the order first seen
// (the logs in the order given, each from its first line). Sites inject= cannot name (not
// LIBRARY+0xOFFSET) are left out and counted in `unnamed`.
std::vector<SweepSite> readSites(const std::vector<std::filesystem::path>& logs, std::size_t& unnamed);
// The same from one log's text.
void sitesFromLog(const std::string& text, std::vector<SweepSite>& sites, std::size_t& unnamed);

// Appends the sites of `more` that `into` does not hold (the same function at the same site),
// in their order.
void joinSites(std::vector<SweepSite>& into, const std::vector<SweepSite>& more);

// A function's environmental errors (value, name), as the generated metadata lists them.
using ErrorsOf = std::function<std::vector<std::pair<int, std::string>>(const std::string& function)>;
ErrorsOf metadataErrors();

// Every run: sites in order, each site's errors by value. Indexes from 0.
std::vector<SweepRun> planRuns(const std::vector<SweepSite>& sites, const ErrorsOf& errorsOf);

// At most `maxRuns` of `runs`, spread over the sites: each site's first error, then each
// site's second, and so on; kept in their order and numbered again from 0. All when maxRuns is
// 0 or not less than their number.
std::vector<SweepRun> sampleRuns(const std::vector<SweepRun>& runs, std::size_t maxRuns);

// The runs whose rule() is among `rules` (--rerun), in their order and numbered again from 0;
// the rules that name no run go to `unknown`, in the order given.
std::vector<SweepRun> selectRuns(const std::vector<SweepRun>& runs, const std::vector<std::string>& rules,
                                 std::vector<std::string>& unknown);

// The runs of shard K of N: those whose rule() hashes (FNV-1a) to K-1 modulo N. A run's shard
// depends on its rule alone, so jobs whose learning runs saw different call sites still split
// the runs they share the same way.
std::vector<SweepRun> shardRuns(const std::vector<SweepRun>& runs, unsigned k, unsigned n);

// "JVMTI_ERROR_THREAD_NOT_ALIVE" -> "THREAD_NOT_ALIVE".
std::string shortErrorName(const std::string& name);

}  // namespace jvmticheck
