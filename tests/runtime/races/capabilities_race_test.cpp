// Issue 42: the capabilities an environment possesses are read, without a lock, by every
// checked call, while AddCapabilities and RelinquishCapabilities on another thread change
// them. ThreadSanitizer (JVMTIGEN_SANITIZE=thread) reports any such read that the writer does
// not order, and fails the test; every build checks that each call goes through and that the
// layer ends with the host's last answer.
#include <atomic>
#include <catch2/catch.hpp>
#include <thread>

#include "layer_under_test.hpp"

TEST_CASE("races: checked calls read an environment's capabilities while another thread changes them", "[races]") {
    racetest::Layer layer;
    racehost::Host& host = racehost::Host::instance();
    racehost::Klass& klass = host.addClass("Lracetest/Tagged;", 1, 1);
    REQUIRE(layer.load("") == JNI_OK);
    jvmtiEnv* env = layer.agentEnv();
    jvmtiCapabilities tagging{};
    tagging.can_tag_objects = 1;
    REQUIRE(env->AddCapabilities(&tagging) == JVMTI_ERROR_NONE);
    host.startLive();

    // Capabilities in both halves of the structure, added and given up over and over while
    // the main thread calls GetTag, whose entry checks can_tag_objects first.
    jvmtiCapabilities toggled{};
    toggled.can_get_bytecodes = 1;
    toggled.can_generate_breakpoint_events = 1;
    toggled.can_generate_resource_exhaustion_threads_events = 1;
    constexpr int kRounds = 20000;
    std::atomic<bool> reading{false}, done{false};
    std::atomic<int> failedChanges{0};
    std::thread changer([&] {
        while (!reading.load()) std::this_thread::yield();
        for (int i = 0; i < kRounds; ++i) {
            if (env->AddCapabilities(&toggled) != JVMTI_ERROR_NONE) ++failedChanges;
            if (env->RelinquishCapabilities(&toggled) != JVMTI_ERROR_NONE) ++failedChanges;
        }
        done.store(true);
    });
    long calls = 0, failedCalls = 0;
    do {
        jlong tag = -1;
        if (env->GetTag(klass.ref(), &tag) != JVMTI_ERROR_NONE || tag != 0) ++failedCalls;
        ++calls;
        reading.store(true);
    } while (!done.load());
    changer.join();
    INFO("GetTag calls while the capabilities changed: " << calls);
    CHECK(failedChanges.load() == 0);
    CHECK(failedCalls == 0);

    // The layer's view is the host's last answer: can_tag_objects held, can_get_bytecodes not.
    jint count = 0;
    unsigned char* bytecodes = nullptr;
    jmethodID method = reinterpret_cast<jmethodID>(&klass.methods.front());
    CHECK(env->GetBytecodes(method, &count, &bytecodes) == JVMTI_ERROR_MUST_POSSESS_CAPABILITY);
    jlong tag = -1;
    CHECK(env->GetTag(klass.ref(), &tag) == JVMTI_ERROR_NONE);
}
