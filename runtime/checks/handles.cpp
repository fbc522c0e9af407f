// How a handle is judged (jvmti_runtime::handleState), and the environment that learns IDs.
//
// References (jobject, jclass, jthread, jthreadGroup): JNI's GetObjectRefType on the calling
// thread. HotSpot answers it without dereferencing the handle (it looks the address up among
// its global handle blocks, the thread's local handle blocks and its stack), so a wild
// pointer gets JNIInvalidRefType rather than a crash. An invalid handle whose memory is
// readable is Stale (a slot that once held a reference); unreadable memory is Invalid.
// Threads that are not attached to the VM, and calls before the live phase, are not checked.
//
// IDs (jmethodID, jfieldID): the layer's own environment hears ClassPrepare, lists each
// class's methods and fields, and tags the class with its record; ObjectFree of that tag
// means the class was unloaded, and its IDs become Stale (the most recent ones only: see
// id_registry.hpp). At VMInit (or at once when attached)
// the classes loaded before are walked, while other threads go on preparing classes: a class
// both the walk and its ClassPrepare meet is recorded by whichever claims it first. An ID the
// layer never saw is Invalid when its memory
// is unreadable (no VM hands out such a method ID) or, for a field ID, once every loaded class
// has been seen; otherwise it is let through, since methods made obsolete by a redefinition
// get IDs no class lists.
#include "checks/handles.hpp"

#include <mutex>
#include <vector>

#include "checks/id_registry.hpp"
#include "checks/readable.hpp"
#include "state/state.hpp"

namespace jvmtilayer::detail {
bool handleChecks = false;
}  // namespace jvmtilayer::detail

