// The fake VM of the race tests (see fake_host.hpp): its JVMTI function table, its JNI
// function table and its invoke interface.
#include "fake_host.hpp"

#include <cstdlib>
#include <cstring>

namespace racehost {

namespace {

Host::Env& of(jvmtiEnv* env) { return *reinterpret_cast<Host::Env*>(env); }
Klass& klassOf(jobject ref) { return *reinterpret_cast<Klass*>(ref); }
Method& methodOf(jmethodID id) { return *reinterpret_cast<Method*>(id); }

jvmtiError allocate(jlong size, unsigned char** out) {
    if (size < 0) return JVMTI_ERROR_ILLEGAL_ARGUMENT;
    *out = size == 0 ? nullptr : static_cast<unsigned char*>(std::malloc(static_cast<std::size_t>(size)));
    return size == 0 || *out != nullptr ? JVMTI_ERROR_NONE : JVMTI_ERROR_OUT_OF_MEMORY;
}

char* copyOf(const std::string& text) {
    unsigned char* out = nullptr;
    if (allocate(static_cast<jlong>(text.size() + 1), &out) != JVMTI_ERROR_NONE) return nullptr;
    std::memcpy(out, text.c_str(), text.size() + 1);
    return reinterpret_cast<char*>(out);
}

template <typename T>
jvmtiError arrayOf(const std::vector<T>& items, jint* count, T** out) {
    unsigned char* block = nullptr;
    if (const jvmtiError e = allocate(static_cast<jlong>(items.size() * sizeof(T)), &block); e != JVMTI_ERROR_NONE)
        return e;
    if (!items.empty()) std::memcpy(block, items.data(), items.size() * sizeof(T));
    *count = static_cast<jint>(items.size());
    *out = reinterpret_cast<T*>(block);
    return JVMTI_ERROR_NONE;
}

// Every capability: the fake offers whatever a test asks for.
jvmtiCapabilities potential() {
    jvmtiCapabilities all;
    std::memset(&all, 0xff, sizeof all);
    return all;
}

bool within(const jvmtiCapabilities& asked, const jvmtiCapabilities& offered) {
    unsigned char a[sizeof asked], o[sizeof offered];
    std::memcpy(a, &asked, sizeof a);
    std::memcpy(o, &offered, sizeof o);
    for (std::size_t i = 0; i < sizeof a; ++i)
        if ((a[i] & ~o[i]) != 0) return false;
    return true;
}

// ---- JVMTI ----

jvmtiError JNICALL getPhase(jvmtiEnv*, jvmtiPhase* out) {
    *out = Host::instance().phase();
    return JVMTI_ERROR_NONE;
}

jvmtiError JNICALL getVersionNumber(jvmtiEnv*, jint* out) {
    *out = JVMTI_VERSION_INTERFACE_JVMTI + 17 * 0x10000;  // 17.0.0, as JDK 17 answers
    return JVMTI_ERROR_NONE;
}

jvmtiError JNICALL disposeEnvironment(jvmtiEnv* env) {
    std::lock_guard<std::mutex> g(Host::instance().lock);
    of(env).disposed = true;
    return JVMTI_ERROR_NONE;
}

jvmtiError JNICALL hostAllocate(jvmtiEnv*, jlong size, unsigned char** out) { return allocate(size, out); }

jvmtiError JNICALL hostDeallocate(jvmtiEnv*, unsigned char* memory) {
    std::free(memory);
    return JVMTI_ERROR_NONE;
}

jvmtiError JNICALL setEventCallbacks(jvmtiEnv* env, const jvmtiEventCallbacks* callbacks, jint size) {
    std::lock_guard<std::mutex> g(Host::instance().lock);
    of(env).callbacks = jvmtiEventCallbacks{};
    if (callbacks != nullptr)
        std::memcpy(&of(env).callbacks, callbacks, std::min(sizeof(jvmtiEventCallbacks), static_cast<std::size_t>(size)));
    return JVMTI_ERROR_NONE;
}

jvmtiError JNICALL setEventNotificationMode(jvmtiEnv* env, jvmtiEventMode mode, jvmtiEvent event, jthread, ...) {
    if (event < JVMTI_MIN_EVENT_TYPE_VAL || event > JVMTI_MAX_EVENT_TYPE_VAL) return JVMTI_ERROR_INVALID_EVENT_TYPE;
    std::lock_guard<std::mutex> g(Host::instance().lock);
    of(env).enabled[event] = mode == JVMTI_ENABLE;
    return JVMTI_ERROR_NONE;
}

jvmtiError JNICALL getPotentialCapabilities(jvmtiEnv*, jvmtiCapabilities* out) {
    *out = potential();
    return JVMTI_ERROR_NONE;
}

jvmtiError JNICALL getCapabilities(jvmtiEnv* env, jvmtiCapabilities* out) {
    std::lock_guard<std::mutex> g(Host::instance().lock);
    *out = of(env).caps;
    return JVMTI_ERROR_NONE;
}

jvmtiError JNICALL addCapabilities(jvmtiEnv* env, const jvmtiCapabilities* asked) {
    if (!within(*asked, potential())) return JVMTI_ERROR_NOT_AVAILABLE;
    std::lock_guard<std::mutex> g(Host::instance().lock);
    unsigned char have[sizeof(jvmtiCapabilities)], more[sizeof(jvmtiCapabilities)];
    std::memcpy(have, &of(env).caps, sizeof have);
    std::memcpy(more, asked, sizeof more);
    for (std::size_t i = 0; i < sizeof have; ++i) have[i] |= more[i];
    std::memcpy(&of(env).caps, have, sizeof have);
    return JVMTI_ERROR_NONE;
}

jvmtiError JNICALL relinquishCapabilities(jvmtiEnv* env, const jvmtiCapabilities* given) {
    std::lock_guard<std::mutex> g(Host::instance().lock);
    unsigned char have[sizeof(jvmtiCapabilities)], less[sizeof(jvmtiCapabilities)];
    std::memcpy(have, &of(env).caps, sizeof have);
    std::memcpy(less, given, sizeof less);
    for (std::size_t i = 0; i < sizeof have; ++i) have[i] &= static_cast<unsigned char>(~less[i]);
    std::memcpy(&of(env).caps, have, sizeof have);
    return JVMTI_ERROR_NONE;
}

jvmtiError JNICALL getSystemProperty(jvmtiEnv*, const char* name, char** out) {
    static const std::map<std::string, std::string> properties = {
        {"sun.java.command", "racetest.Main"}, {"java.vm.name", "racehost"}, {"java.version", "17"}};
    const auto it = properties.find(name);
    if (it == properties.end()) return JVMTI_ERROR_NOT_AVAILABLE;
    *out = copyOf(it->second);
    return *out ? JVMTI_ERROR_NONE : JVMTI_ERROR_OUT_OF_MEMORY;
}

jvmtiError JNICALL getTag(jvmtiEnv* env, jobject object, jlong* out) {
    if (object == nullptr) return JVMTI_ERROR_INVALID_OBJECT;
    std::lock_guard<std::mutex> g(Host::instance().lock);
    const auto it = of(env).tags.find(object);
    *out = it == of(env).tags.end() ? 0 : it->second;
    return JVMTI_ERROR_NONE;
}

jvmtiError JNICALL setTag(jvmtiEnv* env, jobject object, jlong tag) {
    if (object == nullptr) return JVMTI_ERROR_INVALID_OBJECT;
    std::lock_guard<std::mutex> g(Host::instance().lock);
    if (tag == 0) of(env).tags.erase(object);
    else of(env).tags[object] = tag;
    return JVMTI_ERROR_NONE;
}

jvmtiError JNICALL getLoadedClasses(jvmtiEnv*, jint* count, jclass** out) {
    Host::instance().runListingHook();
    std::vector<jclass> all;
    for (const Klass& k : Host::instance().classes()) all.push_back(const_cast<Klass&>(k).ref());
    return arrayOf(all, count, out);
}

jvmtiError JNICALL getClassStatus(jvmtiEnv*, jclass klass, jint* out) {
    *out = klassOf(klass).status.load();
    return JVMTI_ERROR_NONE;
}

jvmtiError JNICALL getClassSignature(jvmtiEnv*, jclass klass, char** signature, char** generic) {
    if (signature != nullptr && (*signature = copyOf(klassOf(klass).signature)) == nullptr) return JVMTI_ERROR_OUT_OF_MEMORY;
    if (generic != nullptr) *generic = nullptr;
    return JVMTI_ERROR_NONE;
}

bool prepared(const Klass& k) { return (k.status.load() & JVMTI_CLASS_STATUS_PREPARED) != 0; }

jvmtiError JNICALL getClassMethods(jvmtiEnv*, jclass klass, jint* count, jmethodID** out) {
    Klass& k = klassOf(klass);
    if (!prepared(k)) return JVMTI_ERROR_CLASS_NOT_PREPARED;
    std::vector<jmethodID> ids;
    for (Method& m : k.methods) ids.push_back(reinterpret_cast<jmethodID>(&m));
    return arrayOf(ids, count, out);
}

jvmtiError JNICALL getClassFields(jvmtiEnv*, jclass klass, jint* count, jfieldID** out) {
    Klass& k = klassOf(klass);
    if (!prepared(k)) return JVMTI_ERROR_CLASS_NOT_PREPARED;
    k.fieldListings.fetch_add(1);
    std::vector<jfieldID> ids;
    for (Field& f : k.fields) ids.push_back(reinterpret_cast<jfieldID>(&f));
    return arrayOf(ids, count, out);
}

jvmtiError JNICALL getMethodName(jvmtiEnv*, jmethodID method, char** name, char** signature, char** generic) {
    const Method& m = methodOf(method);
    if (name != nullptr && (*name = copyOf(m.name)) == nullptr) return JVMTI_ERROR_OUT_OF_MEMORY;
    if (signature != nullptr && (*signature = copyOf(m.signature)) == nullptr) return JVMTI_ERROR_OUT_OF_MEMORY;
    if (generic != nullptr) *generic = nullptr;
    return JVMTI_ERROR_NONE;
}

jvmtiError JNICALL isMethodNative(jvmtiEnv*, jmethodID method, jboolean* out) {
    *out = methodOf(method).isNative ? JNI_TRUE : JNI_FALSE;
    return JVMTI_ERROR_NONE;
}

jvmtiError JNICALL getBytecodes(jvmtiEnv*, jmethodID, jint* count, unsigned char** out) {
    static const std::vector<unsigned char> ret = {0xb1};  // return
    return arrayOf(ret, count, out);
}

jvmtiInterface_1_ makeJvmtiTable() {
    jvmtiInterface_1_ t{};
    t.GetPhase = getPhase;
    t.GetVersionNumber = getVersionNumber;
    t.DisposeEnvironment = disposeEnvironment;
    t.Allocate = hostAllocate;
    t.Deallocate = hostDeallocate;
    t.SetEventCallbacks = setEventCallbacks;
    t.SetEventNotificationMode = setEventNotificationMode;
    t.GetPotentialCapabilities = getPotentialCapabilities;
    t.GetCapabilities = getCapabilities;
    t.AddCapabilities = addCapabilities;
    t.RelinquishCapabilities = relinquishCapabilities;
    t.GetSystemProperty = getSystemProperty;
    t.GetTag = getTag;
    t.SetTag = setTag;
    t.GetLoadedClasses = getLoadedClasses;
    t.GetClassStatus = getClassStatus;
    t.GetClassSignature = getClassSignature;
    t.GetClassMethods = getClassMethods;
    t.GetClassFields = getClassFields;
    t.GetMethodName = getMethodName;
    t.IsMethodNative = isMethodNative;
    t.GetBytecodes = getBytecodes;
    return t;
}

const jvmtiInterface_1_ jvmtiTable = makeJvmtiTable();

// ---- JNI ----

struct Jni {
    JNIEnv_ env;  // first: a pointer to it is the JNIEnv
    bool pending = false;  // an exception is pending
};

Jni& jniOf(JNIEnv* env) { return *reinterpret_cast<Jni*>(env); }

jint JNICALL pushLocalFrame(JNIEnv*, jint) { return JNI_OK; }
jobject JNICALL popLocalFrame(JNIEnv*, jobject result) { return result; }
void JNICALL deleteLocalRef(JNIEnv*, jobject) {}
jobjectRefType JNICALL getObjectRefType(JNIEnv*, jobject ref) { return ref ? JNILocalRefType : JNIInvalidRefType; }
jboolean JNICALL isSameObject(JNIEnv*, jobject a, jobject b) { return a == b ? JNI_TRUE : JNI_FALSE; }
jweak JNICALL newWeakGlobalRef(JNIEnv*, jobject ref) { return ref; }
void JNICALL deleteWeakGlobalRef(JNIEnv*, jweak) {}
jobject JNICALL newGlobalRef(JNIEnv*, jobject ref) { return ref; }
void JNICALL deleteGlobalRef(JNIEnv*, jobject) {}
jboolean JNICALL exceptionCheck(JNIEnv* env) { return jniOf(env).pending ? JNI_TRUE : JNI_FALSE; }
void JNICALL exceptionClear(JNIEnv* env) { jniOf(env).pending = false; }

// No class of the Java library is here: NoClassDefFoundError.
jclass JNICALL findClass(JNIEnv* env, const char*) {
    jniOf(env).pending = true;
    return nullptr;
}

// Binds each method by name and signature; a method the class lacks is NoSuchMethodError.
jint JNICALL registerNatives(JNIEnv* env, jclass klass, const JNINativeMethod* methods, jint count) {
    Klass& k = klassOf(klass);
    for (jint i = 0; i < count; ++i) {
        Method* found = nullptr;
        for (Method& m : k.methods)
            if (m.isNative && m.name == methods[i].name && m.signature == methods[i].signature) found = &m;
        if (found == nullptr) {
            jniOf(env).pending = true;
            return JNI_ERR;
        }
        found->registered.fetch_add(1);
    }
    return JNI_OK;
}

JNINativeInterface_ makeJniTable() {
    JNINativeInterface_ t{};
    t.PushLocalFrame = pushLocalFrame;
    t.PopLocalFrame = popLocalFrame;
    t.DeleteLocalRef = deleteLocalRef;
    t.GetObjectRefType = getObjectRefType;
    t.IsSameObject = isSameObject;
    t.NewWeakGlobalRef = newWeakGlobalRef;
    t.DeleteWeakGlobalRef = deleteWeakGlobalRef;
    t.NewGlobalRef = newGlobalRef;
    t.DeleteGlobalRef = deleteGlobalRef;
    t.ExceptionCheck = exceptionCheck;
    t.ExceptionClear = exceptionClear;
    t.FindClass = findClass;
    t.RegisterNatives = registerNatives;
    return t;
}

const JNINativeInterface_ jniTable = makeJniTable();

// ---- The invoke interface ----

bool isJvmti(jint version) { return (version & JVMTI_VERSION_MASK_INTERFACE_TYPE) == JVMTI_VERSION_INTERFACE_JVMTI; }

jint JNICALL getEnv(JavaVM*, void** penv, jint version) {
    if (isJvmti(version)) {
        *penv = Host::instance().newEnv();
        return JNI_OK;
    }
    *penv = currentJni();
    return JNI_OK;
}

jint JNICALL attachThread(JavaVM*, void** penv, void*) {
    *penv = currentJni();
    return JNI_OK;
}

jint JNICALL detachThread(JavaVM*) { return JNI_OK; }
jint JNICALL destroyVm(JavaVM*) { return JNI_ERR; }

}  // namespace

JNIEnv* currentJni() {
    thread_local Jni jni{JNIEnv_{&jniTable}, false};
    return &jni.env;
}

Host& Host::instance() {
    static Host* host = new Host;  // never destroyed: see fake_host.hpp
    return *host;
}

Host::Host() {
    invoke_.DestroyJavaVM = destroyVm;
    invoke_.AttachCurrentThread = attachThread;
    invoke_.DetachCurrentThread = detachThread;
    invoke_.GetEnv = getEnv;
    invoke_.AttachCurrentThreadAsDaemon = attachThread;
    vm_.functions = &invoke_;
}

Host::Env* Host::newEnv() {
    std::lock_guard<std::mutex> g(lock);
    Env& env = envs_.emplace_back();
    env.jvmti.functions = &jvmtiTable;
    return &env;
}

std::vector<std::pair<Host::Env*, jvmtiEventCallbacks>> Host::listeners(jvmtiEvent event) {
    std::lock_guard<std::mutex> g(lock);
    std::vector<std::pair<Env*, jvmtiEventCallbacks>> out;
    for (Env& env : envs_)
        if (!env.disposed && env.enabled[event]) out.emplace_back(&env, env.callbacks);
    return out;
}

Klass& Host::addClass(const std::string& signature, int methods, int fields, const char* nativeMethod) {
    Klass& k = classes_.emplace_back();
    k.signature = signature;
    for (int i = 0; i < methods; ++i) {
        Method& m = k.methods.emplace_back();
        m.name = "m" + std::to_string(i);
        m.signature = "()V";
        m.owner = &k;
    }
    if (nativeMethod != nullptr) {
        Method& m = k.methods.emplace_back();
        m.name = nativeMethod;
        m.signature = "()V";
        m.isNative = true;
        m.owner = &k;
    }
    for (int i = 0; i < fields; ++i) {
        Field& f = k.fields.emplace_back();
        f.name = "f" + std::to_string(i);
        f.signature = "I";
        f.owner = &k;
    }
    return k;
}

void Host::runListingHook() {
    std::call_once(listed_, [this] {
        if (listingHook_) listingHook_();
    });
}

void Host::markPrepared(Klass& klass) {
    klass.status.store(JVMTI_CLASS_STATUS_VERIFIED | JVMTI_CLASS_STATUS_PREPARED);
}

void Host::postClassPrepare(Klass& klass) {
    for (auto& [env, callbacks] : listeners(JVMTI_EVENT_CLASS_PREPARE))
        if (callbacks.ClassPrepare) callbacks.ClassPrepare(&env->jvmti, currentJni(), nullptr, klass.ref());
}

void Host::prepare(Klass& klass) {
    markPrepared(klass);
    postClassPrepare(klass);
}

void Host::startLive() {
    setPhase(JVMTI_PHASE_START);
    for (auto& [env, callbacks] : listeners(JVMTI_EVENT_VM_START))
        if (callbacks.VMStart) callbacks.VMStart(&env->jvmti, currentJni());
    setPhase(JVMTI_PHASE_LIVE);
    for (auto& [env, callbacks] : listeners(JVMTI_EVENT_VM_INIT))
        if (callbacks.VMInit) callbacks.VMInit(&env->jvmti, currentJni(), nullptr);
}

void Host::die() {
    for (auto& [env, callbacks] : listeners(JVMTI_EVENT_VM_DEATH))
        if (callbacks.VMDeath) callbacks.VMDeath(&env->jvmti, currentJni());
    setPhase(JVMTI_PHASE_DEAD);
}

}  // namespace racehost

// The VMs of this process, as the JNI invocation API names them: the layer asks for the JNIEnv
// of the thread it runs on through this function.
extern "C" JNIEXPORT jint JNICALL JNI_GetCreatedJavaVMs(JavaVM** vms, jsize size, jsize* count) {
    if (size >= 1 && vms != nullptr) vms[0] = racehost::Host::instance().vm();
    *count = 1;
    return JNI_OK;
}
