// Emitter of tracing (include/jvmti_trace.hpp; src/jvmti_trace_entries.cpp,
// src/jvmti_trace_events.cpp, src/jvmti_trace_values.cpp): tracing entries around the
// checking entries, tracing event thunks, and per type the statements that put a value into
// a trace (trace_code.cpp).
#include <algorithm>

#include "derive.hpp"
#include "emitters.hpp"
#include "render.hpp"
#include "trace_code.hpp"
#include "views.hpp"

namespace jvmtigen {

using nlohmann::json;

namespace {

json linesView(const std::vector<std::string>& lines) {
    json a = json::array();
    for (const auto& l : lines) a.push_back({{"line", l}});
    return a;
}

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

// Puts the statements of every parameter into the view as inputs and outputs.
template <class Trace>
void addParams(json& view, const Spec& spec, const std::vector<Param>& params, Trace trace) {
    const TraceScope scope = paramScope(spec, params);
    std::vector<std::string> in, out;
    for (const auto* p : signatureParams(params)) {
        TraceParam t = trace(scope, *p);
        in.insert(in.end(), t.inputs.begin(), t.inputs.end());
        out.insert(out.end(), t.outputs.begin(), t.outputs.end());
    }
    view["hasInputs"] = !in.empty();
    view["inputs"] = linesView(in);
    view["hasOutputs"] = !out.empty();
    view["outputs"] = linesView(out);
}

bool tracedByDefault(const Function& f) { return f.impl.find("notrace") == std::string::npos; }

json constantsView(const Spec& spec) {
    json groups = json::array();
    for (const auto& g : spec.constants) {
        if (g.kind != "enum" && g.kind != "bits") continue;
        json items = json::array();
        for (const auto& c : g.constants) items.push_back({{"name", c.id}});
        groups.push_back({{"group", g.id}, {"table", constantsTableName(g.id)}, {"items", items},
                          {"count", std::to_string(g.constants.size())}, {"bits", g.kind == "bits" ? "true" : "false"}});
    }
    json items = json::array();
    for (const auto* e : activeEventsByName(spec)) items.push_back({{"name", e->constName}});
    groups.push_back({{"group", kEventConstants}, {"table", constantsTableName(kEventConstants)}, {"items", items},
                      {"count", std::to_string(items.size())}, {"bits", "false"}});
    return groups;
}

}  // namespace

std::vector<Output> emitTrace(const EmitContext& ctx) {
    const Spec& s = ctx.spec;
    const json base = {{"specName", ctx.specName}, {"version", ctx.version.str()}};

    std::vector<const Function*> byNum = activeFunctions(s);
    std::sort(byNum.begin(), byNum.end(), [](const Function* a, const Function* b) { return a->num < b->num; });
    json functions = json::array();
    for (const auto* f : byNum)
        functions.push_back({{"num", std::to_string(f->num)}, {"id", f->id}, {"category", f->category},
                             {"traceByDefault", tracedByDefault(*f) ? "true" : "false"}});
    json events = json::array();
    json thunks = json::array();
    for (const auto& slot : eventTable(s)) {
        if (!slot.ev) continue;
        events.push_back({{"num", std::to_string(slot.ev->num)}, {"id", slot.ev->id}});
        json ev = {{"num", std::to_string(slot.ev->num)}, {"id", slot.ev->id}};
        json params = json::array();
        for (const auto* p : signatureParams(slot.ev->params))
            params.push_back({{"decl", p->type.cType() + " " + p->id}, {"name", p->id}});
        ev["params"] = params;
        addParams(ev, s, slot.ev->params, traceEventParam);
        thunks.push_back(std::move(ev));
    }

    json structs = json::array();
    for (const auto* t : activeTypedefs(s)) {
        if (t->form != Typedef::Form::Struct) continue;
        const TraceScope scope = fieldScope(s, *t, "x");
        std::vector<std::string> lines;
        for (const auto& f : t->fields) {
            auto l = traceField(scope, f, "x");
            lines.insert(lines.end(), l.begin(), l.end());
        }
        structs.push_back({{"id", t->id}, {"lines", linesView(lines)}});
    }
    json caps = json::array();
    for (const auto& c : s.capabilities)
        for (const auto& f : c.fields) caps.push_back({{"id", f.id}});
    json callbacks = json::array();
    for (const auto& slot : eventTable(s))
        if (slot.ev) callbacks.push_back({{"id", slot.ev->id}});

    json header = base;
    header["functionCount"] = std::to_string(functions.size());
    header["eventCount"] = std::to_string(events.size());
    header["constants"] = constantsView(s);
    header["structs"] = structs;

    json values = header;
    values["functions"] = functions;
    values["events"] = events;
    values["capabilities"] = caps;
    values["callbacks"] = callbacks;

    json entries = base;
    json fns = json::array();
    for (const auto* f : activeFunctions(s)) {
        json fv = functionView(*f);
        addParams(fv, s, f->params, traceFunctionParam);
        fns.push_back(std::move(fv));
    }
    entries["functions"] = fns;
    json slots = json::array();
    for (const auto& slot : functionTable(s)) {
        json sv = {{"num", std::to_string(slot.num)}, {"function", slot.fn != nullptr}};
        if (slot.fn) sv["id"] = slot.fn->id;
        slots.push_back(std::move(sv));
    }
    entries["slots"] = slots;

    json evs = base;
    evs["events"] = thunks;

    return {{"include/jvmti_trace.hpp", renderTemplate("jvmti_trace.hpp", header, Escape::None)},
            {"src/jvmti_trace_entries.cpp", renderTemplate("jvmti_trace_entries.cpp", entries, Escape::None)},
            {"src/jvmti_trace_events.cpp", renderTemplate("jvmti_trace_events.cpp", evs, Escape::None)},
            {"src/jvmti_trace_values.cpp", renderTemplate("jvmti_trace_values.cpp", values, Escape::None)}};
}

}  // namespace jvmtigen
