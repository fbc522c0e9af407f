// vthreads: virtual threads (JVMTI 21). With can_support_virtual_threads it counts the
// VirtualThreadStart and VirtualThreadEnd events of the program's threads (named
// "agenttest-vt-N"), keeps a global reference to each, and when agenttest/vthreads/Checkpoint
// is prepared (the threads are all parked then) suspends every virtual thread with
// SuspendAllVirtualThreads, checks each of its threads is suspended, resumes them with
// ResumeAllVirtualThreads and checks again. Prints the counts at VMDeath.
//
// Options: out=FILE.
#include "agent_util.h"

#include <cstring>
#include <mutex>
#include <vector>

namespace {

jvmtiEnv* jvmti = nullptr;
std::mutex lock;
std::vector<jthread> threads;  // global references to the program's virtual threads
int starts = 0;
int ends = 0;

bool ours(jvmtiEnv* env, JNIEnv* jni, jthread thread) {
    jvmtiThreadInfo info{};
    if (AU_CHECK(env, env->GetThreadInfo(thread, &info)) != JVMTI_ERROR_NONE) return false;
    const bool match = info.name != nullptr && std::strncmp(info.name, "agenttest-vt-", 13) == 0;
    env->Deallocate(reinterpret_cast<unsigned char*>(info.name));
    if (info.thread_group != nullptr) jni->DeleteLocalRef(info.thread_group);
    if (info.context_class_loader != nullptr) jni->DeleteLocalRef(info.context_class_loader);
    return match;
}

void JNICALL onStart(jvmtiEnv* env, JNIEnv* jni, jthread thread) {
    if (!ours(env, jni, thread)) return;
    std::lock_guard<std::mutex> g(lock);
    ++starts;
    threads.push_back(static_cast<jthread>(jni->NewGlobalRef(thread)));
}

void JNICALL onEnd(jvmtiEnv* env, JNIEnv* jni, jthread thread) {
    if (!ours(env, jni, thread)) return;
    std::lock_guard<std::mutex> g(lock);
    ++ends;
}

int countSuspended(jvmtiEnv* env) {
    int n = 0;
    for (jthread t : threads) {
        jint state = 0;
        if (AU_CHECK(env, env->GetThreadState(t, &state)) == JVMTI_ERROR_NONE && (state & JVMTI_THREAD_STATE_SUSPENDED)) ++n;
    }
    return n;
}

void JNICALL onClassPrepare(jvmtiEnv* env, JNIEnv* jni, jthread, jclass klass) {
    char* signature = nullptr;
    if (AU_CHECK(env, env->GetClassSignature(klass, &signature, nullptr)) != JVMTI_ERROR_NONE) return;
    const bool cue = std::strcmp(signature, "Lagenttest/vthreads/Checkpoint;") == 0;
    env->Deallocate(reinterpret_cast<unsigned char*>(signature));
    if (!cue) return;
    (void)jni;
    std::lock_guard<std::mutex> g(lock);
    AU_CHECK(env, env->SuspendAllVirtualThreads(0, nullptr));
    au_printf("after SuspendAllVirtualThreads: %d of %zu suspended\n", countSuspended(env), threads.size());
    AU_CHECK(env, env->ResumeAllVirtualThreads(0, nullptr));
    au_printf("after ResumeAllVirtualThreads: %d of %zu suspended\n", countSuspended(env), threads.size());
}

void JNICALL onVMDeath(jvmtiEnv*, JNIEnv* jni) {
    std::lock_guard<std::mutex> g(lock);
    au_printf("VirtualThreadStart %d, VirtualThreadEnd %d\n", starts, ends);
    for (jthread t : threads) jni->DeleteGlobalRef(t);
    threads.clear();
    au_close();
}

}  // namespace

extern "C" JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM* vm, char* options, void*) {
    if (au_open(options) != 0) return JNI_ERR;
    if (vm->GetEnv(reinterpret_cast<void**>(&jvmti), JVMTI_VERSION_21) != JNI_OK) {
        au_printf("GetEnv(JVMTI_VERSION_21) failed: virtual threads need JDK 21 or later\n");
        return JNI_ERR;
    }
    jvmtiCapabilities caps{};
    caps.can_support_virtual_threads = 1;
    caps.can_suspend = 1;
    if (AU_CHECK(jvmti, jvmti->AddCapabilities(&caps)) != JVMTI_ERROR_NONE) return JNI_ERR;
    jvmtiEventCallbacks cb{};
    cb.VirtualThreadStart = onStart;
    cb.VirtualThreadEnd = onEnd;
    cb.ClassPrepare = onClassPrepare;
    cb.VMDeath = onVMDeath;
    AU_CHECK(jvmti, jvmti->SetEventCallbacks(&cb, sizeof cb));
    for (jvmtiEvent e : {JVMTI_EVENT_VIRTUAL_THREAD_START, JVMTI_EVENT_VIRTUAL_THREAD_END, JVMTI_EVENT_CLASS_PREPARE,
                         JVMTI_EVENT_VM_DEATH})
        AU_CHECK(jvmti, jvmti->SetEventNotificationMode(JVMTI_ENABLE, e, nullptr));
    return JNI_OK;
}
