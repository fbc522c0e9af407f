// The layer's entry points. Agent_OnLoad / Agent_OnAttach read the settings, then either
//  - load each agent= RTLD_LOCAL and call its start-up function with a wrapped JavaVM whose
//    GetEnv hands out layer environments (the layer started first: control environment,
//    reporter, pages, handle checks, tracing); Agent_OnUnload calls each agent's Agent_OnUnload
//    and ends the run (trace, leaks, summary, every report format); or
//  - with adopt=true, patch the VM's own invoke table so that the JVMTI environments the
//    agents the VM loads itself ask for become layer environments; the layer starts at the
//    first such request, and the run ends at process exit, after those agents have unloaded.
// error-exitcode= replaces the exit status at process exit when the run failed.
#include <dlfcn.h>
#include <unistd.h>

#include <atomic>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "checks/call_site.hpp"
#include "checks/handles.hpp"
#include "checks/memory.hpp"
#include "inject/injector.hpp"
#include "layer/api_version.hpp"
#include "layer/layer.hpp"
#include "natives/natives.hpp"
#include "report/advice.hpp"
#include "report/report_files.hpp"
#include "report/report_page.hpp"
#include "report/violations.hpp"
#include "trace/tracing.hpp"

namespace jvmtilayer {

namespace {

// The JavaVM an agent sees: its own function table, the real VM behind it.
struct LayerVM {
    const JNIInvokeInterface_* functions;
    JavaVM* real;
    Agent* agent;
};

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
        // A block held until the JVM ends is often deliberate: an error only when check=strict
        // asks for leak checks, a warning otherwise.
        const Severity severity = checkMode() == CheckMode::Strict ? Severity::Error : Severity::Warning;
        reporter().report(severity, id.c_str(), nullptr, nullptr, what, own_rules::rule("leak.{function}").text,
                          leak.site);
    }
}

// One load of the layer by the VM (-agentpath, -agentlib or an attach) and the agents it
// named: the VM calls Agent_OnUnload once per load, in load order, and each call unloads its
// load's agents.
struct Load {
    std::size_t firstAgent = 0;
    std::size_t agentCount = 0;
};

struct State {
    Settings settings;
    SettingsResult firstLoad;            // the settings as the first load gave them, unexpanded
    std::deque<Agent> agents;            // stable addresses
    std::deque<LayerVM> vms;             // one per agent loaded by the layer
    std::deque<std::string> optionCopies;  // the char* each agent was given
    std::vector<Load> loads;
    std::size_t unloads = 0;             // Agent_OnUnload calls so far
    bool loaded = false;                 // a first load has read the settings
    jvmtiEnv* control = nullptr;         // the layer's own host environment
    bool started = false;                // the layer's reporting and checks are running
    bool finished = false;               // the end-of-run reports are written
    std::vector<std::string> injectWarnings;  // inject='s, reported once the reporter runs
    bool childToolOptionsLeft = false;   // attached: child-tool-options= not applied, reported
    // adopt=true: the VM's invoke table before the layer patched it, and the patched copy.
    const JNIInvokeInterface_* vmInvoke = nullptr;
    JNIInvokeInterface_ adoptInvoke{};
    std::recursive_mutex adoptLock;
};

State& state() {
    static State s;
    return s;
}

// The exit status error-exitcode asks for, once the end-of-run reports found a failure.
std::atomic<int> exitOverride{0};

LayerVM* layerVM(JavaVM* vm) { return reinterpret_cast<LayerVM*>(vm); }

jint JNICALL vmDestroy(JavaVM* vm) { return layerVM(vm)->real->functions->DestroyJavaVM(layerVM(vm)->real); }

jint JNICALL vmAttach(JavaVM* vm, void** penv, void* args) {
    return layerVM(vm)->real->functions->AttachCurrentThread(layerVM(vm)->real, penv, args);
}

jint JNICALL vmDetach(JavaVM* vm) { return layerVM(vm)->real->functions->DetachCurrentThread(layerVM(vm)->real); }

