/* raw_monitor.destroyed in C. */
#include <jvmti.h>

static jrawMonitorID lock;

void shutdown_then_enter(jvmtiEnv* jvmti) {
    if ((*jvmti)->CreateRawMonitor(jvmti, "agent", &lock) != JVMTI_ERROR_NONE) return;
    (*jvmti)->DestroyRawMonitor(jvmti, lock);
    (*jvmti)->RawMonitorEnter(jvmti, lock); /* expect: raw_monitor.destroyed */
}

/* Negative: used, then destroyed once; a new monitor under the same name afterwards. */
void right(jvmtiEnv* jvmti) {
    if ((*jvmti)->CreateRawMonitor(jvmti, "agent", &lock) != JVMTI_ERROR_NONE) return;
    (*jvmti)->RawMonitorEnter(jvmti, lock);
    (*jvmti)->RawMonitorExit(jvmti, lock);
    (*jvmti)->DestroyRawMonitor(jvmti, lock);
    if ((*jvmti)->CreateRawMonitor(jvmti, "agent", &lock) != JVMTI_ERROR_NONE) return;
    (*jvmti)->RawMonitorEnter(jvmti, lock);
    (*jvmti)->RawMonitorExit(jvmti, lock);
}
