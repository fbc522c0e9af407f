/* The seeded agent of jvmti-lint's acceptance test: a small class-loading profiler with every
   rule of the lint broken once, each on the line marked with the rule it breaks. handled/agent.c
   is the same agent with every mistake put right: the lint finds nothing there. */
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
static JNIEnv* startup_jni;

/* The agent's own helper, called from Agent_OnLoad: the phase rule follows the call. */
static jint loaded_classes(void) {
    jint count;
    jclass* classes;
    if ((*jvmti)->GetLoadedClasses(jvmti, &count, &classes) != JVMTI_ERROR_NONE) return 0; /* expect: GetLoadedClasses.phase */
    (*jvmti)->Deallocate(jvmti, (unsigned char*)classes);
    return count;
}

static void print_thread(jthread thread) {
    jvmtiThreadInfo info;
    (*jvmti)->GetThreadInfo(jvmti, thread, &info);
    printf("thread %s\n", info.name); /* expect: out_value.unchecked */
    (*jvmti)->Deallocate(jvmti, (unsigned char*)info.name);
}

static int is_string(jclass klass) {
    char* signature;
    int result;
    if ((*jvmti)->GetClassSignature(jvmti, klass, &signature, NULL) != JVMTI_ERROR_NONE) return 0;
    result = strcmp(signature, "Ljava/lang/String;") == 0;
    (*jvmti)->Deallocate(jvmti, (unsigned char*)signature);
    (*jvmti)->Deallocate(jvmti, (unsigned char*)signature); /* expect: Deallocate.mem.double */
    return result;
}

static void name_buffer(void) {
    char name[64];
    snprintf(name, sizeof name, "profile-%d", 1);
    (*jvmti)->Deallocate(jvmti, (unsigned char*)name); /* expect: Deallocate.mem.unknown */
}

static void source_file(jclass klass) {
    char* source;
    if ((*jvmti)->GetSourceFileName(jvmti, klass, &source) != JVMTI_ERROR_NONE) return;
    (*jvmti)->Deallocate(jvmti, (unsigned char*)source);
    printf("source %c\n", source[0]); /* expect: Deallocate.mem.used_after */
}

static void method_name(jmethodID method) {
    char* name;
    if ((*jvmti)->GetMethodName(jvmti, method, &name, NULL, NULL) != JVMTI_ERROR_NONE) return;
    puts(name);
    free(name); /* expect: free.jvmti_memory */
}

static void generic_signature(jclass klass) {
    char* signature;
    char* generic;
    if ((*jvmti)->GetClassSignature(jvmti, klass, &signature, &generic) != JVMTI_ERROR_NONE) return; /* expect: leak.GetClassSignature */
    (*jvmti)->Deallocate(jvmti, (unsigned char*)signature);
}

static void properties(void) {
    jint count;
    char** names;
    if ((*jvmti)->GetSystemProperties(jvmti, &count, &names) != JVMTI_ERROR_NONE) return; /* expect: leak.GetSystemProperties */
    (*jvmti)->Deallocate(jvmti, (unsigned char*)names);
}

static void frame_count(jthread thread) {
    (*jvmti)->GetFrameCount(jvmti, thread, NULL); /* expect: GetFrameCount.count_ptr.null */
}

static jmethodID method_of(jlong id) {
    return (jmethodID)(intptr_t)id; /* expect: handle.from_integer */
}

static void stop(void) {
    (*jvmti)->DestroyRawMonitor(jvmti, profile.lock);
    (*jvmti)->RawMonitorEnter(jvmti, profile.lock); /* expect: raw_monitor.destroyed */
}

static void dispose(void) {
    jint version;
    (*jvmti)->DisposeEnvironment(jvmti);
    (*jvmti)->GetVersionNumber(jvmti, &version); /* expect: GetVersionNumber.env.invalid */
}

static void JNICALL vm_start(jvmtiEnv* env, JNIEnv* jni) {
    jint count;
    jthread* threads;
    if ((*env)->GetAllThreads(env, &count, &threads) != JVMTI_ERROR_NONE) return; /* expect: GetAllThreads.phase */
    (*env)->Deallocate(env, (unsigned char*)threads);
    startup_jni = jni;
}

static void JNICALL vm_init(jvmtiEnv* env, JNIEnv* jni, jthread thread) {
    main_thread = thread; /* expect: local_ref.escape */
    print_thread(thread);
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
    jthread thread;
    (*env)->GetCurrentThread(env, &thread); /* expect: GetCurrentThread.callback_unsafe */
    (*startup_jni)->ExceptionClear(startup_jni); /* expect: callback.jni */
    profile.collections++;
}

static void JNICALL method_entry(jvmtiEnv* env, JNIEnv* jni, jthread thread, jmethodID method) {
    method_name(method);
    frame_count(thread);
}

static void JNICALL vm_death(jvmtiEnv* env, JNIEnv* jni) {
    printf("%ld loads, %ld collections\n", (long)profile.loads, (long)profile.collections);
    (void)method_of(0x10);
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
    if ((*jvmti)->AddCapabilities(jvmti, &caps) != JVMTI_ERROR_NONE) return JNI_ERR;
    if ((*jvmti)->CreateRawMonitor(jvmti, "profile", &profile.lock) != JVMTI_ERROR_NONE) return JNI_ERR;
    (*jvmti)->SetEnvironmentLocalStorage(jvmti, &profile); /* expect: local_storage.unset */
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
    (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_METHOD_ENTRY, NULL); /* expect: event.capability */
    (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_VM_DEATH, NULL);
    (*jvmti)->ForceGarbageCollection(jvmti); /* expect: ForceGarbageCollection.phase */
    if (loaded_classes() < 0) return JNI_ERR;
    return JNI_OK;
}

JNIEXPORT void JNICALL Agent_OnUnload(JavaVM* vm) {
    jlong tag;
    (*jvmti)->GetTag(jvmti, NULL, &tag); /* expect: GetTag.capability.can_tag_objects */
}
