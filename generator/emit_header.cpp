// Emitter of include/jvmti.h. Builds the view the template lays out; every C declaration
// comes from the model (Type::cType), the order and numbering from derive.hpp.
#include "derive.hpp"
#include "emitters.hpp"
#include "header_eras.hpp"
#include "render.hpp"
#include "views.hpp"

namespace jvmtigen {

namespace {


std::string declaration(const Param& p) {
    return p.type.kind == Kind::Varargs ? "..." : p.type.cType() + " " + p.id;
}

Data paramDecls(const std::vector<Param>& ps) {
    List a(ps.size());
    for (const auto* p : signatureParams(ps)) a.push(Object{"decl", declaration(*p)});
    return a;
}

// Arguments a C++ method forwards: every signature parameter but varargs.
Data forwardArgs(const std::vector<Param>& ps) {
    List a(ps.size());
    for (const auto* p : signatureParams(ps))
        if (p->type.kind != Kind::Varargs) a.push(Object{"name", p->id});
    return a;
}

}  // namespace

std::vector<Output> emitHeader(const EmitContext& ctx) {
    const Spec& s = ctx.spec;
    Object v{"specName", ctx.specName, "version", ctx.version.str(), "major", std::to_string(ctx.version.major),
             "minor", std::to_string(ctx.version.minor), "micro", std::to_string(ctx.version.micro)};

    const HeaderConventions era = headerConventions(ctx.version);
    put(v, "agentOnAttach", era.declaresAgentOnAttach);

    List versions;
    for (const auto& c : versionConstants(ctx.version)) versions.push(Object{"name", c.name, "hex", c.hex});
    put(v, "versionConstants", std::move(versions));

    List defs(s.baseTypes.size());
    for (const auto& b : s.baseTypes)
        if (!b.definition.empty()) defs.push(Object{"definition", b.definition});
    put(v, "baseTypeDefinitions", std::move(defs));

    List groups(s.constants.size());
    for (const auto& g : s.constants) {
        List cs(g.constants.size());
        for (const auto& c : g.constants) cs.push(Object{"id", c.id, "num", c.num});
        groups.push(Object{"id", g.id, "label", g.label, "isEnum", g.kind == "enum", "constants", withMore(std::move(cs))});
    }
    put(v, "constantGroups", std::move(groups));

    const auto byNum = errorsByNum(s);
    List errors(byNum.size());
    int errorMax = 0;
    for (const auto* e : byNum) {
        errors.push(Object{"id", e->id, "num", std::to_string(e->num)});
        errorMax = std::max(errorMax, e->num);
    }
    put(v, "errors", std::move(errors));
    put(v, "errorMax", std::to_string(errorMax));

    const auto slots = eventTable(s);
    List eventIds(slots.size()), eventSlots(slots.size());
    for (const auto& slot : slots) {
        const std::string num = std::to_string(slot.num);
        if (slot.ev) {
            eventIds.push(Object{"const", slot.ev->constName, "num", num});
            eventSlots.push(Object{"num", num, "event", true, "id", slot.ev->id, "label", slot.ev->label});
        } else {
            eventSlots.push(Object{"num", num, "event", false});
        }
    }
    put(v, "eventIds", std::move(eventIds));
    put(v, "eventSlots", std::move(eventSlots));
    put(v, "minEvent", slots.empty() ? "0" : std::to_string(slots.front().num));
    put(v, "maxEvent", slots.empty() ? "0" : std::to_string(slots.back().num));

    const auto typedefs = activeTypedefs(s);
    List structs(typedefs.size());
    for (const auto* t : typedefs) {
        List fields(t->fields.size());
        for (const auto& f : t->fields) fields.push(Object{"decl", f.type.cType() + " " + f.id});
        structs.push(Object{"id", t->id, "tag", structTag(era, t->id), "keyword", t->form == Typedef::Form::Union ? "union" : "struct",
                            "fields", std::move(fields)});
    }
    put(v, "structs", std::move(structs));

    const auto cbs = activeCallbacks(s);
    List callbacks(cbs.size());
    for (const auto* c : cbs)
        callbacks.push(Object{"id", c->id, "returns", c->returns.cType(), "params", withMore(paramDecls(c->params))});
    put(v, "callbacks", std::move(callbacks));

    List caps;
    size_t flags = 0;
    if (!s.capabilities.empty()) {
        for (const auto& f : s.capabilities[0].fields) caps.push(Object{"id", f.id});
        flags = s.capabilities[0].fields.size();
        put(v, "capabilitiesId", s.capabilities[0].id);
    } else {
        put(v, "capabilitiesId", "jvmtiCapabilities");
    }
    put(v, "capabilities", std::move(caps));
    List pads;
    for (int bits : capabilityPadding(flags)) pads.push(Object{"bits", std::to_string(bits)});
    put(v, "capabilityPadding", std::move(pads));

    const auto events = activeEventsByName(s);
    List eventTypedefs(events.size());
    for (const auto* e : events) eventTypedefs.push(Object{"id", e->id, "params", paramDecls(e->params)});
    put(v, "eventTypedefs", std::move(eventTypedefs));

    const auto fnTable = functionTable(s);
    List table(fnTable.size());
    for (const auto& slot : fnTable) {
        const std::string num = std::to_string(slot.num);
        if (slot.fn)
            table.push(Object{"num", num, "function", true, "id", slot.fn->id, "synopsis", slot.fn->synopsis,
                              "params", paramDecls(slot.fn->params)});
        else
            table.push(Object{"num", num, "function", false});
    }
    put(v, "functionTable", std::move(table));

    const auto fns = activeFunctions(s);
    List methods(fns.size());
    for (const auto* f : fns)
        methods.push(Object{"id", f->id, "params", withMore(paramDecls(f->params)), "args", forwardArgs(f->params)});
    put(v, "methods", std::move(methods));

    return {{"include/jvmti.h", renderTemplate("jvmti.h", v, Escape::None)}};
}

}  // namespace jvmtigen
