/* {function}.capability.{capability} and event.capability in C: judged over the files analysed
   together; this file asks for can_tag_objects and can_generate_garbage_collection_events only. */
#include <jvmti.h>
#include <string.h>

static jvmtiEnv* jvmti;

void setup(void) {
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_tag_objects = 1;
    caps.can_generate_garbage_collection_events = 1;
    (*jvmti)->AddCapabilities(jvmti, &caps);
    (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_SINGLE_STEP, NULL); /* expect: event.capability */
    /* Negative: an event the capabilities cover, and one that needs none. */
    (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_GARBAGE_COLLECTION_START, NULL);
    (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_VM_INIT, NULL);
    /* Negative: disabling needs nothing. */
    (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_DISABLE, JVMTI_EVENT_BREAKPOINT, NULL);
}

void use(jthread thread, jobject object) {
    jint value;
    (*jvmti)->SetTag(jvmti, object, 1); /* negative: can_tag_objects was asked for */
    if ((*jvmti)->GetLocalInt(jvmti, thread, 0, 1, &value) != JVMTI_ERROR_NONE) return; /* expect: GetLocalInt.capability.can_access_local_variables */
}
