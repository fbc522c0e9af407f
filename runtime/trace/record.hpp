// One trace record: a JVMTI call the agent made, an event the VM delivered to the agent, or
// another agent callback (a heap iteration callback, an agent thread's body, ...).
//
// The tracing entries and event thunks fill a Record and hand it to Tracer::submit() (and, for
// statistics, to Stats::add()). Values arrive already formatted as text: this library never
// interprets them, it only escapes them for the output format. Names (of the function, event
// or callback, and of each field) must be strings with static storage duration: the writer
// reads them after submit() has returned, on another thread.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace jvmtilayer::trace {

// One argument or result: a parameter name and its value, formatted.
struct Field {
    const char* name = "";  // static storage duration
    std::string value;
    // The value is an address (an env pointer, a buffer being deallocated, a raw jobject):
    // with the writer's noAddr option it is left out, so that two runs compare equal.
    bool address = false;
};

struct Record {
    enum class Kind : std::uint8_t { Call, Event, Callback };

    Kind kind = Kind::Call;
    const char* name = "";     // function, event or callback; static storage duration
    std::uint32_t thread = 0;  // the thread's id; 0 means the submitting thread (currentThread())
    int depth = 0;             // records enclosing this one on its thread (0: outermost)
    std::uint64_t startNs = 0;     // nowNs() when it began
    std::uint64_t durationNs = 0;  // how long it took (for events: the agent's callback)
    int error = 0;                 // calls: the jvmtiError returned; ignored otherwise
    std::vector<Field> inputs;     // arguments, in parameter order
    std::vector<Field> outputs;    // results (out-parameters, a callback's return value)

    Field& in(const char* fieldName, std::string value, bool address = false) {
        return inputs.emplace_back(Field{fieldName, std::move(value), address});
    }
    Field& out(const char* fieldName, std::string value, bool address = false) {
        return outputs.emplace_back(Field{fieldName, std::move(value), address});
    }
};

// "call", "event", "callback".
const char* kindName(Record::Kind kind) noexcept;

// The clock of startNs: CLOCK_MONOTONIC in nanoseconds.
std::uint64_t nowNs() noexcept;

// The calling thread's kernel thread id (gettid), cached per thread.
std::uint32_t currentThread() noexcept;

}  // namespace jvmtilayer::trace
