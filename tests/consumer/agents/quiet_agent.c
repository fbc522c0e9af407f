/* An agent in C against the installed jvmti.h: it takes an environment and makes one call
 * that the OnLoad phase does not allow. Agent_OnLoad returns 0 when all went as the spec says,
 * otherwise the number of the step that did not. */
#include <string.h>

#include "jvmti.h"

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM* vm, char* options, void* reserved) {
    jvmtiEnv* jvmti = NULL;
    jint count = 0;
    (void)reserved;
    if (options == NULL || strcmp(options, "quiet") != 0) return 1;
    if ((*vm)->GetEnv(vm, (void**)&jvmti, JVMTI_VERSION_1_2) != JNI_OK || jvmti == NULL) return 2;
    if ((*jvmti)->GetFrameCount(jvmti, NULL, &count) != JVMTI_ERROR_WRONG_PHASE) return 3;
    return 0;
}
