// jvmti-check's command line, its three modes read by one parser (CLI11):
//   jvmti-check [OPTIONS] [KEY=VALUE]... -- COMMAND ARGS...                 a checked run
//   jvmti-check --inject-sweep [OPTIONS] [KEY=VALUE]... -- COMMAND ARGS...  a fault-injection sweep
//   jvmti-check --sweep-merge --json OUT [OPTIONS] SHARD.json...              the shards of a sweep joined
// Each option belongs to the modes that take it; one given in another mode is refused by name.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace jvmticheck {

struct CheckOptions {
    bool help = false;
    bool version = false;
    bool dryRun = false;
    bool keepWorkDir = false;              // --keep-work-dir: the agents file is not removed at the end
    std::optional<std::string> layer;      // --layer FILE
    std::optional<std::string> html;       // --html FILE: the page (one JVM) or an index of the pages (several)
    std::optional<std::string> sarif;      // --sarif FILE: SARIF 2.1.0 of every JVM
    std::optional<std::string> junit;      // --junit FILE: JUnit XML of every JVM
    std::optional<std::string> reportDir;  // --report-dir DIR: each JVM's own report files
    std::optional<std::string> sourceRoot; // --source-root DIR: SARIF paths relative to it
    std::optional<std::string> hsErrDir;   // --hs-err-dir DIR: the JVMs' fatal error logs go there
    int errorExitcode = 0;                 // --error-exitcode=N (1..255); 0: the command's status
    std::string failOn = "error";          // --fail-on=error|warning
    std::vector<std::string> settings;     // KEY=VALUE, the layer's
    std::vector<std::string> command;      // COMMAND ARGS...
};

// The outcomes of a sweep that --fail-on names: each bad outcome's word.
struct SweepFailOn {
    bool crash = true, hang = true, violation = true, leak = true, exit = false;
    bool operator==(const SweepFailOn&) const = default;
};

struct SweepOptions {
    bool merge = false;                      // --sweep-merge (else --inject-sweep)
    bool help = false, version = false;      // --help, --version: nothing else is judged
    bool oneFaultPerRun = false;             // --one-fault-per-run: no chains
    std::size_t maxRuns = 0;                 // --max-runs N; 0: every run
    unsigned jobs = 0;                       // -j N; 0: one per processor
    unsigned learningRuns = 0;               // --learning-runs N; 0: as many as -j, at most 4
    std::vector<std::string> rerun;          // --rerun RULE:RULE...: only these planned runs
    unsigned shardK = 1, shardN = 1;         // --shard K/N (or --shard alone: from the CI's variables)
    std::string shardFrom;                   // where K/N came from: "--shard", or the variables' names
    double runTimeout = 0;                   // --run-timeout SECONDS; 0: from the learning run
    SweepFailOn failOn;                      // --fail-on=OUTCOME,...
    std::optional<std::string> sweepDir;     // --sweep-dir DIR
    std::optional<std::string> json, sarif, junit, html;
    std::optional<std::string> layer;        // --layer FILE, passed on to every run
    std::optional<std::string> sourceRoot;   // --source-root DIR, for SARIF's paths
    std::vector<std::string> settings;       // KEY=VALUE, the layer's, given to every run
    std::vector<std::string> command;        // COMMAND ARGS...
    std::vector<std::string> inputs;         // --sweep-merge: the shards' JSON files
};

enum class Mode { Run, Sweep, Merge };

struct CommandLine {
    Mode mode = Mode::Run;
    CheckOptions run;      // Mode::Run
    SweepOptions sweep;    // Mode::Sweep and Mode::Merge
    bool help = false, version = false;
};

// The environment as the parser reads it (--shard without a value): getenv, or a map in the tests.
using Variables = std::function<std::optional<std::string>(const std::string&)>;
Variables processVariables();

// nullopt on success, else what is wrong, naming the word and the rule it breaks (the caller
// exits with status 2). --help and --version before the command win over everything else. The
// settings are checked against the layer's schema: a known name, not agent= (the agents come
// from the command), not the ones jvmti-check sets itself (adopt, child-tool-options,
// error-exitcode, fail-on: use the options), and in a sweep not inject=, inject-log= or report=.
std::optional<std::string> parseCommandLine(const std::vector<std::string>& args, CommandLine& out,
                                            const Variables& variables = processVariables());

// The same for a checked run (a sweep's words are refused), and for the two sweep modes.
std::optional<std::string> parseCheckOptions(const std::vector<std::string>& args, CheckOptions& out);
std::optional<std::string> parseSweepOptions(const std::vector<std::string>& args, SweepOptions& out,
                                             const Variables& variables = processVariables());

// --fail-on's value in a sweep: outcome words (crash, hang, violation, leak, exit) separated by
// commas, or error (the default) or warning (every bad outcome). nullopt when `text` is not that.
std::optional<SweepFailOn> parseSweepFailOn(const std::string& text);
std::string sweepFailOnText(const SweepFailOn& failOn);  // "crash,hang,violation,leak"

// --shard without a value: shard K of N from the CI's variables (docs/ci.md): Bazel's
// TEST_SHARD_INDEX/TEST_TOTAL_SHARDS (index from 0), GitLab's CI_NODE_INDEX/CI_NODE_TOTAL (from
// 1), or JVMTI_CHECK_SHARD/JVMTI_CHECK_SHARDS (from 1, for a GitHub Actions matrix or any other).
// nullopt on success, else why none of them gives a shard.
std::optional<std::string> shardFromVariables(const Variables& variables, unsigned& k, unsigned& n, std::string& from);

// The value of setting `key` among `settings` (the last one given), if any.
std::optional<std::string> settingValue(const std::vector<std::string>& settings, const std::string& key);

}  // namespace jvmticheck
