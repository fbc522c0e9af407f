// extensions: lists the VM's extension functions and events (ids sorted, with their parameter
// counts), calls com.sun.hotspot.functions.IsClassUnloadingEnabled when present, clears the
// callback of every extension event, and deallocates every block the two queries returned.
//
// Options: out=FILE.
#include "agent_util.h"

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

namespace {

jvmtiEnv* jvmti;
int deallocate_failures;

void release(void* mem)
{
    if (mem != nullptr && jvmti->Deallocate(static_cast<unsigned char*>(mem)) != JVMTI_ERROR_NONE) ++deallocate_failures;
}

void release_params(jint count, jvmtiParamInfo* params)
{
    for (jint p = 0; p < count; ++p) release(params[p].name);
    release(params);
}

void list_functions()
{
    jint count = 0;
    jvmtiExtensionFunctionInfo* infos = nullptr;
    if (AU_CHECK(jvmti, jvmti->GetExtensionFunctions(&count, &infos)) != JVMTI_ERROR_NONE) return;
    std::vector<std::string> lines;
    jvmtiExtensionFunction unloading = nullptr;
    for (jint i = 0; i < count; ++i) {
        const jvmtiExtensionFunctionInfo& f = infos[i];
        lines.push_back(std::string(f.id) + " (" + std::to_string(f.param_count) + " parameters, "
                        + std::to_string(f.error_count) + " errors)");
        if (std::strcmp(f.id, "com.sun.hotspot.functions.IsClassUnloadingEnabled") == 0) unloading = f.func;
    }
    std::sort(lines.begin(), lines.end());
    au_printf("extension functions: %d\n", static_cast<int>(count));
    for (const std::string& line : lines) au_printf("  %s\n", line.c_str());

    if (unloading != nullptr) {
        jboolean enabled = JNI_FALSE;
        jvmtiError err = unloading(jvmti, &enabled);
        char name[128];
        au_printf("IsClassUnloadingEnabled -> %d %s, enabled: %s\n", static_cast<int>(err),
                  au_error_name(jvmti, err, name, sizeof name), enabled ? "true" : "false");
    } else {
        au_printf("IsClassUnloadingEnabled: not offered\n");
    }

    for (jint i = 0; i < count; ++i) {
        release(infos[i].id);
        release(infos[i].short_description);
        release_params(infos[i].param_count, infos[i].params);
        release(infos[i].errors);
    }
    release(infos);
}

void list_events()
{
    jint count = 0;
    jvmtiExtensionEventInfo* infos = nullptr;
    if (AU_CHECK(jvmti, jvmti->GetExtensionEvents(&count, &infos)) != JVMTI_ERROR_NONE) return;
    std::vector<std::string> lines;
    int cleared = 0;
    for (jint i = 0; i < count; ++i) {
        const jvmtiExtensionEventInfo& e = infos[i];
        lines.push_back(std::string(e.id) + " (" + std::to_string(e.param_count) + " parameters)");
        if (AU_CHECK(jvmti, jvmti->SetExtensionEventCallback(e.extension_event_index, nullptr)) == JVMTI_ERROR_NONE) {
            ++cleared;
        }
    }
    std::sort(lines.begin(), lines.end());
    au_printf("extension events: %d\n", static_cast<int>(count));
    for (const std::string& line : lines) au_printf("  %s\n", line.c_str());
    au_printf("extension event callbacks cleared: %d\n", cleared);
    for (jint i = 0; i < count; ++i) {
        release(infos[i].id);
        release(infos[i].short_description);
        release_params(infos[i].param_count, infos[i].params);
    }
    release(infos);
}

void JNICALL on_vm_init(jvmtiEnv*, JNIEnv*, jthread)
{
    au_printf("VMInit\n");
    list_functions();
    list_events();
    au_printf("Deallocate failures: %d\n", deallocate_failures);
    au_close();
}

}  // namespace

extern "C" JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM* vm, char* options, void*)
{
    if (vm->GetEnv(reinterpret_cast<void**>(&jvmti), AU_JVMTI_VERSION) != JNI_OK) return JNI_ERR;
    if (au_open(options) != 0) return JNI_ERR;
    au_printf("Agent_OnLoad\n");
    list_functions();
    jvmtiEventCallbacks callbacks;
    std::memset(&callbacks, 0, sizeof callbacks);
    callbacks.VMInit = on_vm_init;
    if (AU_CHECK(jvmti, jvmti->SetEventCallbacks(&callbacks, sizeof callbacks)) != JVMTI_ERROR_NONE) return JNI_ERR;
    AU_CHECK(jvmti, jvmti->SetEventNotificationMode(JVMTI_ENABLE, JVMTI_EVENT_VM_INIT, nullptr));
    return JNI_OK;
}
