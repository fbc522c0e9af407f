// api-version=X.Y.Z: the layer presents an earlier JVMTI release than the VM's. What came
// later (by the `since` of the generated metadata) is left out of the function table,
// GetPotentialCapabilities and the events, and GetVersionNumber and GetEnv answer as that
// release's VM does. Not configured, every query below is one load.
#pragma once

#include <optional>
#include <string>

#include "jvmti.h"

namespace jvmtilayer::api_version {

// Starts the emulation of `release` (parseRelease's encoding) on a VM of `vmVersion` (its
// GetVersionNumber). A release later than the VM's cannot be played: the message says so.
std::optional<std::string> configure(int release, jint vmVersion);
bool active() noexcept;
// The release in words, "17.0.0".
std::string releaseName();

// What GetVersionNumber returns: the release with the JVMTI interface type.
jint versionNumber() noexcept;
// Whether GetEnv of `version` succeeds on the release's VM (as far as the version goes).
bool acceptsGetEnv(jint version) noexcept;
// Whether the release has the function, the event.
bool hasFunction(int num) noexcept;
bool hasEvent(int num) noexcept;
// The capabilities of `caps` that came later, cleared; returns whether any was set.
bool dropLaterCapabilities(jvmtiCapabilities& caps) noexcept;

}  // namespace jvmtilayer::api_version
