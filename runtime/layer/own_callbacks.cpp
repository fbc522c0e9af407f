// The runtime functions through which the VM calls back into the agent: agent threads get
// the agent's own environment, and heap iterations run inside a callback-unsafe region.
#include "layer/layer.hpp"
#include "trace/tracing.hpp"

namespace jvmti_runtime {

using namespace jvmtilayer;

namespace {

// What an agent thread needs to start with its agent's environment.
struct AgentThreadStart {
    Env* env;
    jvmtiStartFunction proc;
    const void* arg;
};

void JNICALL startAgentThread(jvmtiEnv*, JNIEnv* jni, void* arg) {
    const AgentThreadStart start = *static_cast<AgentThreadStart*>(arg);
    delete static_cast<AgentThreadStart*>(arg);
    tracing::CallbackScope scope("agent_thread", true);
    start.proc(start.env->asJvmti(), jni, const_cast<void*>(start.arg));
}

}  // namespace

jvmtiError RunAgentThread(Env& env, jthread thread, jvmtiStartFunction proc, const void* arg, jint priority) {
    auto* start = new AgentThreadStart{&env, proc, arg};
    const jvmtiError result = jvmti_forward::RunAgentThread(env, thread, startAgentThread, start, priority);
    if (result != JVMTI_ERROR_NONE) delete start;  // the thread never started
    return result;
}

// Heap callbacks get no environment, only the agent's user_data, but the VM may run them on
// another thread than the caller's (HotSpot runs heap walks on its VM thread). So each
// callback the agent gave is wrapped: the wrapper marks its own thread callback-unsafe while
// the agent's callback runs, and the agent's user_data travels inside the layer's.

namespace {

struct HeapCall {
    jvmtiHeapCallbacks agent;  // heap 2.0 callbacks
    jvmtiHeapObjectCallback object = nullptr;             // heap 1.0 callbacks
    jvmtiHeapRootCallback root = nullptr;
    jvmtiStackReferenceCallback stack = nullptr;
    jvmtiObjectReferenceCallback reference = nullptr;
    void* userData;
};

HeapCall& call(void* user_data) { return *static_cast<HeapCall*>(user_data); }

// While the agent's heap callback runs: a callback-unsafe region, timed for the trace.
struct InAgentHeapCallback {
    UnsafeRegion region;
    tracing::CallbackScope scope;
    explicit InAgentHeapCallback(const char* name) noexcept : scope(name) {}
};

jint JNICALL heapIteration(jlong class_tag, jlong size, jlong* tag_ptr, jint length, void* user_data) {
    InAgentHeapCallback in("heap_iteration_callback");
    HeapCall& c = call(user_data);
    return c.agent.heap_iteration_callback(class_tag, size, tag_ptr, length, c.userData);
}

jint JNICALL heapReference(jvmtiHeapReferenceKind reference_kind, const jvmtiHeapReferenceInfo* reference_info,
                           jlong class_tag, jlong referrer_class_tag, jlong size, jlong* tag_ptr,
                           jlong* referrer_tag_ptr, jint length, void* user_data) {
    InAgentHeapCallback in("heap_reference_callback");
    HeapCall& c = call(user_data);
    return c.agent.heap_reference_callback(reference_kind, reference_info, class_tag, referrer_class_tag, size, tag_ptr,
                                           referrer_tag_ptr, length, c.userData);
}

jint JNICALL primitiveField(jvmtiHeapReferenceKind kind, const jvmtiHeapReferenceInfo* info, jlong object_class_tag,
                            jlong* object_tag_ptr, jvalue value, jvmtiPrimitiveType value_type, void* user_data) {
    InAgentHeapCallback in("primitive_field_callback");
    HeapCall& c = call(user_data);
    return c.agent.primitive_field_callback(kind, info, object_class_tag, object_tag_ptr, value, value_type,
                                            c.userData);
}

jint JNICALL arrayPrimitiveValue(jlong class_tag, jlong size, jlong* tag_ptr, jint element_count,
                                 jvmtiPrimitiveType element_type, const void* elements, void* user_data) {
    InAgentHeapCallback in("array_primitive_value_callback");
    HeapCall& c = call(user_data);
    return c.agent.array_primitive_value_callback(class_tag, size, tag_ptr, element_count, element_type, elements,
                                                  c.userData);
}

jint JNICALL stringPrimitiveValue(jlong class_tag, jlong size, jlong* tag_ptr, const jchar* value, jint value_length,
                                  void* user_data) {
    InAgentHeapCallback in("string_primitive_value_callback");
    HeapCall& c = call(user_data);
    return c.agent.string_primitive_value_callback(class_tag, size, tag_ptr, value, value_length, c.userData);
}

jvmtiIterationControl JNICALL heapObject(jlong class_tag, jlong size, jlong* tag_ptr, void* user_data) {
    InAgentHeapCallback in("heap_object_callback");
    HeapCall& c = call(user_data);
    return c.object(class_tag, size, tag_ptr, c.userData);
}

jvmtiIterationControl JNICALL heapRoot(jvmtiHeapRootKind root_kind, jlong class_tag, jlong size, jlong* tag_ptr,
                                       void* user_data) {
    InAgentHeapCallback in("heap_root_callback");
    HeapCall& c = call(user_data);
    return c.root(root_kind, class_tag, size, tag_ptr, c.userData);
}

jvmtiIterationControl JNICALL stackReference(jvmtiHeapRootKind root_kind, jlong class_tag, jlong size, jlong* tag_ptr,
                                             jlong thread_tag, jint depth, jmethodID method, jint slot,
                                             void* user_data) {
    InAgentHeapCallback in("stack_reference_callback");
    HeapCall& c = call(user_data);
    return c.stack(root_kind, class_tag, size, tag_ptr, thread_tag, depth, method, slot, c.userData);
}

jvmtiIterationControl JNICALL objectReference(jvmtiObjectReferenceKind reference_kind, jlong class_tag, jlong size,
                                              jlong* tag_ptr, jlong referrer_tag, jint referrer_index,
                                              void* user_data) {
    InAgentHeapCallback in("object_reference_callback");
    HeapCall& c = call(user_data);
    return c.reference(reference_kind, class_tag, size, tag_ptr, referrer_tag, referrer_index, c.userData);
}

// The layer's callbacks for the agent's: a wrapper where the agent set a callback.
jvmtiHeapCallbacks wrap(const jvmtiHeapCallbacks& a) {
    jvmtiHeapCallbacks w = a;  // reserved slots pass through as the agent set them
    w.heap_iteration_callback = a.heap_iteration_callback ? heapIteration : nullptr;
    w.heap_reference_callback = a.heap_reference_callback ? heapReference : nullptr;
    w.primitive_field_callback = a.primitive_field_callback ? primitiveField : nullptr;
    w.array_primitive_value_callback = a.array_primitive_value_callback ? arrayPrimitiveValue : nullptr;
    w.string_primitive_value_callback = a.string_primitive_value_callback ? stringPrimitiveValue : nullptr;
    return w;
}

}  // namespace

jvmtiError FollowReferences(Env& env, jint heap_filter, jclass klass, jobject initial_object,
                            const jvmtiHeapCallbacks* callbacks, const void* user_data) {
    HeapCall c{*callbacks, {}, {}, {}, {}, const_cast<void*>(user_data)};
    const jvmtiHeapCallbacks mine = wrap(*callbacks);
    UnsafeRegion region;
    return jvmti_forward::FollowReferences(env, heap_filter, klass, initial_object, &mine, &c);
}

jvmtiError IterateThroughHeap(Env& env, jint heap_filter, jclass klass, const jvmtiHeapCallbacks* callbacks,
                              const void* user_data) {
    HeapCall c{*callbacks, {}, {}, {}, {}, const_cast<void*>(user_data)};
    const jvmtiHeapCallbacks mine = wrap(*callbacks);
    UnsafeRegion region;
    return jvmti_forward::IterateThroughHeap(env, heap_filter, klass, &mine, &c);
}

jvmtiError IterateOverHeap(Env& env, jvmtiHeapObjectFilter object_filter, jvmtiHeapObjectCallback heap_object_callback,
                           const void* user_data) {
    HeapCall c{{}, heap_object_callback, {}, {}, {}, const_cast<void*>(user_data)};
    UnsafeRegion region;
    return jvmti_forward::IterateOverHeap(env, object_filter, heapObject, &c);
}

jvmtiError IterateOverInstancesOfClass(Env& env, jclass klass, jvmtiHeapObjectFilter object_filter,
                                       jvmtiHeapObjectCallback heap_object_callback, const void* user_data) {
    HeapCall c{{}, heap_object_callback, {}, {}, {}, const_cast<void*>(user_data)};
    UnsafeRegion region;
    return jvmti_forward::IterateOverInstancesOfClass(env, klass, object_filter, heapObject, &c);
}

jvmtiError IterateOverObjectsReachableFromObject(Env& env, jobject object,
                                                 jvmtiObjectReferenceCallback object_reference_callback,
                                                 const void* user_data) {
    HeapCall c{{}, {}, {}, {}, object_reference_callback, const_cast<void*>(user_data)};
    UnsafeRegion region;
    return jvmti_forward::IterateOverObjectsReachableFromObject(env, object, objectReference, &c);
}

jvmtiError IterateOverReachableObjects(Env& env, jvmtiHeapRootCallback heap_root_callback,
                                       jvmtiStackReferenceCallback stack_ref_callback,
                                       jvmtiObjectReferenceCallback object_ref_callback, const void* user_data) {
    HeapCall c{{}, {}, heap_root_callback, stack_ref_callback, object_ref_callback, const_cast<void*>(user_data)};
    UnsafeRegion region;
    return jvmti_forward::IterateOverReachableObjects(env, heap_root_callback ? heapRoot : nullptr,
                                                      stack_ref_callback ? stackReference : nullptr,
                                                      object_ref_callback ? objectReference : nullptr, &c);
}

}  // namespace jvmti_runtime
