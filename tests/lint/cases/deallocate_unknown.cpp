// Deallocate.mem.unknown in C++.
#include <jvmti.h>
#include <cstdlib>

static char global[16];

void globalArray(jvmtiEnv* jvmti) {
    jvmti->Deallocate(reinterpret_cast<unsigned char*>(global));  // expect: Deallocate.mem.unknown
}

void middle(jvmtiEnv* jvmti) {
    unsigned char* mem = nullptr;
    if (jvmti->Allocate(16, &mem) != JVMTI_ERROR_NONE) return;
    jvmti->Deallocate(mem + 4);  // expect: Deallocate.mem.unknown
}

// Negative: the block itself.
void whole(jvmtiEnv* jvmti) {
    unsigned char* mem = nullptr;
    if (jvmti->Allocate(16, &mem) != JVMTI_ERROR_NONE) return;
    jvmti->Deallocate(mem);
}
