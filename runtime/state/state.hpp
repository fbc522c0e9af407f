// What every room of the layer asks of the running layer: the live environments, the phase,
// the checking mode, the agents' paths, callback-unsafe regions and thread ids. The layer
// (layer/) sets these up; the other rooms only read them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "jvmti_runtime.hpp"
#include "settings/settings.hpp"

namespace jvmtilayer {

using jvmti_runtime::Env;

// An agent library loaded behind the layer.
struct Agent {
    std::string path;
    std::optional<std::string> options;  // nullopt: the VM would pass NULL
    void* handle = nullptr;              // dlopen handle, RTLD_LOCAL
    int index = 0;                       // position on the command line / in the config
};

// The live environment whose host is `host`.
Env* findEnvByHost(const jvmtiEnv* host) noexcept;

// The agent libraries behind the layer so far, in the order they loaded (or were adopted).
std::vector<std::string> agentPaths();
void addAgentPath(const std::string& path);

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

// advice=true: `jvmti` called function number `functionNum` (the tracing entries note it).
void noteCalled(jvmtiEnv* jvmti, int functionNum) noexcept;

// A kernel thread id for reports.
std::uint32_t currentThreadId() noexcept;

}  // namespace jvmtilayer
