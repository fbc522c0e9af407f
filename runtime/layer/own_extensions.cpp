// Extension functions and extension events. The VM's extension functions expect its own
// environment, and its extension events pass that environment to the agent; both are
// variadic. The layer gives the agent wrappers from a fixed pool, one per extension, that
// swap the environments and forward the arguments, read by the parameter descriptions the
// VM publishes. Integer and pointer arguments are forwarded; an extension with floating
// point arguments is refused with JVMTI_ERROR_NOT_AVAILABLE and reported.
#include <array>
#include <cstdarg>
#include <cstdint>
#include <mutex>
#include <utility>

#include "layer/layer.hpp"
#include "report/violations.hpp"

namespace jvmti_runtime {

using namespace jvmtilayer;

namespace {

constexpr int kMaxArgs = 12;
constexpr int kPool = 32;

bool floatingPoint(const jvmtiParamInfo& p) {
    return (p.kind == JVMTI_KIND_IN) && (p.base_type == JVMTI_TYPE_JFLOAT || p.base_type == JVMTI_TYPE_JDOUBLE);
}

// Checks that every parameter is passed in an integer register slot.
bool forwardable(const jvmtiParamInfo* params, jint count) {
    if (count > kMaxArgs) return false;
    for (jint i = 0; i < count; ++i)
        if (floatingPoint(params[i])) return false;
    return true;
}

// Calls a variadic JVMTI extension with `count` integer-class arguments.
template <class R, class Fn>
R callWith(Fn fn, jvmtiEnv* env, const std::intptr_t* a, int count) {
    switch (count) {
        case 0: return fn(env);
        case 1: return fn(env, a[0]);
        case 2: return fn(env, a[0], a[1]);
        case 3: return fn(env, a[0], a[1], a[2]);
        case 4: return fn(env, a[0], a[1], a[2], a[3]);
        case 5: return fn(env, a[0], a[1], a[2], a[3], a[4]);
        case 6: return fn(env, a[0], a[1], a[2], a[3], a[4], a[5]);
        case 7: return fn(env, a[0], a[1], a[2], a[3], a[4], a[5], a[6]);
        case 8: return fn(env, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7]);
        case 9: return fn(env, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8]);
        case 10: return fn(env, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9]);
        case 11: return fn(env, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10]);
        default: return fn(env, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10], a[11]);
    }
}

// ---- Extension functions ----

struct FunctionSlot {
    jvmtiExtensionFunction real = nullptr;
    int argCount = 0;
    bool forwardable = true;
    const char* id = "";  // the VM's string; kept for reports only while the slot lives
};
FunctionSlot functionSlots[kPool];
std::mutex slotLock;

template <int N>
jvmtiError JNICALL functionWrapper(jvmtiEnv* jvmti_env, ...) {
    const FunctionSlot& slot = functionSlots[N];
    Env* env = findEnv(jvmti_env);
    if (env == nullptr) return JVMTI_ERROR_INVALID_ENVIRONMENT;
    if (!slot.forwardable) {
        reportProblem(Severity::Error, own_rules::rule("extension.floating_point_arguments"), "GetExtensionFunctions", nullptr,
                      "the extension function takes floating-point arguments, which the layer cannot forward");
        return JVMTI_ERROR_NOT_AVAILABLE;
    }
    std::intptr_t args[kMaxArgs] = {};
    va_list ap;
    va_start(ap, jvmti_env);
    for (int i = 0; i < slot.argCount; ++i) args[i] = va_arg(ap, std::intptr_t);
    va_end(ap);
    return callWith<jvmtiError>(slot.real, env->host, args, slot.argCount);
}

template <int... N>
constexpr auto makeFunctionWrappers(std::integer_sequence<int, N...>) {
    return std::array<jvmtiExtensionFunction, sizeof...(N)>{functionWrapper<N>...};
}
const auto kFunctionWrappers = makeFunctionWrappers(std::make_integer_sequence<int, kPool>{});

// Stands in for an extension function the pool had no room for.
jvmtiError JNICALL refuse(jvmtiEnv*, ...) { return JVMTI_ERROR_NOT_AVAILABLE; }

// The wrapper for `real`, taking a free slot the first time; nullptr when the pool is full.
jvmtiExtensionFunction wrapperFor(const jvmtiExtensionFunctionInfo& info) {
    std::lock_guard<std::mutex> g(slotLock);
    for (int i = 0; i < kPool; ++i)
        if (functionSlots[i].real == info.func) return kFunctionWrappers[i];
    for (int i = 0; i < kPool; ++i)
        if (functionSlots[i].real == nullptr) {
            functionSlots[i].argCount = info.param_count;
            functionSlots[i].forwardable = forwardable(info.params, info.param_count);
            functionSlots[i].real = info.func;
            return kFunctionWrappers[i];
        }
    return nullptr;
}

// ---- Extension events ----

