/* callback.jni in C: no JNI in restricted callbacks. */
#include <jvmti.h>
#include <string.h>

static jvmtiEnv* jvmti;
static JNIEnv* saved_jni;
static jclass string_class;

static void JNICALL gc_finish(jvmtiEnv* env) {
    (*saved_jni)->FindClass(saved_jni, "java/lang/Object"); /* expect: callback.jni */
}

static jint JNICALL each_object(jlong class_tag, jlong size, jlong* tag_ptr, jint length, void* data) {
    JNIEnv* jni = (JNIEnv*)data;
    (*jni)->ExceptionCheck(jni); /* expect: callback.jni */
    return 0;
}

void install(void) {
    jvmtiEventCallbacks callbacks;
    jvmtiHeapCallbacks heap;
    memset(&callbacks, 0, sizeof callbacks);
    memset(&heap, 0, sizeof heap);
    callbacks.GarbageCollectionFinish = &gc_finish;
    heap.heap_iteration_callback = &each_object;
    (*jvmti)->SetEventCallbacks(jvmti, &callbacks, sizeof callbacks);
    (*jvmti)->IterateThroughHeap(jvmti, 0, NULL, &heap, saved_jni);
}

/* Negative: JNI in an ordinary handler. */
static void JNICALL vm_init(jvmtiEnv* env, JNIEnv* jni, jthread thread) {
    jclass k = (*jni)->FindClass(jni, "java/lang/String");
    if (k != NULL) string_class = (jclass)(*jni)->NewGlobalRef(jni, k);
}

void install_init(void) {
    jvmtiEventCallbacks callbacks;
    memset(&callbacks, 0, sizeof callbacks);
    callbacks.VMInit = &vm_init;
    (*jvmti)->SetEventCallbacks(jvmti, &callbacks, sizeof callbacks);
}

/* Every capability asked for: the capability rule stays out of this test. */
void capabilities(void) {
    jvmtiCapabilities potential;
    if ((*jvmti)->GetPotentialCapabilities(jvmti, &potential) == JVMTI_ERROR_NONE)
        (*jvmti)->AddCapabilities(jvmti, &potential);
}
