// natives: an agent library that also implements the native methods of
// agenttest.natives.NativeHello (Java_agenttest_natives_NativeHello_add and _mul). The VM finds
// them in the agent libraries it loaded itself; behind the layer, the layer must bind them.
// With prefix=1 the agent sets the native method prefix "jvmtitest_", so that
// NativeHello.jvmtitest_mul resolves to Java_agenttest_natives_NativeHello_mul.
// It also prints each NativeMethodBind of NativeHello's methods where it happens, so the
// output shows when the natives are bound (the VM binds at the first call).
//
// Options: out=FILE, prefix=1.
#include "agent_util.h"

#include <cstring>

namespace {

jvmtiEnv* jvmti;

void JNICALL on_native_bind(jvmtiEnv* env, JNIEnv*, jthread, jmethodID method, void*, void**)
{
    jclass klass = nullptr;
    char* class_sig = nullptr;
    char* name = nullptr;
    // The JDK binds natives of its own in the primordial phase, where no method can be
    // looked at yet.
    jvmtiPhase phase = JVMTI_PHASE_DEAD;
    if (env->GetPhase(&phase) != JVMTI_ERROR_NONE || (phase != JVMTI_PHASE_START && phase != JVMTI_PHASE_LIVE)) return;
    if (env->GetMethodDeclaringClass(method, &klass) != JVMTI_ERROR_NONE) return;
    if (env->GetClassSignature(klass, &class_sig, nullptr) == JVMTI_ERROR_NONE &&
        std::strcmp(class_sig, "Lagenttest/natives/NativeHello;") == 0 &&
        env->GetMethodName(method, &name, nullptr, nullptr) == JVMTI_ERROR_NONE)
        au_printf("NativeMethodBind %s\n", name);
    env->Deallocate(reinterpret_cast<unsigned char*>(name));
    env->Deallocate(reinterpret_cast<unsigned char*>(class_sig));
}

void JNICALL on_vm_death(jvmtiEnv*, JNIEnv*)
{
    au_printf("VMDeath\n");
    au_close();
}

}  // namespace

extern "C" JNIEXPORT jint JNICALL Java_agenttest_natives_NativeHello_add(JNIEnv*, jclass, jint a, jint b)
{
    au_printf("native add(%d, %d)\n", static_cast<int>(a), static_cast<int>(b));
    return a + b;
}

extern "C" JNIEXPORT jint JNICALL Java_agenttest_natives_NativeHello_mul(JNIEnv*, jclass, jint a, jint b)
{
    au_printf("native mul(%d, %d)\n", static_cast<int>(a), static_cast<int>(b));
    return a * b;
}

extern "C" JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM* vm, char* options, void*)
{
    if (vm->GetEnv(reinterpret_cast<void**>(&jvmti), AU_JVMTI_VERSION) != JNI_OK) return JNI_ERR;
    if (au_open(options) != 0) return JNI_ERR;
    char value[16];
    jvmtiCapabilities bind;
    std::memset(&bind, 0, sizeof bind);
    bind.can_generate_native_method_bind_events = 1;
    if (AU_CHECK(jvmti, jvmti->AddCapabilities(&bind)) != JVMTI_ERROR_NONE) return JNI_ERR;
    if (au_option(options, "prefix", value, sizeof value) != nullptr && std::strcmp(value, "1") == 0) {
        jvmtiCapabilities caps;
        std::memset(&caps, 0, sizeof caps);
        caps.can_set_native_method_prefix = 1;
        if (AU_CHECK(jvmti, jvmti->AddCapabilities(&caps)) != JVMTI_ERROR_NONE) return JNI_ERR;
        if (AU_CHECK(jvmti, jvmti->SetNativeMethodPrefix("jvmtitest_")) != JVMTI_ERROR_NONE) return JNI_ERR;
        au_printf("native method prefix: jvmtitest_\n");
    } else {
        au_printf("no native method prefix\n");
    }
    jvmtiEventCallbacks callbacks;
    std::memset(&callbacks, 0, sizeof callbacks);
    callbacks.VMDeath = on_vm_death;
    callbacks.NativeMethodBind = on_native_bind;
    if (AU_CHECK(jvmti, jvmti->SetEventCallbacks(&callbacks, sizeof callbacks)) != JVMTI_ERROR_NONE) return JNI_ERR;
    AU_CHECK(jvmti, jvmti->SetEventNotificationMode(JVMTI_ENABLE, JVMTI_EVENT_VM_DEATH, nullptr));
    AU_CHECK(jvmti, jvmti->SetEventNotificationMode(JVMTI_ENABLE, JVMTI_EVENT_NATIVE_METHOD_BIND, nullptr));
    return JNI_OK;
}
