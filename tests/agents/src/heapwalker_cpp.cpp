// heapwalker_cpp: the C++ twin of heapwalker.cpp, written against jvmti.hpp. At VMDeath, walks
// the heap agenttest.heap.Main leaves behind: tags Nodes with IterateThroughHeap (class filter)
// and SetTag, follows references from Main.list and from the heap roots, and counts the tagged
// objects with GetObjectsWithTags. The heap callbacks are the C agent's (heap_walk.hpp); the calls around them
// check every Result, and JVMTI memory frees itself.
//
// Options: out=FILE.
#include "agent_util.hpp"

#include <array>
#include <string_view>

namespace {

jvmti::Env env;
#define OK(r) AU_OK(env, (r))

#include "heap_walk.hpp"

// The object's tag, 0 when GetTag fails (reported).
long long tagOf(jobject object) {
    auto tag = env.getTag(object);
    return OK(tag) ? static_cast<long long>(*tag) : 0;
}

// The loaded classes with these signatures (local references), in order.
bool findClasses(const std::array<std::string_view, 3>& signatures, std::array<jclass, 3>& found) {
    found = {};
    auto classes = env.getLoadedClasses();
    if (!OK(classes)) return false;
    for (jclass c : *classes) {
        auto sig = env.getClassSignature(c);
        if (!OK(sig)) continue;
        for (size_t i = 0; i < found.size(); ++i)
            if (found[i] == nullptr && sig->signature.view() == signatures[i]) found[i] = c;
    }
    for (size_t i = 0; i < found.size(); ++i) {
        if (found[i] == nullptr) {
            au_printf("class %s not loaded\n", std::string(signatures[i]).c_str());
            return false;
        }
    }
    return true;
}

void walk(JNIEnv* jni) {
    std::array<jclass, 3> classes;
    if (!findClasses({"Lagenttest/heap/Main;", "Lagenttest/heap/Node;", "Lagenttest/heap/Holder;"}, classes)) return;
    const auto [mainClass, nodeClass, holderClass] = classes;

    (void)OK(env.forceGarbageCollection());
    (void)OK(env.setTag(nodeClass, kNodeClassTag));
    (void)OK(env.setTag(holderClass, kHolderClassTag));
    au_printf("Node class tag: %lld\n", tagOf(nodeClass));

    jvmtiHeapCallbacks callbacks{};
    callbacks.heap_iteration_callback = tag_node;
    callbacks.primitive_field_callback = sum_value;
    (void)OK(env.iterateThroughHeap(jvmti::HeapFilter{}, nodeClass, &callbacks, nullptr));
    au_printf("IterateThroughHeap(Node): %d objects, sum of Node.value %lld\n", counts.nodes, counts.value_sum);

    callbacks = {};
    callbacks.heap_iteration_callback = count_holder;
    (void)OK(env.iterateThroughHeap(jvmti::HeapFilter::ClassUntagged, nullptr, &callbacks, nullptr));
    au_printf("IterateThroughHeap(tagged classes): %d Holder objects\n", counts.holders);

    jfieldID listField = jni->GetStaticFieldID(mainClass, "list", "Lagenttest/heap/Holder;");
    jobject holder = listField != nullptr ? jni->GetStaticObjectField(mainClass, listField) : nullptr;
    if (holder == nullptr) {
        au_printf("Main.list not found\n");
        return;
    }
    (void)OK(env.setTag(holder, kHolderTag));
    au_printf("Main.list tagged: %lld\n", tagOf(holder));

    callbacks = {};
    callbacks.heap_reference_callback = follow_list;
    (void)OK(env.followReferences(jvmti::HeapFilter{}, nullptr, holder, &callbacks, nullptr));
    au_printf("FollowReferences(Main.list): %d Node objects; field references to Node: %d from Holder, %d from Node\n",
              counts.listed, counts.refs_from_holder, counts.refs_from_node);

    callbacks.heap_reference_callback = follow_all;
    (void)OK(env.followReferences(jvmti::HeapFilter{}, nullptr, nullptr, &callbacks, nullptr));
    au_printf("FollowReferences(heap roots): %d Node objects\n", counts.from_roots);

    const jlong tags[] = {kSeen, kInList, kSeen + kFromRoots, kInList + kFromRoots};
    if (auto found = env.getObjectsWithTags(tags); OK(found)) {
        int perTag[4] = {0, 0, 0, 0};
        bool allNodes = true;
        for (size_t i = 0; i < found->object_result.size(); ++i) {
            const jlong tag = found->tag_result[i];
            for (int t = 0; t < 4; ++t) perTag[t] += tag == tags[t] ? 1 : 0;
            jvmti::Local<jobject> object = found->object_result[i];
            auto own = env.getTag(object);
            if (!OK(own) || *own != tag || !jni->IsInstanceOf(object, nodeClass)) allNodes = false;
            jni->DeleteLocalRef(object);
        }
        au_printf("GetObjectsWithTags: %d objects; tag %lld: %d, tag %lld: %d, tag %lld: %d, tag %lld: %d\n",
                  static_cast<int>(found->object_result.size()), static_cast<long long>(tags[0]), perTag[0],
                  static_cast<long long>(tags[1]), perTag[1], static_cast<long long>(tags[2]), perTag[2],
                  static_cast<long long>(tags[3]), perTag[3]);
        au_printf("GetObjectsWithTags: every object a Node with the tag reported: %s\n", allNodes ? "yes" : "no");
    }
    jni->DeleteLocalRef(holder);
}

void onVMDeath(jvmti::Env, JNIEnv* jni) {
    walk(jni);
    au_close();
}

}  // namespace

extern "C" JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM* vm, char* options, void*) {
    auto got = jvmti::Env::of(vm, AU_JVMTI_VERSION);
    if (!got || au_open(options) != 0) return JNI_ERR;
    env = *got;
    if (!OK(env.addCapabilities({jvmti::Capability::can_tag_objects}))) return JNI_ERR;
    jvmti::Events events;
    events.on<jvmti::Event::VMDeath, onVMDeath>();
    return OK(env.setEvents(events)) ? JNI_OK : JNI_ERR;
}
