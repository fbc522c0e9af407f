// attach: loaded into a running VM (jcmd PID JVMTI.agent_load LIB OPTIONS). Agent_OnAttach
// checks the live phase, finds agenttest/attach/Main among the loaded classes, reads its static
// field `token`, and writes what it found to out=FILE. Agent_OnLoad refuses: this agent is
// attach-only.
//
// Options: out=FILE.
#include "agent_util.h"

#include <cstdio>
#include <cstring>

namespace {

void report(jvmtiEnv* jvmti, JNIEnv* jni)
{
    jvmtiPhase phase = JVMTI_PHASE_ONLOAD;
    AU_CHECK(jvmti, jvmti->GetPhase(&phase));
    au_printf("Agent_OnAttach: phase %s\n", phase == JVMTI_PHASE_LIVE ? "live" : "not live");

    jint count = 0;
    jclass* classes = nullptr;
    jclass main_class = nullptr;
    if (AU_CHECK(jvmti, jvmti->GetLoadedClasses(&count, &classes)) != JVMTI_ERROR_NONE) return;
    for (jint i = 0; i < count; ++i) {
        char* sig = nullptr;
        if (AU_CHECK(jvmti, jvmti->GetClassSignature(classes[i], &sig, nullptr)) != JVMTI_ERROR_NONE) continue;
        if (main_class == nullptr && std::strcmp(sig, "Lagenttest/attach/Main;") == 0) {
            main_class = static_cast<jclass>(jni->NewLocalRef(classes[i]));
        }
        jvmti->Deallocate(reinterpret_cast<unsigned char*>(sig));
        jni->DeleteLocalRef(classes[i]);
    }
    jvmti->Deallocate(reinterpret_cast<unsigned char*>(classes));
    au_printf("GetLoadedClasses: agenttest/attach/Main %s\n", main_class != nullptr ? "loaded" : "missing");
    if (main_class == nullptr) return;

    jint status = 0;
    AU_CHECK(jvmti, jvmti->GetClassStatus(main_class, &status));
    au_printf("agenttest/attach/Main initialized: %s\n", (status & JVMTI_CLASS_STATUS_INITIALIZED) ? "yes" : "no");
    jfieldID token = jni->GetStaticFieldID(main_class, "token", "I");
    if (token != nullptr) au_printf("agenttest/attach/Main.token = %d\n", static_cast<int>(jni->GetStaticIntField(main_class, token)));
    jni->DeleteLocalRef(main_class);
}

}  // namespace

extern "C" JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM*, char*, void*)
{
    std::fprintf(stderr, "attach agent: load me with jcmd JVMTI.agent_load, not -agentpath\n");
    return JNI_ERR;
}

extern "C" JNIEXPORT jint JNICALL Agent_OnAttach(JavaVM* vm, char* options, void*)
{
    if (au_open(options) != 0) return JNI_ERR;

    jvmtiEnv* jvmti = nullptr;
    JNIEnv* jni = nullptr;
    if (vm->GetEnv(reinterpret_cast<void**>(&jvmti), AU_JVMTI_VERSION) != JNI_OK
        || vm->GetEnv(reinterpret_cast<void**>(&jni), JNI_VERSION_1_8) != JNI_OK) {
        au_printf("GetEnv failed\n");
    } else {
        report(jvmti, jni);
        AU_CHECK(jvmti, jvmti->DisposeEnvironment());
    }
    au_close();
    return JNI_OK;
}
