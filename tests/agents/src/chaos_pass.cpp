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

// Storage behind the non-NULL pointer arguments, one block per parameter: per thread, as
// places run at once.
constexpr int kSlots = conform::kMaxParams;
alignas(16) thread_local conform::Storage scratch;

// An address no VM hands out as a method or field ID: the first page is never mapped.
const std::uint64_t kBogusId = 0x1008;

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
        std::uint64_t valid[kSlots];
        conform::validWords(f, place.values, scratch, valid);
        Arg validArgs[kSlots];
        for (int i = 0; i < kSlots; ++i) validArgs[i] = Arg::Valid;

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
                for (int bad : conform::strayEnumValues(p))
                    cases.push_back({envs.full, &envs.fullFacts, i, Arg::BadEnum, jvmti_recorder::toWord(bad)});
            if (p.handle == md::Handle::None || !place.at.handleChecks) continue;
            if (!isReference(p.handle)) {
                cases.push_back({envs.full, &envs.fullFacts, i, Arg::Invalid, kBogusId});
            } else if (place.jni != nullptr && conform::handleValue(p.base, place.values) != nullptr) {
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
                jobject live = static_cast<jobject>(const_cast<void*>(conform::handleValue(f.params[c.param].base, place.values)));
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
