// check=strict's handle checks: whether a reference or an ID an agent passes is one the VM
// can still use (jvmti_runtime::handleState). References are asked of JNI; method and field
// IDs are looked up among those the layer saw the VM issue (id_registry), learnt through an
// environment of the layer's own.
#pragma once

#include <optional>
#include <string>

#include "jvmti_runtime.hpp"

namespace jvmtilayer::checks {

// Turns the handle checks on: creates the layer's ID-tracking environment on `vm` and, when
// `live` (attached to a running VM), learns the loaded classes at once; otherwise at VMInit.
// Returns why it could not.
std::optional<std::string> startHandleChecks(JavaVM* vm, bool live);

// Whether the layer itself may pass `handle` to the VM (tracing names arguments before the
// checking entry runs): true unless handles are checked and this one is dead.
bool usableHandle(jvmti_runtime::HandleKind kind, const void* handle) noexcept;

}  // namespace jvmtilayer::checks
