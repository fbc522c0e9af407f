// A sweep's results as data: what the learning run found, and each run's outcome. Written as
// the sweep's JSON (--json), read back by --sweep-merge, and turned into the summary, SARIF,
// JUnit XML and HTML (sweep_report.hpp).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "sweep/classify.hpp"
#include "sweep/plan.hpp"

namespace jvmticheck {

struct SweepRunResult {
    SweepRun run;
    Outcome outcome = Outcome::Handled;
    std::string consequence;  // Verdict::consequence
    int status = 0;
    double seconds = 0;
    std::vector<std::string> details;
    std::vector<Surfaced> surfaced;
    std::optional<Crash> crash;
    std::string replay;  // the jvmti-check command line that runs it again, shell-quoted
    std::string dir;     // its directory: reports, injection logs, the command's output
};

struct SweepResult {
    std::string version;                 // jvmti-check's
    std::vector<std::string> command;    // the command swept
    std::vector<std::string> settings;   // the layer's settings every run had
    unsigned shardK = 1, shardN = 1;     // 1/1: the whole sweep
    std::size_t plannedRuns = 0;         // of the whole sweep, after --max-runs
    std::vector<std::string> plannedRules;  // their rules, in plan order (a shard's: the whole sweep's as it learnt it)
    std::size_t possibleRuns = 0;        // (site, error) pairs before --max-runs
    SweepFailOn failOn;                  // what fails the sweep (not kept in the JSON's verdicts: its runs' levels follow it)
    std::size_t jvmStarts = 0;           // runs of the command made, learning runs included (chained runs count once)
    unsigned learningRuns = 1;           // their sites joined: a site some runs do not reach is still swept
    bool chained = false;                // faults chained (several per run) rather than one per run
    unsigned jobs = 1;
    double wallSeconds = 0, learningSeconds = 0;
    std::string sweepDir;
    Baseline baseline;
    std::vector<SweepSite> sites;
    std::vector<SweepRunResult> runs;    // by index
};

nlohmann::ordered_json toJson(const SweepResult& result);
// nullopt on success, else what is wrong (naming the field).
std::optional<std::string> fromJson(const nlohmann::json& json, SweepResult& out);

// Joins shards of one sweep: their runs by index (a run found twice is kept once). nullopt on
// success, else why the inputs are not shards of one sweep. `warnings`: runs no shard has.
std::optional<std::string> mergeResults(const std::vector<SweepResult>& shards, SweepResult& out,
                                        std::vector<std::string>& warnings);

// Runs per outcome, in kOutcomes order.
std::vector<std::pair<Outcome, std::size_t>> outcomeCounts(const SweepResult& result);
std::size_t badRuns(const SweepResult& result);
// Runs at error level under the result's --fail-on: the sweep fails when there is one.
std::size_t errorRuns(const SweepResult& result);

// One finding per place: the bad and declined runs of one call site that ended with the same
// outcome and consequence, each error with its run (and replay command). In order of their first run.
struct Finding {
    Outcome outcome = Outcome::Handled;
    RunLevel level = RunLevel::None;
    SweepSite site;
    std::string consequence;
    std::vector<const SweepRunResult*> runs;  // one per error, by index
};
std::vector<Finding> findings(const SweepResult& result);

}  // namespace jvmticheck
