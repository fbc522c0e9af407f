/* local_ref.escape in C: a handler's local references kept beyond it. */
#include <jvmti.h>
#include <stdlib.h>
#include <string.h>

static jvmtiEnv* jvmti;
static jthread main_thread;
static jclass loaded;
struct seen { jclass klass; };
static struct seen* last;

static void JNICALL vm_init(jvmtiEnv* env, JNIEnv* jni, jthread thread) {
    main_thread = thread; /* expect: local_ref.escape */
}

static void JNICALL class_load(jvmtiEnv* env, JNIEnv* jni, jthread thread, jclass klass) {
    struct seen* s = malloc(sizeof *s);
    if (s == NULL) return;
    s->klass = klass; /* expect: local_ref.escape */
    last = s;
}

static void JNICALL class_prepare(jvmtiEnv* env, JNIEnv* jni, jthread thread, jclass klass) {
    jclass object = (*jni)->FindClass(jni, "java/lang/Object");
    loaded = object; /* expect: local_ref.escape */
}

/* Negative: a global reference kept; a local one used within the handler. */
static void JNICALL thread_start(jvmtiEnv* env, JNIEnv* jni, jthread thread) {
    jthread here = thread;
    main_thread = (jthread)(*jni)->NewGlobalRef(jni, here);
}

void install(void) {
    jvmtiEventCallbacks callbacks;
    memset(&callbacks, 0, sizeof callbacks);
    callbacks.VMInit = &vm_init;
    callbacks.ClassLoad = &class_load;
    callbacks.ClassPrepare = &class_prepare;
    callbacks.ThreadStart = &thread_start;
    (*jvmti)->SetEventCallbacks(jvmti, &callbacks, sizeof callbacks);
}
