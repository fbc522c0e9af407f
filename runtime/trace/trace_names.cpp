#include "trace/trace_names.hpp"

#include <mutex>
#include <unordered_map>
#include <vector>

#include "checks/handles.hpp"
#include "state/state.hpp"

namespace jvmtilayer {

namespace {

thread_local int noLookups = 0;

// Method names by jmethodID. Bounded: when full it starts over.
struct MethodCache {
    static constexpr std::size_t kLimit = 1 << 16;
    std::mutex lock;
    std::unordered_map<jmethodID, std::string> names;
};

MethodCache& methodCache() {
    static MethodCache* cache = new MethodCache;  // never destroyed: threads may trace during exit
    return *cache;
}

// Class signatures; a class's tag in the control environment is its index here plus one.
struct ClassCache {
    static constexpr std::size_t kLimit = 1 << 20;  // then classes are named without the cache
    std::mutex lock;
    std::vector<std::string> names;
};

ClassCache& classCache() {
    static ClassCache* cache = new ClassCache;  // never destroyed, as the method cache
    return *cache;
}

// Takes a JVMTI-allocated string, returns it as std::string and frees it.
std::string take(jvmtiEnv* env, char* text) {
    std::string s = text != nullptr ? text : "";
    if (text != nullptr) env->functions->Deallocate(env, reinterpret_cast<unsigned char*>(text));
    return s;
}

}  // namespace

std::string className(const std::string& signature) {
    if (signature.size() < 3 || signature.front() != 'L' || signature.back() != ';') return signature;
    std::string name = signature.substr(1, signature.size() - 2);
    for (char& c : name)
        if (c == '/') c = '.';
    return name;
}

VmNames::NoLookups::NoLookups() noexcept { ++noLookups; }
VmNames::NoLookups::~NoLookups() { --noLookups; }

JNIEnv* VmNames::jni(bool liveOnly) const noexcept {
    if (noLookups > 0 || inUnsafeRegion() || control_ == nullptr) return nullptr;
    const jvmtiPhase p = phase();
    if (p != JVMTI_PHASE_LIVE && (liveOnly || p != JVMTI_PHASE_START)) return nullptr;
    JNIEnv* env = nullptr;
    if (vm_->functions->GetEnv(vm_, reinterpret_cast<void**>(&env), JNI_VERSION_1_2) != JNI_OK) return nullptr;
    return env;
}

bool VmNames::thread(jthread thread, std::string& out) {
    JNIEnv* env = jni(true);
    if (env == nullptr || !checks::usableHandle(jvmti_runtime::HandleKind::Thread, thread)) return false;
    jvmtiThreadInfo info{};
    if (control_->functions->GetThreadInfo(control_, thread, &info) != JVMTI_ERROR_NONE) return false;
    out = take(control_, info.name);
    if (info.thread_group != nullptr) env->functions->DeleteLocalRef(env, info.thread_group);
    if (info.context_class_loader != nullptr) env->functions->DeleteLocalRef(env, info.context_class_loader);
    return true;
}

bool VmNames::currentThread(std::string& out) {
    JNIEnv* env = jni(true);
    if (env == nullptr) return false;
    jthread self = nullptr;
    if (control_->functions->GetCurrentThread(control_, &self) != JVMTI_ERROR_NONE || self == nullptr) return false;
    const bool ok = thread(self, out);
    env->functions->DeleteLocalRef(env, self);
    return ok;
}

bool VmNames::threadGroup(jthreadGroup group, std::string& out) {
    JNIEnv* env = jni(true);
    if (env == nullptr || !checks::usableHandle(jvmti_runtime::HandleKind::ThreadGroup, group)) return false;
    jvmtiThreadGroupInfo info{};
    if (control_->functions->GetThreadGroupInfo(control_, group, &info) != JVMTI_ERROR_NONE) return false;
    out = take(control_, info.name);
    if (info.parent != nullptr) env->functions->DeleteLocalRef(env, info.parent);
    return true;
}

void VmNames::cacheClasses() noexcept {
    jvmtiCapabilities caps{};
    caps.can_tag_objects = 1;
    tagClasses_ = control_ != nullptr && control_->functions->AddCapabilities(control_, &caps) == JVMTI_ERROR_NONE;
}

bool VmNames::classSignature(jclass klass, std::string& out) {
    ClassCache& cache = classCache();
    if (tagClasses_) {
        jlong tag = 0;
        if (control_->functions->GetTag(control_, klass, &tag) == JVMTI_ERROR_NONE && tag > 0) {
            std::lock_guard<std::mutex> lock(cache.lock);
            if (std::size_t(tag) <= cache.names.size()) {
                out = cache.names[std::size_t(tag) - 1];
                return true;
            }
        }
    }
    char* signature = nullptr;
    if (control_->functions->GetClassSignature(control_, klass, &signature, nullptr) != JVMTI_ERROR_NONE) return false;
    out = take(control_, signature);
    if (tagClasses_) {
        jlong tag = 0;
        {
            std::lock_guard<std::mutex> lock(cache.lock);
            if (cache.names.size() < ClassCache::kLimit) {
                cache.names.push_back(out);
                tag = jlong(cache.names.size());
            }
        }
        // Two threads naming one class at once make two entries; the later tag wins. Harmless.
        if (tag > 0) control_->functions->SetTag(control_, klass, tag);
    }
    return true;
}

bool VmNames::klass(jclass klass, std::string& out) {
    return jni(false) != nullptr && checks::usableHandle(jvmti_runtime::HandleKind::Class, klass) &&
           classSignature(klass, out);
}

bool VmNames::method(jmethodID method, std::string& out) {
    JNIEnv* env = jni(false);
    if (env == nullptr || !checks::usableHandle(jvmti_runtime::HandleKind::Method, method)) return false;
    MethodCache& cache = methodCache();
    {
        std::lock_guard<std::mutex> lock(cache.lock);
        auto it = cache.names.find(method);
        if (it != cache.names.end()) {
            out = it->second;
            return true;
        }
    }
    jclass declaring = nullptr;
    if (control_->functions->GetMethodDeclaringClass(control_, method, &declaring) != JVMTI_ERROR_NONE) return false;
    std::string signature;
    const bool haveClass = classSignature(declaring, signature);
    env->functions->DeleteLocalRef(env, declaring);
    char* name = nullptr;
    char* methodSignature = nullptr;
    if (!haveClass ||
        control_->functions->GetMethodName(control_, method, &name, &methodSignature, nullptr) != JVMTI_ERROR_NONE)
        return false;
    out = className(signature) + "." + take(control_, name) + take(control_, methodSignature);
    std::lock_guard<std::mutex> lock(cache.lock);
    if (cache.names.size() >= MethodCache::kLimit) cache.names.clear();
    cache.names.emplace(method, out);
    return true;
}

bool VmNames::field(jclass declaring, jfieldID field, std::string& out) {
    if (jni(false) == nullptr || !checks::usableHandle(jvmti_runtime::HandleKind::Class, declaring) ||
        !checks::usableHandle(jvmti_runtime::HandleKind::Field, field))
        return false;
    std::string signature;
    if (!classSignature(declaring, signature)) return false;
    char* name = nullptr;
    char* fieldSignature = nullptr;
    if (control_->functions->GetFieldName(control_, declaring, field, &name, &fieldSignature, nullptr) !=
        JVMTI_ERROR_NONE)
        return false;
    out = className(signature) + "." + take(control_, name) + ":" + take(control_, fieldSignature);
    return true;
}

}  // namespace jvmtilayer
