// Emitter of include/jvmti.h. Builds the view the template lays out; every C declaration
// comes from the model (Type::cType), the order and numbering from derive.hpp.
#include <nlohmann/json.hpp>

#include "derive.hpp"
#include "emitters.hpp"
#include "render.hpp"
#include "views.hpp"

namespace jvmtigen {

using nlohmann::json;

namespace {


std::string declaration(const Param& p) {
    return p.type.kind == Kind::Varargs ? "..." : p.type.cType() + " " + p.id;
}

json paramDecls(const std::vector<Param>& ps) {
    json a = json::array();
    for (const auto* p : signatureParams(ps)) a.push_back({{"decl", declaration(*p)}});
    return a;
}

// Arguments a C++ method forwards: every signature parameter but varargs.
json forwardArgs(const std::vector<Param>& ps) {
    json a = json::array();
    for (const auto* p : signatureParams(ps))
        if (p->type.kind != Kind::Varargs) a.push_back({{"name", p->id}});
    return a;
}

}  // namespace

std::vector<Output> emitHeader(const EmitContext& ctx) {
    const Spec& s = ctx.spec;
    json v;
    v["specName"] = ctx.specName;
    v["version"] = ctx.version.str();
    v["major"] = std::to_string(ctx.version.major);
    v["minor"] = std::to_string(ctx.version.minor);
    v["micro"] = std::to_string(ctx.version.micro);

    json versions = json::array();
    for (const auto& c : versionConstants(ctx.version)) versions.push_back({{"name", c.name}, {"hex", c.hex}});
    v["versionConstants"] = versions;

    json defs = json::array();
    for (const auto& b : s.baseTypes)
        if (!b.definition.empty()) defs.push_back({{"definition", b.definition}});
    v["baseTypeDefinitions"] = defs;

    json groups = json::array();
    for (const auto& g : s.constants) {
        json cs = json::array();
        for (const auto& c : g.constants) cs.push_back({{"id", c.id}, {"num", c.num}});
        groups.push_back({{"id", g.id}, {"label", g.label}, {"isEnum", g.kind == "enum"},
                          {"constants", withMore(cs)}});
    }
    v["constantGroups"] = groups;

    json errors = json::array();
    int errorMax = 0;
    for (const auto* e : errorsByNum(s)) {
        errors.push_back({{"id", e->id}, {"num", std::to_string(e->num)}});
        errorMax = std::max(errorMax, e->num);
    }
    v["errors"] = errors;
    v["errorMax"] = std::to_string(errorMax);

    json eventIds = json::array();
    json eventSlots = json::array();
    const auto slots = eventTable(s);
    for (const auto& slot : slots) {
        const std::string num = std::to_string(slot.num);
        if (slot.ev) {
            eventIds.push_back({{"const", slot.ev->constName}, {"num", num}});
            eventSlots.push_back({{"num", num}, {"event", true}, {"id", slot.ev->id}, {"label", slot.ev->label}});
        } else {
            eventSlots.push_back({{"num", num}, {"event", false}});
        }
    }
    v["eventIds"] = eventIds;
    v["eventSlots"] = eventSlots;
    v["minEvent"] = slots.empty() ? "0" : std::to_string(slots.front().num);
    v["maxEvent"] = slots.empty() ? "0" : std::to_string(slots.back().num);

    json structs = json::array();
    for (const auto* t : activeTypedefs(s)) {
        json fields = json::array();
        for (const auto& f : t->fields) fields.push_back({{"decl", f.type.cType() + " " + f.id}});
        structs.push_back({{"id", t->id}, {"keyword", t->form == Typedef::Form::Union ? "union" : "struct"},
                           {"fields", fields}});
    }
    v["structs"] = structs;

    json callbacks = json::array();
    for (const auto* c : activeCallbacks(s))
        callbacks.push_back({{"id", c->id}, {"returns", c->returns.cType()}, {"params", withMore(paramDecls(c->params))}});
    v["callbacks"] = callbacks;

    json caps = json::array();
    size_t flags = 0;
    if (!s.capabilities.empty()) {
        for (const auto& f : s.capabilities[0].fields) caps.push_back({{"id", f.id}});
        flags = s.capabilities[0].fields.size();
        v["capabilitiesId"] = s.capabilities[0].id;
    } else {
        v["capabilitiesId"] = "jvmtiCapabilities";
    }
    v["capabilities"] = caps;
    json pads = json::array();
    for (int bits : capabilityPadding(flags)) pads.push_back({{"bits", std::to_string(bits)}});
    v["capabilityPadding"] = pads;

    json eventTypedefs = json::array();
    for (const auto* e : activeEventsByName(s))
        eventTypedefs.push_back({{"id", e->id}, {"params", paramDecls(e->params)}});
    v["eventTypedefs"] = eventTypedefs;

    json table = json::array();
    for (const auto& slot : functionTable(s)) {
        const std::string num = std::to_string(slot.num);
        if (slot.fn)
            table.push_back({{"num", num}, {"function", true}, {"id", slot.fn->id}, {"synopsis", slot.fn->synopsis},
                             {"params", paramDecls(slot.fn->params)}});
        else
            table.push_back({{"num", num}, {"function", false}});
    }
    v["functionTable"] = table;

    json methods = json::array();
    for (const auto* f : activeFunctions(s))
        methods.push_back({{"id", f->id}, {"params", withMore(paramDecls(f->params))}, {"args", forwardArgs(f->params)}});
    v["methods"] = methods;

    return {{"include/jvmti.h", renderTemplate("jvmti.h", v, Escape::None)}};
}

}  // namespace jvmtigen
