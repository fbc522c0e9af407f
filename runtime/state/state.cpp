// The running layer's state that every room reads: the registry of live environments
// (lock-free to read; layer/layer_env.cpp registers), the phase, the checking mode, the agents'
// paths, callback-unsafe regions.
#include "state/state.hpp"

#include <sys/syscall.h>
#include <unistd.h>

#include <mutex>

namespace jvmtilayer {

namespace detail {

std::atomic<jvmti_runtime::Env*> registry[kMaxEnvs];
std::atomic<int> registryEnd{0};
std::atomic<jvmtiPhase> currentPhase{JVMTI_PHASE_ONLOAD};
__attribute__((tls_model("initial-exec"))) constinit thread_local int unsafeDepth = 0;

}  // namespace detail

namespace {

std::atomic<CheckMode> mode{CheckMode::Spec};
std::mutex agentsLock;
std::vector<std::string> agents;

}  // namespace

Env* findEnvByHost(const jvmtiEnv* host) noexcept {
    const int end = detail::registryEnd.load(std::memory_order_acquire);
    for (int i = 0; i < end; ++i) {
        Env* env = detail::registry[i].load(std::memory_order_acquire);
        if (env != nullptr && env->host == host) return env;
    }
    return nullptr;
}

std::vector<std::string> agentPaths() {
    std::lock_guard<std::mutex> lock(agentsLock);
    return agents;
}

void addAgentPath(const std::string& path) {
    std::lock_guard<std::mutex> lock(agentsLock);
    agents.push_back(path);
}

void setPhase(jvmtiPhase p) noexcept { detail::currentPhase.store(p, std::memory_order_release); }

jvmtiPhase hostPhase(const Env& env) noexcept {
    jvmtiPhase p = JVMTI_PHASE_DEAD;
    if (env.host->functions->GetPhase(env.host, &p) == JVMTI_ERROR_NONE) return p;
    return phase();
}

void setCheckMode(CheckMode m) noexcept { mode.store(m, std::memory_order_relaxed); }
CheckMode checkMode() noexcept { return mode.load(std::memory_order_relaxed); }

UnsafeRegion::UnsafeRegion() noexcept { ++detail::unsafeDepth; }
UnsafeRegion::~UnsafeRegion() { --detail::unsafeDepth; }

void noteCalled(jvmtiEnv* jvmti, int functionNum) noexcept {
    if (functionNum < 0 || functionNum >= 4 * 64) return;
    if (Env* env = findEnv(jvmti))
        env->calledFunctions[functionNum / 64].fetch_or(std::uint64_t{1} << (functionNum % 64), std::memory_order_relaxed);
}

std::uint32_t currentThreadId() noexcept {
    thread_local const std::uint32_t id = static_cast<std::uint32_t>(::syscall(SYS_gettid));
    return id;
}

}  // namespace jvmtilayer
