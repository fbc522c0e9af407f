// heapwalker: at VMDeath, walks the heap agenttest.heap.Main leaves behind (see Main.java):
// tags Nodes with IterateThroughHeap (class filter) and SetTag, follows references from
// Main.list and from the heap roots, and counts the tagged objects with GetObjectsWithTags.
//
// Options: out=FILE.
#include "agent_util.h"

#include <cstring>
#include <string>

namespace {

jvmtiEnv* jvmti;

#include "heap_walk.hpp"

// The loaded classes with these signatures (local references), in order.
bool find_classes(const char* const* signatures, jclass* found, int n)
{
    jint count = 0;
    jclass* classes = nullptr;
    if (AU_CHECK(jvmti, jvmti->GetLoadedClasses(&count, &classes)) != JVMTI_ERROR_NONE) return false;
    for (int i = 0; i < n; ++i) found[i] = nullptr;
    for (jint c = 0; c < count; ++c) {
        char* sig = nullptr;
        if (AU_CHECK(jvmti, jvmti->GetClassSignature(classes[c], &sig, nullptr)) != JVMTI_ERROR_NONE) continue;
        for (int i = 0; i < n; ++i) {
            if (found[i] == nullptr && std::strcmp(sig, signatures[i]) == 0) found[i] = classes[c];
        }
        jvmti->Deallocate(reinterpret_cast<unsigned char*>(sig));
    }
    jvmti->Deallocate(reinterpret_cast<unsigned char*>(classes));
    for (int i = 0; i < n; ++i) {
        if (found[i] == nullptr) {
            au_printf("class %s not loaded\n", signatures[i]);
            return false;
        }
    }
    return true;
}

void walk(JNIEnv* jni)
{
    const char* const signatures[] = {"Lagenttest/heap/Main;", "Lagenttest/heap/Node;", "Lagenttest/heap/Holder;"};
    jclass classes[3];
    if (!find_classes(signatures, classes, 3)) return;
    jclass main_class = classes[0], node_class = classes[1], holder_class = classes[2];

    AU_CHECK(jvmti, jvmti->ForceGarbageCollection());
    AU_CHECK(jvmti, jvmti->SetTag(node_class, kNodeClassTag));
    AU_CHECK(jvmti, jvmti->SetTag(holder_class, kHolderClassTag));
    jlong tag = 0;
    AU_CHECK(jvmti, jvmti->GetTag(node_class, &tag));
    au_printf("Node class tag: %lld\n", static_cast<long long>(tag));

    jvmtiHeapCallbacks callbacks;
    std::memset(&callbacks, 0, sizeof callbacks);
    callbacks.heap_iteration_callback = tag_node;
    callbacks.primitive_field_callback = sum_value;
    AU_CHECK(jvmti, jvmti->IterateThroughHeap(0, node_class, &callbacks, nullptr));
    au_printf("IterateThroughHeap(Node): %d objects, sum of Node.value %lld\n", counts.nodes, counts.value_sum);

    std::memset(&callbacks, 0, sizeof callbacks);
    callbacks.heap_iteration_callback = count_holder;
    AU_CHECK(jvmti, jvmti->IterateThroughHeap(JVMTI_HEAP_FILTER_CLASS_UNTAGGED, nullptr, &callbacks, nullptr));
    au_printf("IterateThroughHeap(tagged classes): %d Holder objects\n", counts.holders);

    jfieldID list_field = jni->GetStaticFieldID(main_class, "list", "Lagenttest/heap/Holder;");
    jobject holder = list_field != nullptr ? jni->GetStaticObjectField(main_class, list_field) : nullptr;
    if (holder == nullptr) {
        au_printf("Main.list not found\n");
        return;
    }
    AU_CHECK(jvmti, jvmti->SetTag(holder, kHolderTag));
    tag = 0;
    AU_CHECK(jvmti, jvmti->GetTag(holder, &tag));
    au_printf("Main.list tagged: %lld\n", static_cast<long long>(tag));

    std::memset(&callbacks, 0, sizeof callbacks);
    callbacks.heap_reference_callback = follow_list;
    AU_CHECK(jvmti, jvmti->FollowReferences(0, nullptr, holder, &callbacks, nullptr));
    au_printf("FollowReferences(Main.list): %d Node objects; field references to Node: %d from Holder, %d from Node\n",
              counts.listed, counts.refs_from_holder, counts.refs_from_node);

    callbacks.heap_reference_callback = follow_all;
    AU_CHECK(jvmti, jvmti->FollowReferences(0, nullptr, nullptr, &callbacks, nullptr));
    au_printf("FollowReferences(heap roots): %d Node objects\n", counts.from_roots);

    const jlong tags[] = {kSeen, kInList, kSeen + kFromRoots, kInList + kFromRoots};
    jint count = 0;
    jobject* objects = nullptr;
    jlong* object_tags = nullptr;
    if (AU_CHECK(jvmti, jvmti->GetObjectsWithTags(4, tags, &count, &objects, &object_tags)) == JVMTI_ERROR_NONE) {
        int per_tag[4] = {0, 0, 0, 0};
        bool all_nodes = true;
        for (jint i = 0; i < count; ++i) {
            for (int t = 0; t < 4; ++t) {
                if (object_tags[i] == tags[t]) ++per_tag[t];
            }
            jlong own = 0;
            AU_CHECK(jvmti, jvmti->GetTag(objects[i], &own));
            if (own != object_tags[i] || !jni->IsInstanceOf(objects[i], node_class)) all_nodes = false;
            jni->DeleteLocalRef(objects[i]);
        }
        au_printf("GetObjectsWithTags: %d objects; tag %lld: %d, tag %lld: %d, tag %lld: %d, tag %lld: %d\n", count,
                  static_cast<long long>(tags[0]), per_tag[0], static_cast<long long>(tags[1]), per_tag[1],
                  static_cast<long long>(tags[2]), per_tag[2], static_cast<long long>(tags[3]), per_tag[3]);
        au_printf("GetObjectsWithTags: every object a Node with the tag reported: %s\n", all_nodes ? "yes" : "no");
        AU_CHECK(jvmti, jvmti->Deallocate(reinterpret_cast<unsigned char*>(objects)));
        AU_CHECK(jvmti, jvmti->Deallocate(reinterpret_cast<unsigned char*>(object_tags)));
    }
    jni->DeleteLocalRef(holder);
}

void JNICALL on_vm_death(jvmtiEnv*, JNIEnv* jni)
{
    walk(jni);
    au_close();
}

}  // namespace

extern "C" JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM* vm, char* options, void*)
{
    if (vm->GetEnv(reinterpret_cast<void**>(&jvmti), AU_JVMTI_VERSION) != JNI_OK) return JNI_ERR;
    if (au_open(options) != 0) return JNI_ERR;
    jvmtiCapabilities caps;
    std::memset(&caps, 0, sizeof caps);
    caps.can_tag_objects = 1;
    if (AU_CHECK(jvmti, jvmti->AddCapabilities(&caps)) != JVMTI_ERROR_NONE) return JNI_ERR;
    jvmtiEventCallbacks callbacks;
    std::memset(&callbacks, 0, sizeof callbacks);
    callbacks.VMDeath = on_vm_death;
    if (AU_CHECK(jvmti, jvmti->SetEventCallbacks(&callbacks, sizeof callbacks)) != JVMTI_ERROR_NONE) return JNI_ERR;
    AU_CHECK(jvmti, jvmti->SetEventNotificationMode(JVMTI_ENABLE, JVMTI_EVENT_VM_DEATH, nullptr));
    return JNI_OK;
}
