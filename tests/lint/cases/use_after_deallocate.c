/* Deallocate.mem.used_after in C. */
#include <jvmti.h>
#include <stdio.h>

void late(jvmtiEnv* jvmti, jclass klass) {
    char* signature;
    if ((*jvmti)->GetClassSignature(jvmti, klass, &signature, NULL) != JVMTI_ERROR_NONE) return;
    (*jvmti)->Deallocate(jvmti, (unsigned char*)signature);
    if (signature[0] == 'L') puts("class"); /* expect: Deallocate.mem.used_after */
}

/* Negative: used, then deallocated. */
void timely(jvmtiEnv* jvmti, jclass klass) {
    char* signature;
    if ((*jvmti)->GetClassSignature(jvmti, klass, &signature, NULL) != JVMTI_ERROR_NONE) return;
    if (signature[0] == 'L') puts("class");
    (*jvmti)->Deallocate(jvmti, (unsigned char*)signature);
}
