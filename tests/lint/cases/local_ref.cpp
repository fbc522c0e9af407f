// local_ref.escape in C++.
#include <jvmti.h>

static jvmtiEnv* jvmti;
static jobject lastLoader;
static jthread current;

static void JNICALL onHook(jvmtiEnv*, JNIEnv* jni, jclass, jobject loader, const char*, jobject, jint,
                           const unsigned char*, jint*, unsigned char**) {
    lastLoader = loader;  // expect: local_ref.escape
    (void)jni;
}

static void JNICALL onException(jvmtiEnv* env, JNIEnv* jni, jthread thread, jmethodID, jlocation, jobject, jmethodID,
                                jlocation) {
    jthread self = nullptr;
    if (env->GetCurrentThread(&self) != JVMTI_ERROR_NONE) return;
    current = self;  // expect: local_ref.escape
    (void)jni;
    (void)thread;
}

void install() {
    jvmtiEventCallbacks callbacks{};
    callbacks.ClassFileLoadHook = onHook;
    callbacks.Exception = onException;
    jvmti->SetEventCallbacks(&callbacks, sizeof callbacks);
}

// Negative: a global reference.
static void JNICALL onStart(jvmtiEnv*, JNIEnv* jni, jthread thread) { current = jni->NewGlobalRef(thread); }

void installStart() {
    jvmtiEventCallbacks callbacks{};
    callbacks.ThreadStart = onStart;
    jvmti->SetEventCallbacks(&callbacks, sizeof callbacks);
}
