// Tracing and statistics in the layer: the session that trace= and stats= start, which
// function table and which event thunks an environment gets, and the records the generated
// tracing entries and thunks fill (jvmti_trace::Call and jvmti_trace::Event are defined in
// tracing.cpp).
//
// A call or an event becomes a record on the thread it happens on. The thread keeps a stack of
// records in the making (nested: the calls an agent makes from an event callback sit inside
// the event), fills one without any lock, and hands it to the trace writer in one step when it
// ends; statistics count every call and event, traced or not.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <jni.h>

#include "settings/settings.hpp"
#include "jvmti_trace.hpp"
#include "trace/stats.hpp"

namespace jvmtilayer::tracing {

// Starts tracing and statistics as the settings ask (statistics for stats= and for the HTML
// report of report-format=html; nothing when neither is asked for nor trace=): compiles
// the filter, opens the trace file. The filter's warnings go into `warnings` (the layer reports
// them). nullopt on success, else the message why tracing cannot start.
std::optional<std::string> start(const Settings& settings, JavaVM* vm, jvmtiEnv* control,
                                 std::vector<std::string>& warnings);

// Whether calls are traced or counted: environments then get the tracing table.
bool callsTraced() noexcept;
// Whether events are traced or counted: the host then gets the tracing thunks.
bool eventsTraced() noexcept;

const jvmtiInterface_1_* functionTable() noexcept;       // tracing or checking table
const jvmtiEventCallbacks& eventThunks() noexcept;      // tracing or plain thunks

// A callback of the agent that the layer runs (a heap iteration callback, an agent thread's
// body), for the time the object lives: counted in the statistics, and written to the trace
// when calls are traced and it runs inside a written record of its thread or is a thread's
// whole body (threadBody).
class CallbackScope {
public:
    explicit CallbackScope(const char* name, bool threadBody = false) noexcept;
    ~CallbackScope();
    CallbackScope(const CallbackScope&) = delete;
    CallbackScope& operator=(const CallbackScope&) = delete;

private:
    void* frame_;
};

// What went wrong with the trace or the statistics by the end of the run; the layer reports it.
struct Problem {
    enum class Kind { Dropped, TraceWrite, StatsWrite } kind;
    std::string message;
};

// Writes out what is left, closes the trace, writes the statistics. Records that come later
// are counted as late, never written.
std::vector<Problem> finish() noexcept;

// The statistics counted so far, when they are counted.
std::optional<trace::StatsSnapshot> statsSnapshot();

}  // namespace jvmtilayer::tracing
