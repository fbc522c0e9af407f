// Emitters for a layer in front of another JVMTI implementation (libjvmtilayer.so in front
// of a real JVM): the forwarding runtime (include/jvmti_forward.hpp, src/jvmti_forward.cpp),
// which implements each runtime function by calling the host environment and recording the
// JVMTI memory it returns, and the event thunks (include/jvmti_events.hpp,
// src/jvmti_event_thunks.cpp), which hand each event to the agent's callback with the
// agent's environment.
#include "derive.hpp"
#include "emitters.hpp"
#include "render.hpp"
#include "views.hpp"

namespace jvmtigen {

namespace {

Object loopView(const AllocLoop& l) {
    List pointers(l.pointers.size());
    for (const auto& p : l.pointers) pointers.push(Object{"pointer", p});
    List inner(l.loops.size());
    for (const auto& n : l.loops) inner.push(loopView(n));
    return Object{"count", l.count, "index", l.index, "pointers", std::move(pointers), "inner", std::move(inner)};
}

}  // namespace

std::vector<Output> emitForward(const EmitContext& ctx) {
    Object v{"specName", ctx.specName, "version", ctx.version.str()};
    const auto active = activeFunctions(ctx.spec);
    List fns(active.size());
    for (const auto* f : active) {
        Object fv = functionView(*f);
        const AllocTracking tr = allocTracking(ctx.spec, *f);
        List pointers(tr.pointers.size());
        for (const auto& p : tr.pointers)
            pointers.push(Object{"pointer", p.pointer, "guard", p.guard, "guarded", !p.guard.empty()});
        List loops(tr.loops.size());
        for (size_t i = 0; i < tr.loops.size(); ++i) {
            Object l = loopView(tr.loops[i]);
            put(l, "guard", tr.loopGuards[i]);
            put(l, "guarded", !tr.loopGuards[i].empty());
            loops.push(std::move(l));
        }
        put(fv, "tracks", !tr.empty());
        put(fv, "pointers", std::move(pointers));
        put(fv, "loops", std::move(loops));
        fns.push(std::move(fv));
    }
    put(v, "functions", std::move(fns));
    return {{"include/jvmti_forward.hpp", renderTemplate("jvmti_forward.hpp", v, Escape::None)},
            {"src/jvmti_forward.cpp", renderTemplate("jvmti_forward.cpp", v, Escape::None)}};
}

std::vector<Output> emitEvents(const EmitContext& ctx) {
    Object v{"specName", ctx.specName, "version", ctx.version.str()};
    List events;
    for (const auto& slot : eventTable(ctx.spec)) {
        if (!slot.ev) continue;
        List params(slot.ev->params.size());
        for (const auto* p : signatureParams(slot.ev->params))
            params.push(Object{"decl", p->type.cType() + " " + p->id, "name", p->id});
        events.push(Object{"id", slot.ev->id, "num", std::to_string(slot.ev->num), "params", std::move(params),
                           "restricted", restrictsHandler(*slot.ev)});
    }
    put(v, "events", std::move(events));
    const auto restricted = restrictedHandlerEvents(ctx.spec);
    List names(restricted.size());
    for (const auto* e : restricted) names.push(Object{"name", e->id});
    put(v, "restrictedEvents", withMore(std::move(names)));
    return {{"include/jvmti_events.hpp", renderTemplate("jvmti_events.hpp", v, Escape::None)},
            {"src/jvmti_event_thunks.cpp", renderTemplate("jvmti_event_thunks.cpp", v, Escape::None)}};
}

}  // namespace jvmtigen
