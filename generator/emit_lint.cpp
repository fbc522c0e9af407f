// Emitter of jvmti-lint's tables: include/jvmti_lint_tables.hpp and src/jvmti_lint_tables.cpp.
// What a checker of an agent's source needs beyond the metadata tables (which the tool links
// too, for names, parameters, phases, capabilities, callback safety and the errors a correct
// agent must handle): the JVMTI memory inside the structs out-parameters point to, the C++ API's
// member names, which functions run the agent's callbacks before they return, the handlers'
// phases and local references, the heap iteration callbacks, the handle types, and the names
// the checkers hang their rules on (the agent's entry points, the memory and raw monitor
// functions, the types of jvmti.h and jni.h through which agents call).
#include <map>
#include <set>

#include "cpp_api.hpp"
#include "derive.hpp"
#include "emitters.hpp"
#include "render.hpp"
#include "views.hpp"

namespace jvmtigen {

namespace {

// Conventions the checkers are built on, kept here as named data: each names something of the
// spec (checked below; a spec without it gets an empty entry) or of the C headers jvmtigen
// itself writes (templates/jvmti.h.mustache) and of jni.h.
struct LintConventions {
    // The agent's start-up functions and the one phase each runs in (the spec's "Agent Start-Up").
    std::vector<std::pair<std::string, std::string>> entryPoints{{"Agent_OnLoad", "JVMTI_PHASE_ONLOAD"},
                                                                 {"Agent_OnAttach", "JVMTI_PHASE_LIVE"}};
    // The event that marks the start phase: its handler runs in that phase alone (the other
    // events of phase="start" may come in the live phase too).
    std::string startPhaseEvent = "VMStart";
    // The categories whose callbacks the heap iteration functions call: the spec restricts them
    // to callback-safe functions and forbids JNI in them.
    std::vector<std::string> heapCategories{"Heap", "Heap_1_0"};
    // Functions whose meaning a checker is built on.
    std::string allocate = "Allocate", deallocate = "Deallocate", createRawMonitor = "CreateRawMonitor",
                destroyRawMonitor = "DestroyRawMonitor", addCapabilities = "AddCapabilities",
                getPotentialCapabilities = "GetPotentialCapabilities",
                setEventNotificationMode = "SetEventNotificationMode", disposeEnvironment = "DisposeEnvironment",
                setEnvironmentLocalStorage = "SetEnvironmentLocalStorage",
                getEnvironmentLocalStorage = "GetEnvironmentLocalStorage";
    // jvmti.h's types (templates/jvmti.h.mustache) and jvmti.hpp's, and jni.h's.
    std::string functionTable = "jvmtiInterface_1_", envStruct = "_jvmtiEnv", callbacksStruct = "jvmtiEventCallbacks",
                capabilitiesStruct = "jvmtiCapabilities", cppNamespace = "jvmti", cppEnv = "Env", cppEvents = "Events",
                cppEventsOn = "on", cppEventEnum = "Event", cppCapabilityEnum = "Capability",
                jniTable = "JNINativeInterface_", jniEnvStruct = "JNIEnv_";
    std::vector<std::string> apiHeaders{"jvmti.h", "jvmti.hpp", "jni.h", "jni_md.h"};
    // The JNI functions whose references outlive the native frame.
    std::vector<std::string> jniLastingReferences{"NewGlobalRef", "NewWeakGlobalRef"};
    // The C library's allocators and free, for memory JVMTI did not allocate.
    std::vector<std::string> cAllocators{"malloc", "calloc", "realloc", "strdup", "strndup"};
    std::string cFree = "free";
};

const Typedef* findStruct(const Spec& spec, const std::string& name) {
    for (const auto& t : spec.typedefs)
        if (t.id == name && !t.elided) return &t;
    return nullptr;
}

// Whether a struct holds JVMTI memory: an allocfieldbuf field, at any depth.
bool holdsMemory(const Spec& spec, const Typedef& t, int depth = 0) {
    if (depth > 8) return false;
    for (const auto& f : t.fields) {
        if (f.type.kind == Kind::AllocFieldBuf) return true;
        if (f.type.base == "struct")
            if (const Typedef* inner = findStruct(spec, f.type.name); inner && holdsMemory(spec, *inner, depth + 1))
                return true;
    }
    return false;
}

// The callbacks a parameter type refers to: a callback type itself, or a struct of them.
bool refersToCallback(const Spec& spec, const Type& t, const std::set<std::string>& callbacks) {
    if (callbacks.count(t.name) || callbacks.count(t.base)) return true;
    if (t.base != "struct") return false;
    const Typedef* st = findStruct(spec, t.name);
    if (!st) return false;
    for (const auto& f : st->fields)
        if (callbacks.count(f.type.name) || callbacks.count(f.type.base)) return true;
    return false;
}

bool hasFunction(const Spec& spec, const std::string& id) {
    for (const auto* f : activeFunctions(spec))
        if (f->id == id) return true;
    return false;
}

Data names(const std::vector<std::string>& list) {
    List out(list.size());
    for (const auto& n : list) out.push(Object{"name", n});
    return withMore(std::move(out));
}

}  // namespace

std::vector<Output> emitLint(const EmitContext& ctx) {
    const Spec& s = ctx.spec;
    const LintConventions c;
    Object v{"specName", ctx.specName, "version", ctx.version.str()};

    // The callbacks of the spec, and those of the heap iteration functions.
    std::set<std::string> callbacks;
    std::vector<std::string> heapCallbacks;
    for (const auto* cb : activeCallbacks(s)) {
        callbacks.insert(cb->id);
        for (const auto& cat : c.heapCategories)
            if (cb->category == cat) heapCallbacks.push_back(cb->id);
    }

    std::map<std::string, std::string> members;
    for (const auto& cf : cppFunctions(s)) members[cf.fn->id] = cf.member;

    List functions;
    for (const auto* f : activeFunctions(s)) {
        bool runsAgentCode = false;
        List memory;
        List stored;
        int index = 0;
        for (const auto* p : signatureParams(f->params)) {
            const Type& t = p->type;
            if (t.kind == Kind::Varargs) continue;
            if (refersToCallback(s, t, callbacks)) runsAgentCode = true;
            // A void pointer the agent hands in is kept by JVMTI (environment- and thread-local
            // storage) or handed back to the agent's callbacks (user data).
            if (t.base == "void" && (t.kind == Kind::InBuf || t.kind == Kind::InPtr))
                stored.push(Object{"index", std::to_string(index)});
            const Typedef* st = t.base == "struct" ? findStruct(s, t.name) : nullptr;
            std::vector<std::string> fields;
            bool elements = false;
            if ((t.kind == Kind::OutPtr) && st)
                for (const auto& fd : st->fields)
                    if (fd.type.kind == Kind::AllocFieldBuf) fields.push_back(fd.id);
            if (t.kind == Kind::AllocAllocBuf) elements = true;
            if (t.kind == Kind::AllocBuf && st && holdsMemory(s, *st)) elements = true;
            // An OutPtr struct whose allocated fields hold structs with allocated fields of
            // their own (none in the spec today) counts as holding elements too.
            if (t.kind == Kind::OutPtr && st)
                for (const auto& fd : st->fields)
                    if (fd.type.kind == Kind::AllocFieldBuf && fd.type.base == "struct")
                        if (const Typedef* inner = findStruct(s, fd.type.name); inner && holdsMemory(s, *inner))
                            elements = true;
            if (!fields.empty() || elements)
                memory.push(Object{"index", std::to_string(index), "fields", names(fields),
                                   "fieldCount", std::to_string(fields.size()), "hasFields", !fields.empty(),
                                   "elements", elements ? "true" : "false"});
            ++index;
        }
        const size_t memoryCount = memory.size(), storedCount = stored.size();
        const auto member = members.find(f->id);
        functions.push(Object{"id", f->id, "member", member == members.end() ? "" : member->second,
                              "runsAgentCode", runsAgentCode ? "true" : "false", "memory", withMore(std::move(memory)),
                              "memoryCount", std::to_string(memoryCount), "hasMemory", memoryCount != 0,
                              "stored", withMore(std::move(stored)), "storedCount", std::to_string(storedCount),
                              "hasStored", storedCount != 0});
    }
    const size_t functionCount = functions.size();
    put(v, "functions", std::move(functions));
    put(v, "functionCount", std::to_string(functionCount));

    // Events: the handler's phase when it has one, and its parameters holding local references
    // (counted in the C handler's parameters: 0 is the jvmtiEnv*).
    std::set<std::string> referenceTypes;
    std::vector<std::string> handleTypes;
    for (const auto& h : handleBaseTypes()) {
        handleTypes.push_back(h.name);
        if (h.reference) referenceTypes.insert(h.name);
    }
    List events;
    for (const auto* e : activeEventsByName(s)) {
        std::string phase = "static_cast<jvmtiPhase>(0)";
        if (e->id == c.startPhaseEvent) phase = "JVMTI_PHASE_START";
        else if (e->phase.empty() || e->phase == "live") phase = "JVMTI_PHASE_LIVE";
        List refs;
        int index = 1;
        for (const auto* p : signatureParams(e->params)) {
            if (p->type.kind == Kind::Value && referenceTypes.count(p->type.base))
                refs.push(Object{"index", std::to_string(index)});
            ++index;
        }
        const size_t refCount = refs.size();
        events.push(Object{"id", e->id, "phase", phase, "refs", withMore(std::move(refs)), "refCount",
                           std::to_string(refCount), "hasRefs", refCount != 0});
    }
    const size_t eventCount = events.size();
    put(v, "events", std::move(events));
    put(v, "eventCount", std::to_string(eventCount));

    List entries;
    for (const auto& [name, phase] : c.entryPoints) entries.push(Object{"name", name, "phase", phase});
    put(v, "entryPoints", withMore(std::move(entries)));
    put(v, "entryPointCount", std::to_string(c.entryPoints.size()));
    put(v, "heapCallbacks", names(heapCallbacks));
    put(v, "heapCallbackCount", std::to_string(heapCallbacks.size()));
    std::vector<std::string> refs(referenceTypes.begin(), referenceTypes.end());
    put(v, "referenceTypes", names(refs));
    put(v, "referenceTypeCount", std::to_string(refs.size()));
    put(v, "handleTypes", names(handleTypes));
    put(v, "handleTypeCount", std::to_string(handleTypes.size()));
    put(v, "apiHeaders", names(c.apiHeaders));
    put(v, "apiHeaderCount", std::to_string(c.apiHeaders.size()));
    put(v, "jniLasting", names(c.jniLastingReferences));
    put(v, "jniLastingCount", std::to_string(c.jniLastingReferences.size()));
    put(v, "cAllocators", names(c.cAllocators));
    put(v, "cAllocatorCount", std::to_string(c.cAllocators.size()));
    put(v, "cFree", c.cFree);

    // A function the spec lacks (an older or smaller spec) leaves its role empty: the checker
    // built on it then finds nothing.
    const auto role = [&](const std::string& id) { return hasFunction(s, id) ? id : std::string(); };
    put(v, "allocate", role(c.allocate));
    put(v, "deallocate", role(c.deallocate));
    put(v, "createRawMonitor", role(c.createRawMonitor));
    put(v, "destroyRawMonitor", role(c.destroyRawMonitor));
    put(v, "addCapabilities", role(c.addCapabilities));
    put(v, "getPotentialCapabilities", role(c.getPotentialCapabilities));
    put(v, "setEventNotificationMode", role(c.setEventNotificationMode));
    put(v, "disposeEnvironment", role(c.disposeEnvironment));
    put(v, "setEnvironmentLocalStorage", role(c.setEnvironmentLocalStorage));
    put(v, "getEnvironmentLocalStorage", role(c.getEnvironmentLocalStorage));
    put(v, "functionTable", c.functionTable);
    put(v, "envStruct", c.envStruct);
    put(v, "callbacksStruct", c.callbacksStruct);
    put(v, "capabilitiesStruct", c.capabilitiesStruct);
    put(v, "cppNamespace", c.cppNamespace);
    put(v, "cppEnv", c.cppEnv);
    put(v, "cppEvents", c.cppEvents);
    put(v, "cppEventsOn", c.cppEventsOn);
    put(v, "cppEventEnum", c.cppEventEnum);
    put(v, "cppCapabilityEnum", c.cppCapabilityEnum);
    put(v, "jniTable", c.jniTable);
    put(v, "jniEnvStruct", c.jniEnvStruct);

    return {{"include/jvmti_lint_tables.hpp", renderTemplate("jvmti_lint_tables.hpp", v, Escape::None)},
            {"src/jvmti_lint_tables.cpp", renderTemplate("jvmti_lint_tables.cpp", v, Escape::None)}};
}

}  // namespace jvmtigen
