// tablepatch: writes into its environment's function table the way async-profiler does
// (it swaps RedefineClasses and RetransformClasses for hooks that count and forward), then
// calls through the patched slots, checks that a slot the VM leaves empty is empty, and who
// else sees the patch: a second environment
// of the same agent, created after the patch. On HotSpot every environment shares one table,
// so the second one sees it too. Prints what it found; the same text with and without a
// layer in front of the VM.
//
// Options: out=FILE.
#include "agent_util.h"

#include <atomic>

namespace {

jvmtiEnv* jvmti = nullptr;
JavaVM* javaVm = nullptr;

using Redefine = jvmtiError(JNICALL*)(jvmtiEnv*, jint, const jvmtiClassDefinition*);
using Retransform = jvmtiError(JNICALL*)(jvmtiEnv*, jint, const jclass*);
Redefine realRedefine = nullptr;
Retransform realRetransform = nullptr;
std::atomic<int> redefineCalls{0};
std::atomic<int> retransformCalls{0};

jvmtiError JNICALL redefineHook(jvmtiEnv* env, jint count, const jvmtiClassDefinition* defs) {
    ++redefineCalls;
    return realRedefine(env, count, defs);
}

jvmtiError JNICALL retransformHook(jvmtiEnv* env, jint count, const jclass* classes) {
    ++retransformCalls;
    return realRetransform(env, count, classes);
}

void patch() {
    // The cast away from const is the point: agents do write these tables.
    auto* table = const_cast<jvmtiInterface_1_*>(jvmti->functions);
    realRedefine = table->RedefineClasses;
    realRetransform = table->RetransformClasses;
    table->RedefineClasses = redefineHook;
    table->RetransformClasses = retransformHook;
}

void JNICALL onVMInit(jvmtiEnv* env, JNIEnv* jni, jthread) {
    patch();
    char name[96];

    // Through the patched slots, with arguments the VM answers without changing anything.
    jclass hello = jni->FindClass("java/lang/String");
    const jvmtiError r1 = env->RetransformClasses(1, &hello);
    au_printf("RetransformClasses(String) through the patched slot -> %s, hook calls %d\n",
              au_error_name(env, r1, name, sizeof name), retransformCalls.load());
    const jvmtiClassDefinition none{};
    const jvmtiError r2 = env->RedefineClasses(0, &none);
    au_printf("RedefineClasses(no classes) through the patched slot -> %s, hook calls %d\n",
              au_error_name(env, r2, name, sizeof name), redefineCalls.load());
    // A slot the agent did not touch still works.
    jint version = 0;
    AU_CHECK(env, env->GetVersionNumber(&version));
    au_printf("GetVersionNumber through the same table: %s\n", version != 0 ? "answered" : "no answer");
    // Agents learn what the VM offers from NULL slots: JDK 17 has no virtual-thread functions.
    au_printf("SuspendAllVirtualThreads slot: %s\n", env->functions->SuspendAllVirtualThreads ? "set" : "NULL");

    // A second environment, created after the patch.
    jvmtiEnv* second = nullptr;
    if (javaVm->GetEnv(reinterpret_cast<void**>(&second), AU_JVMTI_VERSION) != JNI_OK) {
        au_printf("second environment: GetEnv failed\n");
        return;
    }
    jvmtiCapabilities caps{};
    caps.can_retransform_classes = 1;
    AU_CHECK(second, second->AddCapabilities(&caps));
    au_printf("second environment's RetransformClasses slot is the hook: %s\n",
              second->functions->RetransformClasses == retransformHook ? "yes" : "no");
    const jvmtiError r3 = second->RetransformClasses(1, &hello);
    au_printf("RetransformClasses through the second environment -> %s, hook calls %d\n",
              au_error_name(second, r3, name, sizeof name), retransformCalls.load());
    AU_CHECK(second, second->DisposeEnvironment());

    // Put the table back, as async-profiler does when it stops.
    auto* table = const_cast<jvmtiInterface_1_*>(env->functions);
    table->RedefineClasses = realRedefine;
    table->RetransformClasses = realRetransform;
    const jvmtiError r4 = env->RetransformClasses(1, &hello);
    au_printf("after restoring: RetransformClasses -> %s, hook calls %d\n", au_error_name(env, r4, name, sizeof name),
              retransformCalls.load());
    jni->DeleteLocalRef(hello);
}

void JNICALL onVMDeath(jvmtiEnv*, JNIEnv*) { au_close(); }

}  // namespace

extern "C" JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM* vm, char* options, void*) {
    if (au_open(options) != 0) return JNI_ERR;
    javaVm = vm;
    if (vm->GetEnv(reinterpret_cast<void**>(&jvmti), AU_JVMTI_VERSION) != JNI_OK) return JNI_ERR;
    jvmtiCapabilities caps{};
    caps.can_redefine_classes = 1;
    caps.can_retransform_classes = 1;
    if (AU_CHECK(jvmti, jvmti->AddCapabilities(&caps)) != JVMTI_ERROR_NONE) return JNI_ERR;
    jvmtiEventCallbacks cb{};
    cb.VMInit = onVMInit;
    cb.VMDeath = onVMDeath;
    AU_CHECK(jvmti, jvmti->SetEventCallbacks(&cb, sizeof cb));
    AU_CHECK(jvmti, jvmti->SetEventNotificationMode(JVMTI_ENABLE, JVMTI_EVENT_VM_INIT, nullptr));
    AU_CHECK(jvmti, jvmti->SetEventNotificationMode(JVMTI_ENABLE, JVMTI_EVENT_VM_DEATH, nullptr));
    return JNI_OK;
}
