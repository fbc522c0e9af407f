// What the checking layer must answer to a call, derived from the generated metadata alone:
// the spec's rules in the order the entries apply them (see the "checks" output in docs/generator.md
// and generated/docs/rules.md). Nothing here names a JVMTI function.
#include <algorithm>
#include <cstring>

#include "chaos.hpp"

namespace chaos {

namespace md = jvmti_metadata;

const char* ruleKindName(RuleKind kind) {
    switch (kind) {
    case RuleKind::Env: return "env.invalid";
    case RuleKind::Phase: return "phase";
    case RuleKind::Capability: return "capability";
    case RuleKind::Null: return "null";
    case RuleKind::Min: return "min";
    case RuleKind::Enum: return "enum";
    case RuleKind::CallbackUnsafe: return "callback_unsafe";
    case RuleKind::HandleInvalid: return "invalid";
    case RuleKind::HandleStale: return "stale";
    case RuleKind::Count: break;
    }
    return "?";
}

namespace {

const char* capabilityName(int bit) {
    for (const auto& c : md::capabilities)
        if (c.bit == bit) return c.name;
    return "?";
}

bool holds(const jvmtiCapabilities& caps, int bit) {
    for (const auto& c : md::capabilities)
        if (c.bit == bit) return c.get(caps);
    return false;
}

Verdict refuse(RuleKind kind, std::string id, jvmtiError error) {
    return Verdict{true, kind, std::move(id), error};
}

}  // namespace

bool isReference(md::Handle h) {
    return h == md::Handle::Object || h == md::Handle::Class || h == md::Handle::Thread || h == md::Handle::ThreadGroup;
}

Verdict predict(const md::Function& f, const EnvFacts& env, const Situation& at, const Arg* args) {
    const std::string name = f.name;
    if (!env.live) return refuse(RuleKind::Env, name + ".env.invalid", JVMTI_ERROR_INVALID_ENVIRONMENT);
    if (f.phaseCount > 0 && std::find(f.phases, f.phases + f.phaseCount, at.phase) == f.phases + f.phaseCount)
        return refuse(RuleKind::Phase, name + ".phase", JVMTI_ERROR_WRONG_PHASE);
    for (int i = 0; i < f.requiredCapabilityCount; ++i) {
        const int bit = f.requiredCapabilities[i];
        if (!holds(env.caps, bit))
            return refuse(RuleKind::Capability, name + ".capability." + capabilityName(bit),
                          JVMTI_ERROR_MUST_POSSESS_CAPABILITY);
    }
    for (int i = 0; i < f.paramCount; ++i) {
        const md::Param& p = f.params[i];
        const std::string prefix = name + "." + p.name;
        if (p.nullChecked && args[i] == Arg::Null) return refuse(RuleKind::Null, prefix + ".null", JVMTI_ERROR_NULL_POINTER);
        if (p.hasMin && args[i] == Arg::BelowMin) return refuse(RuleKind::Min, prefix + ".min", JVMTI_ERROR_ILLEGAL_ARGUMENT);
        if (p.enumValues != nullptr && args[i] == Arg::BadEnum) {
            // An event type that is not one is the spec's INVALID_EVENT_TYPE; any other enum's
            // stray value is an ILLEGAL_ARGUMENT.
            const bool event = std::strcmp(p.enumName, "jvmtiEvent") == 0;
            return refuse(RuleKind::Enum, prefix + ".enum",
                          event ? JVMTI_ERROR_INVALID_EVENT_TYPE : JVMTI_ERROR_ILLEGAL_ARGUMENT);
        }
    }
    if (!f.callbackSafe && at.callbackUnsafe)
        return refuse(RuleKind::CallbackUnsafe, name + ".callback_unsafe", JVMTI_ERROR_ACCESS_DENIED);
    if (at.handleChecks) {
        for (int i = 0; i < f.paramCount; ++i) {
            const md::Param& p = f.params[i];
            if (p.handle == md::Handle::None) continue;
            const std::string prefix = name + "." + p.name;
            if (args[i] == Arg::Stale) return refuse(RuleKind::HandleStale, prefix + ".stale", p.handleError);
            if (args[i] == Arg::Invalid) return refuse(RuleKind::HandleInvalid, prefix + ".invalid", p.handleError);
        }
    }
    return Verdict{};
}

}  // namespace chaos
