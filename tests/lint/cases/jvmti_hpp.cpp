// The rules on an agent written with jvmtigen's jvmti.hpp: phase, restricted callbacks (handlers
// installed with Events::on), capabilities asked for with jvmti::Capability. Memory is owned by
// jvmti.hpp's types, so no leak is reported for it.
#include <jvmti.hpp>

static jvmti::Env env;

static void onGc(jvmti::Env e) {
    auto thread = e.getCurrentThread();  // expect: GetCurrentThread.callback_unsafe
    (void)thread;
}

static void JNICALL onObjectFree(jvmtiEnv* raw, jlong) {
    jvmti::Env e(raw);
    (void)e.getLoadedClasses();  // expect: GetLoadedClasses.callback_unsafe
}

static void onInit(jvmti::Env e, JNIEnv*, jthread) {
    // Negative: a live-phase handler may call both, and jvmti.hpp deallocates what it got.
    if (auto classes = e.getLoadedClasses()) (void)classes->size();
    (void)e.getCurrentThread();
}

extern "C" JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM* vm, char*, void*) {
    auto got = jvmti::Env::of(vm, JVMTI_VERSION_11);
    if (!got) return JNI_ERR;
    env = *got;
    (void)env.addCapabilities(jvmti::Capabilities{jvmti::Capability::can_generate_garbage_collection_events});
    jvmti::Events events;
    events.on<jvmti::Event::GarbageCollectionStart, onGc>();
    events.on<jvmti::Event::ObjectFree>(&onObjectFree);  // expect: event.capability
    events.on<jvmti::Event::VMInit, onInit>();
    (void)env.setEvents(events);
    (void)env.getLoadedClasses();  // expect: GetLoadedClasses.phase
    return JNI_OK;
}