jint JNICALL vmAttachDaemon(JavaVM* vm, void** penv, void* args) {
    return layerVM(vm)->real->functions->AttachCurrentThreadAsDaemon(layerVM(vm)->real, penv, args);
}

bool isJvmti(jint version) { return (version & JVMTI_VERSION_MASK_INTERFACE_TYPE) == JVMTI_VERSION_INTERFACE_JVMTI; }

// A layer environment for `agent` in front of the host environment `host` just created.
jint wrapHostEnv(jvmtiEnv* host, Agent* agent, void** penv, jint version) {
    Env* env = createEnv(host, agent, version);
    if (env == nullptr) {
        host->functions->DisposeEnvironment(host);
        reportProblem(Severity::Error, own_rules::rule("GetEnv.too_many"), "GetEnv", nullptr,
                      "the layer has no room for another environment");
        return JNI_ENOMEM;
    }
    *penv = env->asJvmti();
    return JNI_OK;
}

// api-version=: a JVMTI version later than the release played does not exist (JNI_EVERSION),
// as on that release's VM. Reported as info: probing GetEnv for the newest version is usual.
bool laterThanRelease(jint version) {
    if (api_version::acceptsGetEnv(version)) return false;
    char hex[16];
    std::snprintf(hex, sizeof hex, "0x%08x", static_cast<unsigned>(version));
    reportProblem(Severity::Info, own_rules::rule("api_version.get_env"), "GetEnv", nullptr,
                  std::string("JNI_EVERSION for version ") + hex + ": it came after JVMTI " + api_version::releaseName() +
                      " (api-version=)");
    return true;
}

// JNI versions go to the VM; JVMTI versions get a layer environment in front of the one
// the VM creates, so the VM decides which versions exist, as it would without the layer.
jint JNICALL vmGetEnv(JavaVM* vm, void** penv, jint version) {
    LayerVM* lvm = layerVM(vm);
    JavaVM* real = lvm->real;
    if (!isJvmti(version) || checkMode() == CheckMode::Off) return real->functions->GetEnv(real, penv, version);
    if (laterThanRelease(version)) return JNI_EVERSION;
    jvmtiEnv* host = nullptr;
    const jint result = real->functions->GetEnv(real, reinterpret_cast<void**>(&host), version);
    if (result != JNI_OK) return result;
    return wrapHostEnv(host, lvm->agent, penv, version);
}

const JNIInvokeInterface_ kInvoke = {nullptr, nullptr, nullptr, vmDestroy, vmAttach, vmDetach, vmGetEnv, vmAttachDaemon};

void JNICALL onVMStart(jvmtiEnv*, JNIEnv*) { setPhase(JVMTI_PHASE_START); }
void JNICALL onVMInit(jvmtiEnv*, JNIEnv*, jthread) { setPhase(JVMTI_PHASE_LIVE); }

void JNICALL onClassPrepare(jvmtiEnv* jvmti, JNIEnv* jni, jthread, jclass klass) {
    natives::classPrepared(jvmti, jni, klass);
}

// The layer's own environment: phase tracking and native binding. It is created before any
// agent's, so the VM tells it first and the phase is right when agents hear of an event.
// The phase is the VM's own when the layer starts late (adopt=true, or attached).
bool createControl(JavaVM* vm) {
    State& s = state();
    if (vm->functions->GetEnv(vm, reinterpret_cast<void**>(&s.control), JVMTI_VERSION_1_2) != JNI_OK) {
        std::fprintf(stderr, "jvmtilayer: error: the VM offers no JVMTI environment\n");
        return false;
    }
    jvmtiPhase phase = JVMTI_PHASE_ONLOAD;
    s.control->functions->GetPhase(s.control, &phase);
    setPhase(phase);
    jvmtiEventCallbacks cb{};
    cb.VMStart = onVMStart;
    cb.VMInit = onVMInit;
    cb.ClassPrepare = onClassPrepare;
    s.control->functions->SetEventCallbacks(s.control, &cb, sizeof cb);
    if (phase != JVMTI_PHASE_LIVE) {
        s.control->functions->SetEventNotificationMode(s.control, JVMTI_ENABLE, JVMTI_EVENT_VM_START, nullptr);
        s.control->functions->SetEventNotificationMode(s.control, JVMTI_ENABLE, JVMTI_EVENT_VM_INIT, nullptr);
    }
    natives::start(s.control);
    return true;
}

