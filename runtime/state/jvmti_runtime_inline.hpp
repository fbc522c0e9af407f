// The layer's side of the queries the generated entries make on every call, inline so a
// checked call costs a few loads (jvmti_runtime.hpp includes this file). With them, the
// layer environment (jvmti_runtime::Env) and the registry they read.
#pragma once

#include <atomic>
#include <cstdint>
#include <mutex>

namespace jvmtilayer {
struct Agent;
}  // namespace jvmtilayer

namespace jvmti_runtime {

// The capabilities of an environment that possesses none.
inline constexpr jvmtiCapabilities kNoCapabilities{};

// A layer environment. Its first member is the function table, so a pointer to it is the
// jvmtiEnv the agent holds. It never moves and is never freed: a stale pointer to a disposed
// environment stays harmless and is refused with JVMTI_ERROR_INVALID_ENVIRONMENT.
struct Env {
    const jvmtiInterface_1_* functions;
    jvmtiEnv* host = nullptr;                 // the real VM's environment behind this one
    jvmtilayer::Agent* agent = nullptr;       // the agent that asked for it
    jint version = 0;                         // the JVMTI version it was created for
    std::atomic<const jvmtiEventCallbacks*> callbacks{nullptr};  // the agent's, immutable once published
    std::atomic<const void*> localStorage{nullptr};
    std::atomic<bool> disposed{false};
    // What the host says this environment possesses: an immutable copy, replaced whole under
    // capsLock (refreshCapabilities) and read without a lock by every checked call, which sees
    // the old set or the new one, never a mix of the two.
    std::atomic<const jvmtiCapabilities*> caps{&kNoCapabilities};
    std::mutex capsLock;                      // serializes capability changes
    // What advice=true notes (advice.cpp): functions called and events enabled or given a
    // callback, as bits by number (events from JVMTI_MIN_EVENT_TYPE_VAL), and the
    // capabilities ever added, all of them and those added in the OnLoad phase (under capsLock).
    std::atomic<std::uint64_t> calledFunctions[4]{};
    std::atomic<std::uint64_t> enabledEvents{0}, callbackEvents{0};
    jvmtiCapabilities capsAdded{}, capsAddedOnLoad{};

    jvmtiEnv* asJvmti() noexcept { return reinterpret_cast<jvmtiEnv*>(this); }
};

}  // namespace jvmti_runtime

namespace jvmtilayer {

namespace detail {
// Live environments: a fixed array read without a lock; registration (layer_env.cpp) is
// serialized. A disposed environment's slot is cleared.
inline constexpr int kMaxEnvs = 256;
extern std::atomic<jvmti_runtime::Env*> registry[kMaxEnvs];
extern std::atomic<int> registryEnd;  // one past the highest slot ever used
extern std::atomic<jvmtiPhase> currentPhase;
// Heap callbacks running on this thread; initial-exec and constinit keep the access a single
// load (no check for a thread-local initialiser).
extern __attribute__((tls_model("initial-exec"))) constinit thread_local int unsafeDepth;
// The return address of the agent's latest call into the layer on this thread (checks/call_site).
extern __attribute__((tls_model("initial-exec"))) constinit thread_local const void* callSite;
// The layer's own code, [codeStart, codeStart + codeSize): return addresses there are not the
// agent's (a tracing entry calling the checking entry).
extern std::uintptr_t codeStart, codeSize;
// check=strict: entries check handle arguments (checks/handles.cpp). Set once at start-up.
extern bool handleChecks;
// inject=: entries ask the injector before each call (inject/injector.cpp). Set once at start-up.
extern bool injecting;
}  // namespace detail

// The live environment at `candidate`, or nullptr.
inline jvmti_runtime::Env* findEnv(const void* candidate) noexcept {
    if (candidate == nullptr) return nullptr;
    const int end = detail::registryEnd.load(std::memory_order_acquire);
    for (int i = 0; i < end; ++i) {
        jvmti_runtime::Env* env = detail::registry[i].load(std::memory_order_acquire);
        if (env == candidate) return env;
    }
    return nullptr;
}

inline jvmtiPhase phase() noexcept { return detail::currentPhase.load(std::memory_order_acquire); }

// The phase as the VM shows it to `env`: asked of the VM (GetPhase of the host environment),
// because before the live phase it is not the same for every environment. An environment that
// possesses can_generate_early_vmstart is in the start phase while the others are still
// primordial, and the layer's own events come too late to tell when either begins.
jvmtiPhase hostPhase(const jvmti_runtime::Env& env) noexcept;
inline bool inUnsafeRegion() noexcept { return detail::unsafeDepth > 0; }

}  // namespace jvmtilayer

namespace jvmti_runtime {

inline Env* environment(jvmtiEnv* env) noexcept { return jvmtilayer::findEnv(env); }
// Once live, the phase changes only at VM death, when the VM refuses calls itself: one load.
// Before that every call asks the VM, so that the checks agree with it at every moment.
inline jvmtiPhase currentPhase(const Env& env) noexcept {
    const jvmtiPhase phase = jvmtilayer::phase();
    if (phase == JVMTI_PHASE_LIVE) [[likely]] return phase;
    return jvmtilayer::hostPhase(env);
}
inline const jvmtiCapabilities& capabilities(const Env& env) noexcept { return *env.caps.load(std::memory_order_acquire); }
inline bool inCallbackUnsafeRegion() noexcept { return jvmtilayer::inUnsafeRegion(); }
// One compare and a thread-local store on every call: names are looked up only for reports.
inline void enteredFrom(const void* returnAddress) noexcept {
    if (reinterpret_cast<std::uintptr_t>(returnAddress) - jvmtilayer::detail::codeStart >= jvmtilayer::detail::codeSize)
        jvmtilayer::detail::callSite = returnAddress;
}
inline bool checkingHandles() noexcept { return jvmtilayer::detail::handleChecks; }
inline bool injecting() noexcept { return jvmtilayer::detail::injecting; }

// For the forwarding runtime (jvmti_forward.hpp declares it): the VM's environment behind `env`.
inline jvmtiEnv* hostEnvironment(Env& env) noexcept { return env.host; }

}  // namespace jvmti_runtime
