// counter_cpp: the C++ twin of counter.c, written against jvmti.hpp. Counts ClassLoad events of
// the test program's classes (signature prefix) and MethodEntry events of one class's methods,
// and prints both at VMDeath, sorted: the same output as counter.c.
//
// Options: out=FILE, prefix=PACKAGE/, class=INTERNAL/NAME. MethodEntry is enabled only once the
// counted class is loaded. Every call's Result is checked; JVMTI memory frees itself.
#include "agent_util.hpp"

#include <map>
#include <string>

namespace {

jvmti::Env env;
jrawMonitorID lock;
std::string prefix;   // "Lagenttest/counter/"
std::string counted;  // "Lagenttest/counter/Work;"
jclass countedClass;  // global reference, set under lock before MethodEntry is enabled
std::map<std::string, int> loads, entries;

#define OK(r) AU_OK(env, (r))

struct Locked : AuLocked {
    Locked() : AuLocked(env, lock) {}
};

std::string className(std::string_view signature) {
    char name[256];
    return au_class_name(std::string(signature).c_str(), name, sizeof name);
}

void onClassLoad(jvmti::Env e, JNIEnv* jni, jthread, jclass klass) {
    auto sig = e.getClassSignature(klass);
    if (!OK(sig) || !sig->signature.view().starts_with(prefix)) return;
    Locked held;
    ++loads[className(sig->signature)];
    if (sig->signature.view() == counted && countedClass == nullptr) {
        countedClass = static_cast<jclass>(jni->NewGlobalRef(klass));
        (void)OK(e.setEventNotificationMode(jvmti::EventMode::Enable, jvmti::Event::MethodEntry, nullptr));
    }
}

void onMethodEntry(jvmti::Env e, JNIEnv* jni, jthread, jmethodID method) {
    auto declaring = e.getMethodDeclaringClass(method);
    if (!OK(declaring)) return;
    if (jni->IsSameObject(*declaring, countedClass)) {
        if (auto name = e.getMethodName(method); OK(name)) {
            Locked held;
            ++entries[std::string(name->name.view()) + std::string(name->signature.view())];
        }
    }
    jni->DeleteLocalRef(*declaring);
}

void onVMDeath(jvmti::Env e, JNIEnv*) {
    (void)OK(e.setEventNotificationMode(jvmti::EventMode::Disable, jvmti::Event::MethodEntry, nullptr));
    (void)OK(e.setEventNotificationMode(jvmti::EventMode::Disable, jvmti::Event::ClassLoad, nullptr));
    Locked held;
    au_printf("ClassLoad events for %s*: %d classes\n", className(prefix).c_str(), static_cast<int>(loads.size()));
    for (const auto& [name, n] : loads) au_printf("  ClassLoad %s %d\n", name.c_str(), n);
    au_printf("MethodEntry events for %s: %d methods\n", className(counted).c_str(), static_cast<int>(entries.size()));
    for (const auto& [name, n] : entries) au_printf("  MethodEntry %s %d\n", name.c_str(), n);
    // countedClass stays: a MethodEntry callback on another thread may still be reading it.
    au_close();
}

}  // namespace

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM* vm, char* options, void*) {
    auto e = jvmti::Env::of(vm, AU_JVMTI_VERSION);
    if (!e || au_open(options) != 0) return JNI_ERR;
    env = *e;
    char prefixOption[200], classOption[200];
    if (!au_option(options, "prefix", prefixOption, sizeof prefixOption) ||
        !au_option(options, "class", classOption, sizeof classOption)) {
        au_printf("counter: needs prefix= and class= options\n");
        return JNI_ERR;
    }
    prefix = std::string("L") + prefixOption;
    counted = std::string("L") + classOption + ";";

    auto monitor = env.createRawMonitor("counter");
    if (!OK(env.addCapabilities({jvmti::Capability::can_generate_method_entry_events})) || !OK(monitor)) return JNI_ERR;
    lock = *monitor;
    jvmti::Events events;
    events.on<jvmti::Event::ClassLoad, onClassLoad>()
        .on<jvmti::Event::MethodEntry, onMethodEntry>()
        .on<jvmti::Event::VMDeath, onVMDeath>();
    if (!OK(env.setEvents(events))) return JNI_ERR;
    // MethodEntry waits for the counted class.
    return OK(env.setEventNotificationMode(jvmti::EventMode::Disable, jvmti::Event::MethodEntry, nullptr)) ? JNI_OK : JNI_ERR;
}
