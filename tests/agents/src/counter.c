/*
 * counter: counts ClassLoad events of the test program's classes (signature prefix) and
 * MethodEntry events of one class's methods, and prints both at VMDeath, sorted.
 * Written in C to use the header's C binding.
 *
 * Options: out=FILE, prefix=PACKAGE/ (e.g. agenttest/counter/), class=INTERNAL/NAME.
 * MethodEntry is enabled only once the counted class is loaded.
 */
#include "agent_util.h"

#define MAX_ENTRIES 64

struct entry {
    char name[160];
    int count;
};

static jvmtiEnv* jvmti;
static jrawMonitorID lock;
static char prefix[256];       /* "Lagenttest/counter/" */
static char counted[256];      /* "Lagenttest/counter/Work;" */
static jclass counted_class;   /* global reference, set under lock before MethodEntry is enabled */
static struct entry loads[MAX_ENTRIES];
static int load_count;
static struct entry entries[MAX_ENTRIES];
static int entry_count;
static int overflow;

static void count(struct entry* table, int* size, const char* name)
{
    int i;
    for (i = 0; i < *size; i++) {
        if (strcmp(table[i].name, name) == 0) {
            table[i].count++;
            return;
        }
    }
    if (*size == MAX_ENTRIES) {
        overflow = 1;
        return;
    }
    snprintf(table[*size].name, sizeof table[*size].name, "%s", name);
    table[*size].count = 1;
    (*size)++;
}

static int by_name(const void* a, const void* b)
{
    return strcmp(((const struct entry*)a)->name, ((const struct entry*)b)->name);
}

static void JNICALL on_class_load(jvmtiEnv* env, JNIEnv* jni, jthread thread, jclass klass)
{
    char* sig = NULL;
    char name[256];
    (void)thread;
    if (AU_CHECK(env, (*env)->GetClassSignature(env, klass, &sig, NULL)) != JVMTI_ERROR_NONE) return;
    if (strncmp(sig, prefix, strlen(prefix)) == 0) {
        (*env)->RawMonitorEnter(env, lock);
        count(loads, &load_count, au_class_name(sig, name, sizeof name));
        if (strcmp(sig, counted) == 0 && counted_class == NULL) {
            counted_class = (jclass)(*jni)->NewGlobalRef(jni, klass);
            AU_CHECK(env, (*env)->SetEventNotificationMode(env, JVMTI_ENABLE, JVMTI_EVENT_METHOD_ENTRY, NULL));
        }
        (*env)->RawMonitorExit(env, lock);
    }
    (*env)->Deallocate(env, (unsigned char*)sig);
}

static void JNICALL on_method_entry(jvmtiEnv* env, JNIEnv* jni, jthread thread, jmethodID method)
{
    jclass declaring = NULL;
    char* name = NULL;
    char* sig = NULL;
    (void)thread;
    if (AU_CHECK(env, (*env)->GetMethodDeclaringClass(env, method, &declaring)) != JVMTI_ERROR_NONE) return;
    if ((*jni)->IsSameObject(jni, declaring, counted_class)
        && AU_CHECK(env, (*env)->GetMethodName(env, method, &name, &sig, NULL)) == JVMTI_ERROR_NONE) {
        char key[160];
        snprintf(key, sizeof key, "%s%s", name, sig);
        (*env)->RawMonitorEnter(env, lock);
        count(entries, &entry_count, key);
        (*env)->RawMonitorExit(env, lock);
        (*env)->Deallocate(env, (unsigned char*)name);
        (*env)->Deallocate(env, (unsigned char*)sig);
    }
    (*jni)->DeleteLocalRef(jni, declaring);
}

static void JNICALL on_vm_death(jvmtiEnv* env, JNIEnv* jni)
{
    int i;
    char name[256];
    (void)jni;
    AU_CHECK(env, (*env)->SetEventNotificationMode(env, JVMTI_DISABLE, JVMTI_EVENT_METHOD_ENTRY, NULL));
    AU_CHECK(env, (*env)->SetEventNotificationMode(env, JVMTI_DISABLE, JVMTI_EVENT_CLASS_LOAD, NULL));
    (*env)->RawMonitorEnter(env, lock);
    qsort(loads, (size_t)load_count, sizeof loads[0], by_name);
    qsort(entries, (size_t)entry_count, sizeof entries[0], by_name);
    au_printf("ClassLoad events for %s*: %d classes\n", au_class_name(prefix, name, sizeof name), load_count);
    for (i = 0; i < load_count; i++) au_printf("  ClassLoad %s %d\n", loads[i].name, loads[i].count);
    au_printf("MethodEntry events for %s: %d methods\n", au_class_name(counted, name, sizeof name), entry_count);
    for (i = 0; i < entry_count; i++) au_printf("  MethodEntry %s %d\n", entries[i].name, entries[i].count);
    if (overflow) au_printf("overflow: more than %d entries\n", MAX_ENTRIES);
    /* counted_class stays: a MethodEntry callback on another thread may still be reading it. */
    (*env)->RawMonitorExit(env, lock);
    au_close();
}

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM* vm, char* options, void* reserved)
{
    jvmtiCapabilities caps;
    jvmtiEventCallbacks callbacks;
    char prefix_option[200];
    char class_option[200];
    (void)reserved;
    if ((*vm)->GetEnv(vm, (void**)&jvmti, AU_JVMTI_VERSION) != JNI_OK) return JNI_ERR;
    if (au_open(options) != 0) return JNI_ERR;
    if (au_option(options, "prefix", prefix_option, sizeof prefix_option) == NULL
        || au_option(options, "class", class_option, sizeof class_option) == NULL) {
        au_printf("counter: needs prefix= and class= options\n");
        return JNI_ERR;
    }
    snprintf(prefix, sizeof prefix, "L%s", prefix_option);
    snprintf(counted, sizeof counted, "L%s;", class_option);

    memset(&caps, 0, sizeof caps);
    caps.can_generate_method_entry_events = 1;
    if (AU_CHECK(jvmti, (*jvmti)->AddCapabilities(jvmti, &caps)) != JVMTI_ERROR_NONE) return JNI_ERR;
    if (AU_CHECK(jvmti, (*jvmti)->CreateRawMonitor(jvmti, "counter", &lock)) != JVMTI_ERROR_NONE) return JNI_ERR;

    memset(&callbacks, 0, sizeof callbacks);
    callbacks.ClassLoad = on_class_load;
    callbacks.MethodEntry = on_method_entry;
    callbacks.VMDeath = on_vm_death;
    if (AU_CHECK(jvmti, (*jvmti)->SetEventCallbacks(jvmti, &callbacks, (jint)sizeof callbacks)) != JVMTI_ERROR_NONE) {
        return JNI_ERR;
    }
    AU_CHECK(jvmti, (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_CLASS_LOAD, NULL));
    AU_CHECK(jvmti, (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_VM_DEATH, NULL));
    return JNI_OK;
}
