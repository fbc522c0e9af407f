// {function}.capability.{capability} in C++; the potential capabilities, all added, cover everything.
#include <jvmti.h>

static jvmtiEnv* jvmti;

void everything() {
    jvmtiCapabilities potential{};
    if (jvmti->GetPotentialCapabilities(&potential) != JVMTI_ERROR_NONE) return;
    jvmti->AddCapabilities(&potential);
}

void use(jthread thread) {
    jint value = 0;
    // Negative: AddCapabilities(GetPotentialCapabilities) asked for every capability.
    if (jvmti->GetLocalInt(thread, 0, 1, &value) != JVMTI_ERROR_NONE) return;
    jvmti->SetEventNotificationMode(JVMTI_ENABLE, JVMTI_EVENT_BREAKPOINT, nullptr);
}
