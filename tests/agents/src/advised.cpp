// advised: an agent whose set-up is legal but wasteful, for the layer's advice=true. It adds
// can_tag_objects (used: it tags the main thread at VMInit) and can_signal_thread (never used),
// sets a VMInit callback and enables VMInit (fine), and enables ThreadStart without a callback.
// Exactly two pieces of advice are due: the unused capability and the event without a callback.
//
// Options: out=FILE.
#include "agent_util.h"

namespace {

void JNICALL onVMInit(jvmtiEnv* jvmti, JNIEnv*, jthread thread) {
    if (AU_CHECK(jvmti, jvmti->SetTag(thread, 42)) == JVMTI_ERROR_NONE) au_printf("tagged the main thread\n");
}

}  // namespace

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM* vm, char* options, void*) {
    if (au_open(options) != 0) return JNI_ERR;
    jvmtiEnv* jvmti = nullptr;
    if (vm->GetEnv(reinterpret_cast<void**>(&jvmti), AU_JVMTI_VERSION) != JNI_OK) return JNI_ERR;
    jvmtiCapabilities caps{};
    caps.can_tag_objects = 1;
    caps.can_signal_thread = 1;
    AU_CHECK(jvmti, jvmti->AddCapabilities(&caps));
    jvmtiEventCallbacks callbacks{};
    callbacks.VMInit = onVMInit;
    AU_CHECK(jvmti, jvmti->SetEventCallbacks(&callbacks, sizeof callbacks));
    AU_CHECK(jvmti, jvmti->SetEventNotificationMode(JVMTI_ENABLE, JVMTI_EVENT_VM_INIT, nullptr));
    AU_CHECK(jvmti, jvmti->SetEventNotificationMode(JVMTI_ENABLE, JVMTI_EVENT_THREAD_START, nullptr));
    return JNI_OK;
}
