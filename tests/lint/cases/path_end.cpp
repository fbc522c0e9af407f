// Paths that end, in C++: abort() in a helper, JNI's FatalError through the JNIEnv member (directly
// and in a helper), and a function of this file that ends the process on every path.
#include <jvmti.h>

#include <cstdio>
#include <cstdlib>

namespace {

void checkOrAbort(jvmtiError err) {
    if (err != JVMTI_ERROR_NONE) {
        std::fprintf(stderr, "JVMTI error %d\n", err);
        std::abort();
    }
}

void checkOrFatal(JNIEnv* jni, jvmtiError err) {
    if (err != JVMTI_ERROR_NONE) jni->FatalError("JVMTI call failed");
}

void die(int code) {
    std::fflush(stderr);
    std::exit(code);
}

void dieIfFatal(jvmtiError err) {
    if (err == JVMTI_ERROR_OUT_OF_MEMORY) std::exit(4);
}

}  // namespace

jint throughAbortHelper(jvmtiEnv* jvmti, jthread thread) {
    jint count;
    checkOrAbort(jvmti->GetFrameCount(thread, &count));
    return count + 1;
}

jint throughFatalError(jvmtiEnv* jvmti, JNIEnv* jni, jthread thread) {
    jint count;
    if (jvmti->GetFrameCount(thread, &count) != JVMTI_ERROR_NONE) jni->FatalError("no frames");
    return count + 1;
}

jint throughFatalHelper(jvmtiEnv* jvmti, JNIEnv* jni, jthread thread) {
    jint count;
    checkOrFatal(jni, jvmti->GetFrameCount(thread, &count));
    return count + 1;
}

jint throughOwnExit(jvmtiEnv* jvmti, jthread thread) {
    jint count;
    if (jvmti->GetFrameCount(thread, &count) != JVMTI_ERROR_NONE) die(3);
    return count + 1;
}

// Positive: a function that ends the process on some paths only returns on the others, and the
// path goes on.
jint throughSometimesExit(jvmtiEnv* jvmti, jthread thread) {
    jint count;
    const jvmtiError err = jvmti->GetFrameCount(thread, &count);
    if (err != JVMTI_ERROR_NONE) dieIfFatal(err);
    return count + 1;  // expect: out_value.unchecked
}
