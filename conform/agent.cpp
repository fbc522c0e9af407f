// libjvmticonform.so: jvmti-conform's agent. It makes the suite's calls (cases.cpp) straight to
// the VM's own environments, in the OnLoad phase, at VMStart and at VMInit, and writes the
// results as JSON. Options: out=FILE (required), unsafe (also make the calls that crash a VM).
//
// Environments: a control one that hears VMStart and VMInit; one holding every capability the
// VM offers (but can_generate_early_vmstart, which changes when VMStart comes); and per
// capability some function requires, one holding the same but that capability.
#include <jvmti.h>

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string>

#include <nlohmann/json.hpp>

#include "jvmti_recorder.hpp"
#include "results.hpp"

namespace {

using namespace conform;

jvmtiEnv* control = nullptr;
jvmtiEnv* full = nullptr;
std::vector<std::pair<int, jvmtiEnv*>> lackingEnvs;
Offer offer;
Results results;
std::string outPath;
jrawMonitorID monitor = nullptr;

// The suite's calls, made through the VM's environments.
class VmTarget : public Target {
public:
    bool hasFunction(int num) override { return reinterpret_cast<void* const*>(full->functions)[num - 1] != nullptr; }
    jvmtiError call(int num, int lackingBit, const std::uint64_t (&words)[kMaxParams]) override {
        jvmtiEnv* env = full;
        for (const auto& [bit, e] : lackingEnvs)
            if (bit == lackingBit) env = e;
        return jvmti_recorder::invoke(*env->functions, num, env, words);
    }
    // The call about to be made, in OUT.call: one write, so a crash leaves it whole.
    void before(const std::string& what) override {
        if (progress < 0) progress = ::open((outPath + ".call").c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
        if (progress < 0) return;
        const std::string line = what + "\n";
        if (::pwrite(progress, line.data(), line.size(), 0) == static_cast<ssize_t>(line.size()))
            (void)::ftruncate(progress, static_cast<off_t>(line.size()));
    }

private:
    int progress = -1;
};
VmTarget target;

std::string versionText(jint v) {
    return std::to_string((v & JVMTI_VERSION_MASK_MAJOR) >> JVMTI_VERSION_SHIFT_MAJOR) + "." +
           std::to_string((v & JVMTI_VERSION_MASK_MINOR) >> JVMTI_VERSION_SHIFT_MINOR) + "." +
           std::to_string((v & JVMTI_VERSION_MASK_MICRO) >> JVMTI_VERSION_SHIFT_MICRO);
}

// Written whole after each place: a JVM that dies later leaves the places before.
void writeResults() {
    const std::string text = toJson(results).dump(1) + "\n";
    const std::string temp = outPath + ".part";
    FILE* f = std::fopen(temp.c_str(), "w");
    if (f == nullptr || std::fwrite(text.data(), 1, text.size(), f) != text.size() || std::fclose(f) != 0 ||
        std::rename(temp.c_str(), outPath.c_str()) != 0)
        std::fprintf(stderr, "jvmticonform: cannot write %s\n", outPath.c_str());
}

std::string property(const char* name) {
    char* value = nullptr;
    if (full->GetSystemProperty(name, &value) != JVMTI_ERROR_NONE || value == nullptr) return "";
    std::string s = value;
    full->Deallocate(reinterpret_cast<unsigned char*>(value));
    return s;
}

void run(Place place, const Values& values) {
    runPlace(target, place, values, offer, results);
    writeResults();
}

// The handles of a place where JNI works: the current thread, java.lang.String, a String, the
// thread's group, String.length() and String.hash.
Values jniValues(JNIEnv* jni, jthread thread) {
    Values v;
    v.monitor = monitor;
    v.thread = thread;
    v.klass = jni->FindClass("java/lang/String");
    if (v.klass != nullptr) {
        v.object = jni->NewStringUTF("jvmti-conform");
        v.method = jni->GetMethodID(v.klass, "length", "()I");
        v.field = jni->GetFieldID(v.klass, "hash", "I");
    }
    if (jni->ExceptionCheck()) jni->ExceptionClear();
    if (thread != nullptr) {
        jvmtiThreadInfo info{};
        if (full->GetThreadInfo(thread, &info) == JVMTI_ERROR_NONE) {
            v.group = info.thread_group;
            full->Deallocate(reinterpret_cast<unsigned char*>(info.name));
        }
    }
    return v;
}

void JNICALL onVMStart(jvmtiEnv*, JNIEnv* jni) {
    jthread thread = nullptr;
    full->GetCurrentThread(&thread);
    run(Place::Start, jniValues(jni, thread));
}

void JNICALL onVMInit(jvmtiEnv*, JNIEnv* jni, jthread thread) {
    results.vm = property("java.vm.name") + " " + property("java.vm.version");
    run(Place::Live, jniValues(jni, thread));
}

bool setUp(JavaVM* vm) {
    if (vm->GetEnv(reinterpret_cast<void**>(&control), JVMTI_VERSION_1_2) != JNI_OK ||
        vm->GetEnv(reinterpret_cast<void**>(&full), JVMTI_VERSION_1_2) != JNI_OK)
        return false;
    jint version = 0;
    full->GetVersionNumber(&version);
    results.jvmtiVersion = versionText(version);
    results.specVersion = versionText(JVMTI_VERSION);
    jvmtiCapabilities potential{};
    full->GetPotentialCapabilities(&potential);
    potential.can_generate_early_vmstart = 0;
    if (full->AddCapabilities(&potential) != JVMTI_ERROR_NONE) return false;
    full->GetCapabilities(&offer.potential);
    // One environment per capability some function requires, lacking only that one (as far
    // as the VM lets a second environment hold the rest).
    for (const md::Capability& c : md::capabilities) {
        if (!c.get(offer.potential)) continue;
        bool required = false;
        for (const md::Function& f : md::functions)
            required = required || std::find(f.requiredCapabilities, f.requiredCapabilities + f.requiredCapabilityCount,
                                             c.bit) != f.requiredCapabilities + f.requiredCapabilityCount;
        if (!required) continue;
        jvmtiEnv* env = nullptr;
        if (vm->GetEnv(reinterpret_cast<void**>(&env), JVMTI_VERSION_1_2) != JNI_OK) return false;
        jvmtiCapabilities caps{};
        env->GetPotentialCapabilities(&caps);
        for (const md::Capability& other : md::capabilities)
            if (!other.get(offer.potential)) other.set(caps, false);
        c.set(caps, false);
        env->AddCapabilities(&caps);
        env->GetCapabilities(&caps);
        lackingEnvs.emplace_back(c.bit, env);
        offer.lacking.emplace_back(c.bit, caps);
    }
    if (full->CreateRawMonitor("jvmti-conform", &monitor) != JVMTI_ERROR_NONE) return false;
    jvmtiEventCallbacks callbacks{};
    callbacks.VMStart = onVMStart;
    callbacks.VMInit = onVMInit;
    control->SetEventCallbacks(&callbacks, sizeof callbacks);
    control->SetEventNotificationMode(JVMTI_ENABLE, JVMTI_EVENT_VM_START, nullptr);
    control->SetEventNotificationMode(JVMTI_ENABLE, JVMTI_EVENT_VM_INIT, nullptr);
    return true;
}

}  // namespace

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM* vm, char* options, void*) {
    const std::string opts = options != nullptr ? options : "";
    for (std::size_t at = 0; at <= opts.size();) {
        std::size_t end = opts.find(',', at);
        if (end == std::string::npos) end = opts.size();
        const std::string word = opts.substr(at, end - at);
        if (word.rfind("out=", 0) == 0) outPath = word.substr(4);
        else if (word == "unsafe") offer.unsafe = true;
        else if (!word.empty()) {
            std::fprintf(stderr, "jvmticonform: unknown option '%s' (options: out=FILE, unsafe)\n", word.c_str());
            return JNI_ERR;
        }
        at = end + 1;
    }
    if (outPath.empty()) {
        std::fprintf(stderr, "jvmticonform: out=FILE is required\n");
        return JNI_ERR;
    }
    if (!setUp(vm)) {
        std::fprintf(stderr, "jvmticonform: the VM offers no usable JVMTI environment\n");
        return JNI_ERR;
    }
    run(Place::OnLoad, Values{nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, monitor});
    return JNI_OK;
}
