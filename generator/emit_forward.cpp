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

using nlohmann::json;

namespace {

json loopView(const AllocLoop& l) {
    json pointers = json::array();
    for (const auto& p : l.pointers) pointers.push_back({{"pointer", p}});
    json inner = json::array();
    for (const auto& n : l.loops) inner.push_back(loopView(n));
    return {{"count", l.count}, {"index", l.index}, {"pointers", pointers}, {"inner", inner}};
}

}  // namespace

std::vector<Output> emitForward(const EmitContext& ctx) {
    json v = {{"specName", ctx.specName}, {"version", ctx.version.str()}};
    json fns = json::array();
    for (const auto* f : activeFunctions(ctx.spec)) {
        json fv = functionView(*f);
        const AllocTracking tr = allocTracking(ctx.spec, *f);
        json pointers = json::array();
        for (const auto& p : tr.pointers) pointers.push_back({{"pointer", p.pointer}, {"guard", p.guard}, {"guarded", !p.guard.empty()}});
        json loops = json::array();
        for (size_t i = 0; i < tr.loops.size(); ++i) {
            json l = loopView(tr.loops[i]);
            l["guard"] = tr.loopGuards[i];
            l["guarded"] = !tr.loopGuards[i].empty();
            loops.push_back(std::move(l));
        }
        fv["tracks"] = !tr.empty();
        fv["pointers"] = pointers;
        fv["loops"] = loops;
        fns.push_back(std::move(fv));
    }
    v["functions"] = fns;
    return {{"include/jvmti_forward.hpp", renderTemplate("jvmti_forward.hpp", v, Escape::None)},
            {"src/jvmti_forward.cpp", renderTemplate("jvmti_forward.cpp", v, Escape::None)}};
}

std::vector<Output> emitEvents(const EmitContext& ctx) {
    json v = {{"specName", ctx.specName}, {"version", ctx.version.str()}};
    json events = json::array();
    for (const auto& slot : eventTable(ctx.spec)) {
        if (!slot.ev) continue;
        json params = json::array();
        for (const auto* p : signatureParams(slot.ev->params))
            params.push_back({{"decl", p->type.cType() + " " + p->id}, {"name", p->id}});
        events.push_back({{"id", slot.ev->id}, {"num", std::to_string(slot.ev->num)}, {"params", params}});
    }
    v["events"] = events;
    return {{"include/jvmti_events.hpp", renderTemplate("jvmti_events.hpp", v, Escape::None)},
            {"src/jvmti_event_thunks.cpp", renderTemplate("jvmti_event_thunks.cpp", v, Escape::None)}};
}

}  // namespace jvmtigen
