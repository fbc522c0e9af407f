// pair: built twice, as pair_a (PAIR_NAME "a", shared_helper() returns 1) and pair_b ("b", 2),
// to load two agents into one VM: each sets its own event callbacks and environment-local
// storage, and both export shared_helper. Loaded RTLD_LOCAL (as the VM loads agents), each
// library's call (through the PLT) reaches its own shared_helper, and so does
// dlsym(RTLD_DEFAULT), which searches the global scope before the caller's own; loaded
// RTLD_GLOBAL, the second library would reach the first's.
//
// Options: out=FILE.
#include "agent_util.h"

#include <dlfcn.h>

#include <cstring>
#include <initializer_list>

#ifndef PAIR_NAME
#error "PAIR_NAME must be defined"
#endif
#ifndef PAIR_HELPER_VALUE
#error "PAIR_HELPER_VALUE must be defined"
#endif

extern "C" JNIEXPORT int shared_helper();
extern "C" JNIEXPORT int shared_helper()
{
    return PAIR_HELPER_VALUE;
}

namespace {

// Which library defines the shared_helper that the default search order finds from here.
const char* global_helper()
{
    static const char marker = 0;
    Dl_info own, found;
    void* helper = dlsym(RTLD_DEFAULT, "shared_helper");
    if (helper == nullptr) return "none";
    if (dladdr(&marker, &own) == 0 || dladdr(helper, &found) == 0) return "unknown";
    return own.dli_fbase == found.dli_fbase ? "this library's" : "another library's";
}

struct Storage {
    const char* name;
    int vm_init_events;
    int class_prepare_events;
};

Storage storage = {PAIR_NAME, 0, 0};
jvmtiEnv* jvmti;

Storage* local_storage(jvmtiEnv* env)
{
    void* data = nullptr;
    if (AU_CHECK(env, env->GetEnvironmentLocalStorage(&data)) != JVMTI_ERROR_NONE) return nullptr;
    return static_cast<Storage*>(data);
}

void JNICALL on_vm_init(jvmtiEnv* env, JNIEnv*, jthread)
{
    Storage* s = local_storage(env);
    au_printf("%s: VMInit, environment %s, storage %s\n", PAIR_NAME, env == jvmti ? "mine" : "another",
              s == &storage ? "mine" : "another");
    if (s != nullptr) ++s->vm_init_events;
}

void JNICALL on_class_prepare(jvmtiEnv* env, JNIEnv*, jthread, jclass klass)
{
    char* sig = nullptr;
    if (AU_CHECK(env, env->GetClassSignature(klass, &sig, nullptr)) != JVMTI_ERROR_NONE) return;
    if (std::strcmp(sig, "Lagenttest/Hello;") == 0) {
        Storage* s = local_storage(env);
        if (s != nullptr) ++s->class_prepare_events;
    }
    env->Deallocate(reinterpret_cast<unsigned char*>(sig));
}

void JNICALL on_vm_death(jvmtiEnv* env, JNIEnv*)
{
    Storage* s = local_storage(env);
    au_printf("%s: VMDeath, storage %s, VMInit events %d, ClassPrepare agenttest/Hello events %d\n", PAIR_NAME,
              s == &storage ? "mine" : "another", s ? s->vm_init_events : -1, s ? s->class_prepare_events : -1);
    au_close();
}

}  // namespace

extern "C" JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM* vm, char* options, void*)
{
    if (vm->GetEnv(reinterpret_cast<void**>(&jvmti), AU_JVMTI_VERSION) != JNI_OK) return JNI_ERR;
    if (au_open(options) != 0) return JNI_ERR;
    au_printf("%s: Agent_OnLoad, shared_helper() = %d, dlsym(RTLD_DEFAULT) finds %s\n", PAIR_NAME, shared_helper(),
              global_helper());
    if (AU_CHECK(jvmti, jvmti->SetEnvironmentLocalStorage(&storage)) != JVMTI_ERROR_NONE) return JNI_ERR;
    jvmtiEventCallbacks callbacks;
    std::memset(&callbacks, 0, sizeof callbacks);
    callbacks.VMInit = on_vm_init;
    callbacks.ClassPrepare = on_class_prepare;
    callbacks.VMDeath = on_vm_death;
    if (AU_CHECK(jvmti, jvmti->SetEventCallbacks(&callbacks, sizeof callbacks)) != JVMTI_ERROR_NONE) return JNI_ERR;
    for (jvmtiEvent e : {JVMTI_EVENT_VM_INIT, JVMTI_EVENT_CLASS_PREPARE, JVMTI_EVENT_VM_DEATH}) {
        AU_CHECK(jvmti, jvmti->SetEventNotificationMode(JVMTI_ENABLE, e, nullptr));
    }
    return JNI_OK;
}
