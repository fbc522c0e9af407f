// The agent of scale_bench: the natives ScaleApp calls (heap walks, calls from many threads,
// JVMTI memory held, refused calls) and, with the option `vthreads`, counts of the virtual
// thread events. Run directly on the JVM and behind the layer. With the option `members` it
// also lists each prepared class's methods and fields, as check=strict does to learn their IDs:
// the cost of asking, without the layer.
#include <jvmti.h>

#include <atomic>
#include <cstdio>
#include <cstring>
#include <vector>

namespace {

jvmtiEnv* jvmti = nullptr;
std::atomic<long> vthreadEvents{0};

jint JNICALL tagEach(jlong, jlong, jlong* tag, jint, void* count) {
    *tag = ++*static_cast<long*>(count);
    return 0;
}
jint JNICALL countTagged(jlong, jlong, jlong* tag, jint, void* count) {
    if (*tag != 0) ++*static_cast<long*>(count);
    return 0;
}
jint JNICALL countReferenced(jvmtiHeapReferenceKind, const jvmtiHeapReferenceInfo*, jlong, jlong, jlong, jlong* tag,
                             jlong*, jint, void* count) {
    if (*tag != 0) ++*static_cast<long*>(count);
    return JVMTI_VISIT_OBJECTS;
}

void JNICALL onVirtualThread(jvmtiEnv*, JNIEnv*, jthread) { ++vthreadEvents; }

// GetClassMethods makes a jmethodID for every method, which the VM keeps after the class unloads.
void JNICALL onClassPrepare(jvmtiEnv* env, JNIEnv*, jthread, jclass klass) {
    jint count = 0;
    jmethodID* methods = nullptr;
    if (env->GetClassMethods(klass, &count, &methods) == JVMTI_ERROR_NONE)
        env->Deallocate(reinterpret_cast<unsigned char*>(methods));
    jfieldID* fields = nullptr;
    if (env->GetClassFields(klass, &count, &fields) == JVMTI_ERROR_NONE)
        env->Deallocate(reinterpret_cast<unsigned char*>(fields));
}

}  // namespace

extern "C" {

// Tags every object of `of`, follows references from the roots to them, then counts the
// tagged ones again; prints the three counts and returns the last.
JNIEXPORT jlong JNICALL Java_ScaleApp_walk(JNIEnv*, jclass, jclass of) {
    long tagged = 0, followed = 0, counted = 0;
    jvmtiHeapCallbacks cb{};
    cb.heap_iteration_callback = tagEach;
    jvmti->IterateThroughHeap(0, of, &cb, &tagged);
    jvmtiHeapCallbacks follow{};
    follow.heap_reference_callback = countReferenced;
    jvmti->FollowReferences(0, of, nullptr, &follow, &followed);
    cb.heap_iteration_callback = countTagged;
    jvmti->IterateThroughHeap(JVMTI_HEAP_FILTER_UNTAGGED, of, &cb, &counted);
    std::printf("tagged %ld followed %ld counted %ld\n", tagged, followed, counted);
    return counted;
}

JNIEXPORT jlong JNICALL Java_ScaleApp_calls(JNIEnv*, jclass, jlong n) {
    jthread self = nullptr;
    jvmti->GetCurrentThread(&self);
    jlong tag = 0, sum = 0;
    jint frames = 0;
    for (jlong i = 0; i < n; ++i) {
        jvmti->GetTag(self, &tag);
        jvmti->GetFrameCount(nullptr, &frames);
        sum += frames;
    }
    return sum;
}

JNIEXPORT jlong JNICALL Java_ScaleApp_allocate(JNIEnv*, jclass, jlong n) {
    std::vector<unsigned char*> blocks(static_cast<std::size_t>(n));
    jlong ok = 0;
    for (auto& b : blocks) ok += jvmti->Allocate(16, &b) == JVMTI_ERROR_NONE;
    for (unsigned char* b : blocks) jvmti->Deallocate(b);
    return ok;
}

// NULL for count_ptr: refused by the layer (reported) and by the VM.
JNIEXPORT jlong JNICALL Java_ScaleApp_flood(JNIEnv*, jclass, jlong n) {
    jlong refused = 0;
    for (jlong i = 0; i < n; ++i) refused += jvmti->GetFrameCount(nullptr, nullptr) == JVMTI_ERROR_NULL_POINTER;
    return refused;
}

JNIEXPORT jlong JNICALL Java_ScaleApp_vthreadEvents(JNIEnv*, jclass) { return vthreadEvents.load(); }

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM* vm, char* options, void*) {
    if (vm->GetEnv(reinterpret_cast<void**>(&jvmti), JVMTI_VERSION_11) != JNI_OK) return 1;
    const bool vthreads = options != nullptr && std::strstr(options, "vthreads") != nullptr;
    const bool members = options != nullptr && std::strstr(options, "members") != nullptr;
    jvmtiCapabilities caps{};
    caps.can_tag_objects = 1;
    caps.can_support_virtual_threads = vthreads;
    if (jvmti->AddCapabilities(&caps) != JVMTI_ERROR_NONE) return 1;
    jvmtiEventCallbacks cb{};
    if (vthreads) {
        cb.VirtualThreadStart = onVirtualThread;
        cb.VirtualThreadEnd = onVirtualThread;
    }
    if (members) cb.ClassPrepare = onClassPrepare;
    jvmti->SetEventCallbacks(&cb, sizeof cb);
    if (vthreads) {
        jvmti->SetEventNotificationMode(JVMTI_ENABLE, JVMTI_EVENT_VIRTUAL_THREAD_START, nullptr);
        jvmti->SetEventNotificationMode(JVMTI_ENABLE, JVMTI_EVENT_VIRTUAL_THREAD_END, nullptr);
    }
    if (members) jvmti->SetEventNotificationMode(JVMTI_ENABLE, JVMTI_EVENT_CLASS_PREPARE, nullptr);
    return 0;
}

}  // extern "C"
