/* local_storage.unset in C: an environment kept in use after SetEnvironmentLocalStorage failed,
   while a handler reads the storage. */
#include <jvmti.h>
#include <string.h>

struct agent { int loads; };
static struct agent the_agent;

static void JNICALL class_load(jvmtiEnv* env, JNIEnv* jni, jthread thread, jclass klass) {
    struct agent* agent;
    if ((*env)->GetEnvironmentLocalStorage(env, (void**)&agent) != JVMTI_ERROR_NONE) return;
    agent->loads++;
}

static void install(jvmtiEnv* env) {
    jvmtiEventCallbacks callbacks;
    memset(&callbacks, 0, sizeof callbacks);
    callbacks.ClassLoad = &class_load;
    (*env)->SetEventCallbacks(env, &callbacks, sizeof callbacks);
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM* vm, char* options, void* reserved) {
    jvmtiEnv* env;
    if ((*vm)->GetEnv(vm, (void**)&env, JVMTI_VERSION_1_2) != JNI_OK) return JNI_ERR;
    (*env)->SetEnvironmentLocalStorage(env, &the_agent); /* expect: local_storage.unset */
    install(env);
    return JNI_OK;
}

/* Negative: the failure stops the agent (an error from Agent_OnLoad), or disposes of the environment. */
JNIEXPORT jint JNICALL Agent_OnAttach(JavaVM* vm, char* options, void* reserved) {
    jvmtiEnv* env;
    if ((*vm)->GetEnv(vm, (void**)&env, JVMTI_VERSION_1_2) != JNI_OK) return JNI_ERR;
    if ((*env)->SetEnvironmentLocalStorage(env, &the_agent) != JVMTI_ERROR_NONE) return JNI_ERR;
    install(env);
    return JNI_OK;
}

jvmtiEnv* second(JavaVM* vm) {
    jvmtiEnv* env;
    if ((*vm)->GetEnv(vm, (void**)&env, JVMTI_VERSION_1_2) != JNI_OK) return NULL;
    if ((*env)->SetEnvironmentLocalStorage(env, &the_agent) != JVMTI_ERROR_NONE) {
        (*env)->DisposeEnvironment(env);
        return NULL;
    }
    return env;
}
