/* The handled agent of jvmti-lint's acceptance test: seeded/agent.c with every mistake put
   right, every error handled. The lint finds nothing here. */
#include <jvmti.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct profile {
    jrawMonitorID lock;
    jlong loads;
    jlong collections;
};

static jvmtiEnv* jvmti;
static struct profile profile;
static jthread main_thread;

/* The agent's own helper, called in the live phase (VMInit). */
static jint loaded_classes(void) {
    jint count;
    jclass* classes;
    if ((*jvmti)->GetLoadedClasses(jvmti, &count, &classes) != JVMTI_ERROR_NONE) return 0;
    (*jvmti)->Deallocate(jvmti, (unsigned char*)classes);
    return count;
}

static void print_thread(jthread thread) {
    jvmtiThreadInfo info;
    if ((*jvmti)->GetThreadInfo(jvmti, thread, &info) != JVMTI_ERROR_NONE) return;
    printf("thread %s\n", info.name);
    (*jvmti)->Deallocate(jvmti, (unsigned char*)info.name);
}

static int is_string(jclass klass) {
    char* signature;
    int result;
    if ((*jvmti)->GetClassSignature(jvmti, klass, &signature, NULL) != JVMTI_ERROR_NONE) return 0;
    result = strcmp(signature, "Ljava/lang/String;") == 0;
    (*jvmti)->Deallocate(jvmti, (unsigned char*)signature);
    return result;
}

static void name_buffer(void) {
    char name[64];
    snprintf(name, sizeof name, "profile-%d", 1);
    puts(name);
}

static void source_file(jclass klass) {
    char* source;
    if ((*jvmti)->GetSourceFileName(jvmti, klass, &source) != JVMTI_ERROR_NONE) return;
    printf("source %c\n", source[0]);
    (*jvmti)->Deallocate(jvmti, (unsigned char*)source);
}

static void method_name(jmethodID method) {
    char* name;
    if ((*jvmti)->GetMethodName(jvmti, method, &name, NULL, NULL) != JVMTI_ERROR_NONE) return;
    puts(name);
    (*jvmti)->Deallocate(jvmti, (unsigned char*)name);
}

static void generic_signature(jclass klass) {
    char* signature;
    char* generic;
    if ((*jvmti)->GetClassSignature(jvmti, klass, &signature, &generic) != JVMTI_ERROR_NONE) return;
    (*jvmti)->Deallocate(jvmti, (unsigned char*)signature);
    if (generic != NULL) (*jvmti)->Deallocate(jvmti, (unsigned char*)generic);
}

static void properties(void) {
    jint count, i;
    char** names;
    if ((*jvmti)->GetSystemProperties(jvmti, &count, &names) != JVMTI_ERROR_NONE) return;
    for (i = 0; i < count; i++) (*jvmti)->Deallocate(jvmti, (unsigned char*)names[i]);
    (*jvmti)->Deallocate(jvmti, (unsigned char*)names);
}

static void frame_count(jthread thread) {
    jint count;
    if ((*jvmti)->GetFrameCount(jvmti, thread, &count) == JVMTI_ERROR_NONE) printf("%d frames\n", (int)count);
}

static jmethodID method_of(jmethodID id) {
    return id;
}

static void stop(void) {
    (*jvmti)->RawMonitorEnter(jvmti, profile.lock);
    (*jvmti)->RawMonitorExit(jvmti, profile.lock);
    (*jvmti)->DestroyRawMonitor(jvmti, profile.lock);
}

static void dispose(void) {
    jint version;
    if ((*jvmti)->GetVersionNumber(jvmti, &version) == JVMTI_ERROR_NONE) printf("JVMTI %x\n", (unsigned)version);
    (*jvmti)->DisposeEnvironment(jvmti);
}

static void JNICALL vm_start(jvmtiEnv* env, JNIEnv* jni) {
    jthread thread;
    if ((*env)->GetCurrentThread(env, &thread) != JVMTI_ERROR_NONE) return;
    (*jni)->DeleteLocalRef(jni, thread);
}

static void JNICALL vm_init(jvmtiEnv* env, JNIEnv* jni, jthread thread) {
    main_thread = (jthread)(*jni)->NewGlobalRef(jni, thread);
    print_thread(thread);
    printf("%d classes\n", (int)loaded_classes());
    (*env)->ForceGarbageCollection(env);
}

static void JNICALL class_load(jvmtiEnv* env, JNIEnv* jni, jthread thread, jclass klass) {
    struct profile* p;
    if ((*env)->GetEnvironmentLocalStorage(env, (void**)&p) != JVMTI_ERROR_NONE || p == NULL) return;
    (*env)->RawMonitorEnter(env, p->lock);
    p->loads++;
    (*env)->RawMonitorExit(env, p->lock);
    if (is_string(klass)) source_file(klass);
    generic_signature(klass);
}

static void JNICALL gc_start(jvmtiEnv* env) {
    (*env)->RawMonitorEnter(env, profile.lock);
    profile.collections++;
    (*env)->RawMonitorExit(env, profile.lock);
}

static void JNICALL method_entry(jvmtiEnv* env, JNIEnv* jni, jthread thread, jmethodID method) {
    method_name(method);
    frame_count(thread);
}

static void JNICALL vm_death(jvmtiEnv* env, JNIEnv* jni) {
    printf("%ld loads, %ld collections\n", (long)profile.loads, (long)profile.collections);
    (void)method_of(NULL);
    properties();
    name_buffer();
    stop();
    dispose();
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM* vm, char* options, void* reserved) {
    jvmtiCapabilities caps;
    jvmtiEventCallbacks callbacks;
    if ((*vm)->GetEnv(vm, (void**)&jvmti, JVMTI_VERSION_1_2) != JNI_OK) return JNI_ERR;
    memset(&caps, 0, sizeof caps);
    caps.can_generate_garbage_collection_events = 1;
    caps.can_get_source_file_name = 1;
    caps.can_generate_method_entry_events = 1;
    caps.can_tag_objects = 1;
    if ((*jvmti)->AddCapabilities(jvmti, &caps) != JVMTI_ERROR_NONE) return JNI_ERR;
    if ((*jvmti)->CreateRawMonitor(jvmti, "profile", &profile.lock) != JVMTI_ERROR_NONE) return JNI_ERR;
    if ((*jvmti)->SetEnvironmentLocalStorage(jvmti, &profile) != JVMTI_ERROR_NONE) return JNI_ERR;
    memset(&callbacks, 0, sizeof callbacks);
    callbacks.VMStart = &vm_start;
    callbacks.VMInit = &vm_init;
    callbacks.ClassLoad = &class_load;
    callbacks.GarbageCollectionStart = &gc_start;
    callbacks.MethodEntry = &method_entry;
    callbacks.VMDeath = &vm_death;
    if ((*jvmti)->SetEventCallbacks(jvmti, &callbacks, sizeof callbacks) != JVMTI_ERROR_NONE) return JNI_ERR;
    (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_VM_INIT, NULL);
    (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_CLASS_LOAD, NULL);
    (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_GARBAGE_COLLECTION_START, NULL);
    (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_METHOD_ENTRY, NULL);
    (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_VM_DEATH, NULL);
    return JNI_OK;
}

JNIEXPORT void JNICALL Agent_OnUnload(JavaVM* vm) {
    jlong tag;
    if ((*jvmti)->GetTag(jvmti, NULL, &tag) == JVMTI_ERROR_NONE) printf("tag %ld\n", (long)tag);
}
