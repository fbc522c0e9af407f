// chaos: an agent that calls every function of the JVMTI table, in every phase and place it
// reaches, only in ways the checking layer must refuse, and predicts each refusal from the
// generated metadata (jvmti_metadata.hpp). Shared by chaos.cpp (the agent and its contexts),
// chaos_predict.cpp (what the layer must answer) and chaos_pass.cpp (the calls).
#pragma once

#include <jvmti.h>

#include <map>
#include <string>
#include <vector>

#include "cases.hpp"
#include "jvmti_metadata.hpp"

namespace chaos {

// What a prediction needs to know about one argument.
enum class Arg {
    Valid,      // a value the function accepts (NULL where the spec lets the parameter be NULL)
    Null,       // NULL for a pointer the spec says may not be NULL
    BelowMin,   // a jint one below the spec's minimum
    BadEnum,    // a value that is none of the enum's constants
    Stale,      // a JNI reference that was deleted
    Invalid,    // an ID no VM issued (an unreadable address)
};

// The kinds of rule a refusal comes from, in the order the layer's entries check them.
enum class RuleKind { Env, Phase, Capability, Null, Min, Enum, CallbackUnsafe, HandleInvalid, HandleStale, Count };
const char* ruleKindName(RuleKind kind);

// The outcome the layer must give: refused (with the report id and the error), or let through.
struct Verdict {
    bool refused = false;
    RuleKind kind = RuleKind::Env;
    std::string id;
    jvmtiError error = JVMTI_ERROR_NONE;
};

// Where a call is made, as the checks see it.
struct Situation {
    jvmtiPhase phase = JVMTI_PHASE_LIVE;
    bool callbackUnsafe = false;  // inside a heap callback or a restricted event handler
    bool handleChecks = false;    // check=strict, in the live phase, on a thread the VM knows
};

// The environment a call goes through, as the checks see it.
struct EnvFacts {
    bool live = true;
    jvmtiCapabilities caps{};
};

// A handle the strict checks test (the metadata's Param::handle): a JNI reference, which can be
// deleted, or an ID.
bool isReference(jvmti_metadata::Handle h);

// The checks of an entry, applied to a call described by `args` (one per parameter), in the
// layer's order: environment, phase, capabilities, each parameter (NULL, minimum, enum), callback
// safety, then each handle.
Verdict predict(const jvmti_metadata::Function& f, const EnvFacts& env, const Situation& at, const Arg* args);

// Real values for the parameters of one place (nullptr where the place has none), the valid
// arguments made from them and the stray enum values: jvmti-conform's (conform/cases.hpp).
using conform::Values;

// The environments the calls go through: one that holds every capability the VM offers (but
// can_generate_early_vmstart), one that holds none, one that was disposed, and per capability
// some function requires, one that holds what the full one holds but that capability.
struct Envs {
    jvmtiEnv* full = nullptr;
    jvmtiEnv* bare = nullptr;
    jvmtiEnv* dead = nullptr;
    EnvFacts fullFacts, bareFacts, deadFacts;
    struct Lacking {
        int bit;
        jvmtiEnv* env;
        EnvFacts facts;
    };
    std::vector<Lacking> lacking;
};

// What one place did.
struct Tally {
    const char* context = "";
    bool reached = false;
    long calls = 0;
    long mismatches = 0;
    long notMade = 0;                       // cases the layer would let through to the VM
    std::map<std::string, long> skipped;    // reason -> cases not made
    std::map<std::string, long> byId;       // report id -> refusals predicted (and seen)
    std::map<std::string, jvmtiError> errorOf;  // report id -> the error it returns
    long byKind[static_cast<int>(RuleKind::Count)] = {};
    std::vector<std::string> mismatchLines; // the first few, for the summary
};

// One place's pass over the whole table. `jni` is nullptr where JNI may not be used (heap
// callbacks, restricted handlers, OnLoad); then no stale references are made.
struct Place {
    const char* name;
    Situation at;
    JNIEnv* jni = nullptr;
    Values values;
};
void runPass(const Envs& envs, const Place& place, Tally& tally);

}  // namespace chaos
