// Issue 42: the layer moved child-tool-options into JAVA_TOOL_OPTIONS with setenv whenever it
// started. In a running JVM (Agent_OnAttach) other threads read the environment all the time,
// and glibc's setenv and unsetenv are not safe against their getenv (the array they walk is
// reallocated and its entries shifted). Attached, the layer must leave the environment as it
// found it and say so in the report; loaded at start-up, before the VM runs other threads, it
// still hands the setting on.
#include <unistd.h>

#include <atomic>
#include <catch2/catch.hpp>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

#include "layer_under_test.hpp"

namespace {

std::vector<std::string> environment() {
    std::vector<std::string> out;
    for (char** e = environ; *e != nullptr; ++e) out.emplace_back(*e);
    return out;
}

}  // namespace

TEST_CASE("races: an attached layer leaves the process environment alone", "[races]") {
    runtimetest::EnvScope variables;
    variables.unset("JAVA_TOOL_OPTIONS");
    variables.set("JVMTI_LAYER_CHILD_TOOL_OPTIONS", "-Dfollowed=1");
    racetest::Layer layer;
    racehost::Host::instance().setPhase(JVMTI_PHASE_LIVE);
    char** const block = environ;
    const std::vector<std::string> before = environment();

    // One of the JVM's threads, reading the environment while the layer attaches.
    std::atomic<bool> attached{false};
    std::atomic<long> reads{0};
    std::thread reader([&] {
        while (!attached.load()) {
            if (std::getenv("JAVA_TOOL_OPTIONS") == nullptr) ++reads;
        }
    });
    const jint result = layer.attach("");
    attached.store(true);
    reader.join();
    REQUIRE(result == JNI_OK);

    CHECK(environ == block);
    CHECK(environment() == before);
    CHECK(std::getenv("JAVA_TOOL_OPTIONS") == nullptr);
    const std::string report = runtimetest::readFile(layer.report());
    CHECK(report.find("layer.child_tool_options") != std::string::npos);
}

TEST_CASE("races: loaded at JVM start-up the layer hands child-tool-options to the JVMs this one starts", "[races]") {
    runtimetest::EnvScope variables;
    variables.unset("JAVA_TOOL_OPTIONS");
    variables.set("JVMTI_LAYER_CHILD_TOOL_OPTIONS", "-Dfollowed=1");
    racetest::Layer layer;
    REQUIRE(layer.load("") == JNI_OK);
    const char* toolOptions = std::getenv("JAVA_TOOL_OPTIONS");
    REQUIRE(toolOptions != nullptr);
    CHECK(std::string(toolOptions) == "-Dfollowed=1");
    CHECK(std::getenv("JVMTI_LAYER_CHILD_TOOL_OPTIONS") == nullptr);
}
