// The C++ statements that put one traced value into a jvmti_trace::Values sink, chosen from
// the value's type in the model: how it is passed (value, in/out pointer, buffer), its base
// type, the count that sizes an array, the constants a jint is documented to hold. The trace
// emitter places them into the tracing entries, the traced event thunks and the structure
// formatters.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "model.hpp"

namespace jvmtigen {

// Where the sibling values of a parameter or field are found.
struct TraceScope {
    const Spec& spec;
    // The C++ expression of a sibling's value by its id ("*count_ptr" for an out-parameter,
    // "x.frame_count" for a field); "" when there is no such sibling.
    std::function<std::string(const std::string& id)> sibling;
};

// The statements for a parameter of a function, before the call (inputs) and after a
// successful one (outputs); either may be empty. Each statement is one line, indented by
// four spaces per level of nesting, and writes to `v`, a jvmti_trace::Values&.
struct TraceParam {
    std::vector<std::string> inputs;
    std::vector<std::string> outputs;
};
TraceParam traceFunctionParam(const TraceScope& scope, const Param& p);

// The same for an event parameter: inputs before the agent's callback, outputs after it (the
// out-parameters the callback may set, such as ClassFileLoadHook's new class data).
TraceParam traceEventParam(const TraceScope& scope, const Param& p);

// The statements writing field `f` of a structure held in `object` (a C++ lvalue).
std::vector<std::string> traceField(const TraceScope& scope, const Field& f, const std::string& object);

// The constants group that the prose of a jint documents it to hold (a link to an enum or a
// bit-set group), or nullptr.
const ConstantsGroup* linkedConstants(const Spec& spec, const Prose& description);

// The name of the generated table of a constants group, and of the table of event kinds.
std::string constantsTableName(const std::string& group);
inline constexpr const char* kEventConstants = "jvmtiEvent";

}  // namespace jvmtigen
