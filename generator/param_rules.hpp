// What the way a parameter or field is passed implies, beyond its C type: who provides the
// memory it points to, who releases it, whether NULL is accepted, whether it carries JNI
// local references, and which errors a function reports for a bad argument. These are facts
// of the spec's type system, derived here once; renderers (HTML docs, comments, checks) read
// them. Sentences are built as Prose so that each output renders them its own way.
#pragma once

#include <string>
#include <vector>

#include "model.hpp"

namespace jvmtigen {

// Who calls with the parameter: the agent calling a function, or the VM calling the agent
// (an event handler or a callback), or a member of a structure.
enum class ParamContext { Function, Handler, Field };

// Where the memory a pointer parameter refers to comes from.
enum class Memory {
    None,     // not a pointer to data (a value, a reference, an opaque or function pointer)
    Agent,    // the agent provides it and keeps owning it
    Jvmti,    // JVM TI allocates it; the agent releases it with Deallocate
    Vm,       // the VM provides it for the duration of a call; nobody frees it
};
const char* memoryName(Memory m);  // "", "agent", "jvmti", "vm"

struct ParamRules {
    bool pointer = false;     // the C type is a pointer the VM or the agent dereferences
    bool mayBeNull = false;   // NULL is an accepted value
    bool mustNotBeNull = false;  // NULL is rejected (JVMTI_ERROR_NULL_POINTER for functions)
    bool localRefs = false;   // holds JNI local references (returned or passed to a handler)
    bool deallocate = false;  // the agent must release memory with Deallocate
    Memory memory = Memory::None;
    std::vector<Prose> notes;  // one sentence each, in reading order
};

// `siblings` are the other parameters (or fields) of the same owner; counts name them.
ParamRules paramRules(const Spec& spec, const Param& p, const std::vector<Param>& siblings, ParamContext ctx);
ParamRules fieldRules(const Typedef& owner, const Field& f);

// An error a function returns because of what its parameters or capabilities require, in
// addition to the errors its <errors> element lists. `when` completes "returned when ...".
struct ImpliedError {
    std::string id;     // JVMTI_ERROR_...
    std::string param;  // the parameter it is about; empty for a capability
    Prose when;
};
std::vector<ImpliedError> impliedErrors(const Spec& spec, const Function& f);

}  // namespace jvmtigen
