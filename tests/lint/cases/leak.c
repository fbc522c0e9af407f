/* leak.{function} in C: JVMTI memory never deallocated, the elements of allocated arrays too. */
#include <jvmti.h>
#include <stdio.h>
#include <string.h>

int is_object(jvmtiEnv* jvmti, jclass klass) {
    char* signature;
    if ((*jvmti)->GetClassSignature(jvmti, klass, &signature, NULL) != JVMTI_ERROR_NONE) /* expect: leak.GetClassSignature */
        return 0;
    return strcmp(signature, "Ljava/lang/Object;") == 0;
}

void thread_name(jvmtiEnv* jvmti, jthread thread) {
    jvmtiThreadInfo info;
    if ((*jvmti)->GetThreadInfo(jvmti, thread, &info) != JVMTI_ERROR_NONE) return; /* expect: leak.GetThreadInfo */
    puts(info.name);
}

void properties(jvmtiEnv* jvmti) {
    jint count;
    char** values;
    if ((*jvmti)->GetSystemProperties(jvmti, &count, &values) != JVMTI_ERROR_NONE) return; /* expect: leak.GetSystemProperties */
    if (count > 0) puts(values[0]);
    (*jvmti)->Deallocate(jvmti, (unsigned char*)values);
}

/* Negative: every block given back; the generic signature not asked for (NULL). */
int is_object_right(jvmtiEnv* jvmti, jclass klass) {
    char* signature;
    int object;
    if ((*jvmti)->GetClassSignature(jvmti, klass, &signature, NULL) != JVMTI_ERROR_NONE) return 0;
    object = strcmp(signature, "Ljava/lang/Object;") == 0;
    (*jvmti)->Deallocate(jvmti, (unsigned char*)signature);
    return object;
}

void properties_right(jvmtiEnv* jvmti) {
    jint count, i;
    char** values;
    if ((*jvmti)->GetSystemProperties(jvmti, &count, &values) != JVMTI_ERROR_NONE) return;
    for (i = 0; i < count; i++) (*jvmti)->Deallocate(jvmti, (unsigned char*)values[i]);
    (*jvmti)->Deallocate(jvmti, (unsigned char*)values);
}

/* Positive: written into the function's own parameter, which ends with it. */
void parameter(jvmtiEnv* jvmti, jclass klass, char* signature) {
    if ((*jvmti)->GetClassSignature(jvmti, klass, &signature, NULL) != JVMTI_ERROR_NONE) return; /* expect: leak.GetClassSignature */
    puts(signature);
}

/* Negative: kept in a global for later, the agent's business. */
static char* kept;
void keep(jvmtiEnv* jvmti, jclass klass) {
    (void)(*jvmti)->GetClassSignature(jvmti, klass, &kept, NULL);
}

/* Negative: handed to the caller through its out-parameter, the caller's to deallocate. */
jvmtiError signature_of(jvmtiEnv* jvmti, jclass klass, char** signature_ptr) {
    return (*jvmti)->GetClassSignature(jvmti, klass, signature_ptr, NULL);
}

/* Negative: written into a struct of the caller's and a global one, their strings with them. */
struct described {
    jint count;
    jclass* classes;
    char* name;
};
void describe(jvmtiEnv* jvmti, jthread thread, struct described* out, jvmtiThreadInfo* info) {
    if ((*jvmti)->GetLoadedClasses(jvmti, &out->count, &out->classes) != JVMTI_ERROR_NONE) return;
    if ((*jvmti)->GetThreadInfo(jvmti, thread, info) != JVMTI_ERROR_NONE) return;
    out->name = info->name;
}
static jvmtiThreadInfo last_thread;
void remember(jvmtiEnv* jvmti, jthread thread) {
    (void)(*jvmti)->GetThreadInfo(jvmti, thread, &last_thread);
}

/* Positive: the caller of an out-parameter function drops what it was handed. The analysis
   goes into signature_into from signature_lost; the finding is at the allocating call. */
static jvmtiError signature_into(jvmtiEnv* jvmti, jclass klass, char** signature_ptr) {
    return (*jvmti)->GetClassSignature(jvmti, klass, signature_ptr, NULL); /* expect: leak.GetClassSignature */
}
void signature_lost(jvmtiEnv* jvmti, jclass klass) {
    char* signature;
    if (signature_into(jvmti, klass, &signature) != JVMTI_ERROR_NONE) return;
    puts(signature);
}

/* Negative: an array whose count is 0 holds no memory (the VM returns NULL for none), so an
   agent that gives it back only when it is not empty leaks nothing. */
int any_class(jvmtiEnv* jvmti) {
    jint count;
    jclass* classes;
    if ((*jvmti)->GetLoadedClasses(jvmti, &count, &classes) != JVMTI_ERROR_NONE) return 0;
    if (count == 0) return 0;
    (*jvmti)->Deallocate(jvmti, (unsigned char*)classes);
    return 1;
}

/* Positive: a non-empty array never given back. */
int any_class_lost(jvmtiEnv* jvmti) {
    jint count;
    jclass* classes;
    if ((*jvmti)->GetLoadedClasses(jvmti, &count, &classes) != JVMTI_ERROR_NONE) return 0; /* expect: leak.GetLoadedClasses */
    if (count == 0) return 0;
    return classes != NULL;
}
