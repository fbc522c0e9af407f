// How tracing puts each value of the spec into a trace, decided from the value's type in the
// model: how it is passed (value, in/out pointer, buffer), its base type, the count that sizes
// an array, the constants a jint is documented to hold. The answer is a call of the generated
// header's put(), putAt() or putArray() with its arguments; the trace templates lay the calls
// out in the tracing entries, the traced event thunks and the structure formatters.
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "model.hpp"

namespace jvmtigen {

// Where the sibling values of a parameter or field are found.
struct TraceScope {
    const Spec& spec;
    // The C++ expression of a sibling's value by its id ("(count_ptr != nullptr ? *count_ptr : 0)"
    // for an out-parameter, "x.frame_count" for a field); "" when there is no such sibling.
    std::function<std::string(const std::string& id)> sibling;
};

// One value put into the trace: `call`(v, `args`).
struct TracePut {
    std::string call;  // put, putAt or putArray
    std::string args;  // the C++ arguments after v
};

// A parameter of a function (inputs before the call, outputs after a successful one) or of an
// event (inputs before the agent's callback, outputs after it: what the callback handed back).
struct TraceParam {
    std::optional<TracePut> input;
    bool inputOnlyIfNull = false;   // an out-parameter: shown, as NULL, only when it is NULL
    std::optional<TracePut> output; // shown when the parameter is not NULL
    bool outputIfPointee = false;   // ... and neither is what it points to
};
TraceParam traceFunctionParam(const TraceScope& scope, const Param& p);
TraceParam traceEventParam(const TraceScope& scope, const Param& p);

// A field of a structure held in `object`: a function pointer is only named when set (flag);
// anything else is put.
struct TraceField {
    bool flag = false;
    TracePut put;
};
TraceField traceField(const TraceScope& scope, const Field& f, const std::string& object);

// The name of the generated table of a constants group, and of the table of event kinds.
std::string constantsTableName(const std::string& group);
inline constexpr const char* kEventConstants = "jvmtiEvent";

}  // namespace jvmtigen
