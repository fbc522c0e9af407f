// {function}.env.invalid in C++.
#include <jvmti.h>

void afterDispose(jvmtiEnv* jvmti) {
    jvmti->DisposeEnvironment();
    jvmtiPhase phase;
    jvmti->GetPhase(&phase);  // expect: GetPhase.env.invalid
}

// Negative: another environment is still good.
void other(jvmtiEnv* a, jvmtiEnv* b) {
    if (a == b) return;
    a->DisposeEnvironment();
    jvmtiPhase phase;
    b->GetPhase(&phase);
}
