// callback.jni in C++ (jni.h's members).
#include <jvmti.h>

static jvmtiEnv* jvmti;
static JavaVM* vm;

static void JNICALL objectFree(jvmtiEnv*, jlong) {
    JNIEnv* jni = nullptr;
    if (vm->GetEnv(reinterpret_cast<void**>(&jni), JNI_VERSION_1_6) != JNI_OK) return;
    jni->ExceptionClear();  // expect: callback.jni
}

void install() {
    jvmtiEventCallbacks callbacks{};
    callbacks.ObjectFree = objectFree;
    jvmti->SetEventCallbacks(&callbacks, sizeof callbacks);
}

// Negative.
static void JNICALL classLoad(jvmtiEnv*, JNIEnv* jni, jthread, jclass) { jni->ExceptionClear(); }

void installLoad() {
    jvmtiEventCallbacks callbacks{};
    callbacks.ClassLoad = classLoad;
    jvmti->SetEventCallbacks(&callbacks, sizeof callbacks);
}
