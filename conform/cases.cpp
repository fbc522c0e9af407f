#include "cases.hpp"

#include <algorithm>
#include <climits>
#include <cstring>

namespace conform {

namespace {

// Calls not made, and why. Well-formed calls whose valid arguments (the current thread, the
// suite's own memory and monitor) would harm the run itself, and calls a VM is known to crash
// on (made with --unsafe only).
struct NotMade {
    const char* function;
    Kind kind;            // Kind::Count: every kind
    bool crashes;         // a VM crashes or hangs: --unsafe makes it anyway
    const char* reason;
    const char* source;
};
constexpr NotMade kNotMade[] = {
    {"DisposeEnvironment", Kind::WellFormed, false, "would dispose the environment every later call goes through", "the suite"},
    {"SuspendThread", Kind::WellFormed, false, "the valid thread is the calling one: it would never be resumed", "the spec: SuspendThread"},
    {"SuspendThreadList", Kind::WellFormed, false, "the valid thread is the calling one: it would never be resumed", "the spec: SuspendThreadList"},
    {"SuspendAllVirtualThreads", Kind::WellFormed, false, "would suspend the program's virtual threads for the rest of the run", "the spec: SuspendAllVirtualThreads"},
    {"StopThread", Kind::WellFormed, false, "would throw an asynchronous exception into the calling thread", "the spec: StopThread"},
    {"InterruptThread", Kind::WellFormed, false, "would interrupt the calling thread, which the program would see", "the spec: InterruptThread"},
    {"RunAgentThread", Kind::WellFormed, false, "the valid thread is a running one, not a new java.lang.Thread: the spec leaves that undefined", "the spec: RunAgentThread"},
    {"PopFrame", Kind::WellFormed, false, "would pop a frame of the calling thread, which is in a native callback", "the spec: PopFrame"},
    {"ForceEarlyReturnObject", Kind::WellFormed, false, "would return early from a frame of the calling thread", "the spec: Force Early Return"},
    {"ForceEarlyReturnInt", Kind::WellFormed, false, "would return early from a frame of the calling thread", "the spec: Force Early Return"},
    {"ForceEarlyReturnLong", Kind::WellFormed, false, "would return early from a frame of the calling thread", "the spec: Force Early Return"},
    {"ForceEarlyReturnFloat", Kind::WellFormed, false, "would return early from a frame of the calling thread", "the spec: Force Early Return"},
    {"ForceEarlyReturnDouble", Kind::WellFormed, false, "would return early from a frame of the calling thread", "the spec: Force Early Return"},
    {"ForceEarlyReturnVoid", Kind::WellFormed, false, "would return early from a frame of the calling thread", "the spec: Force Early Return"},
    {"SetJNIFunctionTable", Kind::WellFormed, false, "the valid table is zeroed memory: every later JNI call would jump to NULL", "the spec: SetJNIFunctionTable"},
    {"Deallocate", Kind::WellFormed, false, "the valid memory is the suite's own, not JVMTI's: freeing it is undefined", "the spec: Deallocate"},
    {"DestroyRawMonitor", Kind::WellFormed, false, "would destroy the monitor the other calls use", "the suite"},
    {"RawMonitorWait", Kind::WellFormed, false, "millis 0 waits until notified, and nothing notifies", "the spec: RawMonitorWait"},
    // HotSpot reads the object as a ThreadGroup without checking its class: what it reads lies
    // past the String, so a run may or may not die (found by jvmti-conform --unsafe).
    {"GetThreadGroupInfo", Kind::WrongHandle, true, "HotSpot reads a String as a ThreadGroup and may crash",
     "jvmti-conform --unsafe: SIGSEGV in java_lang_ThreadGroup::name on OpenJDK 17.0.15 and Temurin 25.0.3"},
    {"GetThreadGroupChildren", Kind::WrongHandle, true, "HotSpot reads a String as a ThreadGroup and may crash",
     "jvmti-conform --unsafe: SIGSEGV in jvmti_GetThreadGroupChildren on OpenJDK 17.0.15"},
};

// Where two of the spec's statements both cover a case, either answer is right.
struct AlsoAllowed {
    const char* function;
    Kind kind;
    jvmtiError error;
};
constexpr AlsoAllowed kAlsoAllowed[] = {
    // Its own ILLEGAL_ARGUMENT covers every event type but two, stray ones included; the
    // jvmtiEvent parameter's INVALID_EVENT_TYPE covers the stray ones too.
    {"GenerateEvents", Kind::Enum, JVMTI_ERROR_ILLEGAL_ARGUMENT},
};

bool lists(const NotMade& n, const md::Function& f, Kind kind) {
    return std::strcmp(n.function, f.name) == 0 && (n.kind == Kind::Count || n.kind == kind);
}

jvmtiPhase phaseOf(Place place) {
    switch (place) {
    case Place::OnLoad: return JVMTI_PHASE_ONLOAD;
    case Place::Start: return JVMTI_PHASE_START;
    case Place::Live: return JVMTI_PHASE_LIVE;
    }
    return JVMTI_PHASE_LIVE;
}

bool allowedIn(const md::Function& f, Place place) {
    return f.phaseCount == 0 || std::find(f.phases, f.phases + f.phaseCount, phaseOf(place)) != f.phases + f.phaseCount;
}

const md::Capability* capability(int bit) {
    for (const auto& c : md::capabilities)
        if (c.bit == bit) return &c;
    return nullptr;
}

bool isPointerKind(md::Kind k) {
    switch (k) {
    case md::Kind::OutPtr: case md::Kind::AllocBuf: case md::Kind::AllocAllocBuf: case md::Kind::InPtr:
    case md::Kind::InBuf: case md::Kind::OutBuf: case md::Kind::VmBuf: case md::Kind::AgentBuf:
        return true;
    default:
        return false;
    }
}

// The handle types, and where a place keeps its value of each.
struct HandleType {
    const char* base;
    const void* (*of)(const Values&);
};
constexpr HandleType kHandleTypes[] = {
    {"jthread", [](const Values& v) -> const void* { return v.thread; }},
    {"jclass", [](const Values& v) -> const void* { return v.klass; }},
    {"jobject", [](const Values& v) -> const void* { return v.object; }},
    {"jthreadGroup", [](const Values& v) -> const void* { return v.group; }},
    {"jmethodID", [](const Values& v) -> const void* { return v.method; }},
    {"jfieldID", [](const Values& v) -> const void* { return v.field; }},
    {"jrawMonitorID", [](const Values& v) -> const void* { return v.monitor; }},
};

const HandleType* handleType(const char* base) {
    for (const HandleType& h : kHandleTypes)
        if (std::strcmp(base, h.base) == 0) return &h;
    return nullptr;
}

// A function that does nothing and ends any iteration (JVMTI_ITERATION_ABORT and
// JVMTI_VISIT_ABORT are both 0): what a non-NULL function pointer argument points to.
extern "C" jint JNICALL conformNoCallback() { return 0; }

std::uint64_t word(const void* p) { return static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(p)); }
std::uint64_t word(jint v) { return static_cast<std::uint64_t>(static_cast<std::uint32_t>(v)); }

// A reference of the wrong kind the VM can tell apart: a String for a thread, class or group.
jvmtiError wrongKindError(const char* base) {
    if (std::strcmp(base, "jthread") == 0) return JVMTI_ERROR_INVALID_THREAD;
    if (std::strcmp(base, "jclass") == 0) return JVMTI_ERROR_INVALID_CLASS;
    if (std::strcmp(base, "jthreadGroup") == 0) return JVMTI_ERROR_INVALID_THREAD_GROUP;
    return JVMTI_ERROR_NONE;
}

}  // namespace

