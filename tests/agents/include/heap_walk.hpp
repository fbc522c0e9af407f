// The heap walkers' shared part: the tags they use and the five heap callbacks, which count what
// they see in `counts`. heapwalker.cpp (C interface) and heapwalker_cpp.cpp (jvmti.hpp) include it
// inside their anonymous namespace, so each agent has its own copy of the state.
#pragma once

constexpr jlong kNodeClassTag = 7;
constexpr jlong kHolderClassTag = 8;
constexpr jlong kHolderTag = 42;      // Main.list itself
constexpr jlong kSeen = 1;         // found by IterateThroughHeap
constexpr jlong kInList = 2;       // reached from Main.list
constexpr jlong kFromRoots = 10;   // added when reached from the heap roots

struct Counts {
    int nodes = 0;
    long long value_sum = 0;
    int listed = 0;
    int refs_from_holder = 0;
    int refs_from_node = 0;
    int from_roots = 0;
    int holders = 0;
};
Counts counts;

jint JNICALL tag_node(jlong class_tag, jlong, jlong* tag_ptr, jint, void*)
{
    if (class_tag == kNodeClassTag) {
        *tag_ptr = kSeen;
        ++counts.nodes;
    }
    return 0;
}

jint JNICALL sum_value(jvmtiHeapReferenceKind kind, const jvmtiHeapReferenceInfo*, jlong object_class_tag, jlong*,
                       jvalue value, jvmtiPrimitiveType value_type, void*)
{
    if (object_class_tag == kNodeClassTag && kind == JVMTI_HEAP_REFERENCE_FIELD && value_type == JVMTI_PRIMITIVE_TYPE_INT) {
        counts.value_sum += value.i;
    }
    return 0;
}

jint JNICALL count_holder(jlong class_tag, jlong, jlong*, jint, void*)
{
    if (class_tag == kHolderClassTag) ++counts.holders;
    return 0;
}

// Follows only Holder -> Node -> Node ...: never a class, its loader and its statics.
jint JNICALL follow_list(jvmtiHeapReferenceKind kind, const jvmtiHeapReferenceInfo*, jlong class_tag,
                         jlong referrer_class_tag, jlong, jlong* tag_ptr, jlong*, jint, void*)
{
    if (class_tag != kNodeClassTag) return 0;
    if (kind == JVMTI_HEAP_REFERENCE_FIELD) {
        if (referrer_class_tag == kHolderClassTag) ++counts.refs_from_holder;
        if (referrer_class_tag == kNodeClassTag) ++counts.refs_from_node;
    }
    if (*tag_ptr == kSeen) {
        *tag_ptr = kInList;
        ++counts.listed;
    }
    return JVMTI_VISIT_OBJECTS;
}

jint JNICALL follow_all(jvmtiHeapReferenceKind, const jvmtiHeapReferenceInfo*, jlong class_tag, jlong, jlong,
                        jlong* tag_ptr, jlong*, jint, void*)
{
    if (class_tag == kNodeClassTag && (*tag_ptr == kSeen || *tag_ptr == kInList)) {
        *tag_ptr += kFromRoots;
        ++counts.from_roots;
    }
    return JVMTI_VISIT_OBJECTS;
}
