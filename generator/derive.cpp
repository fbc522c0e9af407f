#include "derive.hpp"

#include <algorithm>
#include <cstdio>
#include <map>

namespace jvmtigen {

std::vector<FunctionSlot> functionTable(const Spec& spec) {
    std::map<int, const Function*> byNum;
    for (const auto& f : spec.functions)
        if (!f.elided) byNum.emplace(f.num, &f);
    std::vector<FunctionSlot> slots;
    const int max = byNum.empty() ? 0 : byNum.rbegin()->first;
    for (int n = 1; n <= max; ++n) {
        auto it = byNum.find(n);
        slots.push_back({n, it == byNum.end() ? nullptr : it->second});
    }
    return slots;
}

std::vector<EventSlot> eventTable(const Spec& spec) {
    std::map<int, const Event*> byNum;
    for (const auto& e : spec.events)
        if (!e.elided) byNum.emplace(e.num, &e);
    std::vector<EventSlot> slots;
    if (byNum.empty()) return slots;
    for (int n = byNum.begin()->first; n <= byNum.rbegin()->first; ++n) {
        auto it = byNum.find(n);
        slots.push_back({n, it == byNum.end() ? nullptr : it->second});
    }
    return slots;
}

std::vector<const Function*> activeFunctions(const Spec& spec) {
    std::vector<const Function*> out;
    for (const auto& f : spec.functions)
        if (!f.elided) out.push_back(&f);
    return out;
}

std::vector<const Event*> activeEventsByName(const Spec& spec) {
    std::vector<const Event*> out;
    for (const auto& e : spec.events)
        if (!e.elided) out.push_back(&e);
    std::sort(out.begin(), out.end(), [](const Event* a, const Event* b) { return a->id < b->id; });
    return out;
}

std::vector<const Typedef*> activeTypedefs(const Spec& spec) {
    std::vector<const Typedef*> out;
    for (const auto& t : spec.typedefs)
        if (!t.elided) out.push_back(&t);
    return out;
}

std::vector<const Callback*> activeCallbacks(const Spec& spec) {
    std::vector<const Callback*> out;
    for (const auto& c : spec.callbacks)
        if (!c.elided) out.push_back(&c);
    return out;
}

std::vector<const ErrorCode*> errorsByNum(const Spec& spec) {
    std::vector<const ErrorCode*> out;
    for (const auto& e : spec.errors) out.push_back(&e);
    std::stable_sort(out.begin(), out.end(), [](const ErrorCode* a, const ErrorCode* b) { return a->num < b->num; });
    return out;
}

std::vector<int> capabilityPadding(size_t flags) {
    std::vector<int> pads;
    size_t bits = flags;
    if (bits % 16) {
        pads.push_back(static_cast<int>(16 - bits % 16));
        bits += 16 - bits % 16;
    }
    for (; bits < 128; bits += 16) pads.push_back(16);
    return pads;
}

std::vector<VersionConstant> versionConstants(const Version& v) {
    struct Known {
        const char* suffix;
        int major, minor;
    };
    // The constants of the JDK headers, each with the version that introduced it.
    static const Known known[] = {{"1", 1, 0},  {"1_0", 1, 0}, {"1_1", 1, 1}, {"1_2", 1, 2},
                                  {"9", 9, 0},  {"11", 11, 0}, {"19", 19, 0}, {"21", 21, 0}};
    std::vector<VersionConstant> out;
    for (const auto& k : known) {
        if (k.major > v.major || (k.major == v.major && k.minor > v.minor)) continue;
        char hex[16];
        std::snprintf(hex, sizeof hex, "0x%08X", 0x30000000u | (unsigned(k.major) << 16) | (unsigned(k.minor) << 8));
        out.push_back({std::string("JVMTI_VERSION_") + k.suffix, hex});
    }
    return out;
}

}  // namespace jvmtigen

