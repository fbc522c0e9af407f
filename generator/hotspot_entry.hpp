// What HotSpot's entry for a JVMTI function does, derived from the model and HotSpot's
// conventions (hotspot_conventions.hpp): its phase test, how the calling thread enters the VM,
// the capability tests, each argument's tests and conversion, the call to JvmtiEnv, and what
// -XX:TraceJVMTI shows of its arguments. The HotSpot emitters lay these facts out.
#pragma once

#include <string>
#include <vector>

#include "model.hpp"

namespace jvmtigen::hotspot {

// The phase test an entry starts with.
enum class PhaseTest {
    Live,        // only in the live phase (no phase attribute, or phase="live")
    Start,       // start or live
    OnLoad,      // onload or live (phase="onload")
    OnLoadOnly,  // onload only
    None,        // phase="any": no test
};

// Which calling threads may enter (HotSpot's Thread predicates).
enum class ThreadGuard {
    JavaThread,         // an attached Java thread only
    JavaOrNamedThread,  // callback-safe functions of the start and live phases: VM threads too
    AnyButUnattached,   // callback-safe functions of the early phases, once threads exist
};

// One test of an argument: the lines that convert it, then the failing condition.
struct ArgTestLine {
    std::vector<std::string> declare;
    std::string condition, error, note, noteArg;
    bool traced = true;
};

// The tests of one argument, in the entry's order.
struct ArgCheck {
    const Param* param = nullptr;
    size_t index = 0;                   // position of the parameter in Function::params
    std::vector<std::string> prepare;   // before the tests
    bool currentWhenNull = false;       // a jthread that may be NULL: the current thread then
    std::vector<ArgTestLine> tests;
};

// What the trace line shows of one parameter: a piece of the format and its values.
struct TracePiece {
    std::string format;
    std::vector<std::string> values;
};

struct Entry {
    const Function* fn = nullptr;
    PhaseTest phase = PhaseTest::Live;
    // Callable in the early phases: the thread transition is made only once the VM has threads,
    // and the checks and the call are written twice (with and without it).
    bool early = false;
    ThreadGuard guard = ThreadGuard::JavaThread;
    bool enterVm = true;               // the transition into the VM (not impl="innative")
    bool preserveExceptions = true;    // not callback-safe
    bool callbackSafe = false;
    bool underIncludeJvmti = true;     // compiled only with INCLUDE_JVMTI (not jkernel="yes")
    std::vector<std::string> capabilities;  // required ones, tested in this order
    std::vector<ArgCheck> checks;
    std::vector<std::string> callArgs;      // what the entry passes to JvmtiEnv
    std::vector<TracePiece> trace;          // one per parameter, in Function::params order
};

Entry entryOf(const Function& f);

// The pieces of the trace line that show the parameters before `end` (all when end is past them).
TracePiece traceLine(const Entry& e, size_t end);

// JvmtiEnv's method for a function: declared unless impl="unimpl"; named with the `hide`
// prefix; its parameters as HotSpot takes them.
struct EnvParam {
    std::string type, name;
    const Param* param = nullptr;  // the spec's parameter it passes, converted or not
};
bool hasEnvMethod(const Function& f);
// The functions of a category that have a JvmtiEnv method, in the spec's order.
std::vector<const Function*> envMethodsOf(const Spec& s, const std::string& category);
std::string envMethodName(const Function& f);
std::vector<EnvParam> envParams(const Function& f);

// Functions in an entry table (not hidden), and whether an entry is guarded by INCLUDE_JVMTI.
bool inEntryTable(const Function& f);

}  // namespace jvmtigen::hotspot
