/* {function}.phase in C: from Agent_OnLoad (through the agent's own function) and VMStart. */
#include <jvmti.h>
#include <string.h>

static jvmtiEnv* jvmti;

static void count_classes(void) {
    jint count;
    jclass* classes;
    if ((*jvmti)->GetLoadedClasses(jvmti, &count, &classes) != JVMTI_ERROR_NONE) return; /* expect: GetLoadedClasses.phase */
    (*jvmti)->Deallocate(jvmti, (unsigned char*)classes);
}

static void JNICALL vm_start(jvmtiEnv* env, JNIEnv* jni) {
    jint count;
    jthread* threads;
    if ((*env)->GetAllThreads(env, &count, &threads) != JVMTI_ERROR_NONE) return; /* expect: GetAllThreads.phase */
    (*env)->Deallocate(env, (unsigned char*)threads);
}

/* Negative: the same calls in the live phase (VMInit). */
static void JNICALL vm_init(jvmtiEnv* env, JNIEnv* jni, jthread thread) {
    jint count;
    jthread* threads;
    count_classes();
    if ((*env)->GetAllThreads(env, &count, &threads) != JVMTI_ERROR_NONE) return;
    (*env)->Deallocate(env, (unsigned char*)threads);
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM* vm, char* options, void* reserved) {
    jvmtiEventCallbacks callbacks;
    if ((*vm)->GetEnv(vm, (void**)&jvmti, JVMTI_VERSION_1_2) != JNI_OK) return JNI_ERR;
    memset(&callbacks, 0, sizeof callbacks);
    callbacks.VMStart = &vm_start;
    callbacks.VMInit = &vm_init;
    (*jvmti)->SetEventCallbacks(jvmti, &callbacks, sizeof callbacks);
    count_classes();
    return JNI_OK;
}