namespace jvmtigen {

PhaseRule phaseRule(const Function& f) {
    const std::string a = f.phase.empty() ? "live" : f.phase;
    if (a == "onload") return {a, {"JVMTI_PHASE_ONLOAD", "JVMTI_PHASE_LIVE"}};
    if (a == "onloadOnly") return {a, {"JVMTI_PHASE_ONLOAD"}};
    if (a == "start") return {a, {"JVMTI_PHASE_START", "JVMTI_PHASE_LIVE"}};
    if (a == "any") return {a, {}};
    return {"live", {"JVMTI_PHASE_LIVE"}};
}

static bool isPointerKind(Kind k) {
    switch (k) {
        case Kind::OutPtr: case Kind::AllocBuf: case Kind::AllocAllocBuf: case Kind::InPtr: case Kind::InBuf:
        case Kind::OutBuf: case Kind::VmBuf: case Kind::AgentBuf: case Kind::PtrType: return true;
        default: return false;
    }
}

std::vector<std::string> enumConstants(const Spec& spec, const std::string& name) {
    std::vector<std::string> out;
    if (name == "jvmtiEvent") {
        for (const auto& e : spec.events)
            if (!e.elided) out.push_back(e.constName);
    } else if (name == "jvmtiError") {
        for (const auto& e : spec.errors) out.push_back(e.id);
    } else {
        for (const auto& g : spec.constants)
            if (g.id == name)
                for (const auto& c : g.constants) out.push_back(c.id);
    }
    return out;
}

static std::string enumError(const std::string& enumName) {
    return enumName == "jvmtiEvent" ? "JVMTI_ERROR_INVALID_EVENT_TYPE" : "JVMTI_ERROR_ILLEGAL_ARGUMENT";
}

// A handle parameter: the kind the runtime checks it as, and the error the spec gives for it.
struct HandleType {
    const char* base;
    const char* kind;
    const char* error;
    const char* what;   // in the rule's words
    const char* stale;  // what a dead handle of the kind is, in words
};
constexpr const char* kDeadReference = "a deleted reference, nor a local reference whose frame has returned";
constexpr const char* kDeadId = "the ID of a member of a class the VM has unloaded";
constexpr HandleType kHandleTypes[] = {
    {"jobject", "Object", "JVMTI_ERROR_INVALID_OBJECT", "a live JNI reference", kDeadReference},
    {"jclass", "Class", "JVMTI_ERROR_INVALID_CLASS", "a live JNI reference", kDeadReference},
    {"jthread", "Thread", "JVMTI_ERROR_INVALID_THREAD", "a live JNI reference", kDeadReference},
    {"jthreadGroup", "ThreadGroup", "JVMTI_ERROR_INVALID_THREAD_GROUP", "a live JNI reference", kDeadReference},
    {"jmethodID", "Method", "JVMTI_ERROR_INVALID_METHODID", "a method ID the VM issued", kDeadId},
    {"jfieldID", "Field", "JVMTI_ERROR_INVALID_FIELDID", "a field ID the VM issued", kDeadId},
};

// The handle type of a parameter passed by value (or as a ptrtype), nullptr for others.
static const HandleType* handleType(const Type& t) {
    if (t.kind != Kind::Value && t.kind != Kind::PtrType) return nullptr;
    for (const auto& h : kHandleTypes)
        if (t.base == h.base) return &h;
    return nullptr;
}

bool restrictsHandler(const Event& e) { return e.handlerCalls == "callbacksafe"; }

// In the event table's order (by number, the first of a number), without making the table:
// every checked entry that is not callback-safe names these events, so this runs per function.
std::vector<const Event*> restrictedHandlerEvents(const Spec& spec) {
    std::vector<const Event*> byNum;
    for (const auto& e : spec.events)
        if (!e.elided) byNum.push_back(&e);
    std::stable_sort(byNum.begin(), byNum.end(), [](const Event* a, const Event* b) { return a->num < b->num; });
    std::vector<const Event*> out;
    for (size_t i = 0; i < byNum.size(); ++i)
        if ((i == 0 || byNum[i - 1]->num != byNum[i]->num) && restrictsHandler(*byNum[i])) out.push_back(byNum[i]);
    return out;
}

// Where a function that is not callback-safe may not be called, in words: heap iteration
// callbacks, and the handlers of the events the spec restricts.
static std::string callbackUnsafeWhere(const Spec& spec) {
    const auto events = restrictedHandlerEvents(spec);
    std::string where = "heap iteration callbacks";
    if (events.empty()) return where;
    where += events.size() == 1 ? " and the handler of " : " and the handlers of ";
    for (size_t i = 0; i < events.size(); ++i) {
        if (i) where += i + 1 == events.size() ? " and " : ", ";
        where += events[i]->id;
    }
    return where;
}

std::vector<EntryCheck> entryChecks(const Spec& spec, const Function& f) {
    using W = EntryCheck::What;
    std::vector<EntryCheck> checks;
    checks.push_back({W::Environment, "JVMTI_ERROR_INVALID_ENVIRONMENT", f.id + ".env.invalid",
                      "the environment must be a live JVMTI environment"});
    const PhaseRule pr = phaseRule(f);
    if (!pr.phases.empty()) {
        std::string rule = f.id + " may only be called in the ";
        for (size_t i = 0; i < pr.phases.size(); ++i)
            rule += (i ? " or " : "") + pr.phases[i].substr(std::string("JVMTI_PHASE_").size());
        checks.push_back({W::Phase, "JVMTI_ERROR_WRONG_PHASE", f.id + ".phase", rule + " phase"});
    }
    for (const auto& c : f.required) {
        EntryCheck k{W::Capability, "JVMTI_ERROR_MUST_POSSESS_CAPABILITY", f.id + ".capability." + c.id,
                     f.id + " requires the capability " + c.id};
        k.capability = c.id;
        checks.push_back(std::move(k));
    }
    for (const auto* p : signatureParams(f.params)) {
        const Type& t = p->type;
        if (isPointerKind(t.kind) && !t.nullok && t.impl != "nonullcheck") {
            EntryCheck k{W::NullPointer, "JVMTI_ERROR_NULL_POINTER", f.id + "." + p->id + ".null",
                         p->id + " must not be NULL"};
            k.param = p;
            checks.push_back(std::move(k));
        }
        if (const auto minimum = minimumOf(t)) {
            EntryCheck k{W::Minimum, "JVMTI_ERROR_ILLEGAL_ARGUMENT", f.id + "." + p->id + ".min",
                         p->id + " must be at least " + *minimum};
            k.param = p;
            k.minimum = *minimum;
            checks.push_back(std::move(k));
        }
        if (t.kind == Kind::Value && t.base == "enum") {
            EntryCheck k{W::EnumValue, enumError(t.name), f.id + "." + p->id + ".enum",
                         p->id + " must be a " + t.name + " constant"};
            k.param = p;
            k.enumValues = enumConstants(spec, t.name);
            checks.push_back(std::move(k));
        }
    }
    if (f.callbacksafe != "safe")
        checks.push_back({W::CallbackUnsafe, "JVMTI_ERROR_ACCESS_DENIED", f.id + ".callback_unsafe",
                          f.id + " is not callback-safe: " + callbackUnsafeWhere(spec) + " may not call it"});
    // Last: a runtime may ask the VM about a handle, which is only safe outside the callbacks
    // refused just above.
    for (const auto* p : signatureParams(f.params)) {
        const HandleType* h = handleType(p->type);
        if (h == nullptr) continue;
        EntryCheck k{W::Handle, h->error, f.id + "." + p->id + ".invalid", p->id + " must be " + h->what};
        k.param = p;
        k.handleKind = h->kind;
        k.staleId = f.id + "." + p->id + ".stale";
        k.staleRule = p->id + " must not be " + h->stale;
        checks.push_back(std::move(k));
    }
    return checks;
}

std::optional<std::string> minimumOf(const Type& t) {
    if (t.kind != Kind::Value) return std::nullopt;
    if (t.base == "jint")
        if (auto m = t.baseAttrs.find("min"); m != t.baseAttrs.end()) return m->second;
    // A frame depth counts from 0, the current frame (the spec's jframeID).
    if (t.base == "jframeID") return "0";
    return std::nullopt;
}

std::vector<std::string> allowedErrors(const Spec& spec, const Function& f) {
    std::vector<std::string> out;
    auto add = [&](const std::string& e) {
        if (std::find(out.begin(), out.end(), e) == out.end()) out.push_back(e);
    };
    for (const auto& e : spec.errors)
        if (e.category == "universal-error" && e.num != 0) add(e.id);  // num 0 is success
    for (const auto& e : f.errors) add(e.id);
    if (!f.required.empty()) add("JVMTI_ERROR_MUST_POSSESS_CAPABILITY");
    for (const auto* p : signatureParams(f.params)) {
        const Type& t = p->type;
        auto attr = [&](const char* name) {
            auto it = t.baseAttrs.find(name);
            return it == t.baseAttrs.end() ? std::string() : it->second;
        };
        if (isPointerKind(t.kind) && !t.nullok) add("JVMTI_ERROR_NULL_POINTER");
        if (minimumOf(t)) add("JVMTI_ERROR_ILLEGAL_ARGUMENT");
        if (t.kind == Kind::Value && t.base == "jframeID") add("JVMTI_ERROR_NO_MORE_FRAMES");
        if (t.kind == Kind::Value && t.base == "enum") add(enumError(t.name));
        if (const HandleType* h = handleType(t)) add(h->error);
        // What the spec's type system implies beyond the handle's own error (the same facts
        // the docs phrase, param_rules.cpp's impliedErrors): a thread that must have started
        // and not ended, a method that may not be native, a raw monitor.
        if (t.kind == Kind::Value && t.base == "jthread" && attr("started") != "no" && attr("started") != "maybe")
            add("JVMTI_ERROR_THREAD_NOT_ALIVE");
        if (t.kind == Kind::Value && t.base == "jmethodID" && attr("native") == "error")
            add("JVMTI_ERROR_NATIVE_METHOD");
        if (t.kind == Kind::Value && t.base == "jrawMonitorID") add("JVMTI_ERROR_INVALID_MONITOR");
    }
    return out;
}

static bool isReferenceType(const std::string& base) {
    return base == "jobject" || base == "jclass" || base == "jthread" || base == "jthreadGroup";
}

std::vector<HandleBase> handleBaseTypes() {
    std::vector<HandleBase> out;
    for (const auto& h : kHandleTypes) out.push_back({h.base, isReferenceType(h.base)});
    return out;
}

bool tracedByDefault(const Function& f) { return f.impl.find("notrace") == std::string::npos; }

std::vector<OutParamFact> outParamFacts(const Function& f) {
    std::vector<OutParamFact> out;
    const auto sig = signatureParams(f.params);
    auto indexOf = [&](const std::string& id) {
        for (size_t i = 0; i < sig.size(); ++i)
            if (sig[i]->id == id) return static_cast<int>(i);
        return -1;
    };
    for (size_t i = 0; i < sig.size(); ++i) {
        const Type& t = sig[i]->type;
        const bool alloc = t.kind == Kind::AllocBuf || t.kind == Kind::AllocAllocBuf;
        const bool refs = (t.kind == Kind::OutPtr || t.kind == Kind::AllocBuf || t.kind == Kind::OutBuf) &&
                          isReferenceType(t.base);
        if (!alloc && !refs) continue;
        OutParamFact fact{sig[i], static_cast<int>(i), alloc, t.kind == Kind::AllocAllocBuf, refs};
        const std::string& count = !t.outcount.empty() ? t.outcount : t.incount;
        if (!count.empty()) {
            fact.countIndex = indexOf(count);
            if (fact.countIndex >= 0) fact.countIsPointer = sig[fact.countIndex]->type.kind == Kind::OutPtr;
        }
        out.push_back(fact);
    }
    return out;
}

}  // namespace jvmtigen

