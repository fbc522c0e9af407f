// {function}.phase in C++: an OnLoad-only function from a live-phase handler, a start-or-live
// one from Agent_OnLoad.
#include <jvmti.h>

static jvmtiEnv* jvmti;

static void JNICALL onInit(jvmtiEnv* env, JNIEnv*, jthread) {
    env->SetSystemProperty("agent.ready", "true");  // expect: SetSystemProperty.phase
    // Negative: functions of both phases.
    env->AddToBootstrapClassLoaderSearch("/tmp/x.jar");
}

extern "C" JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM* vm, char*, void*) {
    if (vm->GetEnv(reinterpret_cast<void**>(&jvmti), JVMTI_VERSION_1_2) != JNI_OK) return JNI_ERR;
    jvmtiEventCallbacks callbacks{};
    callbacks.VMInit = onInit;
    jvmti->SetEventCallbacks(&callbacks, sizeof callbacks);
    jthread thread = nullptr;
    jvmti->GetCurrentThread(&thread);  // expect: GetCurrentThread.phase
    jvmti->SetSystemProperty("agent.loaded", "true");
    return JNI_OK;
}

// Negative: Agent_OnAttach runs in the live phase.
extern "C" JNIEXPORT jint JNICALL Agent_OnAttach(JavaVM* vm, char*, void*) {
    jvmtiEnv* env = nullptr;
    if (vm->GetEnv(reinterpret_cast<void**>(&env), JVMTI_VERSION_1_2) != JNI_OK) return JNI_ERR;
    jthread thread = nullptr;
    env->GetCurrentThread(&thread);
    return JNI_OK;
}
