// Creating and retiring layer environments (the registry they go in is state/state.cpp's), the
// function table they share, and the out-of-line queries of the generated code.
#include <array>
#include <cstdint>
#include <cstring>
#include <map>
#include <memory>
#include <type_traits>

#include "layer/api_version.hpp"
#include "layer/layer.hpp"
#include "report/advice.hpp"
#include "report/violations.hpp"
#include "trace/tracing.hpp"

namespace jvmtilayer {

using namespace detail;

namespace {

std::mutex registryLock;  // serializes registration; lookups take no lock

// The function table every layer environment points to: writable, because agents write into
// their tables (async-profiler swaps RedefineClasses and RetransformClasses for hooks), and
// one for all environments, because HotSpot's is one: a slot one agent patches is patched for
// every environment, as without the layer. Filled on first use, under registryLock, from the
// checking or the tracing table (tracing starts before any agent asks for an environment).
// A slot the VM's own table leaves NULL (a function newer than the VM) is NULL here too, since
// agents test slots for NULL to learn what the VM offers; so is one api-version= leaves out.
jvmtiInterface_1_ sharedTable;
bool sharedTableFilled = false;

jvmtiInterface_1_* functionTableLocked(const jvmtiEnv* host) {
    if (!sharedTableFilled) {
        sharedTable = *tracing::functionTable();
        // Every member of the table is a pointer: slot by slot, as the VM's table has them.
        static_assert(sizeof(jvmtiInterface_1_) % sizeof(void*) == 0);
        constexpr std::size_t slots = sizeof(jvmtiInterface_1_) / sizeof(void*);
        void* ours[slots];
        void* theirs[slots];
        std::memcpy(ours, &sharedTable, sizeof sharedTable);
        std::memcpy(theirs, host->functions, sizeof sharedTable);
        // Slot i holds function i + 1; under api-version= a later function is missing too, as
        // from that release's table.
        for (std::size_t i = 0; i < slots; ++i)
            if (theirs[i] == nullptr || !api_version::hasFunction(static_cast<int>(i) + 1)) ours[i] = nullptr;
        std::memcpy(&sharedTable, ours, sizeof sharedTable);
        sharedTableFilled = true;
    }
    return &sharedTable;
}

// The capability sets published to the checked calls (Env::caps): one immutable copy of each
// distinct set any environment ever possessed, shared by the environments that possess it and
// never freed, since a call on another thread may still be reading an older one. Agents add
// and give up a handful of sets, so there are few.
const jvmtiCapabilities* publishedCopy(const jvmtiCapabilities& caps) {
    using Bits = std::array<std::uint64_t, 2>;
    static_assert(sizeof(Bits) == sizeof(jvmtiCapabilities));
    struct Copies {
        std::mutex lock;
        std::map<Bits, std::unique_ptr<const jvmtiCapabilities>> byBits;
    };
    static Copies* const copies = new Copies;  // never destroyed: calls may come after exit began
    Bits bits{};
    std::memcpy(bits.data(), &caps, sizeof caps);
    std::lock_guard<std::mutex> g(copies->lock);
    std::unique_ptr<const jvmtiCapabilities>& copy = copies->byBits[bits];
    if (copy == nullptr) copy = std::make_unique<const jvmtiCapabilities>(caps);
    return copy.get();
}

}  // namespace

Env* createEnv(jvmtiEnv* host, Agent* agent, jint version) {
    static_assert(std::is_standard_layout_v<Env>, "Env must start with the function table");
    std::lock_guard<std::mutex> lock(registryLock);
    for (int i = 0; i < kMaxEnvs; ++i) {
        if (registry[i].load(std::memory_order_relaxed) != nullptr) continue;
        Env* env = new Env;  // never freed: see Env
        env->functions = functionTableLocked(host);
        env->host = host;
        env->agent = agent;
        env->version = version;
        refreshCapabilities(*env);
        advice::remember(env);
        registry[i].store(env, std::memory_order_release);
        if (registryEnd.load(std::memory_order_relaxed) <= i) registryEnd.store(i + 1, std::memory_order_release);
        return env;
    }
    return nullptr;
}

void retireEnv(Env* env) {
    std::lock_guard<std::mutex> lock(registryLock);
    env->disposed.store(true, std::memory_order_release);
    for (int i = 0; i < kMaxEnvs; ++i)
        if (registry[i].load(std::memory_order_relaxed) == env) registry[i].store(nullptr, std::memory_order_release);
}

void refreshCapabilities(Env& env) noexcept {
    jvmtiCapabilities caps{};
    if (env.host->functions->GetCapabilities(env.host, &caps) != JVMTI_ERROR_NONE) return;
    try {
        env.caps.store(publishedCopy(caps), std::memory_order_release);
    } catch (...) {
        // Out of memory for a copy: the checks go on with the set published before.
    }
}

}  // namespace jvmtilayer

// The out-of-line queries of jvmti_runtime.hpp, jvmti_forward.hpp and jvmti_events.hpp (the
// ones on every call are inline, in jvmti_runtime_inline.hpp).
namespace jvmti_runtime {

void reportViolation(Env* env, const Violation& v) noexcept { jvmtilayer::reportCheckFailure(env, v); }

// The handlers the spec restricts to callback-safe functions run as heap callbacks do: in a
// callback-unsafe region of their thread.
void enterRestrictedHandler() noexcept { ++jvmtilayer::detail::unsafeDepth; }
void leaveRestrictedHandler() noexcept { --jvmtilayer::detail::unsafeDepth; }

EventTarget eventTarget(jvmtiEnv* received) noexcept {
    Env* env = jvmtilayer::findEnvByHost(received);
    if (env == nullptr) return {nullptr, nullptr};
    return {env->asJvmti(), env->callbacks.load(std::memory_order_acquire)};
}

}  // namespace jvmti_runtime