bool fail(const std::string& message) {
    std::fprintf(stderr, "jvmtilayer: error: %s\n", message.c_str());
    return false;
}

// The end of the run, once every agent has unloaded: trace, leaks, summary, the pages and
// files of report-format, and the exit status error-exitcode asks for.
void finishRun() {
    State& s = state();
    if (!s.started || s.finished) return;
    s.finished = true;
    for (const tracing::Problem& p : tracing::finish()) {
        switch (p.kind) {
        case tracing::Problem::Kind::Dropped:
            reportProblem(Severity::Warning, own_rules::rule("layer.trace_dropped"), nullptr, nullptr, p.message);
            break;
        case tracing::Problem::Kind::TraceWrite:
            reportProblem(Severity::Error, own_rules::rule("layer.trace_write"), nullptr, nullptr, p.message);
            break;
        case tracing::Problem::Kind::StatsWrite:
            reportProblem(Severity::Error, own_rules::rule("layer.stats_write"), nullptr, nullptr, p.message);
            break;
        }
    }
    inject::finish();
    // One collection of leaks, counts and statistics; every format is written from it.
    const auto leaks = memory::leaks();
    reportLeaks(leaks);
    advice::finish();
    reporter().summary();
    report_page::finish(leaks);
    const std::uint64_t failing = report_files::finish();
    if (failing > 0 && s.settings.errorExitcode > 0) {
        reporter().writeLine("jvmtilayer: exit status " + std::to_string(s.settings.errorExitcode) + " (error-exitcode): " +
                             std::to_string(failing) + (failing == 1 ? " report" : " reports") + " at severity " +
                             jvmtireport::failingSeverities(report_files::failLevel(s.settings.failOn)));
        exitOverride.store(s.settings.errorExitcode);
    }
}

// At process exit, after the VM's shutdown and every agent's Agent_OnUnload: an adopted run's
// reports, then the exit status. _exit skips the exit handlers registered before this one
// (the VM's, the C library's own are flushed here first), as AddressSanitizer's exitcode does.
void atProcessExit() {
    if (state().settings.adopt) finishRun();
    const int status = exitOverride.load();
    if (status == 0) return;
    std::fflush(nullptr);
    ::_exit(status);
}

// What every start shares: the control environment, the reporter with its file named,
// report pages, handle checks and tracing. `vm` is the VM's own JavaVM.
bool startLayer(JavaVM* vm) {
    State& s = state();
    checks::findLayerCode();
    if (!createControl(vm)) return false;
    if (!s.settings.apiVersion.empty()) {
        jint vmVersion = 0;
        s.control->functions->GetVersionNumber(s.control, &vmVersion);
        if (auto problem = api_version::configure(*parseRelease(s.settings.apiVersion), vmVersion)) return fail(*problem);
    }
    advice::start(s.settings.advice);
    // report=%p.%m: every JVM of a process tree its own files.
    const std::string mainClass =
        report_files::mainClassOf(report_files::systemProperty(s.control, "sun.java.command"));
    for (std::string* name : {&s.settings.report, &s.settings.traceFile, &s.settings.stats, &s.settings.injectLog})
        *name = report_files::expandReportName(*name, static_cast<int>(::getpid()), mainClass);
    report_files::start(s.settings, s.control);
    if (auto problem = inject::openLog(s.settings.injectLog, fileModeOf(s.settings))) return fail(*problem);
    if (auto problem = reporter().configure(s.settings)) return fail(*problem);
    reporter().setSiteNamer(checks::describeCallSite);
    if ((!s.settings.trace.empty() || !s.settings.stats.empty()) && s.settings.check == CheckMode::Off)
        reportProblem(Severity::Warning, own_rules::rule("layer.trace_check_off"), nullptr, nullptr,
                      "trace= and stats= have no effect with check=off: agents then get the VM's own environments");
    if (auto problem = report_page::start(s.settings)) return fail(*problem);
    jvmtiPhase phase = JVMTI_PHASE_ONLOAD;
    s.control->functions->GetPhase(s.control, &phase);
    const bool live = phase == JVMTI_PHASE_LIVE;
    if (s.settings.check == CheckMode::Strict) {
        if (auto problem = checks::startHandleChecks(vm, live)) return fail(*problem);
    }
    if (s.settings.check != CheckMode::Off) {
        std::vector<std::string> warnings;
        if (auto problem = tracing::start(s.settings, vm, s.control, warnings)) return fail(*problem);
        for (const std::string& w : warnings)
            reportProblem(Severity::Warning, own_rules::rule("layer.trace_filter"), nullptr, nullptr, w);
    }
    for (const std::string& w : s.injectWarnings)
        reportProblem(Severity::Warning, own_rules::rule("inject.plan"), nullptr, nullptr, w);
    if (s.childToolOptionsLeft)
        reportProblem(Severity::Warning, own_rules::rule("layer.child_tool_options"), nullptr, nullptr,
                      "child-tool-options= is not applied: the layer was attached to a running JVM, whose environment "
                      "it leaves unchanged, so the JVMs this one starts are not followed");
    s.started = true;
    // Every function-local state the end of the run reads exists by now, so this handler runs
    // before their destructors.
    std::atexit(atProcessExit);
    return true;
}