struct EventSlot {
    jint index = -1;
    int argCount = 0;
    bool forwardable = true;
    // The agent callback per environment that set one, by environment.
    std::atomic<jvmtiExtensionEvent> callbacks[64] = {};
    std::atomic<Env*> envs[64] = {};
};
EventSlot eventSlots[kPool];

template <int N>
void JNICALL eventWrapper(jvmtiEnv* jvmti_env, ...) {
    EventSlot& slot = eventSlots[N];
    Env* env = findEnvByHost(jvmti_env);
    if (env == nullptr || !slot.forwardable) return;
    jvmtiExtensionEvent callback = nullptr;
    for (int i = 0; i < 64 && callback == nullptr; ++i)
        if (slot.envs[i].load(std::memory_order_acquire) == env) callback = slot.callbacks[i].load(std::memory_order_acquire);
    if (callback == nullptr) return;
    std::intptr_t args[kMaxArgs] = {};
    va_list ap;
    va_start(ap, jvmti_env);
    for (int i = 0; i < slot.argCount; ++i) args[i] = va_arg(ap, std::intptr_t);
    va_end(ap);
    callWith<void>(callback, env->asJvmti(), args, slot.argCount);
}

template <int... N>
constexpr auto makeEventWrappers(std::integer_sequence<int, N...>) {
    return std::array<jvmtiExtensionEvent, sizeof...(N)>{eventWrapper<N>...};
}
const auto kEventWrappers = makeEventWrappers(std::make_integer_sequence<int, kPool>{});

// The slot of extension event `index`, described by the host; -1 when unknown or full.
int eventSlotFor(Env& env, jint index) {
    std::lock_guard<std::mutex> g(slotLock);
    for (int i = 0; i < kPool; ++i)
        if (eventSlots[i].index == index) return i;
    jint count = 0;
    jvmtiExtensionEventInfo* infos = nullptr;
    if (env.host->functions->GetExtensionEvents(env.host, &count, &infos) != JVMTI_ERROR_NONE) return -1;
    int slot = -1;
    for (jint k = 0; k < count && slot < 0; ++k) {
        if (infos[k].extension_event_index != index) continue;
        for (int i = 0; i < kPool; ++i)
            if (eventSlots[i].index == -1) {
                eventSlots[i].argCount = infos[k].param_count;
                eventSlots[i].forwardable = forwardable(infos[k].params, infos[k].param_count);
                eventSlots[i].index = index;
                slot = i;
                break;
            }
    }
    // Give the host's description back to it.
    for (jint k = 0; k < count; ++k) {
        for (jint p = 0; p < infos[k].param_count; ++p)
            env.host->functions->Deallocate(env.host, reinterpret_cast<unsigned char*>(infos[k].params[p].name));
        env.host->functions->Deallocate(env.host, reinterpret_cast<unsigned char*>(infos[k].params));
        env.host->functions->Deallocate(env.host, reinterpret_cast<unsigned char*>(infos[k].id));
        env.host->functions->Deallocate(env.host, reinterpret_cast<unsigned char*>(infos[k].short_description));
    }
    env.host->functions->Deallocate(env.host, reinterpret_cast<unsigned char*>(infos));
    return slot;
}

}  // namespace

jvmtiError GetExtensionFunctions(Env& env, jint* extension_count_ptr, jvmtiExtensionFunctionInfo** extensions) {
    const jvmtiError result = jvmti_forward::GetExtensionFunctions(env, extension_count_ptr, extensions);
    if (result != JVMTI_ERROR_NONE) return result;
    for (jint i = 0; i < *extension_count_ptr; ++i) {
        jvmtiExtensionFunction wrapper = wrapperFor((*extensions)[i]);
        if (wrapper == nullptr) {
            reportProblem(Severity::Warning, own_rules::rule("extension.pool_full"), "GetExtensionFunctions", nullptr,
                          "more extension functions than the layer can wrap; the rest refuse to run");
            (*extensions)[i].func = refuse;
            continue;
        }
        (*extensions)[i].func = wrapper;
    }
    return result;
}

jvmtiError SetExtensionEventCallback(Env& env, jint extension_event_index, jvmtiExtensionEvent callback) {
    const int slot = eventSlotFor(env, extension_event_index);
    if (slot < 0) return jvmti_forward::SetExtensionEventCallback(env, extension_event_index, callback);
    EventSlot& s = eventSlots[slot];
    // Record this environment's callback, then have the host call the slot's wrapper.
    int mine = -1;
    for (int i = 0; i < 64 && mine < 0; ++i)
        if (s.envs[i].load(std::memory_order_acquire) == &env) mine = i;
    for (int i = 0; i < 64 && mine < 0; ++i) {
        Env* expected = nullptr;
        if (s.envs[i].compare_exchange_strong(expected, &env)) mine = i;
    }
    if (mine < 0) return JVMTI_ERROR_OUT_OF_MEMORY;
    s.callbacks[mine].store(callback, std::memory_order_release);
    return jvmti_forward::SetExtensionEventCallback(env, extension_event_index, callback ? kEventWrappers[slot] : nullptr);
}

}  // namespace jvmti_runtime
