/* An agent that uses JVMTI up to version 11 only: it builds against JDK 11's interface. */
#include "jvmti.h"

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved) {
    jvmtiEnv *jvmti = NULL;
    jvmtiCapabilities caps;
    (void)options;
    (void)reserved;
    if ((*vm)->GetEnv(vm, (void **)&jvmti, JVMTI_VERSION_11) != JNI_OK) return JNI_ERR;
    (*jvmti)->GetPotentialCapabilities(jvmti, &caps);
    if (caps.can_generate_sampled_object_alloc_events) /* since 11 */
        (*jvmti)->SetHeapSamplingInterval(jvmti, 512 * 1024);
    return JNI_OK;
}
