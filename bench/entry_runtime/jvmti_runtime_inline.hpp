// The benchmark's runtime queries, inline as jvmti_runtime.hpp allows: one environment, the
// live phase, never inside a heap callback.
#pragma once

namespace jvmti_runtime {

struct Env {
    jvmtiCapabilities caps;
};

extern Env theEnv;
extern _jvmtiEnv theJvmtiEnv;

inline Env* environment(jvmtiEnv* env) noexcept { return env == &theJvmtiEnv ? &theEnv : nullptr; }
inline jvmtiPhase currentPhase(const Env&) noexcept { return JVMTI_PHASE_LIVE; }
inline const jvmtiCapabilities& capabilities(const Env& env) noexcept { return env.caps; }
inline bool inCallbackUnsafeRegion() noexcept { return false; }
inline void enteredFrom(const void*) noexcept {}
inline bool checkingHandles() noexcept { return false; }
inline HandleState handleState(Env&, HandleKind, const void*) noexcept { return HandleState::Live; }

}  // namespace jvmti_runtime
