// Deallocate.mem.used_after in C++.
#include <jvmti.h>

jint lateCount(jvmtiEnv* jvmti) {
    unsigned char* mem = nullptr;
    if (jvmti->Allocate(sizeof(jint), &mem) != JVMTI_ERROR_NONE) return 0;
    jint* value = reinterpret_cast<jint*>(mem);
    *value = 3;
    jvmti->Deallocate(mem);
    return *value;  // expect: Deallocate.mem.used_after
}

// Negative.
jint timelyCount(jvmtiEnv* jvmti) {
    unsigned char* mem = nullptr;
    if (jvmti->Allocate(sizeof(jint), &mem) != JVMTI_ERROR_NONE) return 0;
    jint* value = reinterpret_cast<jint*>(mem);
    *value = 3;
    const jint result = *value;
    jvmti->Deallocate(mem);
    return result;
}
