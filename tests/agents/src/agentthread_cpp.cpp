// agentthread_cpp: the C++ twin of agentthread.cpp, written against jvmti.hpp. VMInit starts an
// agent thread and hands it steps one at a time through a raw monitor (Enter/Wait/Notify/Exit),
// each acknowledged before the next; ClassPrepare of agenttest/thread/Main and VMDeath hand it
// one step each, the last telling it to stop. Every line is logged under the monitor.
//
// Options: out=FILE.
#include "agent_util.hpp"

namespace {

jrawMonitorID monitor;

// Guarded by monitor.
int command;       // the step handed over; 0 none yet
int acknowledged;  // the last step the agent thread finished
bool started;
constexpr int kStop = 99;

// Called with monitor held.
void handOver(jvmti::Env env, int step, const char* from) {
    au_printf("%s: hands over step %d\n", from, step);
    command = step;
    (void)AU_OK(env, env.rawMonitorNotifyAll(monitor));
    while (acknowledged != step)
        if (!AU_OK(env, env.rawMonitorWait(monitor, 0))) return;
    au_printf("%s: step %d acknowledged\n", from, step);
}

void agentThread(jvmti::Env env, JNIEnv* jni, void* arg) {
    AuLocked held(env, monitor);
    if (auto info = env.getThreadInfo(nullptr); AU_OK(env, info)) {
        au_printf("agent thread: running as \"%s\", priority %d, daemon %s, arg \"%s\"\n", (*info)->name,
                  static_cast<int>((*info)->priority), (*info)->is_daemon ? "yes" : "no", static_cast<const char*>(arg));
        jni->DeleteLocalRef((*info)->thread_group);  // local references inside the struct
        jni->DeleteLocalRef((*info)->context_class_loader);
    }
    started = true;
    (void)AU_OK(env, env.rawMonitorNotifyAll(monitor));
    for (int done = 0; done != kStop;) {
        while (command == done)
            if (!AU_OK(env, env.rawMonitorWait(monitor, 0))) return;
        done = command;
        au_printf("agent thread: %s step %d\n", done == kStop ? "stops at" : "does", done);
        acknowledged = done;
        (void)AU_OK(env, env.rawMonitorNotifyAll(monitor));
    }
}

char threadArg[] = "from VMInit";

void onVMInit(jvmti::Env env, JNIEnv* jni, jthread) {
    jclass threadClass = jni->FindClass("java/lang/Thread");
    jmethodID init = threadClass != nullptr ? jni->GetMethodID(threadClass, "<init>", "(Ljava/lang/String;)V") : nullptr;
    jstring name = jni->NewStringUTF("jvmtitest-agent-thread");
    jobject thread = init != nullptr && name != nullptr ? jni->NewObject(threadClass, init, name) : nullptr;
    if (thread == nullptr) {
        au_printf("VMInit: cannot create the thread object\n");
        return;
    }
    {
        AuLocked held(env, monitor);
        au_printf("VMInit: starting the agent thread\n");
        auto run = env.runAgentThread(thread, jvmti::cFunction<jvmtiStartFunction, agentThread>, threadArg,
                                      JVMTI_THREAD_MAX_PRIORITY);
        if (AU_OK(env, run)) {
            while (!started)
                if (!AU_OK(env, env.rawMonitorWait(monitor, 0))) break;
            au_printf("VMInit: the agent thread has started\n");
            for (int step = 1; step <= 3; ++step) handOver(env, step, "VMInit");
        }
    }
    jni->DeleteLocalRef(thread);
    jni->DeleteLocalRef(name);
    jni->DeleteLocalRef(threadClass);
}

void onClassPrepare(jvmti::Env env, JNIEnv*, jthread, jclass klass) {
    auto sig = env.getClassSignature(klass);
    if (!AU_OK(env, sig) || sig->signature.view() != "Lagenttest/thread/Main;") return;
    AuLocked held(env, monitor);
    if (started) handOver(env, 4, "ClassPrepare agenttest/thread/Main");
}

void onVMDeath(jvmti::Env env, JNIEnv*) {
    {
        AuLocked held(env, monitor);
        if (started) handOver(env, kStop, "VMDeath");
    }
    au_close();
}

}  // namespace

extern "C" JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM* vm, char* options, void*) {
    auto env = jvmti::Env::of(vm, AU_JVMTI_VERSION);
    if (!env || au_open(options) != 0) return JNI_ERR;
    auto created = env->createRawMonitor("agentthread monitor");
    if (!AU_OK(*env, created)) return JNI_ERR;
    monitor = *created;
    au_printf("Agent_OnLoad: raw monitor created\n");
    jvmti::Events events;
    events.on<jvmti::Event::VMInit, onVMInit>()
        .on<jvmti::Event::ClassPrepare, onClassPrepare>()
        .on<jvmti::Event::VMDeath, onVMDeath>();
    return AU_OK(*env, env->setEvents(events)) ? JNI_OK : JNI_ERR;
}
