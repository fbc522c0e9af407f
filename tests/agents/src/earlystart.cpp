// earlystart: asks for every capability the VM offers (can_generate_early_vmstart and
// can_generate_early_class_hook_events among them), so the VM enters the start phase before
// java.base is up. From the earliest VMStart, ClassLoad, ClassPrepare and NativeMethodBind
// events it calls the start-phase functions an agent typically calls there and records, per
// event and phase, which answers each function gave (in the primordial phase, before the early
// start, only GetPhase: the others may not be called there). At VMDeath it prints them sorted: the
// same text with and without a layer in front of the VM.
//
// Options: out=FILE.
#include "agent_util.h"

#include <cstdio>
#include <cstring>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <tuple>

namespace {

jvmtiEnv* jvmti = nullptr;
std::mutex lock;
// (event, phase at the event, function) -> error names seen.
std::map<std::tuple<std::string, std::string, std::string>, std::set<std::string>> answers;

const char* phaseName(jvmtiPhase phase) {
    switch (phase) {
    case JVMTI_PHASE_ONLOAD: return "onload";
    case JVMTI_PHASE_PRIMORDIAL: return "primordial";
    case JVMTI_PHASE_START: return "start";
    case JVMTI_PHASE_LIVE: return "live";
    case JVMTI_PHASE_DEAD: return "dead";
    }
    return "?";
}

std::string errorName(jvmtiEnv* env, jvmtiError err) {
    char buf[96];
    return au_error_name(env, err, buf, sizeof buf);
}

void record(jvmtiEnv* env, const char* event, jvmtiPhase phase, const char* function, jvmtiError err) {
    std::string name = errorName(env, err);
    std::lock_guard<std::mutex> g(lock);
    answers[{event, phaseName(phase), function}].insert(std::move(name));
}

jvmtiPhase phaseOf(jvmtiEnv* env, const char* event) {
    jvmtiPhase phase = JVMTI_PHASE_DEAD;
    const jvmtiError err = env->GetPhase(&phase);
    record(env, event, phase, "GetPhase", err);
    return phase;
}

void currentThread(jvmtiEnv* env, const char* event, jvmtiPhase phase) {
    jthread thread = nullptr;
    record(env, event, phase, "GetCurrentThread", env->GetCurrentThread(&thread));
    // A local reference the VM frees when the callback returns.
}

void classSignature(jvmtiEnv* env, const char* event, jvmtiPhase phase, jclass klass) {
    char* signature = nullptr;
    char* generic = nullptr;
    const jvmtiError err = env->GetClassSignature(klass, &signature, &generic);
    record(env, event, phase, "GetClassSignature", err);
    if (err != JVMTI_ERROR_NONE) return;
    env->Deallocate(reinterpret_cast<unsigned char*>(signature));
    if (generic != nullptr) env->Deallocate(reinterpret_cast<unsigned char*>(generic));
}

void JNICALL onVMStart(jvmtiEnv* env, JNIEnv*) {
    const jvmtiPhase phase = phaseOf(env, "VMStart");
    currentThread(env, "VMStart", phase);
}

void JNICALL onClassLoad(jvmtiEnv* env, JNIEnv*, jthread, jclass klass) {
    const jvmtiPhase phase = phaseOf(env, "ClassLoad");
    currentThread(env, "ClassLoad", phase);
    classSignature(env, "ClassLoad", phase, klass);
}

void JNICALL onClassPrepare(jvmtiEnv* env, JNIEnv*, jthread, jclass klass) {
    const jvmtiPhase phase = phaseOf(env, "ClassPrepare");
    currentThread(env, "ClassPrepare", phase);
    classSignature(env, "ClassPrepare", phase, klass);
}

void JNICALL onNativeMethodBind(jvmtiEnv* env, JNIEnv*, jthread, jmethodID method, void*, void**) {
    const jvmtiPhase phase = phaseOf(env, "NativeMethodBind");
    // The VM binds natives in the primordial phase too, where none of these may be called.
    if (phase == JVMTI_PHASE_PRIMORDIAL) return;
    currentThread(env, "NativeMethodBind", phase);
    char* name = nullptr;
    char* signature = nullptr;
    const jvmtiError err = env->GetMethodName(method, &name, &signature, nullptr);
    record(env, "NativeMethodBind", phase, "GetMethodName", err);
    if (err == JVMTI_ERROR_NONE) {
        env->Deallocate(reinterpret_cast<unsigned char*>(name));
        env->Deallocate(reinterpret_cast<unsigned char*>(signature));
    }
    jclass declaring = nullptr;
    const jvmtiError derr = env->GetMethodDeclaringClass(method, &declaring);
    record(env, "NativeMethodBind", phase, "GetMethodDeclaringClass", derr);
    if (derr == JVMTI_ERROR_NONE) classSignature(env, "NativeMethodBind", phase, declaring);
}

void JNICALL onVMInit(jvmtiEnv* env, JNIEnv*, jthread) {
    const jvmtiPhase phase = phaseOf(env, "VMInit");
    currentThread(env, "VMInit", phase);
    // The early events have shown what they had to: the rest of the run stays quiet.
    env->SetEventNotificationMode(JVMTI_DISABLE, JVMTI_EVENT_CLASS_LOAD, nullptr);
    env->SetEventNotificationMode(JVMTI_DISABLE, JVMTI_EVENT_CLASS_PREPARE, nullptr);
    env->SetEventNotificationMode(JVMTI_DISABLE, JVMTI_EVENT_NATIVE_METHOD_BIND, nullptr);
}

void JNICALL onVMDeath(jvmtiEnv*, JNIEnv*) {
    std::lock_guard<std::mutex> g(lock);
    for (const auto& [key, errors] : answers) {
        const auto& [event, phase, function] = key;
        std::string list;
        for (const std::string& e : errors) list += (list.empty() ? "" : " ") + e;
        au_printf("%s in %s: %s -> %s\n", event.c_str(), phase.c_str(), function.c_str(), list.c_str());
    }
    au_close();
}

}  // namespace

