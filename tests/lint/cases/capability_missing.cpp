// {function}.capability.{capability} in C++: functions whose capability nothing asks for.
#include <jvmti.h>

static jvmtiEnv* jvmti;

void setup() {
    jvmtiCapabilities caps{};
    caps.can_get_source_file_name = 1;
    jvmti->AddCapabilities(&caps);
}

void use(jclass klass, jthread thread) {
    char* name = nullptr;
    if (jvmti->GetSourceFileName(klass, &name) == JVMTI_ERROR_NONE)  // negative: asked for
        jvmti->Deallocate(reinterpret_cast<unsigned char*>(name));
    jvmti->PopFrame(thread);  // expect: PopFrame.capability.can_pop_frame
    jvmti->SetEventNotificationMode(JVMTI_ENABLE, JVMTI_EVENT_METHOD_ENTRY, nullptr);  // expect: event.capability
}
