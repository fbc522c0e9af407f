// leak.{function} in C++.
#include <jvmti.h>
#include <cstdio>

void table(jvmtiEnv* jvmti, jmethodID method) {
    jint count = 0;
    jvmtiLocalVariableEntry* entries = nullptr;
    if (jvmti->GetLocalVariableTable(method, &count, &entries) != JVMTI_ERROR_NONE) return;  // expect: leak.GetLocalVariableTable
    for (jint i = 0; i < count; ++i) std::printf("%s\n", entries[i].name);
}

jclass* classes(jvmtiEnv* jvmti, jint* count) {
    jclass* loaded = nullptr;
    if (jvmti->GetLoadedClasses(count, &loaded) != JVMTI_ERROR_NONE) return nullptr;
    return loaded;  // the caller's to deallocate: no finding
}

void lost(jvmtiEnv* jvmti) {
    jint count = 0;
    jclass* loaded = nullptr;
    if (jvmti->GetLoadedClasses(&count, &loaded) != JVMTI_ERROR_NONE) return;  // expect: leak.GetLoadedClasses
    std::printf("%d classes\n", count);
}

// Negative: the table's strings, then the table.
void tableRight(jvmtiEnv* jvmti, jmethodID method) {
    jint count = 0;
    jvmtiLocalVariableEntry* entries = nullptr;
    if (jvmti->GetLocalVariableTable(method, &count, &entries) != JVMTI_ERROR_NONE) return;
    for (jint i = 0; i < count; ++i) {
        jvmti->Deallocate(reinterpret_cast<unsigned char*>(entries[i].name));
        jvmti->Deallocate(reinterpret_cast<unsigned char*>(entries[i].signature));
        jvmti->Deallocate(reinterpret_cast<unsigned char*>(entries[i].generic_signature));
    }
    jvmti->Deallocate(reinterpret_cast<unsigned char*>(entries));
}

// Positive: written into the function's own parameter, which ends with it.
void parameter(jvmtiEnv* jvmti, jclass klass, char* signature) {
    if (jvmti->GetClassSignature(klass, &signature, nullptr) != JVMTI_ERROR_NONE) return;  // expect: leak.GetClassSignature
    std::puts(signature);
}

// Negative: handed to the caller through a reference, into an object's members, a global struct.
jvmtiError signatureOf(jvmtiEnv* jvmti, jclass klass, char*& signature) {
    return jvmti->GetClassSignature(klass, &signature, nullptr);
}

struct Snapshot {
    jint count = 0;
    jclass* classes = nullptr;
    jvmtiThreadInfo thread{};
    jvmtiError take(jvmtiEnv* jvmti, jthread current) {
        if (jvmtiError e = jvmti->GetLoadedClasses(&count, &classes); e != JVMTI_ERROR_NONE) return e;
        return jvmti->GetThreadInfo(current, &thread);
    }
};

jvmtiThreadGroupInfo lastGroup;
void rememberGroup(jvmtiEnv* jvmti, jthreadGroup group) {
    (void)jvmti->GetThreadGroupInfo(group, &lastGroup);
}

// Every capability asked for: the capability rule stays out of this test.
void capabilities(jvmtiEnv* jvmti) {
    jvmtiCapabilities potential{};
    if (jvmti->GetPotentialCapabilities(&potential) == JVMTI_ERROR_NONE) jvmti->AddCapabilities(&potential);
}
