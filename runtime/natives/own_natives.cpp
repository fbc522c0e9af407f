// The runtime functions that set native method prefixes: forwarded to the host, and on
// success recorded for the layer's own binding of agent natives (natives.hpp), which must
// strip the same prefixes the VM would.
#include <new>
#include <string>
#include <vector>

#include "jvmti_forward.hpp"
#include "state/state.hpp"
#include "natives/natives.hpp"

namespace jvmti_runtime {

jvmtiError SetNativeMethodPrefix(Env& env, const char* prefix) {
    const jvmtiError result = jvmti_forward::SetNativeMethodPrefix(env, prefix);
    if (result != JVMTI_ERROR_NONE) return result;
    // NULL removes the prefix: the same as an empty list.
    std::vector<std::string> prefixes;
    try {
        if (prefix != nullptr) prefixes.emplace_back(prefix);
    } catch (const std::bad_alloc&) {
        return JVMTI_ERROR_OUT_OF_MEMORY;
    }
    jvmtilayer::natives::setPrefixes(&env, prefixes);
    return result;
}

jvmtiError SetNativeMethodPrefixes(Env& env, jint prefix_count, char** prefixes) {
    const jvmtiError result = jvmti_forward::SetNativeMethodPrefixes(env, prefix_count, prefixes);
    if (result != JVMTI_ERROR_NONE) return result;
    std::vector<std::string> copy;
    try {
        copy.reserve(static_cast<std::size_t>(prefix_count));
        for (jint i = 0; i < prefix_count; ++i)
            if (prefixes[i] != nullptr) copy.emplace_back(prefixes[i]);
    } catch (const std::bad_alloc&) {
        return JVMTI_ERROR_OUT_OF_MEMORY;
    }
    jvmtilayer::natives::setPrefixes(&env, copy);
    return result;
}

}  // namespace jvmti_runtime
