/* An agent that uses JVMTI up to version 11 only: it builds against JDK 11's interface. Where
 * the VM can sample allocations (a JVMTI 11 capability) it adds the capability and sets the
 * sampling interval; it returns JNI_ERR if any call fails, so a run behind the layer with
 * api-version=11.0.0 shows that release's interface is enough for it. */
#include "jvmti.h"

#include <string.h>

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved) {
    jvmtiEnv *jvmti = NULL;
    jvmtiCapabilities potential, wanted;
    (void)options;
    (void)reserved;
    if ((*vm)->GetEnv(vm, (void **)&jvmti, JVMTI_VERSION_11) != JNI_OK) return JNI_ERR;
    if ((*jvmti)->GetPotentialCapabilities(jvmti, &potential) != JVMTI_ERROR_NONE) return JNI_ERR;
    if (potential.can_generate_sampled_object_alloc_events) { /* since 11 */
        memset(&wanted, 0, sizeof wanted);
        wanted.can_generate_sampled_object_alloc_events = 1;
        if ((*jvmti)->AddCapabilities(jvmti, &wanted) != JVMTI_ERROR_NONE) return JNI_ERR;
        if ((*jvmti)->SetHeapSamplingInterval(jvmti, 512 * 1024) != JVMTI_ERROR_NONE) return JNI_ERR;
    }
    return JNI_OK;
}
