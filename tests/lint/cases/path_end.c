/* Paths that end: a call that never returns ends the path, so what follows it on that path is
   not a finding. The calls: abort() in a helper the failure passes through, JNI's FatalError
   (directly and in a helper), a function of this file that ends the process on every path, and
   fail_hard(), which path_end_exit.c defines (analysed together with it, see cases_test.cpp). */
#include <jvmti.h>
#include <stdio.h>
#include <stdlib.h>

void fail_hard(const char* why); /* path_end_exit.c: never returns */

static void check_or_abort(jvmtiError err) {
    if (err != JVMTI_ERROR_NONE) {
        fprintf(stderr, "JVMTI error %d\n", err);
        abort();
    }
}

static void check_or_fatal(JNIEnv* jni, jvmtiError err) {
    if (err != JVMTI_ERROR_NONE) (*jni)->FatalError(jni, "JVMTI call failed");
}

/* Ends the process on every path, without saying so in its declaration. */
static void die(int code) {
    fflush(stderr);
    exit(code);
}

jint through_abort_helper(jvmtiEnv* jvmti, jthread thread) {
    jint count;
    check_or_abort((*jvmti)->GetFrameCount(jvmti, thread, &count));
    return count + 1;
}

jint through_fatal_error(jvmtiEnv* jvmti, JNIEnv* jni, jthread thread) {
    jint count;
    if ((*jvmti)->GetFrameCount(jvmti, thread, &count) != JVMTI_ERROR_NONE) (*jni)->FatalError(jni, "no frames");
    return count + 1;
}

jint through_fatal_helper(jvmtiEnv* jvmti, JNIEnv* jni, jthread thread) {
    jint count;
    check_or_fatal(jni, (*jvmti)->GetFrameCount(jvmti, thread, &count));
    return count + 1;
}

jint through_own_exit(jvmtiEnv* jvmti, jthread thread) {
    jint count;
    if ((*jvmti)->GetFrameCount(jvmti, thread, &count) != JVMTI_ERROR_NONE) die(3);
    return count + 1;
}

jint through_other_file(jvmtiEnv* jvmti, jthread thread) {
    jint count;
    if ((*jvmti)->GetFrameCount(jvmti, thread, &count) != JVMTI_ERROR_NONE) fail_hard("GetFrameCount");
    return count + 1; /* expect-alone: out_value.unchecked */
}

/* Positive: a function that ends the process on some paths only returns on the others, and
   the path goes on. */
static void die_if_fatal(jvmtiError err) {
    if (err == JVMTI_ERROR_OUT_OF_MEMORY) exit(4);
}

jint through_sometimes_exit(jvmtiEnv* jvmti, jthread thread) {
    jint count;
    jvmtiError err = (*jvmti)->GetFrameCount(jvmti, thread, &count);
    if (err != JVMTI_ERROR_NONE) die_if_fatal(err);
    return count + 1; /* expect: out_value.unchecked */
}
