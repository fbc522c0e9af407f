// Statistics of a traced run: per function the calls, the errors by name, and total, mean and
// maximum time; per event and per agent callback the count and the time spent in the agent's
// code. Printed at exit as an aligned table or as JSON.
//
// Each thread adds to its own shard (a map keyed by the static name pointer, behind a mutex
// only it and a reader ever take), so threads never contend with each other; a snapshot merges
// the shards by name. The shards of threads that have exited are folded into a common total
// when the next new thread comes, so memory follows the live threads, not every thread there
// ever was.
#pragma once

#include <cstdint>
#include <cstdio>
#include <map>
#include <optional>
#include <string>

#include "trace/per_thread.hpp"
#include "trace/record.hpp"

namespace jvmtilayer::trace {

struct FunctionStats {
    std::uint64_t calls = 0;
    std::uint64_t errors = 0;  // calls that returned anything but 0 (JVMTI_ERROR_NONE)
    std::map<std::string, std::uint64_t> errorsByName;
    std::uint64_t totalNs = 0;
    std::uint64_t maxNs = 0;
    double meanNs() const noexcept { return calls == 0 ? 0.0 : double(totalNs) / double(calls); }
    bool operator==(const FunctionStats&) const = default;
};

struct EventStats {
    std::uint64_t count = 0;
    std::uint64_t totalNs = 0;  // in the agent's callback
    std::uint64_t maxNs = 0;
    double meanNs() const noexcept { return count == 0 ? 0.0 : double(totalNs) / double(count); }
    bool operator==(const EventStats&) const = default;
};

struct StatsSnapshot {
    std::map<std::string, FunctionStats> functions;
    std::map<std::string, EventStats> events;
    std::map<std::string, EventStats> callbacks;
    bool operator==(const StatsSnapshot&) const = default;
};

// The table and the JSON document of a snapshot (docs/trace-format.md, "Statistics").
void printStatsTable(const StatsSnapshot& snapshot, std::FILE* to);
std::string statsTable(const StatsSnapshot& snapshot);
std::string statsJson(const StatsSnapshot& snapshot);

class Stats {
public:
    // errorName names the errors of calls (the generated metadata's); nullptr or a nullptr
    // result gives "error(<number>)".
    explicit Stats(const char* (*errorName)(int error) = nullptr);
    ~Stats();
    Stats(const Stats&) = delete;
    Stats& operator=(const Stats&) = delete;

    // From any thread. Names must have static storage duration. Failing to allocate the first
    // entry of a name on a thread loses that one addition.
    void addCall(const char* function, int error, std::uint64_t durationNs) noexcept;
    void addEvent(const char* event, std::uint64_t callbackNs) noexcept;
    void addCallback(const char* callback, std::uint64_t durationNs) noexcept;
    // By the record's kind.
    void add(const Record& record) noexcept;

    // Everything added so far, merged (what a thread is adding at this very moment may or may
    // not be in it).
    StatsSnapshot snapshot() const;
    void printTable(std::FILE* to) const;
    std::string toJson() const;
    // Writes the statistics to "stderr" (the table), or to a file: JSON when its name ends in
    // ".json", else the table. nullopt on success, else why not.
    std::optional<std::string> writeTo(const std::string& target, unsigned fileMode = 0600) const;

    struct Shard;
    struct Totals;

private:
    Shard* shard() noexcept;

    const char* (*errorName_)(int);
    mutable detail::SlotRegistry registry_;
    Totals* retired_;  // shards of exited threads, merged
};

}  // namespace jvmtilayer::trace
