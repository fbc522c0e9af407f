/* out_value.unchecked in C: an out-value used where its call may have failed. */
#include <jvmti.h>
#include <stdio.h>

jint frames_unchecked(jvmtiEnv* jvmti, jthread thread) {
    jint count;
    (*jvmti)->GetFrameCount(jvmti, thread, &count);
    return count + 1; /* expect: out_value.unchecked */
}

void name_after_logging(jvmtiEnv* jvmti, jthread thread) {
    jvmtiThreadInfo info;
    jvmtiError err = (*jvmti)->GetThreadInfo(jvmti, thread, &info);
    if (err != JVMTI_ERROR_NONE) fprintf(stderr, "GetThreadInfo failed: %d\n", err);
    printf("%s\n", info.name); /* expect: out_value.unchecked */
    (*jvmti)->Deallocate(jvmti, (unsigned char*)info.name);
}

/* Negative: checked before use. */
jint frames_checked(jvmtiEnv* jvmti, jthread thread) {
    jint count = 0;
    if ((*jvmti)->GetFrameCount(jvmti, thread, &count) != JVMTI_ERROR_NONE) return -1;
    return count + 1;
}

/* Negative: copied to the caller beside the error, which the caller checks. */
jvmtiError frames_passed_on(jvmtiEnv* jvmti, jthread thread, jint* out) {
    jint count = 0;
    jvmtiError err = (*jvmti)->GetFrameCount(jvmti, thread, &count);
    *out = count;
    return err;
}

/* Negative: the failure path handles the error before the out-value is touched. */
void name_checked(jvmtiEnv* jvmti, jthread thread) {
    jvmtiThreadInfo info;
    jvmtiError err = (*jvmti)->GetThreadInfo(jvmti, thread, &info);
    if (err == JVMTI_ERROR_THREAD_NOT_ALIVE) return;
    if (err != JVMTI_ERROR_NONE) {
        fprintf(stderr, "GetThreadInfo failed: %d\n", err);
        return;
    }
    printf("%s\n", info.name);
    (*jvmti)->Deallocate(jvmti, (unsigned char*)info.name);
}
