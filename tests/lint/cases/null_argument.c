/* {function}.{param}.null in C, and the NULLs the spec permits. */
#include <jvmti.h>

void nulls(jvmtiEnv* jvmti, jthread thread) {
    (*jvmti)->GetThreadInfo(jvmti, thread, NULL); /* expect: GetThreadInfo.info_ptr.null */
    (*jvmti)->GetFrameCount(jvmti, thread, NULL); /* expect: GetFrameCount.count_ptr.null */
}

/* Negative: optional pointers may be NULL (generic_ptr, signature_ptr), a NULL thread means the
   current one, Deallocate takes NULL, and SetEventCallbacks NULL clears the callbacks. */
void permitted(jvmtiEnv* jvmti, jclass klass) {
    char* signature;
    jint count;
    if ((*jvmti)->GetClassSignature(jvmti, klass, &signature, NULL) == JVMTI_ERROR_NONE)
        (*jvmti)->Deallocate(jvmti, (unsigned char*)signature);
    (*jvmti)->GetClassSignature(jvmti, klass, NULL, NULL);
    (*jvmti)->GetFrameCount(jvmti, NULL, &count);
    (*jvmti)->Deallocate(jvmti, NULL);
    (*jvmti)->SetEventCallbacks(jvmti, NULL, 0);
}
