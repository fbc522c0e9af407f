// Deallocate.mem.double in C++.
#include <jvmti.h>

static void release(jvmtiEnv* jvmti, unsigned char* mem) { jvmti->Deallocate(mem); }

void twiceThroughAHelper(jvmtiEnv* jvmti) {
    unsigned char* mem = nullptr;
    if (jvmti->Allocate(64, &mem) != JVMTI_ERROR_NONE) return;
    release(jvmti, mem);
    jvmti->Deallocate(mem);  // expect: Deallocate.mem.double
}

// Negative: Deallocate(NULL) is allowed, as often as the agent likes.
void nullTwice(jvmtiEnv* jvmti) {
    jvmti->Deallocate(nullptr);
    jvmti->Deallocate(nullptr);
}
