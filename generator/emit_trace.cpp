// Emitter of tracing (include/jvmti_trace.hpp; src/jvmti_trace_entries.cpp,
// src/jvmti_trace_events.cpp, src/jvmti_trace_values.cpp): tracing entries around the
// checking entries, tracing event thunks, and per type the statements that put a value into
// a trace (trace_code.cpp).
#include "derive.hpp"
#include "emitters.hpp"
#include "render.hpp"
#include "trace_code.hpp"
#include "template_data.hpp"
#include "views.hpp"

namespace jvmtigen {

namespace {

Object putView(const TracePut& p) { return Object{"call", p.call, "args", p.args}; }

// The scope of a function's or event's parameters: an out-parameter's value is read through
// it, and only when it is set.
TraceScope paramScope(const Spec& spec, const std::vector<Param>& params) {
    return TraceScope{spec, [&params](const std::string& id) -> std::string {
                          for (const auto* p : signatureParams(params)) {
                              if (p->id != id) continue;
                              if (p->type.kind == Kind::OutPtr) return "(" + id + " != nullptr ? *" + id + " : 0)";
                              return id;
                          }
                          return "";
                      }};
}

TraceScope fieldScope(const Spec& spec, const Typedef& t, const std::string& object) {
    return TraceScope{spec, [&t, object](const std::string& id) -> std::string {
                          for (const auto& f : t.fields)
                              if (f.id == id) return object + "." + id;
                          return "";
                      }};
}

// What each parameter puts into the trace: `traced` in the view, with whether any is put
// before (hasInputs) and after (hasOutputs) the call or callback.
template <class Trace>
void addParams(Data& view, const Spec& spec, const std::vector<Param>& params, Trace trace) {
    const TraceScope scope = paramScope(spec, params);
    List traced;
    bool inputs = false, outputs = false;
    for (const auto* p : signatureParams(params)) {
        const TraceParam t = trace(scope, *p);
        if (!t.input && !t.inputOnlyIfNull && !t.output) continue;
        Object v{"name", p->id, "inputOnlyIfNull", t.inputOnlyIfNull, "outputIfPointee", t.outputIfPointee};
        if (t.input) put(v, "input", putView(*t.input));
        if (t.output) put(v, "output", putView(*t.output));
        inputs = inputs || t.input || t.inputOnlyIfNull;
        outputs = outputs || t.output;
        traced.push(std::move(v));
    }
    put(view, "hasInputs", inputs);
    put(view, "hasOutputs", outputs);
    put(view, "traced", std::move(traced));
}

Object constantsGroup(const std::string& group, List items, bool bits) {
    const std::string count = std::to_string(items.size());
    return Object{"group", group, "table", constantsTableName(group), "items", std::move(items), "count", count,
                  "bits", bits ? "true" : "false"};
}

List constantsView(const Spec& spec) {
    List groups;
    for (const auto& g : spec.constants) {
        if (g.kind != "enum" && g.kind != "bits") continue;
        List items(g.constants.size());
        for (const auto& c : g.constants) items.push(Object{"name", c.id});
        groups.push(constantsGroup(g.id, std::move(items), g.kind == "bits"));
    }
    List items;
    for (const auto* e : activeEventsByName(spec)) items.push(Object{"name", e->constName});
    groups.push(constantsGroup(kEventConstants, std::move(items), false));
    return groups;
}

// The header and src/jvmti_trace_values.cpp: constants and formatters.
Object valuesView(const EmitContext& ctx, const std::vector<EventSlot>& eventSlots) {
    const Spec& s = ctx.spec;
    List callbacks;
    for (const auto& slot : eventSlots)
        if (slot.ev) callbacks.push(Object{"id", slot.ev->id});
    List structs;
    for (const auto* t : activeTypedefs(s)) {
        if (t->form != Typedef::Form::Struct) continue;
        const TraceScope scope = fieldScope(s, *t, "x");
        List fields(t->fields.size());
        for (const auto& f : t->fields) {
            const TraceField tf = traceField(scope, f, "x");
            fields.push(Object{"name", f.id, "flag", tf.flag, "put", putView(tf.put)});
        }
        structs.push(Object{"id", t->id, "fields", std::move(fields)});
    }
    List caps;
    for (const auto& c : s.capabilities)
        for (const auto& f : c.fields) caps.push(Object{"id", f.id});

    return Object{"specName", ctx.specName, "version", ctx.version.str(), "constants", constantsView(s),
                  "structs", std::move(structs), "capabilities", std::move(caps), "callbacks", std::move(callbacks)};
}

Object entriesView(const EmitContext& ctx) {
    const Spec& s = ctx.spec;
    const auto fns = activeFunctions(s);
    List functions(fns.size());
    for (const auto* f : fns) {
        Object fv = functionView(*f);
        addParams(fv, s, f->params, traceFunctionParam);
        functions.push(std::move(fv));
    }
    List slots;
    for (const auto& slot : functionTable(s)) {
        Object sv{"num", std::to_string(slot.num), "function", slot.fn != nullptr};
        if (slot.fn) put(sv, "id", slot.fn->id);
        slots.push(std::move(sv));
    }
    return Object{"specName", ctx.specName, "version", ctx.version.str(), "functions", std::move(functions), "slots",
                  std::move(slots)};
}

Object eventsView(const EmitContext& ctx, const std::vector<EventSlot>& eventSlots) {
    List thunks;
    for (const auto& slot : eventSlots) {
        if (!slot.ev) continue;
        List params(slot.ev->params.size());
        for (const auto* p : signatureParams(slot.ev->params))
            params.push(Object{"decl", p->type.cType() + " " + p->id, "name", p->id});
        Object ev{"num", std::to_string(slot.ev->num), "id", slot.ev->id, "params", std::move(params),
                  "restricted", restrictsHandler(*slot.ev)};
        addParams(ev, ctx.spec, slot.ev->params, traceEventParam);
        thunks.push(std::move(ev));
    }
    return Object{"specName", ctx.specName, "version", ctx.version.str(), "events", std::move(thunks)};
}

}  // namespace

std::vector<Output> emitTrace(const EmitContext& ctx) {
    const auto eventSlots = eventTable(ctx.spec);
    const Object values = valuesView(ctx, eventSlots);
    return {{"include/jvmti_trace.hpp", renderTemplate("jvmti_trace.hpp", values, Escape::None)},
            {"src/jvmti_trace_entries.cpp", renderTemplate("jvmti_trace_entries.cpp", entriesView(ctx), Escape::None)},
            {"src/jvmti_trace_events.cpp",
             renderTemplate("jvmti_trace_events.cpp", eventsView(ctx, eventSlots), Escape::None)},
            {"src/jvmti_trace_values.cpp", renderTemplate("jvmti_trace_values.cpp", values, Escape::None)}};
}

}  // namespace jvmtigen
