// versioned: an agent written for JDK 17 to 25 that asks the VM which JVMTI it has and takes
// the virtual-thread path on 21 and later, the platform-thread path before. It prints what it
// learnt and which path it took, so that a JDK 25 presenting JVMTI 17 (the layer's
// api-version=17.0.0) can be compared line by line with a real JDK 17.
//
// Options: out=FILE; careless: also enable VirtualThreadStart without looking at the version,
// and print the answer.
#include "agent_util.h"

namespace {

const char* jniResult(jint r) { return r == JNI_OK ? "JNI_OK" : r == JNI_EVERSION ? "JNI_EVERSION" : "other"; }

void JNICALL onThreadStart(jvmtiEnv*, JNIEnv*, jthread) {}
void JNICALL onVirtualThreadStart(jvmtiEnv*, JNIEnv*, jthread) {}

}  // namespace

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM* vm, char* options, void*) {
    if (au_open(options) != 0) return JNI_ERR;
    char flag[8];
    const bool careless = au_option(options, "careless", flag, sizeof flag) != nullptr;
    jvmtiEnv* jvmti = nullptr;
    if (vm->GetEnv(reinterpret_cast<void**>(&jvmti), JVMTI_VERSION_1_2) != JNI_OK) return JNI_ERR;

    jint version = 0;
    AU_CHECK(jvmti, jvmti->GetVersionNumber(&version));
    const int major = (version & JVMTI_VERSION_MASK_MAJOR) >> JVMTI_VERSION_SHIFT_MAJOR;
    au_printf("JVMTI %d.%d.%d\n", major, (version & JVMTI_VERSION_MASK_MINOR) >> JVMTI_VERSION_SHIFT_MINOR,
              (version & JVMTI_VERSION_MASK_MICRO) >> JVMTI_VERSION_SHIFT_MICRO);

    // What the table and the potential capabilities say, as an agent probing them would see.
    au_printf("SuspendAllVirtualThreads slot: %s\n", jvmti->functions->SuspendAllVirtualThreads ? "set" : "NULL");
    au_printf("SetHeapSamplingInterval slot: %s\n", jvmti->functions->SetHeapSamplingInterval ? "set" : "NULL");
    jvmtiCapabilities potential{};
    AU_CHECK(jvmti, jvmti->GetPotentialCapabilities(&potential));
    au_printf("potential can_support_virtual_threads: %d\n", static_cast<int>(potential.can_support_virtual_threads));
    au_printf("potential can_generate_sampled_object_alloc_events: %d\n",
              static_cast<int>(potential.can_generate_sampled_object_alloc_events));
    jvmtiEnv* newer = nullptr;
    au_printf("GetEnv(JVMTI_VERSION_21): %s\n", jniResult(vm->GetEnv(reinterpret_cast<void**>(&newer), JVMTI_VERSION_21)));
    if (newer != nullptr) newer->DisposeEnvironment();

    jvmtiEventCallbacks callbacks{};
    callbacks.ThreadStart = onThreadStart;
    callbacks.VirtualThreadStart = onVirtualThreadStart;
    AU_CHECK(jvmti, jvmti->SetEventCallbacks(&callbacks, sizeof callbacks));
    if (major >= 21) {
        jvmtiCapabilities caps{};
        caps.can_support_virtual_threads = 1;
        AU_CHECK(jvmti, jvmti->AddCapabilities(&caps));
        AU_CHECK(jvmti, jvmti->SetEventNotificationMode(JVMTI_ENABLE, JVMTI_EVENT_VIRTUAL_THREAD_START, nullptr));
        au_printf("path: virtual threads\n");
    } else {
        AU_CHECK(jvmti, jvmti->SetEventNotificationMode(JVMTI_ENABLE, JVMTI_EVENT_THREAD_START, nullptr));
        au_printf("path: platform threads\n");
    }
    if (careless) {
        const jvmtiError err = jvmti->SetEventNotificationMode(JVMTI_ENABLE, JVMTI_EVENT_VIRTUAL_THREAD_START, nullptr);
        char name[64];
        au_printf("careless VirtualThreadStart: %s\n", err == JVMTI_ERROR_NONE ? "JVMTI_ERROR_NONE" : au_error_name(jvmti, err, name, sizeof name));
        jvmtiCapabilities caps{};
        caps.can_support_virtual_threads = 1;
        const jvmtiError added = jvmti->AddCapabilities(&caps);
        au_printf("careless can_support_virtual_threads: %s\n",
                  added == JVMTI_ERROR_NONE ? "JVMTI_ERROR_NONE" : au_error_name(jvmti, added, name, sizeof name));
    }
    return JNI_OK;
}
