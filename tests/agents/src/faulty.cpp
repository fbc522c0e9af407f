// faulty: the agent that fault injection is tested on, run with agenttest.counter.Main. At the
// ClassPrepare of agenttest.counter.Work, which main() loads (so the thread has Java frames; the
// main class itself is prepared from the launcher's native code), it looks at the event's thread with six calls whose errors the
// VM's state can cause. Built twice: careless (FAULTY_CAREFUL
// undefined) ignores those six calls' errors and uses what each call was to write, as agents
// found in the wild do; careful (FAULTY_CAREFUL) checks each and skips what failed. The six
// mishandlings of the careless build are each marked "planted" on the line that uses the value;
// every other call (setting up, error names) is handled by both builds: a failure there is
// printed and the agent goes on without its work, so the JVM's exit status stays the same;
// except that the careful build declines to start (Agent_OnLoad returns an error) when its
// start-up calls fail, as a careful agent does.
//
// Options: out=FILE
#include "agent_util.h"

#include <atomic>
#include <cstring>

namespace {

#ifdef FAULTY_CAREFUL
constexpr bool careful = true;
#else
constexpr bool careful = false;
#endif

// Whether the careful agent must skip what follows: the call failed (and that is printed).
bool skip(jvmtiEnv* jvmti, jvmtiError err, const char* what)
{
    if (err == JVMTI_ERROR_NONE) return false;
    char name[64];
    au_printf("%s failed: %s\n", what, au_error_name(jvmti, err, name, sizeof name));
    return careful;
}

std::atomic<bool> looked{false};

void inspect(jvmtiEnv* jvmti, jthread thread)
{
    jvmtiThreadInfo info;
    if (!skip(jvmti, jvmti->GetThreadInfo(thread, &info), "GetThreadInfo")) {
        au_printf("thread name starts with %c\n", info.name[0]);  // planted 1: info.name
        jvmti->Deallocate(reinterpret_cast<unsigned char*>(info.name));
    }

    jvmtiFrameInfo frames[8];
    jint depth = 0;
    if (skip(jvmti, jvmti->GetStackTrace(thread, 0, 8, frames, &depth), "GetStackTrace")) depth = 0;
    if (depth <= 0) {
        au_printf("done\n");
        return;
    }

    // The stack is shallow here (main() alone), so the count fits the frames read above.
    jint count = 0;
    if (!skip(jvmti, jvmti->GetFrameCount(thread, &count), "GetFrameCount")) {
        jlocation sum = 0;
        for (jint i = 0; i < count; ++i) sum += frames[i].location;  // planted 2: count
        au_printf("locations add up to %s\n", sum >= 0 ? "a number" : "less");
    }
    const jmethodID method = frames[depth - 1].method;  // planted 3: depth

    char* name = nullptr;
    if (!skip(jvmti, jvmti->GetMethodName(method, &name, nullptr, nullptr), "GetMethodName")) {
        au_printf("bottom method starts with %c\n", name[0]);  // planted 4: name
        jvmti->Deallocate(reinterpret_cast<unsigned char*>(name));
    }

    jclass klass = nullptr;
    if (!skip(jvmti, jvmti->GetMethodDeclaringClass(method, &klass), "GetMethodDeclaringClass")) {
        char* signature = nullptr;
        const jvmtiError err = jvmti->GetClassSignature(klass, &signature, nullptr);  // planted 5: klass
        if (!skip(jvmti, err, "GetClassSignature")) {
            au_printf("its class starts with %c\n", signature[1]);  // planted 6: signature
            jvmti->Deallocate(reinterpret_cast<unsigned char*>(signature));
        }
    }
    au_printf("done\n");
}

void JNICALL onClassPrepare(jvmtiEnv* jvmti, JNIEnv*, jthread thread, jclass klass)
{
    // Work, prepared as main() first uses it. A class whose name cannot be read is passed
    // over, by both builds.
    char* signature = nullptr;
    if (jvmti->GetClassSignature(klass, &signature, nullptr) != JVMTI_ERROR_NONE) return;
    const bool work = std::strcmp(signature, "Lagenttest/counter/Work;") == 0;
    jvmti->Deallocate(reinterpret_cast<unsigned char*>(signature));
    if (work && !looked.exchange(true)) inspect(jvmti, thread);
}

void JNICALL onVMInit(jvmtiEnv* jvmti, JNIEnv*, jthread)
{
    const jvmtiError err = jvmti->SetEventNotificationMode(JVMTI_ENABLE, JVMTI_EVENT_CLASS_PREPARE, nullptr);
    if (err != JVMTI_ERROR_NONE) au_printf("no ClassPrepare: error %d\n", static_cast<int>(err));
}

}  // namespace

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM* vm, char* options, void*)
{
    jvmtiEnv* jvmti = nullptr;
    if (vm->GetEnv(reinterpret_cast<void**>(&jvmti), AU_JVMTI_VERSION) != JNI_OK) return JNI_ERR;
    if (au_open(options) != 0) return JNI_ERR;
    jvmtiEventCallbacks callbacks;
    std::memset(&callbacks, 0, sizeof callbacks);
    callbacks.VMInit = onVMInit;
    callbacks.ClassPrepare = onClassPrepare;
    jvmtiError err = jvmti->SetEventCallbacks(&callbacks, sizeof callbacks);
    if (err == JVMTI_ERROR_NONE) err = jvmti->SetEventNotificationMode(JVMTI_ENABLE, JVMTI_EVENT_VM_INIT, nullptr);
    if (err != JVMTI_ERROR_NONE) {
        au_printf("not started: error %d\n", static_cast<int>(err));
        // The careful build declines to start without its events, as the spec lets an agent
        // (the VM then ends); the careless one carries on without them.
        if (careful) return JNI_ERR;
    }
    return JNI_OK;
}

JNIEXPORT void JNICALL Agent_OnUnload(JavaVM*)
{
    au_close();
}
