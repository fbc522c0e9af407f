// chaos: calls every function of the JVMTI table from every place an agent reaches, only in ways
// the checking layer must refuse before the call reaches the VM, and checks each refusal against
// what the generated metadata predicts (chaos_predict.cpp; the calls are made by chaos_pass.cpp).
// Run behind libjvmtilayer.so with check=strict (the option `strict` tells the agent so).
//
// The places, in the order they come:
//   onload         Agent_OnLoad (the OnLoad phase)
//   vm_start       the VMStart event (the start phase)
//   vm_init        the VMInit event (the live phase)
//   heap_callback  the first heap_iteration_callback of an IterateThroughHeap (callback-unsafe)
//   gc_finish      the GarbageCollectionFinish handler of a ForceGarbageCollection (a handler the
//                  spec restricts to callback-safe functions)
//   class_prepare  the first ClassPrepare event after VMInit
//   agent_thread   a thread started with RunAgentThread
// The environments: one with every capability the VM offers but can_generate_early_vmstart,
// one with none, one disposed in Agent_OnLoad, and for each capability a function requires,
// one with the first one's capabilities but that one.
//
// Output: out=FILE gets the summary (calls per place, refusals by kind of rule, mismatches,
// skipped cases), prediction=FILE one line per report id: "ID COUNT ERROR", sorted by id, the
// reports the layer must have made. Both are written at VMDeath.
#include "agent_util.h"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <map>
#include <string>

#include "chaos.hpp"

