// The two kinds of a function's errors (error_kinds.hpp): the rule, its exceptions, and the
// classification of each function's allowed errors.
#include "error_kinds.hpp"

#include <algorithm>
#include <map>

#include "derive.hpp"

namespace jvmtigen {

namespace {

constexpr ErrorKind Env = ErrorKind::Environmental;
constexpr ErrorKind Caller = ErrorKind::Caller;

// The rule. The question each row answers: with these very argument values, could a VM that
// keeps the spec answer with this error in some state it may be in? If so, environmental.
// Sorted by name (the unit tests check it).
constexpr ErrorKindRule kRules[] = {
    // A class file need not carry, and the VM need not keep, what was asked for (a line
    // table, a source file name, a debug extension).
    {"JVMTI_ERROR_ABSENT_INFORMATION", Env},
    // The VM may refuse the functionality altogether (how it was started, what it enables).
    {"JVMTI_ERROR_ACCESS_DENIED", Env},
    // The new class files the agent hands over decide the class-file errors.
    {"JVMTI_ERROR_CIRCULAR_CLASS_DEFINITION", Caller},
    // The class loader involved decides what it supports.
    {"JVMTI_ERROR_CLASS_LOADER_UNSUPPORTED", Env},
    // A class the agent learnt of may not be prepared yet (ClassLoad comes before ClassPrepare).
    {"JVMTI_ERROR_CLASS_NOT_PREPARED", Env},
    // Set twice by this environment: its own earlier calls.
    {"JVMTI_ERROR_DUPLICATE", Caller},
    {"JVMTI_ERROR_FAILS_VERIFICATION", Caller},
    {"JVMTI_ERROR_ILLEGAL_ARGUMENT", Caller},
    // Anything may go wrong inside the implementation.
    {"JVMTI_ERROR_INTERNAL", Env},
    // Another thread may interrupt a waiting one (RawMonitorWait).
    {"JVMTI_ERROR_INTERRUPT", Env},
    {"JVMTI_ERROR_INVALID_CLASS", Caller},
    {"JVMTI_ERROR_INVALID_CLASS_FORMAT", Caller},
    {"JVMTI_ERROR_INVALID_ENVIRONMENT", Caller},
    {"JVMTI_ERROR_INVALID_EVENT_TYPE", Caller},
    // A field or method ID stays as the agent saved it, but its class may be unloaded.
    {"JVMTI_ERROR_INVALID_FIELDID", Env},
    {"JVMTI_ERROR_INVALID_LOCATION", Caller},
    {"JVMTI_ERROR_INVALID_METHODID", Env},
    {"JVMTI_ERROR_INVALID_MODULE", Caller},
    {"JVMTI_ERROR_INVALID_MONITOR", Caller},
    {"JVMTI_ERROR_INVALID_OBJECT", Caller},
    {"JVMTI_ERROR_INVALID_PRIORITY", Caller},
    {"JVMTI_ERROR_INVALID_SLOT", Caller},
    {"JVMTI_ERROR_INVALID_THREAD", Caller},
    {"JVMTI_ERROR_INVALID_THREAD_GROUP", Caller},
    // The thread's state changed under the call (ResumeThread).
    {"JVMTI_ERROR_INVALID_TYPESTATE", Env},
    {"JVMTI_ERROR_MUST_POSSESS_CAPABILITY", Caller},
    {"JVMTI_ERROR_NAMES_DONT_MATCH", Caller},
    // Whether a method is native is a fact of the method passed, which IsMethodNative tells.
    {"JVMTI_ERROR_NATIVE_METHOD", Caller},
    // The VM decides what it provides: capabilities, properties.
    {"JVMTI_ERROR_NOT_AVAILABLE", Env},
    // Cleared when this environment set nothing there: its own earlier calls.
    {"JVMTI_ERROR_NOT_FOUND", Caller},
    // Owning a raw monitor is the calling thread's own doing.
    {"JVMTI_ERROR_NOT_MONITOR_OWNER", Caller},
    // A stack that is not suspended changes; frames end.
    {"JVMTI_ERROR_NO_MORE_FRAMES", Env},
    {"JVMTI_ERROR_NULL_POINTER", Caller},
    // The VM may be unable to use a frame (native, compiled, a virtual thread's).
    {"JVMTI_ERROR_OPAQUE_FRAME", Env},
    {"JVMTI_ERROR_OUT_OF_MEMORY", Env},
    // Threads start and end on their own; other environments suspend and resume them.
    {"JVMTI_ERROR_THREAD_NOT_ALIVE", Env},
    {"JVMTI_ERROR_THREAD_NOT_SUSPENDED", Env},
    {"JVMTI_ERROR_THREAD_SUSPENDED", Env},
    {"JVMTI_ERROR_TYPE_MISMATCH", Caller},
    {"JVMTI_ERROR_UNATTACHED_THREAD", Caller},
    // The VM decides which classes and modules it can change.
    {"JVMTI_ERROR_UNMODIFIABLE_CLASS", Env},
    {"JVMTI_ERROR_UNMODIFIABLE_MODULE", Env},
    // What this implementation supports (virtual threads, since 21).
    {"JVMTI_ERROR_UNSUPPORTED_OPERATION", Env},
    {"JVMTI_ERROR_UNSUPPORTED_REDEFINITION_CLASS_ATTRIBUTE_CHANGED", Caller},
    {"JVMTI_ERROR_UNSUPPORTED_REDEFINITION_CLASS_MODIFIERS_CHANGED", Caller},
    {"JVMTI_ERROR_UNSUPPORTED_REDEFINITION_HIERARCHY_CHANGED", Caller},
    {"JVMTI_ERROR_UNSUPPORTED_REDEFINITION_METHOD_ADDED", Caller},
    {"JVMTI_ERROR_UNSUPPORTED_REDEFINITION_METHOD_DELETED", Caller},
    {"JVMTI_ERROR_UNSUPPORTED_REDEFINITION_METHOD_MODIFIERS_CHANGED", Caller},
    {"JVMTI_ERROR_UNSUPPORTED_REDEFINITION_SCHEMA_CHANGED", Caller},
    {"JVMTI_ERROR_UNSUPPORTED_VERSION", Caller},
    // The VM may enter its dead phase at any moment (refined by the function's phase below).
    {"JVMTI_ERROR_WRONG_PHASE", Env},
};

// Where a function's own description decides against the rule.
constexpr ErrorKindException kExceptions[] = {
    // start_depth must lie inside the stack, whose depth changes while the thread runs.
    {"GetStackTrace", "JVMTI_ERROR_ILLEGAL_ARGUMENT", Env},
    // Whether the segment names an existing JAR file is up to the file system.
    {"AddToBootstrapClassLoaderSearch", "JVMTI_ERROR_ILLEGAL_ARGUMENT", Env},
    {"AddToSystemClassLoaderSearch", "JVMTI_ERROR_ILLEGAL_ARGUMENT", Env},
    // Absent only for primitive and array classes, which the class passed decides.
    {"GetClassVersionNumbers", "JVMTI_ERROR_ABSENT_INFORMATION", Caller},
    {"GetConstantPool", "JVMTI_ERROR_ABSENT_INFORMATION", Caller},
    // Refused only for a virtual thread, and the agent made the thread object it passes.
    {"RunAgentThread", "JVMTI_ERROR_UNSUPPORTED_OPERATION", Caller},
};

}  // namespace

const char* errorKindName(ErrorKind k) { return k == ErrorKind::Environmental ? "environmental" : "caller"; }

std::span<const ErrorKindRule> errorKindRules() { return kRules; }
std::span<const ErrorKindException> errorKindExceptions() { return kExceptions; }

std::optional<ErrorKind> ruleKind(const std::string& error) {
    for (const auto& r : kRules)
        if (error == r.error) return r.kind;
    return std::nullopt;
}

ErrorKind errorKind(const Function& f, const std::string& error) {
    for (const auto& x : kExceptions)
        if (f.id == x.function && error == x.error) return x.kind;
    // Callable in every phase (dead included), or only while Agent_OnLoad runs: the VM never
    // moves a correct call into a wrong phase.
    if (error == "JVMTI_ERROR_WRONG_PHASE") {
        const std::string attr = phaseRule(f).attr;
        if (attr == "any" || attr == "onloadOnly") return ErrorKind::Caller;
    }
    return ruleKind(error).value_or(ErrorKind::Environmental);
}

std::vector<ClassifiedError> classifiedErrors(const Spec& spec, const Function& f) {
    std::map<std::string, const ErrorCode*> defined;
    for (const auto& e : spec.errors) defined.emplace(e.id, &e);
    std::vector<ClassifiedError> out;
    for (const auto& id : allowedErrors(spec, f)) {
        const auto it = defined.find(id);
        if (it != defined.end()) out.push_back({it->second, errorKind(f, id)});
    }
    std::stable_sort(out.begin(), out.end(),
                     [](const ClassifiedError& a, const ClassifiedError& b) { return a.error->num < b.error->num; });
    return out;
}

std::vector<const ErrorCode*> unclassifiedErrors(const Spec& spec) {
    std::vector<const ErrorCode*> out;
    for (const auto& e : spec.errors)
        if (e.num != 0 && !ruleKind(e.id)) out.push_back(&e);
    return out;
}

}  // namespace jvmtigen
