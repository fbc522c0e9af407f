// The consumer's tiny VM: it implements the five queries the generated checking entries need
// and takes every JVMTI function from the generated stubs. Agents get a jvmtiEnv whose
// function table is jvmti_runtime::checkedFunctionTable.
#include "tinyvm.h"

#include <dlfcn.h>

#include <cstdio>
#include <string>

#include "jvmti_metadata.hpp"
#include "jvmti_runtime.hpp"

namespace jvmti_runtime {

struct Env {
    jvmtiCapabilities capabilities{};
};

}  // namespace jvmti_runtime

namespace {

jvmti_runtime::Env theEnv;
_jvmtiEnv theJvmtiEnv{&jvmti_runtime::checkedFunctionTable};
_jvmtiEnv foreignJvmtiEnv{&jvmti_runtime::checkedFunctionTable};  // an env this VM never made
jvmtiPhase phase = JVMTI_PHASE_ONLOAD;
std::string violations;

jint JNICALL failingInvoke(JavaVM*) { return JNI_ERR; }
jint JNICALL failingAttach(JavaVM*, void**, void*) { return JNI_ERR; }

// Hands out the one JVMTI environment for any JVMTI version; no JNI.
jint JNICALL getEnv(JavaVM*, void** penv, jint version) {
    if ((version & JVMTI_VERSION_MASK_INTERFACE_TYPE) != JVMTI_VERSION_INTERFACE_JVMTI) {
        *penv = nullptr;
        return JNI_EVERSION;
    }
    *penv = &theJvmtiEnv;
    return JNI_OK;
}

const JNIInvokeInterface_ invokeInterface = {
    nullptr, nullptr, nullptr, failingInvoke, failingAttach, failingInvoke, getEnv, failingAttach,
};
JavaVM theVm{&invokeInterface};

}  // namespace

// ---- The queries of jvmti_runtime.hpp ----
namespace jvmti_runtime {

Env* environment(jvmtiEnv* env) noexcept { return env == &theJvmtiEnv ? &theEnv : nullptr; }
jvmtiPhase currentPhase(const Env&) noexcept { return phase; }
const jvmtiCapabilities& capabilities(const Env& env) noexcept { return env.capabilities; }
bool inCallbackUnsafeRegion() noexcept { return false; }
void enteredFrom(const void*) noexcept {}
bool checkingHandles() noexcept { return false; }
HandleState handleState(Env&, HandleKind, const void*) noexcept { return HandleState::Live; }

void reportViolation(Env*, const Violation& violation) noexcept {
    if (!violations.empty()) violations += ' ';
    violations += violation.id;
}

}  // namespace jvmti_runtime

extern "C" int tinyvm_load_agent(const char* path, const char* options) {
    void* library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (library == nullptr) return -1000;
    using OnLoad = jint(JNICALL*)(JavaVM*, char*, void*);
    auto onLoad = reinterpret_cast<OnLoad>(dlsym(library, "Agent_OnLoad"));
    if (onLoad == nullptr) return -1000;
    return onLoad(&theVm, const_cast<char*>(options), nullptr);
}

extern "C" void tinyvm_start(void) { phase = JVMTI_PHASE_LIVE; }

extern "C" int tinyvm_self_check(char* report, size_t size) {
    const jvmtiInterface_1_& table = jvmti_runtime::checkedFunctionTable;
    jint version = 0;
    struct Call {
        const char* what;
        jvmtiError expected, got;
    } calls[] = {
        {"GetVersionNumber(env, NULL)", JVMTI_ERROR_NULL_POINTER, table.GetVersionNumber(&theJvmtiEnv, nullptr)},
        {"GetVersionNumber(env, &version)", JVMTI_ERROR_NOT_AVAILABLE, table.GetVersionNumber(&theJvmtiEnv, &version)},
        {"GetVersionNumber(foreign, &version)", JVMTI_ERROR_INVALID_ENVIRONMENT,
         table.GetVersionNumber(&foreignJvmtiEnv, &version)},
        {"SuspendThread(env, NULL)", JVMTI_ERROR_MUST_POSSESS_CAPABILITY, table.SuspendThread(&theJvmtiEnv, nullptr)},
    };
    int wrong = 0;
    std::string text;
    for (const Call& c : calls) {
        const char* name = jvmti_metadata::errorName(c.got);
        text += std::string(c.what) + " = " + (name ? name : "?") + "\n";
        if (c.got != c.expected) ++wrong;
    }
    std::snprintf(report, size, "%s", text.c_str());
    return wrong;
}

extern "C" const char* tinyvm_violations(void) { return violations.c_str(); }
