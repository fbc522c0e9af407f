// out_value.unchecked in C++ (jvmti.h's members): an out-value used where its call may have failed.
#include <jvmti.h>
#include <cstdio>

jint framesUnchecked(jvmtiEnv* jvmti, jthread thread) {
    jint count;
    jvmti->GetFrameCount(thread, &count);
    return count * 2;  // expect: out_value.unchecked
}

void signatureIgnored(jvmtiEnv* jvmti, jclass klass) {
    char* signature = nullptr;
    jvmti->GetClassSignature(klass, &signature, nullptr);
    if (signature != nullptr) {  // expect: out_value.unchecked
        std::puts(signature);
        jvmti->Deallocate(reinterpret_cast<unsigned char*>(signature));
    }
}

// Negative: checked before use.
void signatureChecked(jvmtiEnv* jvmti, jclass klass) {
    char* signature = nullptr;
    if (jvmti->GetClassSignature(klass, &signature, nullptr) != JVMTI_ERROR_NONE) return;
    std::puts(signature);
    jvmti->Deallocate(reinterpret_cast<unsigned char*>(signature));
}