bool ownCode(const void* address) {
    static const void* const ownBase = [] {
        Dl_info mine{};
        return ::dladdr(reinterpret_cast<const void*>(&ownCode), &mine) != 0 ? mine.dli_fbase : nullptr;
    }();
    Dl_info other{};
    return ownBase != nullptr && ::dladdr(address, &other) != 0 && other.dli_fbase == ownBase;
}

// adopt=true: the VM's GetEnv, patched. A JVMTI environment asked for by an agent's code
// starts the layer (once) and becomes a layer environment for that agent, named by the
// library the call comes from.
jint JNICALL adoptGetEnv(JavaVM* vm, void** penv, jint version) {
    State& s = state();
    const void* caller = __builtin_return_address(0);
    if (!isJvmti(version) || ownCode(caller)) return s.vmInvoke->GetEnv(vm, penv, version);
    Agent* agent = nullptr;
    {
        std::lock_guard lock(s.adoptLock);
        if (!s.started && !startLayer(vm)) return JNI_ERR;
        Dl_info info{};
        std::string path = ::dladdr(caller, &info) != 0 && info.dli_fname != nullptr ? info.dli_fname : "?";
        if (char* real = ::realpath(path.c_str(), nullptr)) {
            path = real;
            std::free(real);
        }
        for (Agent& a : s.agents)
            if (a.path == path) agent = &a;
        if (agent == nullptr) {
            agent = &s.agents.emplace_back();
            agent->path = path;
            agent->index = static_cast<int>(s.agents.size() - 1);
            addAgentPath(path);
        }
    }
    if (laterThanRelease(version)) return JNI_EVERSION;
    jvmtiEnv* host = nullptr;
    const jint result = s.vmInvoke->GetEnv(vm, reinterpret_cast<void**>(&host), version);
    if (result != JNI_OK) return result;
    return wrapHostEnv(host, agent, penv, version);
}

// adopt=true at load: the VM's invoke table is replaced by a copy whose GetEnv adopts. The
// table pointer is the one every agent's JavaVM* leads to (HotSpot has one JavaVM).
jint startAdopting(JavaVM* vm) {
    State& s = state();
    if (!s.settings.agents.empty())
        return fail("adopt=true takes the agents the VM loads; leave agent= and \"agents\" out"), JNI_ERR;
    if (s.settings.check == CheckMode::Off) return JNI_OK;  // agents would get the VM's own environments anyway
    s.vmInvoke = vm->functions;
    s.adoptInvoke = *vm->functions;
    s.adoptInvoke.GetEnv = adoptGetEnv;
    // JavaVM is a struct holding the table pointer; the VM keeps it in writable memory.
    const_cast<JavaVM_*>(static_cast<const JavaVM_*>(vm))->functions = &s.adoptInvoke;
    return JNI_OK;
}

