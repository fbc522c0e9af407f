// Issue 42: inject-log= is closed at the end of the run (Agent_OnUnload) while agent threads
// still call functions the plan injects into. Whether the log is open is asked on every
// planned call; ThreadSanitizer (JVMTIGEN_SANITIZE=thread) reports an unordered read of it and
// fails the test. Every build checks the log: its last line ends it, and it counts the fault
// lines before it.
#include <atomic>
#include <catch2/catch.hpp>
#include <string>
#include <thread>
#include <vector>

#include "layer_under_test.hpp"

TEST_CASE("races: the injection log ends while agent threads still call planned functions", "[races]") {
    racetest::Layer layer;
    racehost::Host& host = racehost::Host::instance();
    const std::string log = layer.file("inject.log");
    REQUIRE(layer.load("inject=Allocate/OUT_OF_MEMORY/%2,inject-log=" + log) == JNI_OK);
    jvmtiEnv* env = layer.agentEnv();
    host.startLive();

    // Allocate may be called in every phase, so the agent's threads go on past VMDeath and the
    // layer's Agent_OnUnload. Each thread makes kBefore calls before the end may begin and
    // kAfter calls after it was told the run ended.
    constexpr int kThreads = 3, kBefore = 2000, kAfter = 2000;
    std::atomic<int> readyThreads{0};
    std::atomic<bool> ended{false};
    std::atomic<long> unexpected{0};
    auto call = [&] {
        unsigned char* memory = nullptr;
        const jvmtiError e = env->Allocate(16, &memory);
        if (e == JVMTI_ERROR_NONE) env->Deallocate(memory);
        else if (e != JVMTI_ERROR_OUT_OF_MEMORY) ++unexpected;
    };
    std::vector<std::thread> agents;
    for (int t = 0; t < kThreads; ++t)
        agents.emplace_back([&] {
            for (int i = 0; i < kBefore; ++i) call();
            ++readyThreads;
            while (!ended.load()) call();
            for (int i = 0; i < kAfter; ++i) call();
        });
    while (readyThreads.load() < kThreads) std::this_thread::yield();
    host.die();
    layer.unload();
    ended.store(true);
    for (std::thread& t : agents) t.join();
    CHECK(unexpected.load() == 0);

    const std::vector<std::string> lines = runtimetest::lines(runtimetest::readFile(log));
    REQUIRE(lines.size() >= 2);
    long faults = 0;
    for (std::size_t i = 0; i + 1 < lines.size(); ++i) {
        INFO("line " << i + 1 << ": " << lines[i]);
        CHECK((lines[i].rfind("# ", 0) == 0 || lines[i].rfind("site ", 0) == 0 || lines[i].rfind("fault ", 0) == 0));
        if (lines[i].rfind("fault ", 0) == 0) ++faults;
    }
    CHECK(faults > 0);
    CHECK(lines.back() == "# " + std::to_string(faults) + " fault(s) injected");
}
