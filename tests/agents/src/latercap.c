/*
 * latercap: a capability later than the JVM. The agent is built against the generated
 * jvmti.h (JVMTI 28), whose jvmtiCapabilities has can_support_value_objects (bit 45, a JDK 28
 * preview); a JDK 17 or 25 knows nothing of it. The JVM must never offer it, must refuse to add
 * it, and must still add what it does know: with the layer in front, the same answers.
 */
#include "agent_util.h"

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM* vm, char* options, void* reserved)
{
    jvmtiEnv* jvmti = NULL;
    jvmtiCapabilities caps;
    jvmtiError err;
    char name[64];
    (void)reserved;
    if ((*vm)->GetEnv(vm, (void**)&jvmti, AU_JVMTI_VERSION) != JNI_OK) return JNI_ERR;
    if (au_open(options) != 0) return JNI_ERR;

    memset(&caps, 0, sizeof caps);
    if (AU_CHECK(jvmti, (*jvmti)->GetPotentialCapabilities(jvmti, &caps)) != JVMTI_ERROR_NONE) return JNI_ERR;
    au_printf("potential can_support_value_objects: %u\n", (unsigned)caps.can_support_value_objects);
    au_printf("potential can_tag_objects: %u\n", (unsigned)caps.can_tag_objects);

    memset(&caps, 0, sizeof caps);
    caps.can_support_value_objects = 1;
    err = (*jvmti)->AddCapabilities(jvmti, &caps);
    au_printf("AddCapabilities(can_support_value_objects): %s\n", au_error_name(jvmti, err, name, sizeof name));

    memset(&caps, 0, sizeof caps);
    caps.can_tag_objects = 1;
    err = (*jvmti)->AddCapabilities(jvmti, &caps);
    au_printf("AddCapabilities(can_tag_objects): %s\n", au_error_name(jvmti, err, name, sizeof name));

    memset(&caps, 0, sizeof caps);
    if (AU_CHECK(jvmti, (*jvmti)->GetCapabilities(jvmti, &caps)) != JVMTI_ERROR_NONE) return JNI_ERR;
    au_printf("held can_support_value_objects: %u, can_tag_objects: %u\n", (unsigned)caps.can_support_value_objects,
              (unsigned)caps.can_tag_objects);
    au_close();
    return JNI_OK;
}