// The layer's own library, resolved: an agent= naming it would load the layer into itself.
std::string ownLibraryPath() {
    Dl_info mine{};
    if (::dladdr(reinterpret_cast<const void*>(&ownLibraryPath), &mine) == 0 || mine.dli_fname == nullptr) return {};
    char* real = ::realpath(mine.dli_fname, nullptr);
    if (real == nullptr) return mine.dli_fname;
    std::string out = real;
    std::free(real);
    return out;
}

std::optional<std::string> namesTheLayer(const std::vector<AgentSpec>& agents) {
    const std::string own = ownLibraryPath();
    for (const AgentSpec& spec : agents) {
        char* real = ::realpath(spec.path.c_str(), nullptr);
        const bool same = real != nullptr && own == real;
        std::free(real);
        if (same)
            return "agent=" + spec.path +
                   " is libjvmtilayer.so itself; give agent= your agent's library. To put several agents behind the "
                   "layer, load the layer once per agent (-agentpath:libjvmtilayer.so=agent=liba.so "
                   "-agentpath:libjvmtilayer.so=agent=libb.so) or list them in a config file";
    }
    return std::nullopt;
}

// Loads `specs` behind the layer and calls each one's start-up function, as one load.
jint loadAgents(JavaVM* vm, const std::vector<AgentSpec>& specs, void* reserved, bool attach) {
    State& s = state();
    Load& load = s.loads.emplace_back(Load{s.agents.size(), 0});
    const char* entryName = attach ? "Agent_OnAttach" : "Agent_OnLoad";
    for (const AgentSpec& spec : specs) {
        Agent& agent = s.agents.emplace_back();
        ++load.agentCount;
        agent.path = spec.path;
        agent.options = spec.options;
        agent.index = static_cast<int>(s.agents.size() - 1);
        addAgentPath(agent.path);
        // RTLD_LOCAL: agents often export the same helper names; each keeps its own. A library
        // loaded twice (two loads with different options) is one handle, as in the VM.
        agent.handle = ::dlopen(spec.path.c_str(), RTLD_NOW | RTLD_LOCAL);
        if (agent.handle == nullptr)
            return fail("cannot load agent " + spec.path + ": " + ::dlerror()), JNI_ERR;
        using Entry = jint(JNICALL*)(JavaVM*, char*, void*);
        auto entry = reinterpret_cast<Entry>(::dlsym(agent.handle, entryName));
        if (entry == nullptr) return fail("agent " + spec.path + " has no " + entryName + " function"), JNI_ERR;
        bool seen = false;
        for (std::size_t i = 0; i + 1 < s.agents.size(); ++i) seen = seen || s.agents[i].handle == agent.handle;
        if (!seen) natives::addLibrary(agent.path, agent.handle);
        LayerVM& lvm = s.vms.emplace_back(LayerVM{&kInvoke, vm, &agent});
        // The VM passes NULL when no options were given and "" for an empty string.
        char* agentOptions = nullptr;
        if (agent.options) agentOptions = s.optionCopies.emplace_back(*agent.options).data();
        const jint result = entry(reinterpret_cast<JavaVM*>(&lvm), agentOptions, reserved);
        if (result != JNI_OK) {
            fail(std::string(entryName) + " of " + spec.path + " returned " + std::to_string(result));
            return result;
        }
    }
    return JNI_OK;
}

