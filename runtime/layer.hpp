// The layer's own state: environments, agents, phase, callback-unsafe regions, checking mode.
// Everything here is internal to libjvmtilayer.so.
#pragma once

#include <atomic>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "jvmti_events.hpp"
#include "jvmti_forward.hpp"
#include "settings.hpp"

namespace jvmtilayer {

struct Agent;

}  // namespace jvmtilayer

namespace jvmti_runtime {

// A layer environment. Its first member is the function table, so a pointer to it is the
// jvmtiEnv the agent holds. It never moves and is never freed: a stale pointer to a disposed
// environment stays harmless and is refused with JVMTI_ERROR_INVALID_ENVIRONMENT.
struct Env {
    const jvmtiInterface_1_* functions;
    jvmtiEnv* host = nullptr;                 // the real VM's environment behind this one
    jvmtilayer::Agent* agent = nullptr;      // the agent that asked for it
    jint version = 0;                         // the JVMTI version it was created for
    std::atomic<const jvmtiEventCallbacks*> callbacks{nullptr};  // the agent's, immutable once published
    std::atomic<const void*> localStorage{nullptr};
    std::atomic<bool> disposed{false};
    jvmtiCapabilities caps{};                 // what the host says this environment possesses
    std::mutex capsLock;                      // serializes capability changes

    jvmtiEnv* asJvmti() noexcept { return reinterpret_cast<jvmtiEnv*>(this); }
};

}  // namespace jvmti_runtime

namespace jvmtilayer {

using jvmti_runtime::Env;

// An agent library loaded behind the layer.
struct Agent {
    std::string path;
    std::optional<std::string> options;  // nullopt: the VM would pass NULL
    void* handle = nullptr;              // dlopen handle, RTLD_LOCAL
    int index = 0;                       // position on the command line / in the config
};

// Creates a layer environment in front of `host` and registers it; nullptr when the
// registry is full.
Env* createEnv(jvmtiEnv* host, Agent* agent, jint version);

// Takes a disposed environment out of the registry; lookups stop finding it at once.
void retireEnv(Env* env);

// The live environment registered at `candidate`, or the one whose host is `host`.
Env* findEnv(const void* candidate) noexcept;
Env* findEnvByHost(const jvmtiEnv* host) noexcept;

// Phase of the VM, tracked from the layer's own VMStart/VMInit/VMDeath events.
void setPhase(jvmtiPhase phase) noexcept;
jvmtiPhase phase() noexcept;

// The checking mode chosen at start-up.
void setCheckMode(CheckMode mode) noexcept;
CheckMode checkMode() noexcept;

// Marks the current thread as running heap iteration callbacks for the object's lifetime.
class UnsafeRegion {
public:
    UnsafeRegion() noexcept;
    ~UnsafeRegion();
    UnsafeRegion(const UnsafeRegion&) = delete;
    UnsafeRegion& operator=(const UnsafeRegion&) = delete;
};
bool inUnsafeRegion() noexcept;

// Reads the host's capabilities of `env` into env->caps.
void refreshCapabilities(Env& env) noexcept;

// A kernel thread id for reports.
std::uint32_t currentThreadId() noexcept;

}  // namespace jvmtilayer