namespace {

using namespace chaos;
namespace md = jvmti_metadata;

enum PlaceId { kOnLoad, kVMStart, kVMInit, kHeapCallback, kGcFinish, kClassPrepare, kAgentThread, kPlaceCount };
const char* const kPlaceNames[kPlaceCount] = {"onload",    "vm_start",      "vm_init",     "heap_callback",
                                              "gc_finish", "class_prepare", "agent_thread"};

Envs envs;
Tally tallies[kPlaceCount];
bool strict = false;
std::string predictionPath;
jint vmVersion = 0;
jrawMonitorID callMonitor;   // a monitor for the calls' jrawMonitorID parameters
jrawMonitorID doneMonitor;   // guards agentThreadDone
bool agentThreadDone = false;
Values shared;               // global references made at VMInit, for places without JNI
std::atomic<bool> heapTaken{false}, gcTaken{false}, prepareTaken{false};

Situation situation(jvmtiPhase phase, bool unsafe, bool jniThread) {
    Situation s;
    s.phase = phase;
    s.callbackUnsafe = unsafe;
    // The layer checks handles with check=strict, in the live phase, on threads the VM knows.
    s.handleChecks = strict && phase == JVMTI_PHASE_LIVE && jniThread && !unsafe;
    return s;
}

void run(PlaceId id, Situation at, JNIEnv* jni, const Values& values) {
    Place place{kPlaceNames[id], at, jni, values};
    runPass(envs, place, tallies[id]);
}

jvmtiPhase phaseNow() {
    jvmtiPhase phase = JVMTI_PHASE_DEAD;
    envs.full->GetPhase(&phase);
    return phase;
}

// Real values in a live place: the thread, java/lang/String, a String, the thread's group, a
// method and a field of String.
Values liveValues(JNIEnv* jni, jthread thread) {
    Values v;
    v.thread = thread;
    v.klass = jni->FindClass("java/lang/String");
    v.object = jni->NewStringUTF("chaos");
    v.method = jni->GetMethodID(v.klass, "length", "()I");
    v.field = jni->GetFieldID(v.klass, "hash", "I");
    v.monitor = callMonitor;
    jvmtiThreadInfo info;
    std::memset(&info, 0, sizeof info);
    if (AU_CHECK(envs.full, envs.full->GetThreadInfo(thread, &info)) == JVMTI_ERROR_NONE) {
        v.group = info.thread_group;
        envs.full->Deallocate(reinterpret_cast<unsigned char*>(info.name));
        if (info.context_class_loader != nullptr) jni->DeleteLocalRef(info.context_class_loader);
    }
    return v;
}

Values globalValues(JNIEnv* jni, const Values& v) {
    Values g = v;
    g.thread = jni->NewGlobalRef(v.thread);
    g.klass = static_cast<jclass>(jni->NewGlobalRef(v.klass));
    g.object = jni->NewGlobalRef(v.object);
    g.group = v.group != nullptr ? jni->NewGlobalRef(v.group) : nullptr;
    return g;
}

jint JNICALL onHeapObject(jlong, jlong, jlong*, jint, void*) {
    if (!heapTaken.exchange(true)) run(kHeapCallback, situation(JVMTI_PHASE_LIVE, true, false), nullptr, shared);
    return JVMTI_VISIT_ABORT;
}

void JNICALL onGcFinish(jvmtiEnv*) {
    if (!gcTaken.exchange(true)) run(kGcFinish, situation(JVMTI_PHASE_LIVE, true, false), nullptr, shared);
}

void JNICALL onClassPrepare(jvmtiEnv*, JNIEnv* jni, jthread thread, jclass klass) {
    if (prepareTaken.exchange(true)) return;
    Values v = shared;
    v.thread = thread;
    v.klass = klass;
    run(kClassPrepare, situation(JVMTI_PHASE_LIVE, false, true), jni, v);
}

void JNICALL agentThread(jvmtiEnv* jvmti, JNIEnv* jni, void*) {
    Values v = shared;
    if (AU_CHECK(jvmti, jvmti->GetCurrentThread(&v.thread)) == JVMTI_ERROR_NONE)
        run(kAgentThread, situation(phaseNow(), false, true), jni, v);
    jvmti->RawMonitorEnter(doneMonitor);
    agentThreadDone = true;
    jvmti->RawMonitorNotifyAll(doneMonitor);
    jvmti->RawMonitorExit(doneMonitor);
}

void JNICALL onVMStart(jvmtiEnv*, JNIEnv* jni) {
    Values v;
    v.monitor = callMonitor;
    jthread thread = nullptr;
    if (envs.full->GetCurrentThread(&thread) == JVMTI_ERROR_NONE) v.thread = thread;
    v.klass = jni->FindClass("java/lang/String");
    if (v.klass != nullptr) {
        v.object = jni->NewStringUTF("chaos");
        v.method = jni->GetMethodID(v.klass, "length", "()I");
        v.field = jni->GetFieldID(v.klass, "hash", "I");
    }
    if (jni->ExceptionCheck()) jni->ExceptionClear();
    run(kVMStart, situation(phaseNow(), false, true), jni, v);
}

void startAgentThread(JNIEnv* jni) {
    jclass threadClass = jni->FindClass("java/lang/Thread");
    jmethodID init = jni->GetMethodID(threadClass, "<init>", "(Ljava/lang/String;)V");
    jobject thread = jni->NewObject(threadClass, init, jni->NewStringUTF("chaos agent thread"));
    if (thread == nullptr || AU_CHECK(envs.full, envs.full->RunAgentThread(thread, agentThread, nullptr,
                                                                             JVMTI_THREAD_NORM_PRIORITY)) != JVMTI_ERROR_NONE) {
        envs.full->RawMonitorEnter(doneMonitor);
        agentThreadDone = true;
        envs.full->RawMonitorExit(doneMonitor);
    }
}

void JNICALL onVMInit(jvmtiEnv* jvmti, JNIEnv* jni, jthread thread) {
    const Values v = liveValues(jni, thread);
    run(kVMInit, situation(phaseNow(), false, true), jni, v);
    shared = globalValues(jni, v);

    jvmtiHeapCallbacks heap;
    std::memset(&heap, 0, sizeof heap);
    heap.heap_iteration_callback = onHeapObject;
    AU_CHECK(jvmti, jvmti->IterateThroughHeap(0, nullptr, &heap, nullptr));

    AU_CHECK(jvmti, jvmti->SetEventNotificationMode(JVMTI_ENABLE, JVMTI_EVENT_GARBAGE_COLLECTION_FINISH, nullptr));
    AU_CHECK(jvmti, jvmti->ForceGarbageCollection());
    AU_CHECK(jvmti, jvmti->SetEventNotificationMode(JVMTI_DISABLE, JVMTI_EVENT_GARBAGE_COLLECTION_FINISH, nullptr));

    AU_CHECK(jvmti, jvmti->SetEventNotificationMode(JVMTI_ENABLE, JVMTI_EVENT_CLASS_PREPARE, nullptr));
    startAgentThread(jni);
}

std::string versionText(jint v) {
    const int major = (v & JVMTI_VERSION_MASK_MAJOR) >> JVMTI_VERSION_SHIFT_MAJOR;
    const int minor = (v & JVMTI_VERSION_MASK_MINOR) >> JVMTI_VERSION_SHIFT_MINOR;
    const int micro = (v & JVMTI_VERSION_MASK_MICRO) >> JVMTI_VERSION_SHIFT_MICRO;
    return std::to_string(major) + "." + std::to_string(minor) + "." + std::to_string(micro);
}

void writeResults() {
    long calls = 0, mismatches = 0, notMade = 0, reached = 0;
    long byKind[static_cast<int>(RuleKind::Count)] = {};
    std::map<std::string, long> byId, skipped;
    std::map<std::string, jvmtiError> errorOf;
    au_printf("chaos: the VM's JVMTI version %s; %d functions in the metadata (JVMTI %s)\n", versionText(vmVersion).c_str(),
              md::functionCount, versionText(JVMTI_VERSION).c_str());
    std::string absent;
    for (const md::Function& f : md::functions) {
        if (reinterpret_cast<void* const*>(envs.full->functions)[f.num - 1] == nullptr)
            absent += std::string(absent.empty() ? "" : ", ") + f.name + " (since " + f.since + ")";
    }
    au_printf("absent from the VM's table (skipped in every place): %s\n", absent.empty() ? "none" : absent.c_str());
    au_printf("environments: all capabilities (%d held), none, disposed, and %zu each lacking one capability\n",
              static_cast<int>(std::count_if(std::begin(md::capabilities), std::end(md::capabilities),
                                             [](const md::Capability& c) { return c.get(envs.fullFacts.caps); })),
              envs.lacking.size());
    for (const Tally& t : tallies) {
        if (!t.reached) continue;
        ++reached;
        std::string kinds;
        for (int k = 0; k < static_cast<int>(RuleKind::Count); ++k) {
            byKind[k] += t.byKind[k];
            if (t.byKind[k] != 0) kinds += std::string(kinds.empty() ? "" : ", ") + ruleKindName(static_cast<RuleKind>(k)) + " " + std::to_string(t.byKind[k]);
        }
        au_printf("place %s: %ld calls, all refused (%s); %ld mismatches\n", t.context, t.calls, kinds.c_str(), t.mismatches);
        calls += t.calls;
        mismatches += t.mismatches;
        notMade += t.notMade;
        for (const auto& [id, n] : t.byId) byId[id] += n;
        for (const auto& [id, e] : t.errorOf) errorOf[id] = e;
        for (const auto& [why, n] : t.skipped) skipped[why] += n;
        for (const auto& line : t.mismatchLines) au_printf("MISMATCH %s\n", line.c_str());
    }
    for (int i = 0; i < kPlaceCount; ++i)
        if (!tallies[i].reached) au_printf("place %s: NOT REACHED\n", kPlaceNames[i]);
    au_printf("places reached: %ld of %d\n", reached, static_cast<int>(kPlaceCount));
    au_printf("calls: %ld\n", calls);
    au_printf("refusals by kind of rule:");
    for (int k = 0; k < static_cast<int>(RuleKind::Count); ++k)
        au_printf(" %s %ld", ruleKindName(static_cast<RuleKind>(k)), byKind[k]);
    au_printf("\nreport ids: %zu\n", byId.size());
    au_printf("valid calls not made (they would reach the VM): %ld\n", notMade);
    for (const auto& [why, n] : skipped) au_printf("skipped: %s: %ld\n", why.c_str(), n);
    au_printf("mismatches: %ld\n", mismatches);

    FILE* out = std::fopen(predictionPath.c_str(), "w");
    if (out == nullptr) {
        au_printf("cannot write the prediction to %s\n", predictionPath.c_str());
        return;
    }
    for (const auto& [id, n] : byId) {
        const char* error = md::errorName(errorOf[id]);
        std::fprintf(out, "%s %ld %s\n", id.c_str(), n, error != nullptr ? error : "?");
    }
    std::fclose(out);
}

void JNICALL onVMDeath(jvmtiEnv* jvmti, JNIEnv*) {
    jvmti->RawMonitorEnter(doneMonitor);
    while (!agentThreadDone) jvmti->RawMonitorWait(doneMonitor, 0);
    jvmti->RawMonitorExit(doneMonitor);
    writeResults();
    au_close();
}

// The full environment gets every capability the VM offers but the early start phase, which
// would change what VMStart means.
jvmtiError addCapabilities(jvmtiEnv* env) {
    jvmtiCapabilities caps;
    std::memset(&caps, 0, sizeof caps);
    if (jvmtiError e = env->GetPotentialCapabilities(&caps); e != JVMTI_ERROR_NONE) return e;
    caps.can_generate_early_vmstart = 0;
    return env->AddCapabilities(&caps);
}

EnvFacts factsOf(jvmtiEnv* env) {
    EnvFacts facts;
    env->GetCapabilities(&facts.caps);
    return facts;
}

// For every capability some function requires and the full environment holds, an environment
// that holds all the full one does but it. What each one really got is asked of it: the
// predictions go by that.
bool addLackingEnvs(JavaVM* vm) {
    for (const md::Capability& c : md::capabilities) {
        bool required = false;
        for (const md::Function& f : md::functions)
            required = required || std::find(f.requiredCapabilities, f.requiredCapabilities + f.requiredCapabilityCount, c.bit) !=
                                       f.requiredCapabilities + f.requiredCapabilityCount;
        if (!required || !c.get(envs.fullFacts.caps)) continue;
        Envs::Lacking l{c.bit, nullptr, {}};
        if (vm->GetEnv(reinterpret_cast<void**>(&l.env), AU_JVMTI_VERSION) != JNI_OK) return false;
        // What this environment may still have (HotSpot lets only one environment hold some
        // capabilities, and the full one holds them), of what the full one has, but c.
        jvmtiCapabilities caps;
        std::memset(&caps, 0, sizeof caps);
        AU_CHECK(l.env, l.env->GetPotentialCapabilities(&caps));
        for (const md::Capability& other : md::capabilities)
            if (!other.get(envs.fullFacts.caps)) other.set(caps, false);
        c.set(caps, false);
        AU_CHECK(l.env, l.env->AddCapabilities(&caps));
        l.facts = factsOf(l.env);
        envs.lacking.push_back(l);
    }
    return true;
}

}  // namespace

