/* {function}.env.invalid in C: an environment used after DisposeEnvironment. */
#include <jvmti.h>

void after_dispose(jvmtiEnv* jvmti) {
    jint version;
    (*jvmti)->DisposeEnvironment(jvmti);
    (*jvmti)->GetVersionNumber(jvmti, &version); /* expect: GetVersionNumber.env.invalid */
}

/* Negative: used, then disposed. */
void right(jvmtiEnv* jvmti) {
    jint version;
    (*jvmti)->GetVersionNumber(jvmti, &version);
    (*jvmti)->DisposeEnvironment(jvmti);
}
