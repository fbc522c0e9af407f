// raw_monitor.destroyed in C++.
#include <jvmti.h>

void destroyTwice(jvmtiEnv* jvmti) {
    jrawMonitorID m = nullptr;
    if (jvmti->CreateRawMonitor("m", &m) != JVMTI_ERROR_NONE) return;
    jvmti->DestroyRawMonitor(m);
    jvmti->DestroyRawMonitor(m);  // expect: raw_monitor.destroyed
}

// Negative.
void once(jvmtiEnv* jvmti) {
    jrawMonitorID m = nullptr;
    if (jvmti->CreateRawMonitor("m", &m) != JVMTI_ERROR_NONE) return;
    jvmti->RawMonitorEnter(m);
    jvmti->RawMonitorNotifyAll(m);
    jvmti->RawMonitorExit(m);
    jvmti->DestroyRawMonitor(m);
}
