#include "checkers/registry.hpp"

#include <clang/StaticAnalyzer/Core/CheckerManager.h>
#include <clang/StaticAnalyzer/Frontend/CheckerRegistry.h>

#include "model/call_model.hpp"
#include "model/path_end.hpp"

namespace jvmtilint {

namespace {

struct Entry {
    const char* name;
    const char* description;
    void (*add)(clang::ento::CheckerManager&);
    const char* rules;  // the ids it reports, "" for the model
};

// The call model comes first: every checker after it reads the state it keeps.
const Entry kCheckers[] = {
    {"jvmti.CallModel", "the model of JVMTI calls the checkers read", registerCallModel, ""},
    {"jvmti.PathEnd", "calls that never return: JNI's FatalError, the file's functions found never to return",
     registerPathEndModel, ""},
    {"jvmti.OutValue", "out-values read after a call that may have failed", registerOutValueChecker, "out_value.unchecked"},
    {"jvmti.Deallocate", "Deallocate twice, or of memory JVMTI did not allocate", registerDeallocateChecker, "Deallocate.mem.double, Deallocate.mem.unknown"},
    {"jvmti.Free", "free() of JVMTI memory", registerFreeChecker, "free.jvmti_memory"},
    {"jvmti.Leak", "JVMTI memory never deallocated", registerLeakChecker, "leak.{function}"},
    {"jvmti.UseAfterDeallocate", "JVMTI memory used after Deallocate", registerUseAfterDeallocateChecker, "Deallocate.mem.used_after"},
    {"jvmti.NullArgument", "NULL where the spec forbids it", registerNullArgumentChecker, "{function}.{param}.null"},
    {"jvmti.Phase", "functions called in a phase the spec does not allow", registerPhaseChecker, "{function}.phase"},
    {"jvmti.CallbackUnsafe", "functions that are not callback-safe called from restricted callbacks",
     registerCallbackUnsafeChecker, "{function}.callback_unsafe"},
    {"jvmti.CallbackJni", "JNI called from restricted callbacks", registerCallbackJniChecker, "callback.jni"},
    {"jvmti.LocalRef", "local references stored where they outlive the callback", registerLocalRefChecker, "local_ref.escape"},
    {"jvmti.RawMonitor", "raw monitors used after DestroyRawMonitor", registerRawMonitorChecker, "raw_monitor.destroyed"},
    {"jvmti.DisposedEnv", "environments used after DisposeEnvironment", registerDisposedEnvChecker, "{function}.env.invalid"},
    {"jvmti.LocalStorage", "environments in use after SetEnvironmentLocalStorage failed", registerLocalStorageChecker,
     "local_storage.unset"},
};

bool always(const clang::ento::CheckerManager&) { return true; }

}  // namespace

void addCheckers(clang::ento::CheckerRegistry& registry) {
    for (const Entry& e : kCheckers) registry.addChecker(e.add, always, e.name, e.description, "", false);
    for (const Entry& e : kCheckers)
        if (e.add != registerCallModel) registry.addDependency(e.name, kCheckers[0].name);
}

std::vector<RuleFamily> ruleFamilies() {
    std::vector<RuleFamily> out;
    for (const Entry& e : kCheckers)
        if (e.rules[0] != '\0') out.push_back({e.rules, e.description});
    out.push_back({"handle.from_integer", "jmethodID, jfieldID and references made from integers"});
    out.push_back({"{function}.capability.{capability}, event.capability",
                   "functions and enabled events whose capability no AddCapabilities of the files requests"});
    return out;
}

std::vector<std::string> checkerNames() {
    std::vector<std::string> out;
    for (const Entry& e : kCheckers) out.push_back(e.name);
    return out;
}

}  // namespace jvmtilint
