// local_storage.unset in C++: the failure is seen, but the environment keeps its handlers.
#include <jvmti.h>

struct Agent { int hooks = 0; };
static Agent agent;

static void JNICALL hook(jvmtiEnv* env, JNIEnv*, jclass, jobject, const char*, jobject, jint, const unsigned char*,
                         jint*, unsigned char**) {
    void* data = nullptr;
    if (env->GetEnvironmentLocalStorage(&data) == JVMTI_ERROR_NONE) static_cast<Agent*>(data)->hooks++;
}

jvmtiEnv* retransformer(JavaVM* vm) {
    jvmtiEnv* env = nullptr;
    if (vm->GetEnv(reinterpret_cast<void**>(&env), JVMTI_VERSION_1_2) != JNI_OK) return nullptr;
    jvmtiEventCallbacks callbacks{};
    callbacks.ClassFileLoadHook = hook;
    if (env->SetEventCallbacks(&callbacks, sizeof callbacks) != JVMTI_ERROR_NONE) return nullptr;
    if (env->SetEnvironmentLocalStorage(&agent) == JVMTI_ERROR_NONE) return env;  // expect: local_storage.unset
    return nullptr;
}