extern "C" JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM* vm, char* options, void*) {
    if (au_open(options) != 0) return JNI_ERR;
    char value[1024];
    strict = au_option(options, "strict", value, sizeof value) != nullptr;
    if (au_option(options, "prediction", value, sizeof value) == nullptr) {
        au_printf("chaos: needs prediction=FILE\n");
        return JNI_ERR;
    }
    predictionPath = value;
    for (jvmtiEnv** env : {&envs.full, &envs.bare, &envs.dead})
        if (vm->GetEnv(reinterpret_cast<void**>(env), AU_JVMTI_VERSION) != JNI_OK) return JNI_ERR;
    if (AU_CHECK(envs.full, addCapabilities(envs.full)) != JVMTI_ERROR_NONE) return JNI_ERR;
    envs.fullFacts = factsOf(envs.full);
    envs.bareFacts = factsOf(envs.bare);
    envs.deadFacts.live = false;
    if (!addLackingEnvs(vm)) return JNI_ERR;
    if (AU_CHECK(envs.dead, envs.dead->DisposeEnvironment()) != JVMTI_ERROR_NONE) return JNI_ERR;
    envs.full->GetVersionNumber(&vmVersion);
    AU_CHECK(envs.full, envs.full->CreateRawMonitor("chaos calls", &callMonitor));
    AU_CHECK(envs.full, envs.full->CreateRawMonitor("chaos done", &doneMonitor));

    jvmtiEventCallbacks callbacks;
    std::memset(&callbacks, 0, sizeof callbacks);
    callbacks.VMStart = onVMStart;
    callbacks.VMInit = onVMInit;
    callbacks.VMDeath = onVMDeath;
    callbacks.ClassPrepare = onClassPrepare;
    callbacks.GarbageCollectionFinish = onGcFinish;
    if (AU_CHECK(envs.full, envs.full->SetEventCallbacks(&callbacks, sizeof callbacks)) != JVMTI_ERROR_NONE) return JNI_ERR;
    for (jvmtiEvent e : {JVMTI_EVENT_VM_START, JVMTI_EVENT_VM_INIT, JVMTI_EVENT_VM_DEATH})
        AU_CHECK(envs.full, envs.full->SetEventNotificationMode(JVMTI_ENABLE, e, nullptr));

    Values v;
    v.monitor = callMonitor;
    run(kOnLoad, situation(phaseNow(), false, false), nullptr, v);
    return JNI_OK;
}
