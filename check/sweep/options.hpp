// The command line of jvmti-check's two sweep modes:
//   jvmti-check --inject-sweep [--max-runs N] [-j N] [--shard K/N] [--run-timeout SECONDS]
//               [--sweep-dir DIR] [--json F] [--sarif F] [--junit F] [--html F] [--layer FILE]
//               [--source-root DIR] [KEY=VALUE]... -- COMMAND ARGS...
//   jvmti-check --sweep-merge --json OUT [--sarif F] [--junit F] [--html F] [--source-root DIR] IN.json...
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace jvmticheck {

struct SweepOptions {
    bool merge = false;                      // --sweep-merge (else --inject-sweep)
    bool help = false, version = false;      // --help, --version: nothing else is judged
    std::size_t maxRuns = 0;                 // --max-runs N; 0: every run
    unsigned jobs = 0;                       // -j N; 0: one per processor
    unsigned shardK = 1, shardN = 1;         // --shard K/N
    double runTimeout = 0;                   // --run-timeout SECONDS; 0: from the learning run
    std::optional<std::string> sweepDir;     // --sweep-dir DIR
    std::optional<std::string> json, sarif, junit, html;
    std::optional<std::string> layer;        // --layer FILE, passed on to every run
    std::optional<std::string> sourceRoot;   // --source-root DIR, for SARIF's paths
    std::vector<std::string> settings;       // KEY=VALUE, the layer's, given to every run
    std::vector<std::string> command;        // COMMAND ARGS...
    std::vector<std::string> inputs;         // --sweep-merge: the shards' JSON files
};

// Whether `args` ask for a sweep mode: --inject-sweep or --sweep-merge before any "--".
bool isSweepCommandLine(const std::vector<std::string>& args);

// nullopt on success, else what is wrong (the caller exits with status 2). The settings are
// judged as jvmti-check judges them; inject=, inject-log= and report= are the sweep's own.
std::optional<std::string> parseSweepOptions(const std::vector<std::string>& args, SweepOptions& out);

}  // namespace jvmticheck
