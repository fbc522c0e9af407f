// The agent of the layer benchmark, run on the JVM with and without the layer.
//   calls=N   in VMInit, N calls each of GetTag and GetFrameCount; prints ns per call
//   phase=N   in VMInit, N calls of GetPhase (a trivial call, for tracing costs); prints ns per
//             call
//   storm     ClassLoad, ObjectFree and SampledObjectAlloc (every allocation sampled) events,
//             counted; prints the counts at VMDeath
#include <jvmti.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace {

jvmtiEnv* jvmti = nullptr;
long calls = 0;
long phases = 0;
std::atomic<long> classLoads{0}, frees{0}, samples{0};

void JNICALL onVMInit(jvmtiEnv* env, JNIEnv*, jthread thread) {
    if (phases > 0) {
        jvmtiPhase phase = JVMTI_PHASE_ONLOAD;
        long live = 0;
        const auto a = std::chrono::steady_clock::now();
        for (long i = 0; i < phases; ++i) live += env->GetPhase(&phase) == JVMTI_ERROR_NONE && phase == JVMTI_PHASE_LIVE;
        const auto b = std::chrono::steady_clock::now();
        std::printf("GetPhase ns/call %.2f (live %ld)\n", std::chrono::duration<double, std::nano>(b - a).count() / double(phases),
                    live);
        std::fflush(stdout);
    }
    if (calls == 0) return;
    jlong tag = 0;
    jint frames = 0;
    env->SetTag(thread, 7);
    const auto a = std::chrono::steady_clock::now();
    for (long i = 0; i < calls; ++i) env->GetTag(thread, &tag);
    const auto b = std::chrono::steady_clock::now();
    for (long i = 0; i < calls; ++i) env->GetFrameCount(nullptr, &frames);
    const auto c = std::chrono::steady_clock::now();
    std::printf("GetTag ns/call %.2f\n", std::chrono::duration<double, std::nano>(b - a).count() / double(calls));
    std::printf("GetFrameCount ns/call %.2f\n", std::chrono::duration<double, std::nano>(c - b).count() / double(calls));
}

void JNICALL onClassLoad(jvmtiEnv*, JNIEnv*, jthread, jclass) { ++classLoads; }
void JNICALL onObjectFree(jvmtiEnv*, jlong) { ++frees; }
void JNICALL onSample(jvmtiEnv* env, JNIEnv*, jthread, jobject object, jclass, jlong) {
    ++samples;
    env->SetTag(object, 1);  // so ObjectFree has something to report
}
void JNICALL onVMDeath(jvmtiEnv*, JNIEnv*) {
    std::printf("events class_load=%ld sampled=%ld freed>0=%d\n", classLoads.load(), samples.load(), frees.load() > 0);
}

}  // namespace

extern "C" JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM* vm, char* options, void*) {
    if (vm->GetEnv(reinterpret_cast<void**>(&jvmti), JVMTI_VERSION_11) != JNI_OK) return 1;
    const bool storm = options && std::strstr(options, "storm");
    if (options && std::strncmp(options, "calls=", 6) == 0) calls = std::atol(options + 6);
    if (options && std::strncmp(options, "phase=", 6) == 0) phases = std::atol(options + 6);
    jvmtiCapabilities caps{};
    caps.can_tag_objects = 1;
    caps.can_generate_object_free_events = storm;
    caps.can_generate_sampled_object_alloc_events = storm;
    if (jvmti->AddCapabilities(&caps) != JVMTI_ERROR_NONE) return 1;
    jvmtiEventCallbacks cb{};
    cb.VMInit = onVMInit;
    cb.VMDeath = onVMDeath;
    cb.ClassLoad = onClassLoad;
    cb.ObjectFree = onObjectFree;
    cb.SampledObjectAlloc = onSample;
    jvmti->SetEventCallbacks(&cb, sizeof cb);
    jvmti->SetEventNotificationMode(JVMTI_ENABLE, JVMTI_EVENT_VM_INIT, nullptr);
    jvmti->SetEventNotificationMode(JVMTI_ENABLE, JVMTI_EVENT_VM_DEATH, nullptr);
    if (storm) {
        jvmti->SetHeapSamplingInterval(0);
        jvmti->SetEventNotificationMode(JVMTI_ENABLE, JVMTI_EVENT_CLASS_LOAD, nullptr);
        jvmti->SetEventNotificationMode(JVMTI_ENABLE, JVMTI_EVENT_OBJECT_FREE, nullptr);
        jvmti->SetEventNotificationMode(JVMTI_ENABLE, JVMTI_EVENT_SAMPLED_OBJECT_ALLOC, nullptr);
    }
    return 0;
}