const void* handleValue(const char* base, const Values& v) {
    const HandleType* h = handleType(base);
    return h != nullptr ? h->of(v) : nullptr;
}

const char* kindName(Kind kind) {
    switch (kind) {
    case Kind::WellFormed: return "well_formed";
    case Kind::Phase: return "phase";
    case Kind::Capability: return "capability";
    case Kind::Null: return "null";
    case Kind::Min: return "min";
    case Kind::Enum: return "enum";
    case Kind::WrongHandle: return "wrong_handle";
    case Kind::Count: break;
    }
    return "?";
}

const char* placeName(Place place) {
    switch (place) {
    case Place::OnLoad: return "onload";
    case Place::Start: return "start";
    case Place::Live: return "live";
    }
    return "?";
}

std::string errorName(jvmtiError error) {
    const char* name = md::errorName(error);
    return name != nullptr ? name : "error " + std::to_string(static_cast<int>(error));
}

std::vector<int> strayEnumValues(const md::Param& p) {
    std::vector<int> values(p.enumValues, p.enumValues + p.enumValueCount);
    std::sort(values.begin(), values.end());
    std::vector<int> stray;
    if (values.empty()) return stray;
    if (values.front() > INT_MIN) stray.push_back(values.front() - 1);
    for (size_t i = 0; i + 1 < values.size(); ++i)
        for (int v = values[i] + 1; v < values[i + 1]; ++v) stray.push_back(v);
    if (values.back() < INT_MAX) stray.push_back(values.back() + 1);
    return stray;
}

