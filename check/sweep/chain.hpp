// Chained faults: several planned runs' faults armed in one run of the command, each at its own
// call site's first call, so that a fault the agent handles lets the run go on to the next. A
// chained run that ends as the learning run did settles every fault injected in it as handled; a
// bad one in which one fault was injected is that fault's run (the other rules never fired); a
// bad one with several is replayed alone, one fault per run, so that a finding is always one
// fault in one run. A fault not injected in a chained run goes back to be chained again: when
// another fault of the run was injected, that one's call site hid it (the agent skipped work, or
// the run ended), so the hiding site's remaining faults run alone from then on and the chains go
// on without it; when none was, it counts a strike, and two strikes send it to run alone (where
// "not reached" is decided).
#pragma once

#include <cstddef>
#include <deque>
#include <set>
#include <string>
#include <vector>

#include "sweep/plan.hpp"

namespace jvmticheck {

// A run of the command: the planned runs (positions in the sweep's list) whose rules it arms.
struct Batch {
    std::size_t id = 0;                  // in the order made, from 0
    std::vector<std::size_t> runs;       // positions in the planned list
    bool alone() const { return runs.size() == 1; }
};

class Chains {
public:
    // `runs`: the planned runs (those of this shard); `maxChain`: the most faults armed at once.
    Chains(const std::vector<SweepRun>& runs, std::size_t maxChain, bool chained);

    // The next batch to run, or false when none can be made now (every remaining run is in a
    // batch still running).
    bool next(Batch& out);
    // What batch `b` came to: which of its runs had their fault injected, and whether the run
    // ended as the learning run did. The runs settled by it go into `settled` (positions).
    void done(const Batch& b, const std::set<std::size_t>& injected, bool clean, std::vector<std::size_t>& settled);
    bool finished() const { return pending_.empty() && alone_.empty() && running_ == 0; }
    std::size_t batches() const { return made_; }

    // The inject= rule of a batch: its runs' rules joined by ':'.
    std::string rule(const Batch& b) const;

private:
    const std::vector<SweepRun>& runs_;
    std::size_t maxChain_;
    bool chained_;
    std::deque<std::size_t> pending_;  // to be chained
    std::deque<std::size_t> alone_;    // to run alone
    std::vector<int> strikes_;         // times not injected in a chained run where nothing was
    std::set<std::pair<std::string, std::string>> hiding_;  // (function, site) that hid others' faults
    std::size_t running_ = 0, made_ = 0;
};

}  // namespace jvmticheck
