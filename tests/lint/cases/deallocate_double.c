/* Deallocate.mem.double in C. */
#include <jvmti.h>

void twice(jvmtiEnv* jvmti, jclass klass) {
    char* signature;
    if ((*jvmti)->GetClassSignature(jvmti, klass, &signature, NULL) != JVMTI_ERROR_NONE) return;
    (*jvmti)->Deallocate(jvmti, (unsigned char*)signature);
    (*jvmti)->Deallocate(jvmti, (unsigned char*)signature); /* expect: Deallocate.mem.double */
}

/* Negative: once, and a second block after it. */
void once_each(jvmtiEnv* jvmti) {
    unsigned char* a;
    if ((*jvmti)->Allocate(jvmti, 16, &a) != JVMTI_ERROR_NONE) return;
    (*jvmti)->Deallocate(jvmti, a);
    if ((*jvmti)->Allocate(jvmti, 16, &a) != JVMTI_ERROR_NONE) return;
    (*jvmti)->Deallocate(jvmti, a);
}
