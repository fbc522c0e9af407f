// Emitter of the metadata tables: include/jvmti_metadata.hpp and src/jvmti_metadata.cpp.
// Names by number, capabilities with their bits, phases, callback safety, each parameter's
// kind and checks, and the out-parameters that hand back JVMTI memory or local references.
#include <map>

#include "derive.hpp"
#include "emitters.hpp"
#include "render.hpp"
#include "views.hpp"

namespace jvmtigen {

using nlohmann::json;

namespace {

// "Kind::AllocBuf" style names of the metadata's Kind enum.
std::string kindEnumerator(Kind k) {
    switch (k) {
        case Kind::Value: return "Value";
        case Kind::OutPtr: return "OutPtr";
        case Kind::AllocBuf: return "AllocBuf";
        case Kind::AllocAllocBuf: return "AllocAllocBuf";
        case Kind::InPtr: return "InPtr";
        case Kind::InBuf: return "InBuf";
        case Kind::OutBuf: return "OutBuf";
        case Kind::VmBuf: return "VmBuf";
        case Kind::AgentBuf: return "AgentBuf";
        case Kind::PtrType: return "PtrType";
        case Kind::Varargs: return "Varargs";
        case Kind::AllocFieldBuf: return "AllocFieldBuf";
    }
    return "Value";
}

json capabilityRefs(const std::vector<CapabilityUse>& uses, const std::map<std::string, int>& bits) {
    json a = json::array();
    for (const auto& u : uses) a.push_back({{"bit", std::to_string(bits.at(u.id))}});
    return withMore(a);
}

std::string str(bool b) { return b ? "true" : "false"; }

}  // namespace

std::vector<Output> emitTables(const EmitContext& ctx) {
    const Spec& s = ctx.spec;
    json v = {{"specName", ctx.specName}, {"version", ctx.version.str()}};

    std::map<std::string, int> bits;
    json caps = json::array();
    if (!s.capabilities.empty())
        for (const auto& f : s.capabilities[0].fields) {
            bits[f.id] = static_cast<int>(bits.size());
            caps.push_back({{"id", f.id}, {"bit", std::to_string(bits[f.id])}, {"since", f.since}});
        }
    v["capabilities"] = caps;
    v["capabilityCount"] = std::to_string(caps.size());

    std::map<std::string, bool> enumsUsed;
    json functions = json::array();
    int maxNum = 0;
    for (const auto* f : activeFunctions(s)) {
        maxNum = std::max(maxNum, f->num);
        json fv = functionView(*f);
        const auto checks = entryChecks(s, *f);
        json params = json::array();
        for (const auto* p : signatureParams(f->params)) {
            if (p->type.kind == Kind::Varargs) continue;
            bool nullChecked = false;
            for (const auto& c : checks) nullChecked = nullChecked || (c.param == p && c.what == EntryCheck::What::NullPointer);
            const auto min = p->type.baseAttrs.find("min");
            const bool isEnum = p->type.kind == Kind::Value && p->type.base == "enum";
            if (isEnum) enumsUsed[p->type.name] = true;
            params.push_back({{"name", p->id}, {"ctype", p->type.cType()}, {"kind", kindEnumerator(p->type.kind)},
                              {"base", p->type.base}, {"enumName", isEnum ? p->type.name : ""}, {"isEnum", isEnum},
                              {"nullok", str(p->type.nullok)}, {"nullChecked", str(nullChecked)},
                              {"hasMin", str(min != p->type.baseAttrs.end())},
                              {"min", min != p->type.baseAttrs.end() ? min->second : "0"}});
        }
        fv["paramList"] = params;
        fv["paramCount"] = std::to_string(params.size());
        fv["hasParams"] = !params.empty();
        json outs = json::array();
        for (const auto& o : outParamFacts(*f))
            outs.push_back({{"index", std::to_string(o.index)}, {"allocated", str(o.allocated)},
                            {"nested", str(o.nested)}, {"localRefs", str(o.localRefs)},
                            {"countIndex", std::to_string(o.countIndex)}, {"countIsPointer", str(o.countIsPointer)}});
        fv["outParams"] = outs;
        fv["outParamCount"] = std::to_string(outs.size());
        fv["hasOutParams"] = !outs.empty();
        json phases = json::array();
        const PhaseRule pr = phaseRule(*f);
        for (const auto& p : pr.phases) phases.push_back({{"name", p}});
        fv["phaseAttr"] = pr.attr;
        fv["phases"] = withMore(phases);
        fv["phaseCount"] = std::to_string(phases.size());
        fv["hasPhases"] = !phases.empty();
        fv["callbackSafe"] = str(f->callbacksafe == "safe");
        fv["requiredCaps"] = capabilityRefs(f->required, bits);
        fv["requiredCapCount"] = std::to_string(f->required.size());
        fv["hasRequiredCaps"] = !f->required.empty();
        fv["category"] = f->category;
        fv["since"] = f->since;
        fv["varargsFlag"] = str(fv["varargs"].get<bool>());
        functions.push_back(std::move(fv));
    }
    v["functions"] = functions;
    v["functionCount"] = std::to_string(functions.size());
    v["maxFunctionNum"] = std::to_string(maxNum);

    json enums = json::array();
    for (const auto& [name, used] : enumsUsed) {
        json values = json::array();
        for (const auto& c : enumConstants(s, name)) values.push_back({{"name", c}});
        enums.push_back({{"name", name}, {"values", withMore(values)}, {"count", std::to_string(values.size())}});
    }
    v["enums"] = enums;

    json events = json::array();
    int minEvent = 0, maxEvent = 0;
    for (const auto& slot : eventTable(s)) {
        if (!slot.ev) continue;
        const Event& e = *slot.ev;
        if (!minEvent) minEvent = e.num;
        maxEvent = e.num;
        events.push_back({{"num", std::to_string(e.num)}, {"id", e.id}, {"const", e.constName},
                          {"phase", e.phase}, {"threadFiltered", str(e.filtered == "thread")},
                          {"requiredCaps", capabilityRefs(e.required, bits)},
                          {"requiredCapCount", std::to_string(e.required.size())},
                          {"hasRequiredCaps", !e.required.empty()}, {"since", e.since}});
    }
    v["events"] = events;
    v["eventCount"] = std::to_string(events.size());
    v["minEventNum"] = std::to_string(minEvent);
    v["maxEventNum"] = std::to_string(maxEvent);

    json errors = json::array();
    for (const auto* e : errorsByNum(s)) errors.push_back({{"id", e->id}, {"num", std::to_string(e->num)}});
    v["errors"] = errors;
    v["errorCount"] = std::to_string(errors.size());

    return {{"include/jvmti_metadata.hpp", renderTemplate("jvmti_metadata.hpp", v, Escape::None)},
            {"src/jvmti_metadata.cpp", renderTemplate("jvmti_metadata.cpp", v, Escape::None)}};
}

}  // namespace jvmtigen
