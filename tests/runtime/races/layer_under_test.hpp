// libjvmtilayer.so as the VM loads it (dlopen, then its Agent_ functions) in front of the fake
// host, with race_agent behind it, reporting into a file of a fresh directory. The layer keeps
// one state per process: each test case runs in a process of its own (ctest runs them so).
// RACE_TESTS_LAYER=FILE loads another build of the layer instead (an earlier commit's, built the
// same way), to see a test fail on the code before its fix.
#pragma once

#include <dlfcn.h>

#include <cstdlib>
#include <stdexcept>
#include <string>

#include "../runtime_test_support.hpp"
#include "fake_host.hpp"

namespace racetest {

class Layer {
public:
    Layer() {
        static bool started = false;
        if (started) throw std::logic_error("the layer runs once per process: run one test case per process");
        started = true;
        const char* other = std::getenv("RACE_TESTS_LAYER");
        handle_ = ::dlopen(other != nullptr && *other != '\0' ? other : LAYER_PATH, RTLD_NOW | RTLD_LOCAL);
        if (handle_ == nullptr) throw std::runtime_error(std::string("cannot load the layer: ") + ::dlerror());
        onLoad_ = entry("Agent_OnLoad");
        onAttach_ = entry("Agent_OnAttach");
        onUnload_ = reinterpret_cast<void(JNICALL*)(JavaVM*)>(::dlsym(handle_, "Agent_OnUnload"));
    }

    // The options of a load: `settings`, the report file, the agent.
    std::string options(const std::string& settings) const {
        return (settings.empty() ? "" : settings + ",") + "report=" + report() + ",agent=" + RACE_AGENT;
    }
    std::string report() const { return dir_ / "report.txt"; }
    std::string file(const std::string& name) const { return dir_ / name; }

    jint load(const std::string& settings) { return call(onLoad_, settings); }
    jint attach(const std::string& settings) { return call(onAttach_, settings); }
    void unload() { onUnload_(racehost::Host::instance().vm()); }

    // The environment the agent got from the layer.
    jvmtiEnv* agentEnv() const {
        void* agent = ::dlopen(RACE_AGENT, RTLD_NOW | RTLD_NOLOAD);
        if (agent == nullptr) throw std::runtime_error("the layer has not loaded the agent");
        auto get = reinterpret_cast<jvmtiEnv* (*)()>(::dlsym(agent, "race_agent_env"));
        jvmtiEnv* env = get ? get() : nullptr;
        ::dlclose(agent);
        if (env == nullptr) throw std::runtime_error("the agent has no environment");
        return env;
    }

private:
    using Entry = jint(JNICALL*)(JavaVM*, char*, void*);

    Entry entry(const char* name) {
        auto f = reinterpret_cast<Entry>(::dlsym(handle_, name));
        if (f == nullptr) throw std::runtime_error(std::string("the layer has no ") + name);
        return f;
    }

    jint call(Entry f, const std::string& settings) {
        std::string text = options(settings);
        return f(racehost::Host::instance().vm(), text.data(), nullptr);
    }

    runtimetest::TempDir dir_;
    void* handle_ = nullptr;
    Entry onLoad_ = nullptr, onAttach_ = nullptr;
    void(JNICALL* onUnload_)(JavaVM*) = nullptr;
};

}  // namespace racetest
