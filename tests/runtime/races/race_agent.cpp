// The agent the race tests put behind the layer. It keeps the layer environment its start-up
// function got, for the test's threads to call, and it implements one native method,
// racetest.Natives.ping(), so that the layer binds natives for the fake VM's classes of that name.
#include <atomic>

#include "jvmti.h"

namespace {

std::atomic<jvmtiEnv*> theEnv{nullptr};

jint start(JavaVM* vm) {
    jvmtiEnv* env = nullptr;
    if (vm->GetEnv(reinterpret_cast<void**>(&env), JVMTI_VERSION_1_2) != JNI_OK) return JNI_ERR;
    theEnv.store(env);
    return JNI_OK;
}

}  // namespace

extern "C" {

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM* vm, char*, void*) { return start(vm); }
JNIEXPORT jint JNICALL Agent_OnAttach(JavaVM* vm, char*, void*) { return start(vm); }

// The layer environment the agent was given (nullptr before it started).
JNIEXPORT jvmtiEnv* race_agent_env() { return theEnv.load(); }

JNIEXPORT void JNICALL Java_racetest_Natives_ping(JNIEnv*, jclass) {}

}  // extern "C"
