// The layer's own state: environments, agents, phase, callback-unsafe regions, checking mode.
// Everything here is internal to libjvmtilayer.so.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "jvmti_events.hpp"
#include "jvmti_forward.hpp"
#include "settings/settings.hpp"

namespace jvmtilayer {

struct Agent;

}  // namespace jvmtilayer

// jvmti_runtime::Env, the registry and the inline queries are in jvmti_runtime_inline.hpp,
// which the generated jvmti_runtime.hpp includes.

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

// The live environment whose host is `host`.
Env* findEnvByHost(const jvmtiEnv* host) noexcept;

// The agent libraries behind the layer so far, in the order they loaded (or were adopted).
std::vector<std::string> agentPaths();

// Phase of the VM, tracked from the layer's own VMStart/VMInit events.
void setPhase(jvmtiPhase phase) noexcept;

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

// Reads the host's capabilities of `env` into env->caps.
void refreshCapabilities(Env& env) noexcept;

// A kernel thread id for reports.
std::uint32_t currentThreadId() noexcept;

}  // namespace jvmtilayer
