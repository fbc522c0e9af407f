/* {function}.callback_unsafe in C: restricted event handlers and heap iteration callbacks. */
#include <jvmti.h>
#include <string.h>

static jvmtiEnv* jvmti;
static jrawMonitorID lock;
static jlong collections;

static void JNICALL gc_start(jvmtiEnv* env) {
    jthread thread;
    (*env)->GetCurrentThread(env, &thread); /* expect: GetCurrentThread.callback_unsafe */
    /* Negative: raw monitors are callback-safe. */
    (*env)->RawMonitorEnter(env, lock);
    collections++;
    (*env)->RawMonitorExit(env, lock);
}

static void note_free(jvmtiEnv* env, jlong tag) {
    jint count;
    jclass* classes;
    if ((*env)->GetLoadedClasses(env, &count, &classes) == JVMTI_ERROR_NONE) /* expect: GetLoadedClasses.callback_unsafe */
        (*env)->Deallocate(env, (unsigned char*)classes);
}

static void JNICALL object_free(jvmtiEnv* env, jlong tag) { note_free(env, tag); }

static jint JNICALL each_object(jlong class_tag, jlong size, jlong* tag_ptr, jint length, void* data) {
    jint count;
    (void)(*jvmti)->GetFrameCount(jvmti, NULL, &count); /* expect: GetFrameCount.callback_unsafe */
    *tag_ptr = 1; /* negative: the callback's own work */
    return JVMTI_VISIT_OBJECTS;
}

void walk(void) {
    jvmtiHeapCallbacks callbacks;
    memset(&callbacks, 0, sizeof callbacks);
    callbacks.heap_iteration_callback = &each_object;
    (*jvmti)->IterateThroughHeap(jvmti, 0, NULL, &callbacks, NULL);
}

void install(void) {
    jvmtiEventCallbacks callbacks;
    memset(&callbacks, 0, sizeof callbacks);
    callbacks.GarbageCollectionStart = &gc_start;
    callbacks.ObjectFree = &object_free;
    (*jvmti)->SetEventCallbacks(jvmti, &callbacks, sizeof callbacks);
}

/* Every capability asked for: the capability rule stays out of this test. */
void capabilities(void) {
    jvmtiCapabilities potential;
    if ((*jvmti)->GetPotentialCapabilities(jvmti, &potential) == JVMTI_ERROR_NONE)
        (*jvmti)->AddCapabilities(jvmti, &potential);
}
