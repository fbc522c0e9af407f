// The runtime functions the layer implements itself (runtime/layer/own_*.cpp and
// runtime/natives/own_natives.cpp); the generated forwarding runtime defines all the others as
// plain forwards to the host environment.
#pragma once

// Memory: tracked, and Deallocate checked.
#define JVMTI_RUNTIME_OWNS_Allocate
#define JVMTI_RUNTIME_OWNS_Deallocate
// The environment's own state.
#define JVMTI_RUNTIME_OWNS_DisposeEnvironment
#define JVMTI_RUNTIME_OWNS_SetEnvironmentLocalStorage
#define JVMTI_RUNTIME_OWNS_GetEnvironmentLocalStorage
#define JVMTI_RUNTIME_OWNS_SetEventCallbacks
#define JVMTI_RUNTIME_OWNS_AddCapabilities
#define JVMTI_RUNTIME_OWNS_RelinquishCapabilities
// Calls back into the agent: trampolines and callback-unsafe regions.
#define JVMTI_RUNTIME_OWNS_RunAgentThread
#define JVMTI_RUNTIME_OWNS_FollowReferences
#define JVMTI_RUNTIME_OWNS_IterateThroughHeap
#define JVMTI_RUNTIME_OWNS_IterateOverHeap
#define JVMTI_RUNTIME_OWNS_IterateOverInstancesOfClass
#define JVMTI_RUNTIME_OWNS_IterateOverObjectsReachableFromObject
#define JVMTI_RUNTIME_OWNS_IterateOverReachableObjects
#define JVMTI_RUNTIME_OWNS_GetExtensionFunctions
#define JVMTI_RUNTIME_OWNS_SetExtensionEventCallback
// Answers that depend on api-version= (and events enabled, noted for advice=).
#define JVMTI_RUNTIME_OWNS_GetVersionNumber
#define JVMTI_RUNTIME_OWNS_GetPotentialCapabilities
#define JVMTI_RUNTIME_OWNS_SetEventNotificationMode
// Native method prefixes: recorded for binding agent natives (natives.hpp).
#define JVMTI_RUNTIME_OWNS_SetNativeMethodPrefix
#define JVMTI_RUNTIME_OWNS_SetNativeMethodPrefixes
