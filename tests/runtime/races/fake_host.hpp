// A VM for driving libjvmtilayer.so without a JVM, from as many threads as a test likes: the
// JavaVM the layer is loaded with, the host JVMTI environments the layer and its agents get
// (phase, capabilities, event callbacks and their enabling, tags, classes with their methods
// and fields, memory, system properties), one JNIEnv per thread with the few JNI functions the
// layer calls, and events posted the way HotSpot posts them: a class's status changes first,
// then every environment that enabled ClassPrepare hears of it, in the order they were made.
//
// What the tests look at is counted per class: how often its fields were listed (the layer's
// ID environment is the only caller of GetClassFields) and how often each of its native
// methods was registered.
//
// The host lives until the process ends (the layer keeps its environments to the last exit
// handler), so it is one object per process, made on first use.
#pragma once

#include <atomic>
#include <deque>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "jvmti.h"

namespace racehost {

struct Klass;

struct Method {
    std::string name, signature;
    bool isNative = false;
    Klass* owner = nullptr;
    std::atomic<int> registered{0};  // RegisterNatives calls that named it
};

struct Field {
    std::string name, signature;
    Klass* owner = nullptr;
};

// A class; its jclass (every reference to it) is its address, as are its methods' jmethodIDs
// and its fields' jfieldIDs.
struct Klass {
    std::string signature;  // "Lpkg/Name;"
    std::deque<Method> methods;
    std::deque<Field> fields;
    std::atomic<jint> status{0};           // JVMTI_CLASS_STATUS_* bits; 0: loaded, not yet linked
    std::atomic<int> fieldListings{0};     // GetClassFields calls on it
    jclass ref() { return reinterpret_cast<jclass>(this); }
};

class Host {
public:
    static Host& instance();

    JavaVM* vm() { return &vm_; }
    jvmtiPhase phase() const { return phase_.load(); }
    void setPhase(jvmtiPhase phase) { phase_.store(phase); }

    // A loaded class with `methods` methods and `fields` fields; with `nativeMethod`, one more,
    // a native method of that name and signature ()V. Made before the threads that use it.
    Klass& addClass(const std::string& signature, int methods, int fields, const char* nativeMethod = nullptr);
    const std::deque<Klass>& classes() const { return classes_; }

    // Links `klass` (status verified and prepared), then posts ClassPrepare on this thread.
    void prepare(Klass& klass);
    // Sets the status of `klass` to prepared without posting anything: a class whose
    // ClassPrepare is still on its way.
    void markPrepared(Klass& klass);
    void postClassPrepare(Klass& klass);
    // Runs `hook` when the layer first lists the loaded classes (GetLoadedClasses), before the
    // list is made: what the VM's other threads do at that moment.
    void beforeFirstListing(std::function<void()> hook) { listingHook_ = std::move(hook); }
    void runListingHook();
    // The live phase begins: VMStart and VMInit, posted on this thread.
    void startLive();
    // VMDeath, then the dead phase.
    void die();

    // Implementation, for the function tables.
    struct Env;
    Env* newEnv();
    // The live environments that enabled `event`, with their callbacks, in the order they were made.
    std::vector<std::pair<Env*, jvmtiEventCallbacks>> listeners(jvmtiEvent event);
    std::mutex lock;  // the environments' state

private:
    Host();
    JNIInvokeInterface_ invoke_{};
    JavaVM vm_{};
    std::atomic<jvmtiPhase> phase_{JVMTI_PHASE_ONLOAD};
    std::deque<Klass> classes_;
    std::function<void()> listingHook_;
    std::once_flag listed_;
    std::deque<Env> envs_;  // never freed: the layer keeps pointers to them
};

// The host environment behind a jvmtiEnv the host handed out.
struct Host::Env {
    _jvmtiEnv jvmti;  // first: a pointer to it is the jvmtiEnv
    bool disposed = false;
    jvmtiCapabilities caps{};
    jvmtiEventCallbacks callbacks{};
    bool enabled[JVMTI_MAX_EVENT_TYPE_VAL + 1]{};
    std::map<const void*, jlong> tags;
};

// The JNIEnv of the calling thread.
JNIEnv* currentJni();

}  // namespace racehost
