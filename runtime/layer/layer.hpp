// The layer's start-up side of its state: the agents it loaded and the environments it creates
// for them. Everything here is internal to libjvmtilayer.so.
#pragma once

#include "jvmti_events.hpp"
#include "jvmti_forward.hpp"
#include "settings/settings.hpp"
#include "state/state.hpp"

// jvmti_runtime::Env, the registry and the inline queries are in state/jvmti_runtime_inline.hpp,
// which the generated jvmti_runtime.hpp includes; what every room reads is in state/state.hpp.

namespace jvmtilayer {

using jvmti_runtime::Env;

// Creates a layer environment in front of `host` and registers it; nullptr when the
// registry is full.
Env* createEnv(jvmtiEnv* host, Agent* agent, jint version);

// Takes a disposed environment out of the registry; lookups stop finding it at once.
void retireEnv(Env* env);

// Reads the host's capabilities of `env` and publishes them to the checked calls (env->caps).
// Called under env->capsLock once the environment is registered.
void refreshCapabilities(Env& env) noexcept;

}  // namespace jvmtilayer
