#include "report/advice.hpp"

#include <algorithm>
#include <cstring>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "jvmti_metadata.hpp"
#include "report/violations.hpp"

namespace jvmtilayer::advice {

namespace md = jvmti_metadata;

namespace {

static_assert(md::maxFunctionNum < 4 * 64, "calledFunctions holds every function number");
static_assert(md::maxEventNum - JVMTI_MIN_EVENT_TYPE_VAL < 64, "one word holds every event number");

bool enabled = false;  // set once at start-up
std::mutex listLock;
std::vector<Env*> environments;  // every environment created, in order

// Where the agent did what the advice is about: its first call that added each capability,
// enabled each event, set each callback (by capability bit, by event bit). Those calls are
// rare, so a map under a lock will do.
enum Kind { kCapability, kEnabled, kCallback };
struct Sites {
    const void* at[3][64] = {};
};
std::mutex sitesLock;
std::map<const Env*, Sites> sites;

void noteSite(const Env& env, Kind kind, int bit) noexcept {
    if (bit < 0 || bit >= 64) return;
    const void* site = detail::callSite;
    try {
        std::lock_guard<std::mutex> g(sitesLock);
        const void*& slot = sites[&env].at[kind][bit];
        if (slot == nullptr) slot = site;
    } catch (...) {
    }
}
const void* siteOf(const Env& env, Kind kind, int bit) {
    std::lock_guard<std::mutex> g(sitesLock);
    const auto it = sites.find(&env);
    return it == sites.end() || bit < 0 || bit >= 64 ? nullptr : it->second.at[kind][bit];
}

// Capabilities that no function or event requires but that change what some do (the spec's
// descriptions of them): used when one of these functions is called or events enabled.
struct Influence {
    const char* capability;
    const char* functions[2];
    const char* event;
};
constexpr Influence kInfluences[] = {
    {"can_maintain_original_method_order", {"GetClassMethods", nullptr}, nullptr},
    {"can_redefine_any_class", {"RedefineClasses", "IsModifiableClass"}, nullptr},
    {"can_retransform_any_class", {"RetransformClasses", "IsModifiableClass"}, nullptr},
    {"can_generate_all_class_hook_events", {nullptr, nullptr}, "ClassFileLoadHook"},
    {"can_generate_early_class_hook_events", {nullptr, nullptr}, "ClassFileLoadHook"},
    {"can_generate_early_vmstart", {nullptr, nullptr}, "VMStart"},
    {"can_generate_resource_exhaustion_heap_events", {nullptr, nullptr}, "ResourceExhausted"},
    {"can_generate_resource_exhaustion_threads_events", {nullptr, nullptr}, "ResourceExhausted"},
};
// can_support_virtual_threads changes how most thread functions treat virtual threads: no
// call tells whether it was needed, so it is never judged unused.
constexpr const char* kNotJudged[] = {"can_support_virtual_threads"};

// Capabilities that HotSpot's compilers pay for in every method they compile while any
// environment holds them. JvmtiManageCapabilities::update()
// (src/hotspot/share/prims/jvmtiManageCapabilities.cpp) turns them into JvmtiExport flags,
// which each compilation reads through ciEnv (src/hotspot/share/ci/ciEnv.hpp).
struct Costly {
    const own_rules::Rule* rule;
    const char* capabilities[4];
    const char* cost;
};
constexpr Costly kCostly[] = {
    {&own_rules::rule("advice.costly.locals"),
     {"can_access_local_variables", "can_generate_breakpoint_events", "can_generate_frame_pop_events", "can_pop_frame"},
     "compiled code keeps every local variable alive for the debugger, and C2 records the objects escape "
     "analysis removed at each safepoint (ciEnv::should_retain_local_variables; "
     "src/hotspot/share/opto/escape.cpp, src/hotspot/share/c1/c1_GraphBuilder.cpp)"},
    {&own_rules::rule("advice.costly.exceptions"),
     {"can_generate_exception_events", "can_generate_frame_pop_events", "can_generate_method_exit_events", nullptr},
     "compiled throws leave fast paths to ask whether an exception event must be posted "
     "(ciEnv::jvmti_can_post_on_exceptions; src/hotspot/share/opto/graphKit.cpp builtin_throw, "
     "src/hotspot/share/c1/c1_LIRGenerator.cpp)"},
    {&own_rules::rule("advice.costly.dependencies"),
     {"can_generate_breakpoint_events", "can_redefine_classes", "can_retransform_classes", nullptr},
     "every compiled method records a dependency on each method it inlines, so that a breakpoint or a "
     "redefinition can deoptimize it (ciEnv::jvmti_can_hotswap_or_post_breakpoint; "
     "src/hotspot/share/c1/c1_GraphBuilder.cpp, src/hotspot/share/opto/parse1.cpp)"},
};

const md::Capability* capabilityNamed(const char* name) { return name ? md::capabilityByName(name) : nullptr; }

bool functionCalled(const Env& env, int num) {
    return num >= 0 && num < 4 * 64 &&
           (env.calledFunctions[num / 64].load(std::memory_order_relaxed) >> (num % 64) & 1) != 0;
}
bool bitSet(const std::atomic<std::uint64_t>& word, int eventNum) {
    const int bit = eventNum - JVMTI_MIN_EVENT_TYPE_VAL;
    return bit >= 0 && bit < 64 && (word.load(std::memory_order_relaxed) >> bit & 1) != 0;
}
int eventNumber(const char* name) {
    for (const auto& e : md::events)
        if (std::strcmp(e.name, name) == 0) return e.num;
    return -1;
}

// Whether a list of required capabilities names `bit`.
bool lists(const int* caps, int count, int bit) { return std::find(caps, caps + count, bit) != caps + count; }

// Whether a call or an enabled event of `env` needed capability `cap`.
bool capabilityUsed(const Env& env, const md::Capability& cap) {
    for (const auto& f : md::functions)
        if (lists(f.requiredCapabilities, f.requiredCapabilityCount, cap.bit) && functionCalled(env, f.num)) return true;
    for (const auto& e : md::events)
        if (lists(e.requiredCapabilities, e.requiredCapabilityCount, cap.bit) && bitSet(env.enabledEvents, e.num))
            return true;
    for (const auto& in : kInfluences) {
        if (std::strcmp(in.capability, cap.name) != 0) continue;
        for (const char* fn : in.functions)
            if (fn != nullptr)
                if (const md::Function* f = md::functionByName(fn); f != nullptr && functionCalled(env, f->num)) return true;
        if (in.event != nullptr && bitSet(env.enabledEvents, eventNumber(in.event))) return true;
    }
    return false;
}

// Whether anything could tell that `cap` was used (required by some function or event, or
// named in kInfluences), and it is not excluded.
bool judged(const md::Capability& cap) {
    for (const char* name : kNotJudged)
        if (std::strcmp(name, cap.name) == 0) return false;
    for (const auto& f : md::functions)
        if (lists(f.requiredCapabilities, f.requiredCapabilityCount, cap.bit)) return true;
    for (const auto& e : md::events)
        if (lists(e.requiredCapabilities, e.requiredCapabilityCount, cap.bit)) return true;
    for (const auto& in : kInfluences)
        if (std::strcmp(in.capability, cap.name) == 0) return true;
    return false;
}

std::string agentName(const Env& env) {
    if (env.agent == nullptr) return "an agent";
    const std::string& path = env.agent->path;
    const auto slash = path.rfind('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

void judge(Env& env) {
    const std::string who = agentName(env);
    jvmtiCapabilities added{}, onLoad{};
    {
        std::lock_guard<std::mutex> g(env.capsLock);
        added = env.capsAdded;
        onLoad = env.capsAddedOnLoad;
    }
    // Each piece of advice names the agent's call it is about (the first that did it).
    Reporter& out = reporter();
    const auto report = [&out](const own_rules::Rule& rule, const char* function, const std::string& what,
                               const void* site) {
        out.report(Severity::Advice, rule.id, function, nullptr, what, rule.text, site);
    };
    for (const auto& cap : md::capabilities)
        if (cap.get(added) && judged(cap) && !capabilityUsed(env, cap))
            report(own_rules::rule("advice.capability_unused"), "AddCapabilities",
                   who + ": " + cap.name + " was added, but no call and no enabled event of this environment needed it",
                   siteOf(env, kCapability, cap.bit));
    for (const auto& e : md::events) {
        const int bit = e.num - JVMTI_MIN_EVENT_TYPE_VAL;
        const bool enabledEver = bitSet(env.enabledEvents, e.num);
        const bool callback = bitSet(env.callbackEvents, e.num);
        if (enabledEver && !callback)
            report(own_rules::rule("advice.event_without_callback"), "SetEventNotificationMode",
                   who + ": " + e.name + " was enabled, but no callback for it was ever set", siteOf(env, kEnabled, bit));
        else if (callback && !enabledEver)
            report(own_rules::rule("advice.callback_without_event"), "SetEventCallbacks",
                   who + ": a callback for " + std::string(e.name) + " was set, but the event was never enabled",
                   siteOf(env, kCallback, bit));
    }
    for (const auto& c : kCostly) {
        std::string held;
        const void* site = nullptr;
        for (const char* name : c.capabilities)
            if (const md::Capability* cap = capabilityNamed(name); cap != nullptr && cap->get(onLoad)) {
                held += (held.empty() ? "" : ", ") + std::string(name);
                if (site == nullptr) site = siteOf(env, kCapability, cap->bit);
            }
        if (!held.empty())
            report(*c.rule, "AddCapabilities", who + ": " + held + " added in the OnLoad phase: in HotSpot " + c.cost, site);
    }
}

}  // namespace

void start(bool on) noexcept { enabled = on; }
bool on() noexcept { return enabled; }

void eventEnabled(Env& env, jvmtiEvent event) noexcept {
    const int bit = static_cast<int>(event) - JVMTI_MIN_EVENT_TYPE_VAL;
    if (!enabled || bit < 0 || bit >= 64) return;
    env.enabledEvents.fetch_or(std::uint64_t{1} << bit, std::memory_order_relaxed);
    noteSite(env, kEnabled, bit);
}

void callbacksSet(Env& env, const jvmtiEventCallbacks* callbacks, jint size) noexcept {
    if (!enabled || callbacks == nullptr || size <= 0) return;
    constexpr std::size_t slots = sizeof(jvmtiEventCallbacks) / sizeof(void*);
    void* given[slots] = {};
    std::memcpy(given, callbacks, std::min(sizeof given, static_cast<std::size_t>(size)));
    std::uint64_t bits = 0;
    for (std::size_t i = 0; i < slots && i < 64; ++i)
        if (given[i] != nullptr) {
            bits |= std::uint64_t{1} << i;
            noteSite(env, kCallback, static_cast<int>(i));
        }
    env.callbackEvents.fetch_or(bits, std::memory_order_relaxed);
}

void capabilitiesAdded(Env& env, const jvmtiCapabilities& added, jvmtiPhase phase) noexcept {
    if (!enabled) return;
    for (const auto& cap : md::capabilities)
        if (cap.get(added)) {
            if (!cap.get(env.capsAdded)) noteSite(env, kCapability, cap.bit);
            cap.set(env.capsAdded, true);
            if (phase == JVMTI_PHASE_ONLOAD) cap.set(env.capsAddedOnLoad, true);
        }
}

void remember(Env* env) noexcept {
    if (!enabled) return;
    try {
        std::lock_guard<std::mutex> g(listLock);
        environments.push_back(env);
    } catch (...) {
    }
}

void finish() noexcept {
    if (!enabled) return;
    try {
        std::vector<Env*> all;
        {
            std::lock_guard<std::mutex> g(listLock);
            all = environments;
        }
        for (Env* env : all) judge(*env);
    } catch (...) {
    }
}

}  // namespace jvmtilayer::advice
