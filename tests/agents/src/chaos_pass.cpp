// One pass over the JVMTI table from one place: for every function the VM offers, build a call
// whose arguments are all valid, then variants with one bad argument each, and make exactly the
// calls predict() says the layer must refuse; compare each error with the prediction.
//
// Calls go through jvmti_recorder::invoke (generated: it calls any slot of a table from one word
// per parameter), so one loop reaches every function.
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <mutex>

#include "chaos.hpp"
#include "jvmti_recorder.hpp"

namespace chaos {

namespace md = jvmti_metadata;

namespace {

// Held while a stale reference is made and passed (see runPass).
std::mutex staleTurn;

// Storage behind the non-NULL pointer arguments: one zeroed block per parameter, large enough
// for any structure the spec passes (jniNativeInterface is the largest).
constexpr int kSlots = 12;
constexpr std::size_t kSlotSize = 2048;
alignas(16) thread_local unsigned char scratch[kSlots][kSlotSize];

// What a non-NULL function pointer argument points to: a function that does nothing and would
// end any iteration (JVMTI_ITERATION_ABORT and JVMTI_VISIT_ABORT are both 0).
extern "C" jint JNICALL chaosNoCallback() { return 0; }

// An address no VM hands out as a method or field ID: the first page is never mapped.
const std::uint64_t kBogusId = 0x1008;

bool isPointerKind(md::Kind k) {
    switch (k) {
    case md::Kind::OutPtr: case md::Kind::AllocBuf: case md::Kind::AllocAllocBuf: case md::Kind::InPtr:
    case md::Kind::InBuf: case md::Kind::OutBuf: case md::Kind::VmBuf: case md::Kind::AgentBuf:
        return true;
    default:
        return false;
    }
}

// The place's real value of a handle base type; nullptr when it has none (or the base is no handle).
const void* handleValue(const char* base, const Values& v) {
    if (std::strcmp(base, "jthread") == 0) return v.thread;
    if (std::strcmp(base, "jclass") == 0) return v.klass;
    if (std::strcmp(base, "jobject") == 0) return v.object;
    if (std::strcmp(base, "jthreadGroup") == 0) return v.group;
    if (std::strcmp(base, "jmethodID") == 0) return v.method;
    if (std::strcmp(base, "jfieldID") == 0) return v.field;
    if (std::strcmp(base, "jrawMonitorID") == 0) return v.monitor;
    return nullptr;
}

// A valid argument for `p`: the place's real handle (NULL where it has none: no VM mistakes a
// NULL handle for an object), NULL for a pointer the spec lets be NULL, storage for the other
// pointers, the minimum or 0 for a jint, the first constant of an enum, 0 for other numbers.
std::uint64_t validWord(const md::Param& p, int index, const Values& values) {
    if (isPointerKind(p.kind)) return p.nullok ? 0 : jvmti_recorder::toWord(&scratch[index][0]);
    if (p.kind == md::Kind::PtrType && std::strcmp(p.base, "struct") == 0)
        return p.nullok ? 0 : jvmti_recorder::toWord(&chaosNoCallback);
    if (const void* h = handleValue(p.base, values)) return jvmti_recorder::toWord(h);
    if (p.enumValues != nullptr && p.enumValueCount > 0) return jvmti_recorder::toWord(p.enumValues[0]);
    if (std::strcmp(p.base, "jint") == 0 && p.hasMin) return jvmti_recorder::toWord(static_cast<jint>(p.min));
    return 0;
}

bool slotPresent(const jvmtiEnv* env, int num) {
    void* const* slots = reinterpret_cast<void* const*>(env->functions);
    return slots[num - 1] != nullptr;
}

const char* errorText(jvmtiError e) {
    const char* name = md::errorName(e);
    return name != nullptr ? name : "an unknown error";
}

// One call to make: through which environment, and which argument (if any) is bad, and how.
struct Case {
    jvmtiEnv* env;
    const EnvFacts* facts;
    int param = -1;
    Arg arg = Arg::Valid;
    std::uint64_t word = 0;
    bool staleReference = false;  // `word` is made at call time: a global reference, deleted
};

std::string describe(const md::Function& f, const Envs& envs, const Case& c) {
    std::string s = f.name;
    s += c.env == envs.dead ? " (disposed env)" : c.env == envs.bare ? " (env without capabilities)" : "";
    for (const Envs::Lacking& l : envs.lacking)
        if (c.env == l.env) s += " (env without capability bit " + std::to_string(l.bit) + ")";
    if (c.param >= 0) {
        static const char* const names[] = {"valid", "NULL", "below its minimum", "not a constant", "stale", "invalid"};
        s += std::string(" with ") + f.params[c.param].name + " " + names[static_cast<int>(c.arg)];
        if (c.arg == Arg::BadEnum || c.arg == Arg::BelowMin) s += " (" + std::to_string(static_cast<jint>(c.word)) + ")";
    }
    return s;
}

}  // namespace

void runPass(const Envs& envs, const Place& place, Tally& tally) {
    tally.context = place.name;
    for (const md::Function& f : md::functions) {
        if (!slotPresent(envs.full, f.num)) {
            // A function newer than the VM: its slot is NULL (the layer's table follows the VM's).
            ++tally.skipped["function absent from the VM's table"];
            continue;
        }
        if (f.paramCount > kSlots) {
            ++tally.skipped["more parameters than this agent passes"];
            continue;
        }
        std::uint64_t valid[kSlots] = {};
        Arg validArgs[kSlots];
        for (int i = 0; i < f.paramCount; ++i) {
            valid[i] = validWord(f.params[i], i, place.values);
            validArgs[i] = Arg::Valid;
        }

        std::vector<Case> cases;
        cases.push_back({envs.dead, &envs.deadFacts});
        cases.push_back({envs.full, &envs.fullFacts});
        if (f.requiredCapabilityCount > 0) cases.push_back({envs.bare, &envs.bareFacts});
        for (int i = 0; i < f.requiredCapabilityCount; ++i)
            for (const Envs::Lacking& l : envs.lacking)
                if (l.bit == f.requiredCapabilities[i]) cases.push_back({l.env, &l.facts});
        for (int i = 0; i < f.paramCount; ++i) {
            const md::Param& p = f.params[i];
            if (p.nullChecked) cases.push_back({envs.full, &envs.fullFacts, i, Arg::Null, 0});
            if (p.hasMin && p.min > INT32_MIN)
                cases.push_back({envs.full, &envs.fullFacts, i, Arg::BelowMin, jvmti_recorder::toWord(static_cast<jint>(p.min - 1))});
            if (p.enumValues != nullptr)
                for (int bad : badEnumValues(p))
                    cases.push_back({envs.full, &envs.fullFacts, i, Arg::BadEnum, jvmti_recorder::toWord(bad)});
            if (p.handle == md::Handle::None || !place.at.handleChecks) continue;
            if (!isReference(p.handle)) {
                cases.push_back({envs.full, &envs.fullFacts, i, Arg::Invalid, kBogusId});
            } else if (place.jni != nullptr && handleValue(p.base, place.values) != nullptr) {
                Case c{envs.full, &envs.fullFacts, i, Arg::Stale, 0};
                c.staleReference = true;
                cases.push_back(c);
            } else {
                ++tally.skipped["no live reference to make stale"];
            }
        }

        for (const Case& c : cases) {
            std::uint64_t words[kSlots];
            Arg args[kSlots];
            std::memcpy(words, valid, sizeof words);
            std::memcpy(args, validArgs, sizeof args);
            if (c.param >= 0) {
                words[c.param] = c.word;
                args[c.param] = c.arg;
            }
            const Verdict v = predict(f, *c.facts, place.at, args);
            if (!v.refused) {
                ++tally.notMade;  // would reach the VM: not this agent's business
                continue;
            }
            // A stale reference is only stale until some thread's NewGlobalRef takes its slot
            // again, and then the layer rightly sees a live one. So the places that make them
            // take turns (the heap callback and the GC handler make none, and must never wait
            // here: they run while other threads are stopped), and a slot taken again before
            // the call is made anew.
            std::unique_lock<std::mutex> turn;
            if (c.staleReference) {
                turn = std::unique_lock<std::mutex>(staleTurn);
                jobject live = static_cast<jobject>(const_cast<void*>(handleValue(f.params[c.param].base, place.values)));
                jobject global = nullptr;
                for (int attempt = 0; attempt < 100; ++attempt) {
                    global = place.jni->NewGlobalRef(live);
                    place.jni->DeleteGlobalRef(global);
                    if (place.jni->GetObjectRefType(global) == JNIInvalidRefType) break;
                }
                words[c.param] = jvmti_recorder::toWord(global);
            }
            std::memset(scratch, 0, sizeof scratch);
            const jvmtiError got = jvmti_recorder::invoke(*c.env->functions, f.num, c.env, words);
            if (turn.owns_lock()) turn.unlock();
            ++tally.calls;
            ++tally.byId[v.id];
            tally.errorOf[v.id] = v.error;
            ++tally.byKind[static_cast<int>(v.kind)];
            if (got != v.error) {
                ++tally.mismatches;
                if (tally.mismatchLines.size() < 50)
                    tally.mismatchLines.push_back(std::string(place.name) + ": " + describe(f, envs, c) + ": got " +
                                                  errorText(got) + ", expected " + errorText(v.error) + " (" + v.id + ")");
            }
        }
    }
    tally.reached = true;
}

}  // namespace chaos
