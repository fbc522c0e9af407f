/* An agent that promises JDK 11 but calls a function of JVMTI 21: it must not build. */
#include "jvmti.h"

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved) {
    jvmtiEnv *jvmti = NULL;
    (void)options;
    (void)reserved;
    if ((*vm)->GetEnv(vm, (void **)&jvmti, JVMTI_VERSION_11) != JNI_OK) return JNI_ERR;
    return (*jvmti)->SuspendAllVirtualThreads(jvmti, 0, NULL) == JVMTI_ERROR_NONE ? JNI_OK : JNI_ERR;
}
