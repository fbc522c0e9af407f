// twice: one library meant to be loaded several times into one VM (-agentpath:libtwice.so=...
// twice, or several loads of the layer naming it), as the VM allows. Each Agent_OnLoad keeps
// its own state, found again through its environment's local storage, and writes what it saw
// to its own file: the options it was given (so each load must see its own), its events, and
// its Agent_OnUnload (the VM calls it once per load, in load order).
//
// Options: out=FILE,name=NAME
#include "agent_util.h"

#include <cstdio>
#include <cstring>
#include <mutex>
#include <vector>

namespace {

struct Load {
    char name[64];
    FILE* out;
    jvmtiEnv* env;
    int vmInit;
    int classPrepare;  // of agenttest/Hello
};

std::mutex lock;
std::vector<Load*> loads;   // in load order
std::size_t unloaded = 0;   // Agent_OnUnload calls so far

Load* mine(jvmtiEnv* env)
{
    void* data = nullptr;
    if (env->GetEnvironmentLocalStorage(&data) != JVMTI_ERROR_NONE) return nullptr;
    return static_cast<Load*>(data);
}

void JNICALL onVMInit(jvmtiEnv* env, JNIEnv*, jthread)
{
    if (Load* l = mine(env)) {
        ++l->vmInit;
        std::fprintf(l->out, "%s: VMInit, environment %s\n", l->name, l->env == env ? "mine" : "another");
    }
}

void JNICALL onClassPrepare(jvmtiEnv* env, JNIEnv*, jthread, jclass klass)
{
    Load* l = mine(env);
    char* sig = nullptr;
    if (l == nullptr || env->GetClassSignature(klass, &sig, nullptr) != JVMTI_ERROR_NONE) return;
    if (std::strcmp(sig, "Lagenttest/Hello;") == 0) ++l->classPrepare;
    env->Deallocate(reinterpret_cast<unsigned char*>(sig));
}

void JNICALL onVMDeath(jvmtiEnv* env, JNIEnv*)
{
    if (Load* l = mine(env))
        std::fprintf(l->out, "%s: VMDeath, VMInit events %d, ClassPrepare agenttest/Hello events %d\n", l->name,
                     l->vmInit, l->classPrepare);
}

}  // namespace

extern "C" JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM* vm, char* options, void*)
{
    char path[1024];
    auto* l = new Load{};
    if (au_option(options, "name", l->name, sizeof l->name) == nullptr) std::strcpy(l->name, "?");
    if (au_option(options, "out", path, sizeof path) == nullptr || (l->out = std::fopen(path, "w")) == nullptr) {
        std::fprintf(stderr, "twice: give out=FILE\n");
        return JNI_ERR;
    }
    std::setvbuf(l->out, nullptr, _IOLBF, 0);
    {
        std::lock_guard<std::mutex> g(lock);
        loads.push_back(l);
        std::fprintf(l->out, "%s: Agent_OnLoad, load %zu of this library, options name=%s\n", l->name, loads.size(),
                     l->name);
    }
    if (vm->GetEnv(reinterpret_cast<void**>(&l->env), AU_JVMTI_VERSION) != JNI_OK) return JNI_ERR;
    jvmtiEnv* env = l->env;
    if (env->SetEnvironmentLocalStorage(l) != JVMTI_ERROR_NONE) return JNI_ERR;
    jvmtiEventCallbacks cb{};
    cb.VMInit = onVMInit;
    cb.VMDeath = onVMDeath;
    cb.ClassPrepare = onClassPrepare;
    if (env->SetEventCallbacks(&cb, sizeof cb) != JVMTI_ERROR_NONE) return JNI_ERR;
    for (jvmtiEvent e : {JVMTI_EVENT_VM_INIT, JVMTI_EVENT_VM_DEATH, JVMTI_EVENT_CLASS_PREPARE})
        if (env->SetEventNotificationMode(JVMTI_ENABLE, e, nullptr) != JVMTI_ERROR_NONE) return JNI_ERR;
    return JNI_OK;
}

extern "C" JNIEXPORT void JNICALL Agent_OnUnload(JavaVM*)
{
    std::lock_guard<std::mutex> g(lock);
    if (unloaded >= loads.size()) return;
    Load* l = loads[unloaded++];
    std::fprintf(l->out, "%s: Agent_OnUnload, call %zu\n", l->name, unloaded);
    std::fclose(l->out);
}
