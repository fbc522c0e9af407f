/* free.jvmti_memory in C. */
#include <jvmti.h>
#include <stdlib.h>

void freed(jvmtiEnv* jvmti, jclass klass) {
    char* signature;
    if ((*jvmti)->GetClassSignature(jvmti, klass, &signature, NULL) != JVMTI_ERROR_NONE) return;
    free(signature); /* expect: free.jvmti_memory */
}

/* Negative: Deallocate, and free() of malloc's memory. */
void right(jvmtiEnv* jvmti, jclass klass) {
    char* signature;
    char* copy = malloc(4);
    free(copy);
    if ((*jvmti)->GetClassSignature(jvmti, klass, &signature, NULL) != JVMTI_ERROR_NONE) return;
    (*jvmti)->Deallocate(jvmti, (unsigned char*)signature);
}
