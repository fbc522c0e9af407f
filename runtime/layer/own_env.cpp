// The runtime functions that keep the layer environment's own state: memory, disposal,
// environment-local storage, event callbacks and capabilities.
#include <cstring>

#include "report/advice.hpp"
#include "layer/api_version.hpp"
#include "layer/layer.hpp"
#include "checks/memory.hpp"
#include "report/violations.hpp"
#include "trace/tracing.hpp"

namespace jvmti_runtime {

using namespace jvmtilayer;

void trackAllocation(Env&, const void* memory, const char* function) noexcept { memory::add(memory, 0, function); }

jvmtiError Allocate(Env& env, jlong size, unsigned char** mem_ptr) {
    const jvmtiError result = jvmti_forward::Allocate(env, size, mem_ptr);
    if (result == JVMTI_ERROR_NONE && *mem_ptr != nullptr) memory::add(*mem_ptr, static_cast<std::size_t>(size), "Allocate");
    return result;
}

// A block the layer knows was freed already, or never handed out, would have the VM free what
// it does not own and corrupt its heap: refused in every check mode, after the report.
jvmtiError Deallocate(Env& env, unsigned char* mem) {
    if (mem == nullptr) return jvmti_forward::Deallocate(env, mem);  // the spec lets NULL pass
    switch (memory::remove(mem)) {
        case memory::Release::Known:
            return jvmti_forward::Deallocate(env, mem);
        case memory::Release::Double:
            reportProblem(Severity::Error, own_rules::rule("Deallocate.mem.double"), "Deallocate", "mem",
                          "this block was deallocated already");
            break;
        case memory::Release::Unknown:
            reportProblem(Severity::Error, own_rules::rule("Deallocate.mem.unknown"), "Deallocate", "mem",
                          "this pointer was never returned by a JVMTI function of this layer");
            break;
    }
    return JVMTI_ERROR_ILLEGAL_ARGUMENT;
}

jvmtiError DisposeEnvironment(Env& env) {
    // Out of the registry first: from now on every call through this environment, and every
    // event for it, is refused before it can reach the disposed host environment.
    retireEnv(&env);
    return env.host->functions->DisposeEnvironment(env.host);
}

jvmtiError SetEnvironmentLocalStorage(Env& env, const void* data) {
    env.localStorage.store(data, std::memory_order_release);
    return JVMTI_ERROR_NONE;
}

jvmtiError GetEnvironmentLocalStorage(Env& env, void** data_ptr) {
    *data_ptr = const_cast<void*>(env.localStorage.load(std::memory_order_acquire));
    return JVMTI_ERROR_NONE;
}

jvmtiError SetEventCallbacks(Env& env, const jvmtiEventCallbacks* callbacks, jint size_of_callbacks) {
    if (size_of_callbacks < 0) return JVMTI_ERROR_ILLEGAL_ARGUMENT;
    // The agent's callbacks, copied into a block that is published whole and never changed:
    // a thunk running on another thread sees either the old set or the new one. Old sets
    // are kept, as an event may still be running through one.
    jvmtiEventCallbacks* mine = nullptr;
    if (callbacks != nullptr) {
        mine = new jvmtiEventCallbacks{};
        std::memcpy(mine, callbacks, std::min(sizeof(jvmtiEventCallbacks), static_cast<std::size_t>(size_of_callbacks)));
    }
    // The host calls the thunks (tracing ones when events are traced), which look up this
    // environment's current set.
    const jvmtiEventCallbacks& thunks = tracing::eventThunks();
    const jvmtiError result = env.host->functions->SetEventCallbacks(
        env.host, callbacks ? &thunks : nullptr, callbacks ? static_cast<jint>(sizeof thunks) : 0);
    if (result == JVMTI_ERROR_NONE) {
        env.callbacks.store(mine, std::memory_order_release);
        advice::callbacksSet(env, callbacks, size_of_callbacks);
    } else {
        delete mine;
    }
    return result;
}

jvmtiError AddCapabilities(Env& env, const jvmtiCapabilities* capabilities_ptr) {
    // A VM of the api-version= release has no such capability: it cannot be added.
    jvmtiCapabilities asked = *capabilities_ptr;
    if (api_version::dropLaterCapabilities(asked)) {
        reportProblem(Severity::Warning, own_rules::rule("api_version.capability"), "AddCapabilities", "capabilities_ptr",
                      "refused with JVMTI_ERROR_NOT_AVAILABLE: a capability it asks for came after JVMTI " +
                          api_version::releaseName() + " (api-version=)");
        return JVMTI_ERROR_NOT_AVAILABLE;
    }
    std::lock_guard<std::mutex> g(env.capsLock);
    const jvmtiError result = jvmti_forward::AddCapabilities(env, capabilities_ptr);
    // The phase is asked of the VM only when advice=true needs it.
    if (result == JVMTI_ERROR_NONE && advice::on()) advice::capabilitiesAdded(env, *capabilities_ptr, hostPhase(env));
    refreshCapabilities(env);
    return result;
}

jvmtiError RelinquishCapabilities(Env& env, const jvmtiCapabilities* capabilities_ptr) {
    std::lock_guard<std::mutex> g(env.capsLock);
    const jvmtiError result = jvmti_forward::RelinquishCapabilities(env, capabilities_ptr);
    refreshCapabilities(env);
    return result;
}

}  // namespace jvmti_runtime
