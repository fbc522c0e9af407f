// Emitters of HotSpot's entry layer: jvmtifiles/jvmtiEnter.cpp (the checking entries, their
// table, the error names, which events are thread-filtered, the events' capabilities) and
// jvmtifiles/jvmtiEnterTrace.cpp (the same entries logging for -XX:TraceJVMTI, with the name
// tables the tracing reads). What each entry does comes from hotspot::entryOf().
#include <algorithm>
#include <map>
#include <string>

#include "derive.hpp"
#include "emitters.hpp"
#include "hotspot_conventions.hpp"
#include "hotspot_entry.hpp"
#include "render.hpp"

namespace jvmtigen {

namespace {

using namespace hotspot;

List lines(const std::vector<std::string>& xs) {
    List l(xs.size());
    for (const auto& x : xs) l.push(Object{"line", x});
    return l;
}

List traceValues(const std::vector<std::string>& xs) {
    List l(xs.size());
    for (const auto& x : xs) l.push(Object{"value", x});
    return l;
}

std::string entryName(const Function& f, bool trace) {
    return std::string(kEntryPrefix) + (trace ? std::string(kTraceTag) : "") + "_" + f.id;
}

Object entryView(const Function& f, bool trace) {
    const Entry e = entryOf(f);
    Object v{"id", f.id, "num", std::to_string(f.num), "entry", entryName(f, trace),
             "underIncludeJvmti", e.underIncludeJvmti,
             "phaseLive", e.phase == PhaseTest::Live, "phaseStart", e.phase == PhaseTest::Start,
             "phaseOnload", e.phase == PhaseTest::OnLoad || e.phase == PhaseTest::OnLoadOnly,
             "alsoLive", e.phase == PhaseTest::OnLoad,
             "early", e.early, "late", !e.early,
             "earlyAnyThread", e.early && e.callbackSafe, "earlyJavaThread", e.early && !e.callbackSafe,
             "guardJava", e.guard == ThreadGuard::JavaThread,
             "guardJavaOrNamed", e.guard == ThreadGuard::JavaOrNamedThread,
             "guardUnattached", e.guard == ThreadGuard::AnyButUnattached,
             "enterVm", e.enterVm, "preserveExceptions", e.preserveExceptions};

    // The C signature, as jvmti.h declares the function (varargs as `...` alone).
    List params;
    for (const auto* p : signatureParams(f.params)) {
        const bool varargs = p->type.kind == Kind::Varargs;
        params.push(Object{"decl", varargs ? p->id : p->type.cType() + " " + p->id});
    }
    put(v, "params", withMore(std::move(params)));

    List caps(e.capabilities.size());
    for (const auto& c : e.capabilities) caps.push(Object{"name", c});
    put(v, "capabilities", std::move(caps));

    List checks(e.checks.size());
    for (const auto& c : e.checks) {
        const TracePiece before = traceLine(e, c.index);
        List tests(c.tests.size());
        for (const auto& t : c.tests)
            tests.push(Object{"declare", lines(t.declare), "condition", t.condition, "error", t.error,
                              "traced", t.traced, "note", t.note, "noteArg", t.noteArg,
                              "hasNoteArg", !t.noteArg.empty(), "shownFormat", before.format,
                              "shownValues", traceValues(before.values)});
        checks.push(Object{"param", c.param->id, "prepare", lines(c.prepare), "currentWhenNull", c.currentWhenNull,
                           "current", std::string(kCurrentThread), "tests", std::move(tests)});
    }
    put(v, "checks", std::move(checks));

    List args(e.callArgs.size());
    for (const auto& a : e.callArgs) args.push(Object{"arg", a});
    put(v, "args", withMore(std::move(args)));

    const TracePiece all = traceLine(e, e.trace.size());
    put(v, "traceFormat", all.format);
    put(v, "traceValues", traceValues(all.values));

    // The checks and the call, once; or twice for an early function: with the thread
    // transition, then without it (no threads yet).
    List bodies;
    bodies.push(Object{"otherwise", false});
    if (e.early) bodies.push(Object{"otherwise", true});
    put(v, "bodies", std::move(bodies));
    return v;
}

// "name" or NULL for each number from 0 to the highest.
template <class T, class Name>
Data namesByNumber(const std::map<int, const T*>& byNum, Name name) {
    List l;
    const int max = byNum.empty() ? -1 : byNum.rbegin()->first;
    for (int n = 0; n <= max; ++n) {
        auto it = byNum.find(n);
        l.push(it == byNum.end() ? Object{"none", true} : Object{"name", name(*it->second)});
    }
    return withMore(std::move(l));
}

std::map<int, const Event*> eventsByNum(const Spec& s) {
    std::map<int, const Event*> m;
    for (const auto& e : s.events)
        if (!e.elided) m.emplace(e.num, &e);
    return m;
}

std::map<int, const Function*> functionsByNum(const Spec& s) {
    std::map<int, const Function*> m;
    for (const auto& f : s.functions)
        if (!f.elided) m.emplace(f.num, &f);
    return m;
}

Object enterView(const EmitContext& ctx, bool trace) {
    const Spec& s = ctx.spec;
    Object v{"specName", ctx.specName, "version", ctx.version.str(), "tableName",
             std::string(kEntryPrefix) + (trace ? std::string(kTraceTag) : "") + "_Interface"};

    List categories;
    for (const auto& cat : s.categories) {
        List fns;
        for (const auto& f : s.functions)
            if (!f.elided && f.category == cat.id && inEntryTable(f)) fns.push(entryView(f, trace));
        categories.push(Object{"label", cat.label, "functions", std::move(fns)});
    }
    put(v, "categories", std::move(categories));

    std::map<int, const Function*> tabled;
    for (const auto& f : s.functions)
        if (!f.elided && inEntryTable(f)) tabled.emplace(f.num, &f);
    List slots;
    const int maxSlot = tabled.empty() ? 0 : tabled.rbegin()->first;
    for (int n = 1; n <= maxSlot; ++n) {
        auto it = tabled.find(n);
        if (it == tabled.end()) slots.push(Object{"num", std::to_string(n), "reserved", true});
        else slots.push(Object{"num", std::to_string(n), "synopsis", it->second->synopsis, "entry", entryName(*it->second, trace)});
    }
    put(v, "slots", withMore(std::move(slots)));

    const auto events = eventsByNum(s);
    if (!trace) {
        std::map<int, const ErrorCode*> errors;
        for (const auto& e : s.errors) errors.emplace(e.num, &e);
        put(v, "errorNames", namesByNumber(errors, [](const ErrorCode& e) { return e.id; }));
        List threaded;
        const int maxEvent = events.empty() ? -1 : events.rbegin()->first;
        for (int n = 0; n <= maxEvent; ++n) {
            auto it = events.find(n);
            threaded.push(Object{"threaded", it != events.end() && !it->second->filtered.empty()});
        }
        put(v, "eventThreaded", withMore(std::move(threaded)));
        List caps;
        for (const auto& e : s.events)
            if (!e.elided && !e.required.empty()) caps.push(Object{"event", e.constName, "capability", e.required.front().id});
        put(v, "eventCapabilities", std::move(caps));
        return v;
    }

    const int maxEvent = events.empty() ? 0 : events.rbegin()->first;
    put(v, "maxEvent", std::to_string(maxEvent));
    put(v, "eventSlots", std::to_string(maxEvent + 1));
    put(v, "eventNames", namesByNumber(events, [](const Event& e) { return e.id; }));
    List groups;
    for (const auto& g : s.constants) {
        if (g.kind != "enum") continue;
        List cs(g.constants.size());
        for (const auto& c : g.constants) cs.push(Object{"id", c.id, "num", c.num});
        groups.push(Object{"id", g.id, "label", g.label, "constants", std::move(cs)});
    }
    put(v, "enums", std::move(groups));
    const auto functions = functionsByNum(s);
    const int maxFunction = functions.empty() ? 0 : functions.rbegin()->first;
    put(v, "maxFunction", std::to_string(maxFunction));
    put(v, "functionSlots", std::to_string(maxFunction + 1));
    put(v, "functionNames", namesByNumber(functions, [](const Function& f) { return f.id; }));
    // The stylesheet sorts these numbers as text (102 before 33); so do we, so that the array,
    // and so libjvm.so's .data, holds the same bytes. JvmtiTrace searches it whole: the order
    // changes nothing else.
    std::vector<std::string> nums;
    for (const auto& [num, f] : functions)
        if (!tracedByDefault(*f)) nums.push_back(std::to_string(num));
    std::sort(nums.begin(), nums.end());
    List excluded(nums.size());
    for (auto& n : nums) excluded.push(Object{"num", std::move(n)});
    put(v, "excluded", std::move(excluded));
    return v;
}

}  // namespace

std::vector<Output> emitHotspotEnter(const EmitContext& ctx) {
    return {{"jvmtifiles/jvmtiEnter.cpp", renderTemplate("hotspot_jvmtiEnter.cpp", enterView(ctx, false), Escape::None)}};
}

std::vector<Output> emitHotspotEnterTrace(const EmitContext& ctx) {
    return {{"jvmtifiles/jvmtiEnterTrace.cpp",
             renderTemplate("hotspot_jvmtiEnterTrace.cpp", enterView(ctx, true), Escape::None)}};
}

}  // namespace jvmtigen
