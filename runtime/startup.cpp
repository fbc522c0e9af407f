// The layer's entry points. Agent_OnLoad / Agent_OnAttach read the settings, open the
// reporter, create the layer's own control environment (phase tracking), then load each
// agent RTLD_LOCAL and call its start-up function with a wrapped JavaVM whose GetEnv hands
// out layer environments; trace= and stats= start tracing (tracing.hpp) before any agent
// loads. Agent_OnUnload calls each agent's Agent_OnUnload in order, ends the trace, writes the
// statistics, and reports leaks and the summary.
#include <dlfcn.h>

#include <cstdio>
#include <deque>
#include <memory>
#include <string>

#include "checks/call_site.hpp"
#include "checks/handles.hpp"
#include "layer.hpp"
#include "memory.hpp"
#include "natives.hpp"
#include "report_page.hpp"
#include "tracing.hpp"
#include "violations.hpp"

namespace jvmtilayer {

namespace {

// The JavaVM an agent sees: its own function table, the real VM behind it.
struct LayerVM {
    const JNIInvokeInterface_* functions;
    JavaVM* real;
    Agent* agent;
};

struct State {
    Settings settings;
    std::deque<Agent> agents;            // stable addresses
    std::deque<LayerVM> vms;             // one per agent
    std::deque<std::string> optionCopies;  // the char* each agent was given
    jvmtiEnv* control = nullptr;         // the layer's own host environment
    bool started = false;
};

State& state() {
    static State s;
    return s;
}

LayerVM* layerVM(JavaVM* vm) { return reinterpret_cast<LayerVM*>(vm); }

jint JNICALL vmDestroy(JavaVM* vm) { return layerVM(vm)->real->functions->DestroyJavaVM(layerVM(vm)->real); }

jint JNICALL vmAttach(JavaVM* vm, void** penv, void* args) {
    return layerVM(vm)->real->functions->AttachCurrentThread(layerVM(vm)->real, penv, args);
}

jint JNICALL vmDetach(JavaVM* vm) { return layerVM(vm)->real->functions->DetachCurrentThread(layerVM(vm)->real); }

jint JNICALL vmAttachDaemon(JavaVM* vm, void** penv, void* args) {
    return layerVM(vm)->real->functions->AttachCurrentThreadAsDaemon(layerVM(vm)->real, penv, args);
}

// JNI versions go to the VM; JVMTI versions get a layer environment in front of the one
// the VM creates, so the VM decides which versions exist, as it would without the layer.
jint JNICALL vmGetEnv(JavaVM* vm, void** penv, jint version) {
    LayerVM* lvm = layerVM(vm);
    JavaVM* real = lvm->real;
    const bool jvmti = (version & JVMTI_VERSION_MASK_INTERFACE_TYPE) == JVMTI_VERSION_INTERFACE_JVMTI;
    if (!jvmti || checkMode() == CheckMode::Off) return real->functions->GetEnv(real, penv, version);
    jvmtiEnv* host = nullptr;
    const jint result = real->functions->GetEnv(real, reinterpret_cast<void**>(&host), version);
    if (result != JNI_OK) return result;
    Env* env = createEnv(host, lvm->agent, version);
    if (env == nullptr) {
        host->functions->DisposeEnvironment(host);
        reportProblem(Severity::Error, "GetEnv.too_many", "GetEnv", nullptr,
                      "the layer has no room for another environment", nullptr);
        return JNI_ENOMEM;
    }
    *penv = env->asJvmti();
    return JNI_OK;
}

const JNIInvokeInterface_ kInvoke = {nullptr, nullptr, nullptr, vmDestroy, vmAttach, vmDetach, vmGetEnv, vmAttachDaemon};

void JNICALL onVMStart(jvmtiEnv*, JNIEnv*) { setPhase(JVMTI_PHASE_START); }
void JNICALL onVMInit(jvmtiEnv*, JNIEnv*, jthread) { setPhase(JVMTI_PHASE_LIVE); }

void JNICALL onClassPrepare(jvmtiEnv* jvmti, JNIEnv* jni, jthread, jclass klass) {
    natives::classPrepared(jvmti, jni, klass);
}

// The layer's own environment: phase tracking and native binding. It is created before any
// agent's, so the VM tells it first and the phase is right when agents hear of an event.
bool createControl(JavaVM* vm, bool live) {
    State& s = state();
    if (vm->functions->GetEnv(vm, reinterpret_cast<void**>(&s.control), JVMTI_VERSION_1_2) != JNI_OK) {
        std::fprintf(stderr, "jvmtilayer: error: the VM offers no JVMTI environment\n");
        return false;
    }
    jvmtiEventCallbacks cb{};
    cb.VMStart = onVMStart;
    cb.VMInit = onVMInit;
    cb.ClassPrepare = onClassPrepare;
    s.control->functions->SetEventCallbacks(s.control, &cb, sizeof cb);
    if (!live) {
        s.control->functions->SetEventNotificationMode(s.control, JVMTI_ENABLE, JVMTI_EVENT_VM_START, nullptr);
        s.control->functions->SetEventNotificationMode(s.control, JVMTI_ENABLE, JVMTI_EVENT_VM_INIT, nullptr);
    }
    natives::start(s.control);
    return true;
}

jint startAgents(JavaVM* vm, char* options, void* reserved, bool attach) {
    State& s = state();
    SettingsResult parsed = loadSettings(options);
    if (!parsed.ok()) {
        std::fprintf(stderr, "jvmtilayer: error: %s\n", parsed.error.c_str());
        return JNI_ERR;
    }
    s.settings = std::move(parsed.settings);
    if (auto problem = reporter().configure(s.settings)) {
        std::fprintf(stderr, "jvmtilayer: error: %s\n", problem->c_str());
        return JNI_ERR;
    }
    setCheckMode(s.settings.check);
    checks::findLayerCode();
    reporter().setSiteNamer(checks::describeCallSite);
    if ((!s.settings.trace.empty() || !s.settings.stats.empty()) && s.settings.check == CheckMode::Off)
        reportProblem(Severity::Warning, "layer.trace_check_off", nullptr, nullptr,
                      "trace= and stats= have no effect with check=off: agents then get the VM's own environments",
                      nullptr);
    if (s.settings.agents.empty()) {
        std::fprintf(stderr, "jvmtilayer: error: no agent to load: give agent=/path/libagent.so[=options] last, "
                             "or a config file listing agents\n");
        return JNI_ERR;
    }
    setPhase(attach ? JVMTI_PHASE_LIVE : JVMTI_PHASE_ONLOAD);
    if (!createControl(vm, attach)) return JNI_ERR;
    if (auto problem = report_page::start(s.settings, s.control)) {
        std::fprintf(stderr, "jvmtilayer: error: %s\n", problem->c_str());
        return JNI_ERR;
    }
    if (s.settings.check == CheckMode::Strict) {
        if (auto problem = checks::startHandleChecks(vm, attach)) {
            std::fprintf(stderr, "jvmtilayer: error: %s\n", problem->c_str());
            return JNI_ERR;
        }
    }
    if (s.settings.check != CheckMode::Off) {
        if (auto problem = tracing::start(s.settings, vm, s.control)) {
            std::fprintf(stderr, "jvmtilayer: error: %s\n", problem->c_str());
            return JNI_ERR;
        }
    }

    const char* entryName = attach ? "Agent_OnAttach" : "Agent_OnLoad";
    for (const AgentSpec& spec : s.settings.agents) {
        Agent& agent = s.agents.emplace_back();
        agent.path = spec.path;
        agent.options = spec.options;
        agent.index = static_cast<int>(s.agents.size() - 1);
        // RTLD_LOCAL: agents often export the same helper names; each keeps its own.
        agent.handle = ::dlopen(spec.path.c_str(), RTLD_NOW | RTLD_LOCAL);
        if (agent.handle == nullptr) {
            std::fprintf(stderr, "jvmtilayer: error: cannot load agent %s: %s\n", spec.path.c_str(), ::dlerror());
            return JNI_ERR;
        }
        using Entry = jint(JNICALL*)(JavaVM*, char*, void*);
        auto entry = reinterpret_cast<Entry>(::dlsym(agent.handle, entryName));
        if (entry == nullptr) {
            std::fprintf(stderr, "jvmtilayer: error: agent %s has no %s function\n", spec.path.c_str(), entryName);
            return JNI_ERR;
        }
        natives::addLibrary(agent.path, agent.handle);
        LayerVM& lvm = s.vms.emplace_back(LayerVM{&kInvoke, vm, &agent});
        // The VM passes NULL when no options were given and "" for an empty string.
        char* agentOptions = nullptr;
        if (agent.options) agentOptions = s.optionCopies.emplace_back(*agent.options).data();
        const jint result = entry(reinterpret_cast<JavaVM*>(&lvm), agentOptions, reserved);
        if (result != JNI_OK) {
            std::fprintf(stderr, "jvmtilayer: error: %s of %s returned %d\n", entryName, spec.path.c_str(),
                         static_cast<int>(result));
            return result;
        }
    }
    // The OnLoad phase ends when Agent_OnLoad returns; the VM moves on to primordial.
    if (!attach) setPhase(JVMTI_PHASE_PRIMORDIAL);
    s.started = true;
    return JNI_OK;
}

void reportLeaks(const std::vector<memory::Leak>& leaks) {
    for (const auto& leak : leaks) {
        std::string what = std::to_string(leak.blocks) + (leak.blocks == 1 ? " block" : " blocks") +
                           " returned by " + leak.function + " never deallocated";
        if (leak.bytes) what += ", " + std::to_string(leak.bytes) + " bytes";
        if (!leak.threads.empty()) {
            what += "; allocated by thread";
            for (size_t i = 0; i < leak.threads.size(); ++i) what += (i ? ", " : " ") + std::to_string(leak.threads[i]);
        }
        const std::string id = "leak." + leak.function;
        // Grouped by call site: each group's report names the agent's call that got the blocks.
        reporter().report(Severity::Error, id.c_str(), nullptr, nullptr, what,
                          "JVMTI memory must be freed with Deallocate", leak.site);
    }
}

}  // namespace

}  // namespace jvmtilayer

using namespace jvmtilayer;

extern "C" {

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM* vm, char* options, void* reserved) {
    return startAgents(vm, options, reserved, false);
}

JNIEXPORT jint JNICALL Agent_OnAttach(JavaVM* vm, char* options, void* reserved) {
    return startAgents(vm, options, reserved, true);
}

JNIEXPORT void JNICALL Agent_OnUnload(JavaVM*) {
    State& s = state();
    setPhase(JVMTI_PHASE_DEAD);
    if (!s.started) return;
    for (size_t i = 0; i < s.agents.size(); ++i) {
        using Unload = void(JNICALL*)(JavaVM*);
        auto unload = reinterpret_cast<Unload>(::dlsym(s.agents[i].handle, "Agent_OnUnload"));
        if (unload != nullptr) unload(reinterpret_cast<JavaVM*>(&s.vms[i]));
    }
    tracing::finish();
    // One collection of leaks, counts and statistics; the text lines and the HTML page are
    // both written from it.
    const auto leaks = memory::leaks();
    reportLeaks(leaks);
    reporter().summary();
    report_page::finish(leaks);
}

}  // extern "C"
