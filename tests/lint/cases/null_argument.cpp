// {function}.{param}.null in C++, and the NULLs the spec permits.
#include <jvmti.h>

static void frames(jvmtiEnv* jvmti, jint* out) { jvmti->GetFrameCount(nullptr, out); }  // expect: GetFrameCount.count_ptr.null

void caller(jvmtiEnv* jvmti) {
    frames(jvmti, nullptr);
    jvmtiPhase* phase = nullptr;
    jvmti->GetPhase(phase);  // expect: GetPhase.phase_ptr.null
}

// Negative.
void permitted(jvmtiEnv* jvmti, jmethodID method) {
    char* name = nullptr;
    if (jvmti->GetMethodName(method, &name, nullptr, nullptr) == JVMTI_ERROR_NONE)
        jvmti->Deallocate(reinterpret_cast<unsigned char*>(name));
    jint count = 0;
    jvmti->GetFrameCount(nullptr, &count);
}