void validWords(const md::Function& f, const Values& values, Storage& storage, std::uint64_t (&words)[kMaxParams]) {
    for (int i = 0; i < kMaxParams; ++i) words[i] = 0;
    for (int i = 0; i < f.paramCount && i < kMaxParams; ++i) {
        const md::Param& p = f.params[i];
        if (isPointerKind(p.kind)) words[i] = p.nullok ? 0 : word(&storage[i][0]);
        else if (p.kind == md::Kind::PtrType && std::strcmp(p.base, "struct") == 0)
            words[i] = p.nullok ? 0 : word(reinterpret_cast<const void*>(&conformNoCallback));
        // A jobject that may be NULL is NULL: a String is no class loader, module or value of
        // the kind such a parameter means, and the VM may take it for one.
        else if (std::strcmp(p.base, "jobject") == 0 && p.nullok) words[i] = 0;
        else if (const void* h = handleValue(p.base, values)) words[i] = word(h);
        else if (p.enumValues != nullptr && p.enumValueCount > 0) words[i] = word(static_cast<jint>(p.enumValues[0]));
        else if (std::strcmp(p.base, "jint") == 0 && p.hasMin) words[i] = word(static_cast<jint>(p.min));
    }
}

std::vector<Case> casesFor(const md::Function& f, Place place, const Values& values, const Offer& offer,
                           std::vector<Skip>& skips) {
    std::vector<Case> cases;
    const auto skip = [&](Kind kind, std::string reason, std::string source) {
        skips.push_back({f.name, kind == Kind::Count ? "all" : kindName(kind), std::move(reason), std::move(source)});
    };
    if (f.paramCount > kMaxParams) {
        skip(Kind::Count, "more parameters than the suite passes", "the suite");
        return cases;
    }
    // Every parameter needs a valid value for a case to have only one thing wrong.
    for (int i = 0; i < f.paramCount; ++i) {
        const md::Param& p = f.params[i];
        if (p.kind == md::Kind::Value && handleType(p.base) != nullptr && !p.nullok && handleValue(p.base, values) == nullptr) {
            skip(Kind::Count, std::string("no valid ") + p.base + " in the " + placeName(place) + " phase",
                 "the suite");
            return cases;
        }
    }
    for (int i = 0; i < f.requiredCapabilityCount; ++i) {
        const md::Capability* c = capability(f.requiredCapabilities[i]);
        if (c != nullptr && !c->get(offer.potential)) {
            skip(Kind::Count, std::string("the VM does not offer ") + c->name, "GetPotentialCapabilities");
            return cases;
        }
    }
    const auto add = [&](Case c) {
        for (const AlsoAllowed& a : kAlsoAllowed)
            if (std::strcmp(a.function, f.name) == 0 && a.kind == c.kind) c.allowed.push_back(a.error);
        std::sort(c.allowed.begin(), c.allowed.end());
        c.allowed.erase(std::unique(c.allowed.begin(), c.allowed.end()), c.allowed.end());
        for (const NotMade& n : kNotMade)
            if (lists(n, f, c.kind) && !(n.crashes && offer.unsafe)) {
                skip(c.kind, n.reason, n.source);
                return;
            }
        c.function = &f;
        cases.push_back(std::move(c));
    };
    if (!allowedIn(f, place)) {
        add(Case{nullptr, Kind::Phase, -1, 0, -1, {JVMTI_ERROR_WRONG_PHASE}, placeName(place)});
        return cases;
    }
    // A well-formed call once: in the live phase where the function may be called then.
    const bool wellFormedHere = place == Place::Live || (!allowedIn(f, Place::Live) && place == Place::OnLoad);
    if (wellFormedHere) {
        Case c{nullptr, Kind::WellFormed, -1, 0, -1, {JVMTI_ERROR_NONE}, ""};
        c.allowed.insert(c.allowed.end(), f.errors, f.errors + f.errorCount);
        // The errors the spec attaches to a parameter's type that depend on the VM's state,
        // not on the value: a frame depth with no frame there, a thread that is not alive.
        for (int i = 0; i < f.paramCount; ++i) {
            if (std::strcmp(f.params[i].base, "jframeID") == 0) c.allowed.push_back(JVMTI_ERROR_NO_MORE_FRAMES);
            if (std::strcmp(f.params[i].base, "jthread") == 0 && f.params[i].kind == md::Kind::Value)
                c.allowed.push_back(JVMTI_ERROR_THREAD_NOT_ALIVE);
        }
        add(std::move(c));
    }
    for (int i = 0; i < f.requiredCapabilityCount; ++i) {
        const md::Capability* c = capability(f.requiredCapabilities[i]);
        if (c == nullptr) continue;
        const auto env = std::find_if(offer.lacking.begin(), offer.lacking.end(), [&](const auto& l) { return l.first == c->bit; });
        if (env == offer.lacking.end()) {
            skip(Kind::Capability, std::string("no environment lacks only ") + c->name, "the suite");
            continue;
        }
        // The call must lack that capability alone.
        bool alone = true;
        for (int j = 0; j < f.requiredCapabilityCount; ++j) {
            const md::Capability* other = capability(f.requiredCapabilities[j]);
            if (j != i && other != nullptr && !other->get(env->second)) {
                skip(Kind::Capability, std::string("the VM lets one environment at a time hold ") + other->name,
                     "GetPotentialCapabilities of a second environment");
                alone = false;
            }
        }
        if (alone) add(Case{nullptr, Kind::Capability, -1, 0, c->bit, {JVMTI_ERROR_MUST_POSSESS_CAPABILITY}, c->name});
    }
    for (int i = 0; i < f.paramCount; ++i) {
        const md::Param& p = f.params[i];
        if (p.nullChecked) add(Case{nullptr, Kind::Null, i, 0, -1, {JVMTI_ERROR_NULL_POINTER}, p.name});
        if (p.hasMin && p.min > INT_MIN)
            add(Case{nullptr, Kind::Min, i, word(static_cast<jint>(p.min - 1)), -1, {JVMTI_ERROR_ILLEGAL_ARGUMENT},
                     std::string(p.name) + " = " + std::to_string(p.min - 1)});
        if (p.enumValues != nullptr) {
            const bool event = std::strcmp(p.enumName, "jvmtiEvent") == 0;
            for (int bad : strayEnumValues(p))
                add(Case{nullptr, Kind::Enum, i, word(static_cast<jint>(bad)), -1,
                         {event ? JVMTI_ERROR_INVALID_EVENT_TYPE : JVMTI_ERROR_ILLEGAL_ARGUMENT},
                         std::string(p.name) + " = " + std::to_string(bad)});
        }
        // A handle passed by value (an out-parameter of a handle type is a pointer).
        const jvmtiError wrongKind = p.kind == md::Kind::Value ? wrongKindError(p.base) : JVMTI_ERROR_NONE;
        if (wrongKind != JVMTI_ERROR_NONE && values.object != nullptr) {
            if (!offer.tellsHandleKinds) skip(Kind::WrongHandle, "the runtime under test has no objects to tell apart", "the target");
            else add(Case{nullptr, Kind::WrongHandle, i, word(values.object), -1, {wrongKind},
                          std::string(p.name) + " is a java.lang.String"});
        }
    }
    return cases;
}

}  // namespace conform
