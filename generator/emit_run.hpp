// Running the chosen emitters. A helper thread parses their templates while the caller reads
// the spec, then takes emitters beside it (with more threads where there are more cores). Each
// output goes to a temp file as soon as it is made, on the thread that made it: the caller
// renames them into place once every emitter has succeeded, or lets them go.
#pragma once

#include <atomic>
#include <exception>
#include <future>
#include <string>
#include <thread>
#include <vector>

#include "emitters.hpp"
#include "output.hpp"

namespace jvmtigen {

// What one emitter made: its outputs (paths under the output directory, texts dropped once
// staged), their temp files, and what it or the staging threw.
struct Made {
    std::vector<Output> outputs;
    std::vector<StagedWrite> staged;
    std::exception_ptr failure, ioFailure;
};

class EmitRun {
public:
    EmitRun(std::vector<const Emitter*> chosen, std::string outDir);  // starts the helper
    ~EmitRun();  // a run that never started stops the helper
    EmitRun(const EmitRun&) = delete;
    EmitRun& operator=(const EmitRun&) = delete;

    // Runs every emitter once on ctx; returns what each made, in the emitters' order. After a
    // failure the outputs still to come are not staged. Call once.
    std::vector<Made> run(const EmitContext& ctx);

private:
    void work(const EmitContext& ctx);

    std::vector<const Emitter*> chosen_;
    std::string outDir_;
    std::vector<Made> made_;
    std::atomic<size_t> next_{0};
    std::atomic<bool> failed_{false};
    std::atomic<bool> abandoned_{false};  // no run will come: the helper stops parsing
    std::promise<const EmitContext*> go_;  // null: no run
    bool started_ = false;
    std::jthread helper_;  // last: joined before the rest goes
};

}  // namespace jvmtigen
