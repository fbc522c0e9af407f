// advice=true: legal but wasteful set-up, reported at exit with severity advice (never a
// failure). Per environment, the layer notes which functions it called, which events it
// enabled, which callbacks it set and which capabilities it added (and whether before the
// live phase); finish() judges them:
//   advice.capability_unused       a capability no call or enabled event of the environment needed
//   advice.event_without_callback  an event enabled, but no callback for it was ever set
//   advice.callback_without_event  a callback set for an event never enabled
//   advice.costly.*                capabilities added in the OnLoad phase that HotSpot's compilers
//                                  pay for in all compiled code (advice.cpp names the sources)
#pragma once

#include "state/state.hpp"

namespace jvmtilayer::advice {

void start(bool on) noexcept;
bool on() noexcept;

// The notes, each cheap and lock-free; nothing happens while advice is off. (The functions
// each environment calls are noted by the tracing entries: noteCalled, state/state.hpp.)
void eventEnabled(Env& env, jvmtiEvent event) noexcept;
void callbacksSet(Env& env, const jvmtiEventCallbacks* callbacks, jint size) noexcept;
// Under env.capsLock.
void capabilitiesAdded(Env& env, const jvmtiCapabilities& added, jvmtiPhase phase) noexcept;
// Every environment created, disposed ones included, is judged at exit.
void remember(Env* env) noexcept;

// Reports the advice of every environment.
void finish() noexcept;

}  // namespace jvmtilayer::advice
