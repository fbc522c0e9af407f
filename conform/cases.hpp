// jvmti-conform's cases: for each function of the generated metadata, the calls whose answer
// the spec predicts, each with one thing wrong (or nothing: a well-formed call), and the
// answers the spec allows. Nothing here names a JVMTI function but the list of calls that are
// not made (kNotMade in cases.cpp), each with its reason.
#pragma once

#include <jvmti.h>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "jvmti_metadata.hpp"

namespace conform {

namespace md = jvmti_metadata;

// What is wrong with a call, one thing at a time.
enum class Kind { WellFormed, Phase, Capability, Null, Min, Enum, WrongHandle, Count };
const char* kindName(Kind kind);  // "well_formed", "phase", "capability", "null", "min", "enum", "wrong_handle"

// Where calls are made: the phase they are made in.
enum class Place { OnLoad, Start, Live };
const char* placeName(Place place);  // "onload", "start", "live"

// Real values of one place for the handle parameters; nullptr where the place has none.
struct Values {
    jthread thread = nullptr;       // the current thread
    jclass klass = nullptr;         // java/lang/String
    jobject object = nullptr;       // a String (no thread, class or thread group)
    jthreadGroup group = nullptr;   // the current thread's group
    jmethodID method = nullptr;     // String.length()
    jfieldID field = nullptr;       // String.hash
    jrawMonitorID monitor = nullptr;
};

// One call: the function, what is wrong with it, and the answers the spec allows.
struct Case {
    const md::Function* function = nullptr;
    Kind kind = Kind::WellFormed;
    int param = -1;                 // the parameter that is wrong (null, min, enum, wrong_handle)
    std::uint64_t badWord = 0;      // its value (min, enum; wrong_handle: the place's object)
    int lackingBit = -1;            // capability: the one the environment lacks
    std::vector<jvmtiError> allowed;
    std::string detail;             // "thread_ptr", "depth = -1", "can_suspend", ...
};

// A call that is not made, and why (listed in every report).
struct Skip {
    std::string function;
    std::string kind;    // a Kind's name, or "all"
    std::string reason;
    std::string source;  // where the reason comes from
};

// What the VM (or runtime) under test offers, as far as making cases goes.
struct Offer {
    jvmtiCapabilities potential{};  // what the environment holding "all" capabilities holds
    // Per capability some function requires: what the environment lacking it holds (a VM may
    // let only one environment hold some capabilities at a time).
    std::vector<std::pair<int, jvmtiCapabilities>> lacking;
    bool tellsHandleKinds = true;   // a jclass passed as a jthread can be told apart
    bool unsafe = false;            // --unsafe: make the calls kNotMade lists as crashing a VM
};

// The cases of `f` at `place`, with `values` for its handles. Cases that cannot be made are
// added to `skips` (once per function and reason: the caller dedups).
std::vector<Case> casesFor(const md::Function& f, Place place, const Values& values, const Offer& offer,
                           std::vector<Skip>& skips);

// The argument words of a call with everything valid; `storage` provides the memory behind
// non-NULL pointers (one block per parameter, zeroed by the caller before each call).
constexpr int kMaxParams = 12;
constexpr std::size_t kBlockSize = 2048;
using Storage = unsigned char[kMaxParams][kBlockSize];
void validWords(const md::Function& f, const Values& values, Storage& storage, std::uint64_t (&words)[kMaxParams]);

// The place's value for a parameter of handle type `base` ("jthread", "jclass", ...); nullptr
// where it has none, or when `base` is no handle type.
const void* handleValue(const char* base, const Values& values);

// The values of an enum parameter that are none of its constants: one below the smallest, one
// above the largest, and every gap between.
std::vector<int> strayEnumValues(const md::Param& p);

// The name of an error, or its number.
std::string errorName(jvmtiError error);

}  // namespace conform