namespace jvmtilayer::checks {

namespace {

JavaVM* theVM = nullptr;
jvmtiEnv* tracker = nullptr;  // the layer's ID-tracking environment

// The tag of a class being recorded; records are numbered from 1.
constexpr jlong kClaimed = -1;
std::mutex claimLock;  // held across one GetTag and one SetTag, which wait for nothing of ours

// Whether the caller is the first to see `klass` (untagged): its tag becomes kClaimed. The VMInit
// walk and the class's own ClassPrepare, on another thread, may meet one class at once; both
// recording it made two records, the first orphaned and never freed.
bool claim(jvmtiEnv* jvmti, jclass klass) {
    std::lock_guard<std::mutex> g(claimLock);
    jlong tag = 0;
    if (jvmti->GetTag(klass, &tag) != JVMTI_ERROR_NONE || tag != 0) return false;  // seen already
    return jvmti->SetTag(klass, kClaimed) == JVMTI_ERROR_NONE;
}

// Records the members of `klass` and tags the class with the record. Errors (a class not
// prepared yet, an array or primitive class) leave it unrecorded and untagged.
void learnClass(jvmtiEnv* jvmti, jclass klass) {
    if (!claim(jvmti, klass)) return;
    // One list per thread, kept between classes: a class prepared costs no allocation here (a
    // vector grown member by member was a tenth of the layer's extra time on a class-heavy run).
    thread_local std::vector<const void*> members;
    members.clear();
    jint count = 0;
    jmethodID* methods = nullptr;
    if (jvmti->GetClassMethods(klass, &count, &methods) == JVMTI_ERROR_NONE) {
        members.insert(members.end(), methods, methods + count);
        jvmti->Deallocate(reinterpret_cast<unsigned char*>(methods));
    }
    jfieldID* fields = nullptr;
    if (jvmti->GetClassFields(klass, &count, &fields) == JVMTI_ERROR_NONE) {
        members.insert(members.end(), fields, fields + count);
        jvmti->Deallocate(reinterpret_cast<unsigned char*>(fields));
    }
    if (members.empty()) {
        jvmti->SetTag(klass, 0);
        return;
    }
    try {
        jvmti->SetTag(klass, ids::addClass(members));
    } catch (...) {
        // Out of memory: the class goes unrecorded, and its IDs are judged as unknown.
        jvmti->SetTag(klass, 0);
    }
}

void learnLoadedClasses(jvmtiEnv* jvmti) {
    jint count = 0;
    jclass* classes = nullptr;
    if (jvmti->GetLoadedClasses(&count, &classes) != JVMTI_ERROR_NONE) return;
    for (jint i = 0; i < count; ++i) {
        jint status = 0;
        if (jvmti->GetClassStatus(classes[i], &status) == JVMTI_ERROR_NONE && (status & JVMTI_CLASS_STATUS_PREPARED))
            learnClass(jvmti, classes[i]);
    }
    // The classes are local references of this event's frame; they go when it returns.
    jvmti->Deallocate(reinterpret_cast<unsigned char*>(classes));
    ids::setComplete();
}

void JNICALL onClassPrepare(jvmtiEnv* jvmti, JNIEnv*, jthread, jclass klass) { learnClass(jvmti, klass); }
void JNICALL onVMInit(jvmtiEnv* jvmti, JNIEnv*, jthread) { learnLoadedClasses(jvmti); }
void JNICALL onObjectFree(jvmtiEnv*, jlong tag) { ids::classUnloaded(tag); }

using jvmti_runtime::HandleKind;
using jvmti_runtime::HandleState;

HandleState referenceState(const void* handle) noexcept {
    if (phase() != JVMTI_PHASE_LIVE || theVM == nullptr) return HandleState::Live;
    JNIEnv* jni = nullptr;
    if (theVM->GetEnv(reinterpret_cast<void**>(&jni), JNI_VERSION_1_2) != JNI_OK || jni == nullptr)
        return HandleState::Live;  // a thread the VM does not know: nothing to ask
    if (jni->GetObjectRefType(static_cast<jobject>(const_cast<void*>(handle))) != JNIInvalidRefType)
        return HandleState::Live;
    return readable(handle, sizeof(void*)) ? HandleState::Stale : HandleState::Invalid;
}

HandleState idState(HandleKind kind, const void* id) noexcept {
    switch (ids::lookup(id)) {
    case ids::Known::Live: return HandleState::Live;
    case ids::Known::Unloaded: return HandleState::Stale;
    case ids::Known::No: break;
    }
    if (kind == HandleKind::Method)
        return readable(id, sizeof(void*)) ? HandleState::Live : HandleState::Invalid;
    // A field ID need not be an address (HotSpot encodes an instance field's offset in it).
    return ids::complete() ? HandleState::Invalid : HandleState::Live;
}

}  // namespace

std::optional<std::string> startHandleChecks(JavaVM* vm, bool live) {
    if (vm->GetEnv(reinterpret_cast<void**>(&tracker), JVMTI_VERSION_1_2) != JNI_OK)
        return std::string("check=strict: the VM offers no JVMTI environment to track method and field IDs");
    jvmtiCapabilities caps{};
    caps.can_tag_objects = 1;
    caps.can_generate_object_free_events = 1;
    if (const jvmtiError e = tracker->AddCapabilities(&caps); e != JVMTI_ERROR_NONE)
        return "check=strict: cannot tag classes to track their unloading (AddCapabilities error " +
               std::to_string(e) + ")";
    jvmtiEventCallbacks cb{};
    cb.ClassPrepare = onClassPrepare;
    cb.VMInit = onVMInit;
    cb.ObjectFree = onObjectFree;
    tracker->SetEventCallbacks(&cb, sizeof cb);
    for (const jvmtiEvent e : {JVMTI_EVENT_CLASS_PREPARE, JVMTI_EVENT_OBJECT_FREE})
        tracker->SetEventNotificationMode(JVMTI_ENABLE, e, nullptr);
    if (live) learnLoadedClasses(tracker);
    else tracker->SetEventNotificationMode(JVMTI_ENABLE, JVMTI_EVENT_VM_INIT, nullptr);
    theVM = vm;
    detail::handleChecks = true;
    return std::nullopt;
}

namespace {

HandleState judge(HandleKind kind, const void* handle) noexcept {
    return kind == HandleKind::Method || kind == HandleKind::Field ? idState(kind, handle) : referenceState(handle);
}

}  // namespace

bool usableHandle(HandleKind kind, const void* handle) noexcept {
    return !detail::handleChecks || handle == nullptr || judge(kind, handle) == HandleState::Live;
}

}  // namespace jvmtilayer::checks

namespace jvmti_runtime {

HandleState handleState(Env&, HandleKind kind, const void* handle) noexcept {
    return jvmtilayer::checks::judge(kind, handle);
}

}  // namespace jvmti_runtime
