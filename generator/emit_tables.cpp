// Emitter of the metadata tables: include/jvmti_metadata.hpp and src/jvmti_metadata.cpp.
// Names by number, capabilities with their bits, phases, callback safety, each parameter's
// kind and checks, and the out-parameters that hand back JVMTI memory or local references.
#include <map>

#include "api_version.hpp"
#include "derive.hpp"
#include "emitters.hpp"
#include "error_kinds.hpp"
#include "render.hpp"
#include "views.hpp"

namespace jvmtigen {

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

Data capabilityRefs(const std::vector<CapabilityUse>& uses, const std::map<std::string, int>& bits) {
    List a(uses.size());
    for (const auto& u : uses) a.push(Object{"bit", std::to_string(bits.at(u.id))});
    return withMore(std::move(a));
}

std::string str(bool b) { return b ? "true" : "false"; }

// A `since` as GetVersionNumber encodes a release (validation has made sure it parses).
std::string releaseNumber(const std::string& since) {
    const Version v = parseSince(since).value_or(Version{});
    return std::to_string(v.major << 16 | v.minor << 8 | v.micro);
}

}  // namespace

std::vector<Output> emitTables(const EmitContext& ctx) {
    const Spec& s = ctx.spec;
    Object v{"specName", ctx.specName, "version", ctx.version.str()};

    std::map<std::string, int> bits;
    List caps;
    if (!s.capabilities.empty())
        for (const auto& f : s.capabilities[0].fields) {
            bits[f.id] = static_cast<int>(bits.size());
            caps.push(Object{"id", f.id, "bit", std::to_string(bits[f.id]), "since", f.since, "sinceRelease", releaseNumber(f.since)});
        }
    const size_t capCount = caps.size();
    put(v, "capabilities", std::move(caps));
    put(v, "capabilityCount", std::to_string(capCount));

    std::map<std::string, bool> enumsUsed;
    const auto active = activeFunctions(s);
    List functions(active.size());
    int maxNum = 0;
    for (const auto* f : active) {
        maxNum = std::max(maxNum, f->num);
        Object fv = functionHead(*f);  // the tables list parameters their own way (paramList)
        const auto checks = entryChecks(s, *f);
        List params(f->params.size());
        for (const auto* p : signatureParams(f->params)) {
            if (p->type.kind == Kind::Varargs) continue;
            bool nullChecked = false;
            std::string handle = "None", handleError = "JVMTI_ERROR_NONE";
            for (const auto& c : checks) {
                if (c.param != p) continue;
                if (c.what == EntryCheck::What::NullPointer) nullChecked = true;
                if (c.what == EntryCheck::What::Handle) {
                    handle = c.handleKind;
                    handleError = c.error;
                }
            }
            const auto min = minimumOf(p->type);
            const bool isEnum = p->type.kind == Kind::Value && p->type.base == "enum";
            const std::string ctype = p->type.cType();
            // An OutPtr's value size: sizeof its pointee, measured by the compiler of the tables.
            std::string valueSize = "0";
            if (p->type.kind == Kind::OutPtr && ctype.size() > 1 && ctype.back() == '*' && ctype != "void*")
                valueSize = "sizeof(" + ctype.substr(0, ctype.size() - 1) + ")";
            if (isEnum) enumsUsed[p->type.name] = true;
            params.push(Object{"name", p->id, "ctype", ctype, "kind", kindEnumerator(p->type.kind),
                               "base", p->type.base, "enumName", isEnum ? p->type.name : "", "isEnum", isEnum,
                               "nullok", str(p->type.nullok), "nullChecked", str(nullChecked),
                               "hasMin", str(min.has_value()), "min", min.value_or("0"),
                               "handle", handle, "handleError", handleError, "valueSize", valueSize});
        }
        const size_t paramCount = params.size();
        put(fv, "paramList", std::move(params));
        put(fv, "paramCount", std::to_string(paramCount));
        put(fv, "hasParams", paramCount != 0);
        const auto facts = outParamFacts(*f);
        List outs(facts.size());
        for (const auto& o : facts)
            outs.push(Object{"index", std::to_string(o.index), "allocated", str(o.allocated),
                             "nested", str(o.nested), "localRefs", str(o.localRefs),
                             "countIndex", std::to_string(o.countIndex), "countIsPointer", str(o.countIsPointer)});
        put(fv, "outParams", std::move(outs));
        put(fv, "outParamCount", std::to_string(facts.size()));
        put(fv, "hasOutParams", !facts.empty());
        const PhaseRule pr = phaseRule(*f);
        List phases(pr.phases.size());
        for (const auto& p : pr.phases) phases.push(Object{"name", p});
        put(fv, "phaseAttr", pr.attr);
        put(fv, "phases", withMore(std::move(phases)));
        put(fv, "phaseCount", std::to_string(pr.phases.size()));
        put(fv, "hasPhases", !pr.phases.empty());
        put(fv, "callbackSafe", str(f->callbacksafe == "safe"));
        put(fv, "requiredCaps", capabilityRefs(f->required, bits));
        put(fv, "requiredCapCount", std::to_string(f->required.size()));
        put(fv, "hasRequiredCaps", !f->required.empty());
        put(fv, "category", f->category);
        put(fv, "since", f->since);
        put(fv, "sinceRelease", releaseNumber(f->since));
        put(fv, "traceByDefault", str(tracedByDefault(*f)));
        List errors(f->errors.size());
        for (const auto& e : f->errors) errors.push(Object{"name", e.id});
        put(fv, "errorCount", std::to_string(f->errors.size()));
        put(fv, "hasErrors", !f->errors.empty());
        put(fv, "errors", withMore(std::move(errors)));
        // Every error the spec allows, and those of them a correct agent must handle, by value.
        const auto classified = classifiedErrors(s, *f);
        List allowed(classified.size()), environmental;
        for (const auto& c : classified) {
            allowed.push(Object{"name", c.error->id});
            if (c.kind == ErrorKind::Environmental) environmental.push(Object{"name", c.error->id});
        }
        const size_t environmentalCount = environmental.size();
        put(fv, "allowedErrorCount", std::to_string(classified.size()));
        put(fv, "hasAllowedErrors", !classified.empty());
        put(fv, "allowedErrors", withMore(std::move(allowed)));
        put(fv, "environmentalErrorCount", std::to_string(environmentalCount));
        put(fv, "hasEnvironmentalErrors", environmentalCount != 0);
        put(fv, "environmentalErrors", withMore(std::move(environmental)));
        put(fv, "varargsFlag", str(fv.get("varargs")->is_true()));
        functions.push(std::move(fv));
    }
    put(v, "functions", std::move(functions));
    put(v, "functionCount", std::to_string(active.size()));
    put(v, "maxFunctionNum", std::to_string(maxNum));

    List enums(enumsUsed.size());
    for (const auto& [name, used] : enumsUsed) {
        const auto constants = enumConstants(s, name);
        List values(constants.size());
        for (const auto& c : constants) values.push(Object{"name", c});
        enums.push(Object{"name", name, "values", withMore(std::move(values)), "count", std::to_string(constants.size())});
    }
    put(v, "enums", std::move(enums));

    List events;
    int minEvent = 0, maxEvent = 0;
    for (const auto& slot : eventTable(s)) {
        if (!slot.ev) continue;
        const Event& e = *slot.ev;
        if (!minEvent) minEvent = e.num;
        maxEvent = e.num;
        events.push(Object{"num", std::to_string(e.num), "id", e.id, "const", e.constName,
                           "phase", e.phase, "threadFiltered", str(e.filtered == "thread"),
                           "requiredCaps", capabilityRefs(e.required, bits),
                           "requiredCapCount", std::to_string(e.required.size()),
                           "hasRequiredCaps", !e.required.empty(), "since", e.since, "sinceRelease", releaseNumber(e.since),
                           "restrictedHandler", str(restrictsHandler(e))});
    }
    const size_t eventCount = events.size();
    put(v, "events", std::move(events));
    put(v, "eventCount", std::to_string(eventCount));
    put(v, "minEventNum", std::to_string(minEvent));
    put(v, "maxEventNum", std::to_string(maxEvent));

    const auto byNum = errorsByNum(s);
    List errors(byNum.size());
    for (const auto* e : byNum) errors.push(Object{"id", e->id, "num", std::to_string(e->num)});
    put(v, "errors", std::move(errors));
    put(v, "errorCount", std::to_string(byNum.size()));

    return {{"include/jvmti_metadata.hpp", renderTemplate("jvmti_metadata.hpp", v, Escape::None)},
            {"src/jvmti_metadata.cpp", renderTemplate("jvmti_metadata.cpp", v, Escape::None)}};
}

}  // namespace jvmtigen
