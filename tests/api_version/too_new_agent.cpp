// An agent that promises JDK 11 but calls a function of JVMTI 21 through the C++ methods.
#include "jvmti.h"

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM* vm, char*, void*) {
    jvmtiEnv* jvmti = nullptr;
    if (vm->GetEnv(reinterpret_cast<void**>(&jvmti), JVMTI_VERSION_11) != JNI_OK) return JNI_ERR;
    return jvmti->SuspendAllVirtualThreads(0, nullptr) == JVMTI_ERROR_NONE ? JNI_OK : JNI_ERR;
}