namespace jvmtigen {

namespace {

const Typedef* findStruct(const Spec& spec, const std::string& name) {
    for (const auto& t : spec.typedefs)
        if (t.id == name && !t.elided) return &t;
    return nullptr;
}

// Pointers and loops for the allocfieldbuf fields of the struct `element` of type `t`.
void structFields(const Spec& spec, const Typedef& t, const std::string& element, int depth,
                  std::vector<std::string>& pointers, std::vector<AllocLoop>& loops) {
    for (const auto& f : t.fields) {
        if (f.type.kind != Kind::AllocFieldBuf) continue;
        const std::string field = element + "." + f.id;
        pointers.push_back(field);
        if (f.type.base != "struct" || f.type.outcount.empty()) continue;
        const Typedef* inner = findStruct(spec, f.type.name);
        if (!inner) continue;
        AllocLoop loop;
        loop.index = std::string(1, static_cast<char>('i' + depth + 1));
        loop.count = element + "." + f.type.outcount;
        loop.element = field + "[" + loop.index + "]";
        structFields(spec, *inner, loop.element, depth + 1, loop.pointers, loop.loops);
        if (!loop.pointers.empty() || !loop.loops.empty()) loops.push_back(std::move(loop));
    }
}

}  // namespace

AllocTracking allocTracking(const Spec& spec, const Function& f) {
    AllocTracking out;
    const auto sig = signatureParams(f.params);
    auto countExpr = [&](const std::string& name) -> std::string {
        for (const auto* p : sig)
            if (p->id == name) return p->type.kind == Kind::OutPtr ? "*" + name : name;
        return "";
    };
    for (const auto* p : sig) {
        const Type& t = p->type;
        const std::string guard = t.nullok ? p->id + " != nullptr" : "";
        const Typedef* st = t.base == "struct" ? findStruct(spec, t.name) : nullptr;
        const std::string count = countExpr(!t.outcount.empty() ? t.outcount : t.incount);
        if (t.kind == Kind::AllocBuf || t.kind == Kind::AllocAllocBuf) {
            out.pointers.push_back({guard, "*" + p->id});
            AllocLoop loop;
            loop.index = "i";
            loop.count = count.empty() ? "1" : count;
            loop.element = "(*" + p->id + ")[i]";
            if (t.kind == Kind::AllocAllocBuf) loop.pointers.push_back(loop.element);
            if (st) structFields(spec, *st, loop.element, 0, loop.pointers, loop.loops);
            if (!loop.pointers.empty() || !loop.loops.empty()) {
                out.loops.push_back(std::move(loop));
                out.loopGuards.push_back(guard);
            }
        } else if ((t.kind == Kind::OutPtr || t.kind == Kind::OutBuf) && st) {
            AllocLoop loop;
            loop.index = "i";
            loop.count = t.kind == Kind::OutPtr || count.empty() ? "1" : count;
            loop.element = p->id + "[i]";
            structFields(spec, *st, loop.element, 0, loop.pointers, loop.loops);
            if (!loop.pointers.empty() || !loop.loops.empty()) {
                out.loops.push_back(std::move(loop));
                out.loopGuards.push_back(guard);
            }
        }
    }
    return out;
}

}  // namespace jvmtigen
