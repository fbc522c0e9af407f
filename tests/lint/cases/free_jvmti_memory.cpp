// free.jvmti_memory in C++.
#include <jvmti.h>
#include <cstdlib>

void freed(jvmtiEnv* jvmti) {
    jint count = 0;
    char** properties = nullptr;
    if (jvmti->GetSystemProperties(&count, &properties) != JVMTI_ERROR_NONE) return;
    for (jint i = 0; i < count; ++i) jvmti->Deallocate(reinterpret_cast<unsigned char*>(properties[i]));
    std::free(properties);  // expect: free.jvmti_memory
}

// Negative.
void right(jvmtiEnv* jvmti) {
    jint count = 0;
    char** properties = nullptr;
    if (jvmti->GetSystemProperties(&count, &properties) != JVMTI_ERROR_NONE) return;
    for (jint i = 0; i < count; ++i) jvmti->Deallocate(reinterpret_cast<unsigned char*>(properties[i]));
    jvmti->Deallocate(reinterpret_cast<unsigned char*>(properties));
}
