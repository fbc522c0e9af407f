// An agent in C++ against the jvmti.h generated from the consumer's spec at build time: it
// asks for an environment of the header's own JVMTI_VERSION and calls GetVersionNumber
// through the C++ methods of _jvmtiEnv. Agent_OnLoad returns 0 when all went as expected,
// otherwise the number of the step that did not.
#include "jvmti.h"

extern "C" JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM* vm, char* options, void*) {
    if (options != nullptr) return 1;
    jvmtiEnv* jvmti = nullptr;
    if (vm->GetEnv(reinterpret_cast<void**>(&jvmti), JVMTI_VERSION) != JNI_OK || jvmti == nullptr) return 2;
    if (jvmti->GetVersionNumber(nullptr) != JVMTI_ERROR_NULL_POINTER) return 3;
    jint version = 0;
    if (jvmti->GetVersionNumber(&version) != JVMTI_ERROR_NOT_AVAILABLE) return 4;  // the VM runs on stubs
    return 0;
}
