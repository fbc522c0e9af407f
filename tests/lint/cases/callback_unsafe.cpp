// {function}.callback_unsafe in C++.
#include <jvmti.h>

static jvmtiEnv* jvmti;

static void JNICALL gcFinish(jvmtiEnv* env) {
    env->SetEventNotificationMode(JVMTI_DISABLE, JVMTI_EVENT_GARBAGE_COLLECTION_FINISH, nullptr);  // expect: SetEventNotificationMode.callback_unsafe
}

static jint JNICALL reference(jvmtiHeapReferenceKind, const jvmtiHeapReferenceInfo*, jlong, jlong, jlong,
                              jlong* tag, jlong*, jint, void*) {
    jlong other = 0;
    jvmti->GetTag(nullptr, &other);  // expect: GetTag.callback_unsafe
    *tag = 7;
    return JVMTI_VISIT_OBJECTS;
}

void install() {
    jvmtiEventCallbacks callbacks{};
    callbacks.GarbageCollectionFinish = gcFinish;
    jvmti->SetEventCallbacks(&callbacks, sizeof callbacks);
    jvmtiHeapCallbacks heap{};
    heap.heap_reference_callback = reference;
    jvmti->FollowReferences(0, nullptr, nullptr, &heap, nullptr);
}

// Negative: the same calls outside restricted callbacks.
static void JNICALL vmInit(jvmtiEnv* env, JNIEnv*, jthread) {
    jlong tag = 0;
    env->GetTag(nullptr, &tag);
    env->SetEventNotificationMode(JVMTI_DISABLE, JVMTI_EVENT_GARBAGE_COLLECTION_FINISH, nullptr);
}

void installInit() {
    jvmtiEventCallbacks callbacks{};
    callbacks.VMInit = vmInit;
    jvmti->SetEventCallbacks(&callbacks, sizeof callbacks);
}

// Every capability asked for: the capability rule stays out of this test.
void capabilities() {
    jvmtiCapabilities potential{};
    if (jvmti->GetPotentialCapabilities(&potential) == JVMTI_ERROR_NONE) jvmti->AddCapabilities(&potential);
}
