// agentthread: RunAgentThread and raw monitors. VMInit starts an agent thread and hands it
// steps one at a time through a raw monitor (Enter/Wait/Notify/Exit), each acknowledged before
// the next; ClassPrepare of agenttest/thread/Main and VMDeath hand it one step each, the last
// telling it to stop. Every line is logged under the monitor, so the sequence is fixed.
//
// Options: out=FILE.
#include "agent_util.h"

#include <cstring>
#include <initializer_list>

namespace {

jvmtiEnv* jvmti;
jrawMonitorID monitor;

// Guarded by monitor.
int command;          // the step handed over; 0 none yet
int acknowledged;     // the last step the agent thread finished
bool started;
constexpr int kStop = 99;

// Called with monitor held.
void hand_over(jvmtiEnv* env, int step, const char* from)
{
    au_printf("%s: hands over step %d\n", from, step);
    command = step;
    AU_CHECK(env, env->RawMonitorNotifyAll(monitor));
    while (acknowledged != step) {
        if (AU_CHECK(env, env->RawMonitorWait(monitor, 0)) != JVMTI_ERROR_NONE) return;
    }
    au_printf("%s: step %d acknowledged\n", from, step);
}

void JNICALL agent_thread(jvmtiEnv* env, JNIEnv* jni, void* arg)
{
    AU_CHECK(env, env->RawMonitorEnter(monitor));
    jvmtiThreadInfo info;
    std::memset(&info, 0, sizeof info);
    if (AU_CHECK(env, env->GetThreadInfo(nullptr, &info)) == JVMTI_ERROR_NONE) {
        au_printf("agent thread: running as \"%s\", priority %d, daemon %s, arg \"%s\"\n", info.name,
                  static_cast<int>(info.priority), info.is_daemon ? "yes" : "no", static_cast<const char*>(arg));
        env->Deallocate(reinterpret_cast<unsigned char*>(info.name));
        jni->DeleteLocalRef(info.thread_group);
        jni->DeleteLocalRef(info.context_class_loader);
    }
    started = true;
    AU_CHECK(env, env->RawMonitorNotifyAll(monitor));
    int done = 0;
    for (;;) {
        while (command == done) {
            if (AU_CHECK(env, env->RawMonitorWait(monitor, 0)) != JVMTI_ERROR_NONE) {
                env->RawMonitorExit(monitor);
                return;
            }
        }
        done = command;
        au_printf("agent thread: %s step %d\n", done == kStop ? "stops at" : "does", done);
        acknowledged = done;
        AU_CHECK(env, env->RawMonitorNotifyAll(monitor));
        if (done == kStop) break;
    }
    AU_CHECK(env, env->RawMonitorExit(monitor));
}

char thread_arg[] = "from VMInit";

void JNICALL on_vm_init(jvmtiEnv* env, JNIEnv* jni, jthread)
{
    jclass thread_class = jni->FindClass("java/lang/Thread");
    jmethodID init = thread_class != nullptr ? jni->GetMethodID(thread_class, "<init>", "(Ljava/lang/String;)V") : nullptr;
    jstring name = jni->NewStringUTF("jvmtitest-agent-thread");
    jobject thread = init != nullptr && name != nullptr ? jni->NewObject(thread_class, init, name) : nullptr;
    if (thread == nullptr) {
        au_printf("VMInit: cannot create the thread object\n");
        return;
    }
    AU_CHECK(env, env->RawMonitorEnter(monitor));
    au_printf("VMInit: starting the agent thread\n");
    if (AU_CHECK(env, env->RunAgentThread(thread, agent_thread, thread_arg, JVMTI_THREAD_MAX_PRIORITY))
        == JVMTI_ERROR_NONE) {
        while (!started) {
            if (AU_CHECK(env, env->RawMonitorWait(monitor, 0)) != JVMTI_ERROR_NONE) break;
        }
        au_printf("VMInit: the agent thread has started\n");
        for (int step = 1; step <= 3; ++step) hand_over(env, step, "VMInit");
    }
    AU_CHECK(env, env->RawMonitorExit(monitor));
    jni->DeleteLocalRef(thread);
    jni->DeleteLocalRef(name);
    jni->DeleteLocalRef(thread_class);
}

void JNICALL on_class_prepare(jvmtiEnv* env, JNIEnv*, jthread, jclass klass)
{
    char* sig = nullptr;
    if (AU_CHECK(env, env->GetClassSignature(klass, &sig, nullptr)) != JVMTI_ERROR_NONE) return;
    if (std::strcmp(sig, "Lagenttest/thread/Main;") == 0) {
        AU_CHECK(env, env->RawMonitorEnter(monitor));
        if (started) hand_over(env, 4, "ClassPrepare agenttest/thread/Main");
        AU_CHECK(env, env->RawMonitorExit(monitor));
    }
    env->Deallocate(reinterpret_cast<unsigned char*>(sig));
}

void JNICALL on_vm_death(jvmtiEnv* env, JNIEnv*)
{
    AU_CHECK(env, env->RawMonitorEnter(monitor));
    if (started) hand_over(env, kStop, "VMDeath");
    AU_CHECK(env, env->RawMonitorExit(monitor));
    au_close();
}

}  // namespace

extern "C" JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM* vm, char* options, void*)
{
    if (vm->GetEnv(reinterpret_cast<void**>(&jvmti), AU_JVMTI_VERSION) != JNI_OK) return JNI_ERR;
    if (au_open(options) != 0) return JNI_ERR;
    if (AU_CHECK(jvmti, jvmti->CreateRawMonitor("agentthread monitor", &monitor)) != JVMTI_ERROR_NONE) return JNI_ERR;
    au_printf("Agent_OnLoad: raw monitor created\n");
    jvmtiEventCallbacks callbacks;
    std::memset(&callbacks, 0, sizeof callbacks);
    callbacks.VMInit = on_vm_init;
    callbacks.ClassPrepare = on_class_prepare;
    callbacks.VMDeath = on_vm_death;
    if (AU_CHECK(jvmti, jvmti->SetEventCallbacks(&callbacks, sizeof callbacks)) != JVMTI_ERROR_NONE) return JNI_ERR;
    for (jvmtiEvent e : {JVMTI_EVENT_VM_INIT, JVMTI_EVENT_CLASS_PREPARE, JVMTI_EVENT_VM_DEATH}) {
        AU_CHECK(jvmti, jvmti->SetEventNotificationMode(JVMTI_ENABLE, e, nullptr));
    }
    return JNI_OK;
}