// A further load of the layer in a JVM where it runs already. One that names agents joins:
// its agents are added, in the VM's load order, if it changes no setting. The rest cannot
// join, each for its own reason.
jint joinLayer(JavaVM* vm, const SettingsResult& later, void* reserved, bool attach) {
    State& s = state();
    const bool adopting = s.settings.adopt;
    if (adopting && later.settings.adopt)
        return fail("the layer is loaded twice with adopt=true (jvmti-check adds it to JAVA_TOOL_OPTIONS, and something "
                    "added it again): load it once"),
               JNI_ERR;
    if (adopting)
        return fail("the layer already runs here with adopt=true (as jvmti-check starts it), which puts every agent the "
                    "VM loads behind it; load your agents directly (-agentpath:libagent.so=options), not through "
                    "libjvmtilayer.so"),
               JNI_ERR;
    if (later.settings.adopt)
        return fail("adopt=true in a later load: the layer already runs in this JVM with agent= from an earlier load; "
                    "use one of the two ways (adopt=true, as jvmti-check does, or agent= in each load)"),
               JNI_ERR;
    if (later.settings.agents.empty())
        return fail("this load of the layer names no agent, and the layer already runs in this JVM: give it "
                    "agent=/path/libagent.so[=options], or leave it out"),
               JNI_ERR;
    if (auto problem = joinProblem(s.firstLoad, later)) return fail(*problem), JNI_ERR;
    if (!attach) setPhase(JVMTI_PHASE_ONLOAD);
    const jint result = loadAgents(vm, later.settings.agents, reserved, attach);
    if (result == JNI_OK && !attach) setPhase(JVMTI_PHASE_PRIMORDIAL);
    return result;
}

jint startAgents(JavaVM* vm, char* options, void* reserved, bool attach) {
    State& s = state();
    SettingsResult parsed = loadSettings(options);
    if (!parsed.ok()) return fail(parsed.error), JNI_ERR;
    if (auto problem = namesTheLayer(parsed.settings.agents)) return fail(*problem), JNI_ERR;
    if (s.loaded) return joinLayer(vm, parsed, reserved, attach);
    s.loaded = true;
    s.settings = parsed.settings;
    s.firstLoad = std::move(parsed);
    setCheckMode(s.settings.check);
    // inject= is checked before any agent starts: a bad rule stops the JVM here.
    if (auto problem = inject::start(s.settings, s.injectWarnings)) return fail(*problem), JNI_ERR;
    // The JVMs this one starts get their own JAVA_TOOL_OPTIONS (jvmti-check's way of following
    // them), set while the VM starts, before it runs other threads. A running JVM's threads read
    // the environment at any time, and setenv and unsetenv are not safe against their getenv:
    // attached, the layer leaves it alone and says so.
    if (!s.settings.childToolOptions.empty()) {
        if (attach) {
            s.childToolOptionsLeft = true;
        } else {
            ::setenv("JAVA_TOOL_OPTIONS", s.settings.childToolOptions.c_str(), 1);
            ::unsetenv(envVarName("child-tool-options").c_str());
        }
    }
    if (s.settings.adopt) return startAdopting(vm);
    if (s.settings.agents.empty())
        return fail("no agent to load: give agent=/path/libagent.so[=options] last, a config file listing agents, "
                    "or adopt=true"),
               JNI_ERR;
    setPhase(attach ? JVMTI_PHASE_LIVE : JVMTI_PHASE_ONLOAD);
    if (!startLayer(vm)) return JNI_ERR;
    const jint result = loadAgents(vm, s.settings.agents, reserved, attach);
    if (result != JNI_OK) return result;
    // The OnLoad phase ends when Agent_OnLoad returns; the VM moves on to primordial (a later
    // load of the layer puts it back to OnLoad while its own agents load).
    if (!attach) setPhase(JVMTI_PHASE_PRIMORDIAL);
    return JNI_OK;
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
    // Adopted agents unload after the layer (the VM unloads in load order): their run ends at exit.
    if (!s.started || s.settings.adopt) return;
    // One call per load of the layer, in load order: this call's load unloads its agents, and
    // the last one ends the run.
    if (s.unloads < s.loads.size()) {
        const Load& load = s.loads[s.unloads++];
        for (std::size_t i = load.firstAgent; i < load.firstAgent + load.agentCount; ++i) {
            using Unload = void(JNICALL*)(JavaVM*);
            auto unload = reinterpret_cast<Unload>(::dlsym(s.agents[i].handle, "Agent_OnUnload"));
            if (unload != nullptr) unload(reinterpret_cast<JavaVM*>(&s.vms[i]));
        }
    }
    if (s.unloads >= s.loads.size()) finishRun();
}

}  // extern "C"
