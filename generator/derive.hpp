// Facts derived from the model that several emitters share: table slots, event slots,
// capability bit layout, the JVMTI_VERSION_* constants.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "model.hpp"

namespace jvmtigen {

// One slot of jvmtiInterface_1_: slot `num` holds `fn`, or is reserved when fn is null.
struct FunctionSlot {
    int num;
    const Function* fn;
};
std::vector<FunctionSlot> functionTable(const Spec& spec);

// Event numbers from the lowest to the highest active event; `ev` null for reserved numbers.
struct EventSlot {
    int num;
    const Event* ev;
};
std::vector<EventSlot> eventTable(const Spec& spec);

// Active (not elided) items, in the order the header lists them.
std::vector<const Function*> activeFunctions(const Spec& spec);      // document order
std::vector<const Event*> activeEventsByName(const Spec& spec);      // sorted by id
std::vector<const Typedef*> activeTypedefs(const Spec& spec);        // document order
std::vector<const Callback*> activeCallbacks(const Spec& spec);      // document order
std::vector<const ErrorCode*> errorsByNum(const Spec& spec);

// Whether tracing shows a function by default: not when the spec marks it impl="notrace".
bool tracedByDefault(const Function& f);

// Whether the spec limits the event's handler to callback-safe functions (our schema
// extension handlercalls="callbacksafe"), and the active events it does so for, in event
// number order.
bool restrictsHandler(const Event& e);
std::vector<const Event*> restrictedHandlerEvents(const Spec& spec);

// Unnamed bit-field widths that pad the capability flags to 128 bits: first to a multiple of
// 16, then whole 16-bit units (the layout of every JDK header).
std::vector<int> capabilityPadding(size_t flags);

// JVMTI_VERSION_<suffix> constants the header declares for a spec of `version`. OpenJDK's
// jvmti.xml does not list them (its header stylesheet does); they are kept here as data:
// each constant with the release whose header introduced it.
struct VersionConstant {
    std::string name;  // JVMTI_VERSION_1_2
    std::string hex;   // 0x30010200
};
std::vector<VersionConstant> versionConstants(const Version& version);

}  // namespace jvmtigen

namespace jvmtigen {

// Which phases a function may be called in ("" in the spec means live).
struct PhaseRule {
    std::string attr;                 // onload, onloadOnly, start, live, any
    std::vector<std::string> phases;  // JVMTI_PHASE_* constants allowed; empty for any
};
PhaseRule phaseRule(const Function& f);

// One check of a generated entry, in the order the entry makes them.
struct EntryCheck {
    enum class What { Environment, Phase, Capability, NullPointer, Minimum, EnumValue, CallbackUnsafe, Handle };
    EntryCheck(What w, std::string e, std::string i, std::string r)
        : what(w), error(std::move(e)), id(std::move(i)), rule(std::move(r)) {}
    What what;
    std::string error;        // the JVMTI_ERROR_* returned when the check fails
    std::string id;           // stable violation id, e.g. GetFrameCount.count_ptr.null
    std::string rule;         // the rule in words, for reports
    const Param* param = nullptr;
    std::string capability;   // What::Capability
    std::string minimum;      // What::Minimum
    std::vector<std::string> enumValues;  // What::EnumValue: the constants the value may take
    // What::Handle: a reference or ID argument the runtime may find dead. The check has two
    // outcomes with their own ids: `id` (X.p.invalid: never a handle) and staleId (X.p.stale:
    // a handle no longer alive), both returning `error`.
    std::string handleKind;   // Object, Class, Thread, ThreadGroup, Method, Field
    std::string staleId, staleRule;
};
std::vector<EntryCheck> entryChecks(const Spec& spec, const Function& f);

// The least value a parameter may take: a jint's min attribute, 0 for a frame depth (jframeID).
std::optional<std::string> minimumOf(const Type& t);

// The errors the spec allows a function to return: the universal ones (not success, num 0),
// those it lists, and those its parameters and capabilities imply (NULL_POINTER for a pointer
// that may not be NULL, ILLEGAL_ARGUMENT for a minimum or an enum, INVALID_EVENT_TYPE for a
// jvmtiEvent, MUST_POSSESS_CAPABILITY for a required capability, NO_MORE_FRAMES for a frame
// depth, for a handle parameter the error of its type: INVALID_OBJECT, INVALID_CLASS,
// INVALID_THREAD, INVALID_THREAD_GROUP, INVALID_METHODID, INVALID_FIELDID; THREAD_NOT_ALIVE
// for a thread that must have started, NATIVE_METHOD for a method that may not be native,
// INVALID_MONITOR for a raw monitor). In that order, first occurrence kept; the names are
// as written, whether or not the spec defines them.
std::vector<std::string> allowedErrors(const Spec& spec, const Function& f);

// The values an enum parameter may take, by the constant names jvmti.h declares.
std::vector<std::string> enumConstants(const Spec& spec, const std::string& enumName);

// Out-parameters through which a function hands the agent JVMTI-allocated memory or JNI
// local references.
struct OutParamFact {
    const Param* param;
    int index;                 // position in the C signature after the environment
    bool allocated;            // memory the agent frees with Deallocate
    bool nested;               // allocallocbuf: each element is allocated too
    bool localRefs;            // the value(s) are JNI local references
    int countIndex = -1;       // signature index of the element count, -1 if one element
    bool countIsPointer = false;  // the count is an out-parameter (read it after the call)
};
std::vector<OutParamFact> outParamFacts(const Function& f);

// The base types of handle arguments (the ones check=strict tests for life), in the order the
// strict checks list them: JNI references (jobject, jclass, jthread, jthreadGroup) and IDs
// (jmethodID, jfieldID).
struct HandleBase {
    std::string name;
    bool reference;  // a JNI reference (local or global), not an ID
};
std::vector<HandleBase> handleBaseTypes();

}  // namespace jvmtigen

namespace jvmtigen {

// Where JVMTI-allocated memory sits after a successful call, as C expressions over the
// parameter names: the layer records each pointer so Deallocate can be checked and leaks
// named. Loops walk arrays (allocallocbuf elements, arrays of structs with allocfieldbuf
// fields); `index` is the loop variable, `element` the array element it names.
struct AllocLoop {
    std::string count, index, element;
    std::vector<std::string> pointers;  // allocated pointers inside each element
    std::vector<AllocLoop> loops;       // arrays nested in each element
};
struct AllocTracking {
    struct Pointer {
        std::string guard;  // the out-parameter may be NULL: test it first ("" when it may not)
        std::string pointer;
    };
    std::vector<Pointer> pointers;
    std::vector<AllocLoop> loops;  // guarded like their out-parameter, when nullok
    std::vector<std::string> loopGuards;
    bool empty() const { return pointers.empty() && loops.empty(); }
};
AllocTracking allocTracking(const Spec& spec, const Function& f);

}  // namespace jvmtigen