extern "C" JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM* vm, char* options, void*) {
    if (au_open(options) != 0) return JNI_ERR;
    if (vm->GetEnv(reinterpret_cast<void**>(&jvmti), AU_JVMTI_VERSION) != JNI_OK) return JNI_ERR;

    jvmtiCapabilities caps{};
    if (AU_CHECK(jvmti, jvmti->GetPotentialCapabilities(&caps)) != JVMTI_ERROR_NONE) return JNI_ERR;
    if (AU_CHECK(jvmti, jvmti->AddCapabilities(&caps)) != JVMTI_ERROR_NONE) return JNI_ERR;
    jvmtiCapabilities held{};
    AU_CHECK(jvmti, jvmti->GetCapabilities(&held));
    au_printf("can_generate_early_vmstart %u, can_generate_early_class_hook_events %u\n",
              static_cast<unsigned>(held.can_generate_early_vmstart),
              static_cast<unsigned>(held.can_generate_early_class_hook_events));

    jvmtiEventCallbacks cb{};
    cb.VMStart = onVMStart;
    cb.VMInit = onVMInit;
    cb.VMDeath = onVMDeath;
    cb.ClassLoad = onClassLoad;
    cb.ClassPrepare = onClassPrepare;
    cb.NativeMethodBind = onNativeMethodBind;
    AU_CHECK(jvmti, jvmti->SetEventCallbacks(&cb, sizeof cb));
    for (jvmtiEvent e : {JVMTI_EVENT_VM_START, JVMTI_EVENT_VM_INIT, JVMTI_EVENT_VM_DEATH, JVMTI_EVENT_CLASS_LOAD,
                         JVMTI_EVENT_CLASS_PREPARE, JVMTI_EVENT_NATIVE_METHOD_BIND})
        AU_CHECK(jvmti, jvmti->SetEventNotificationMode(JVMTI_ENABLE, e, nullptr));
    return JNI_OK;
}
