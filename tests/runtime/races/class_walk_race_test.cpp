// Issue 42: the layer walks the loaded classes at VMInit (its ID environment, check=strict)
// and when an agent library with natives is attached, while the VM keeps posting ClassPrepare
// for classes it has just linked. A class both paths handle was recorded twice: two ID
// records for one class, the first orphaned and never freed; natives registered twice, each
// registration a NativeMethodBind the agents see. Stress tests: each class must be handled
// exactly once, none twice and none missed.
#include <catch2/catch.hpp>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>

#include "layer_under_test.hpp"

TEST_CASE("races: the VMInit class walk and ClassPrepare events record each class once", "[races]") {
    racetest::Layer layer;
    racehost::Host& host = racehost::Host::instance();
    constexpr int kClasses = 4000;
    for (int i = 0; i < kClasses; ++i) host.addClass("Lracetest/C" + std::to_string(i) + ";", 6, 6);
    REQUIRE(layer.load("check=strict") == JNI_OK);

    // The classes are linked, and their ClassPrepare events are on their way on another thread
    // (the application's) while VMInit makes the layer walk the loaded classes.
    for (const racehost::Klass& k : host.classes()) host.markPrepared(const_cast<racehost::Klass&>(k));
    std::thread application([&] {
        for (const racehost::Klass& k : host.classes()) host.postClassPrepare(const_cast<racehost::Klass&>(k));
    });
    host.startLive();
    application.join();

    int twice = 0, never = 0;
    for (const racehost::Klass& k : host.classes()) {
        if (k.fieldListings.load() > 1) ++twice;
        if (k.fieldListings.load() == 0) ++never;
    }
    CHECK(twice == 0);
    CHECK(never == 0);
}

TEST_CASE("races: natives of classes prepared while an agent attaches are bound once", "[races]") {
    racetest::Layer layer;
    racehost::Host& host = racehost::Host::instance();
    host.setPhase(JVMTI_PHASE_LIVE);
    // One class racetest.Natives per class loader, loaded and not linked yet.
    constexpr int kEarly = 1000, kLater = 2000;
    for (int i = 0; i < kEarly + kLater; ++i) host.addClass("Lracetest/Natives;", 2, 0, "ping");

    // The application links them while the agent attaches. The first kEarly once the layer
    // knows the agent library's natives and has turned ClassPrepare on, before it lists the
    // classes loaded so far to bind those prepared already; the others while it binds them.
    std::mutex lock;
    std::condition_variable changed;
    bool listing = false, earlyDone = false;
    std::thread application([&] {
        {
            std::unique_lock<std::mutex> g(lock);
            changed.wait(g, [&] { return listing; });
        }
        int n = 0;
        for (const racehost::Klass& k : host.classes()) {
            host.prepare(const_cast<racehost::Klass&>(k));
            if (++n == kEarly) {
                std::lock_guard<std::mutex> g(lock);
                earlyDone = true;
                changed.notify_all();
            }
        }
    });
    host.beforeFirstListing([&] {
        std::unique_lock<std::mutex> g(lock);
        listing = true;
        changed.notify_all();
        changed.wait(g, [&] { return earlyDone; });
    });
    REQUIRE(layer.attach("") == JNI_OK);
    application.join();

    int twice = 0, never = 0;
    for (const racehost::Klass& k : host.classes()) {
        const int bound = k.methods.back().registered.load();
        if (bound > 1) ++twice;
        if (bound == 0) ++never;
    }
    CHECK(twice == 0);
    CHECK(never == 0);
}
