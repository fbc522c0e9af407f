// The agent of the tracing tests: a fixed, single-threaded sequence of calls whose arguments and
// results the trace must show. It prints what it did (the pointer it freed, the error it got)
// so the test can compare the trace with it.
//   VMInit: GetThreadInfo of its thread, Deallocate of the name; GetFrameCount with a NULL
//           out-parameter; GetPhase; GetClassSignature and GetClassMethods of java.lang.Object,
//           GetMethodName of its first method, then frees all of it.
//   VMDeath: GetPhase.
#include <jvmti.h>

#include "agent_util.h"

namespace {

jvmtiEnv* jvmti = nullptr;

void JNICALL onVMInit(jvmtiEnv* env, JNIEnv* jni, jthread thread) {
    jvmtiThreadInfo info{};
    if (AU_CHECK(env, env->GetThreadInfo(thread, &info)) == JVMTI_ERROR_NONE) {
        au_printf("thread %s\nfreed %p\n", info.name, static_cast<void*>(info.name));
        env->Deallocate(reinterpret_cast<unsigned char*>(info.name));
        jni->DeleteLocalRef(info.thread_group);
        if (info.context_class_loader != nullptr) jni->DeleteLocalRef(info.context_class_loader);
    }
    au_printf("GetFrameCount(NULL) -> %d\n", static_cast<int>(env->GetFrameCount(thread, nullptr)));
    jvmtiPhase phase{};
    env->GetPhase(&phase);
    jclass object = jni->FindClass("java/lang/Object");
    char* signature = nullptr;
    if (AU_CHECK(env, env->GetClassSignature(object, &signature, nullptr)) == JVMTI_ERROR_NONE)
        env->Deallocate(reinterpret_cast<unsigned char*>(signature));
    jint count = 0;
    jmethodID* methods = nullptr;
    if (AU_CHECK(env, env->GetClassMethods(object, &count, &methods)) == JVMTI_ERROR_NONE && count > 0) {
        char* name = nullptr;
        char* methodSignature = nullptr;
        if (AU_CHECK(env, env->GetMethodName(methods[0], &name, &methodSignature, nullptr)) == JVMTI_ERROR_NONE) {
            env->Deallocate(reinterpret_cast<unsigned char*>(name));
            env->Deallocate(reinterpret_cast<unsigned char*>(methodSignature));
        }
        env->Deallocate(reinterpret_cast<unsigned char*>(methods));
    }
    jni->DeleteLocalRef(object);
}

void JNICALL onVMDeath(jvmtiEnv* env, JNIEnv*) {
    jvmtiPhase phase{};
    env->GetPhase(&phase);
    au_printf("VMDeath\n");
    au_close();
}

}  // namespace

extern "C" JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM* vm, char* options, void*) {
    if (vm->GetEnv(reinterpret_cast<void**>(&jvmti), JVMTI_VERSION_11) != JNI_OK) return JNI_ERR;
    if (au_open(options) != 0) return JNI_ERR;
    jvmtiEventCallbacks callbacks{};
    callbacks.VMInit = onVMInit;
    callbacks.VMDeath = onVMDeath;
    if (AU_CHECK(jvmti, jvmti->SetEventCallbacks(&callbacks, static_cast<jint>(sizeof callbacks))) != JVMTI_ERROR_NONE)
        return JNI_ERR;
    AU_CHECK(jvmti, jvmti->SetEventNotificationMode(JVMTI_ENABLE, JVMTI_EVENT_VM_INIT, nullptr));
    AU_CHECK(jvmti, jvmti->SetEventNotificationMode(JVMTI_ENABLE, JVMTI_EVENT_VM_DEATH, nullptr));
    return JNI_OK;
}
