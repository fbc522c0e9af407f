// agent_util.hpp: what the C++ twins of the test agents add to agent_util.h for jvmti.hpp:
// checking a Result as AU_CHECK checks a jvmtiError, and holding a raw monitor for a scope.
#ifndef AGENT_UTIL_HPP
#define AGENT_UTIL_HPP

#include "agent_util.h"
#include "jvmti.hpp"

// Reports a failed call as AU_CHECK does (in the output and on stderr); true when it succeeded.
template <class R>
inline bool au_ok(jvmti::Env env, const R& r, int line) {
    if (!r) au_check(env.get(), r.error().code(), r.error().function(), line);
    return static_cast<bool>(r);
}
#define AU_OK(env, result) au_ok((env), (result), __LINE__)

// Holds a raw monitor from construction to the end of the scope.
class AuLocked {
public:
    AuLocked(jvmti::Env env, jrawMonitorID m) : env_(env), m_(m) { (void)AU_OK(env_, env_.rawMonitorEnter(m_)); }
    ~AuLocked() { (void)AU_OK(env_, env_.rawMonitorExit(m_)); }
    AuLocked(const AuLocked&) = delete;
    AuLocked& operator=(const AuLocked&) = delete;

private:
    jvmti::Env env_;
    jrawMonitorID m_;
};

#endif  // AGENT_UTIL_HPP
