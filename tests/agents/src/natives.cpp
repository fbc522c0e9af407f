// natives: an agent library that also implements the native methods of
// agenttest.natives.NativeHello (Java_agenttest_natives_NativeHello_add and _mul). The VM finds
// them in the agent libraries it loaded itself; behind the layer, the layer must bind them.
// With prefix=1 the agent sets the native method prefix "jvmtitest_", so that
// NativeHello.jvmtitest_mul resolves to Java_agenttest_natives_NativeHello_mul.
//
// Options: out=FILE, prefix=1.
#include "agent_util.h"

#include <cstring>

namespace {

jvmtiEnv* jvmti;

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
    if (AU_CHECK(jvmti, jvmti->SetEventCallbacks(&callbacks, sizeof callbacks)) != JVMTI_ERROR_NONE) return JNI_ERR;
    AU_CHECK(jvmti, jvmti->SetEventNotificationMode(JVMTI_ENABLE, JVMTI_EVENT_VM_DEATH, nullptr));
    return JNI_OK;
}
