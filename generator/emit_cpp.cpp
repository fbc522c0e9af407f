// Emitter of the C++ API: include/jvmti.hpp. The mapping of each function to a member of
// jvmti::Env is cpp_api's; here it and the constants, capabilities, events and the structs
// whose fields JVMTI allocates become the view the template lays out.
#include <set>

#include "cpp_api.hpp"
#include "derive.hpp"
#include "emitters.hpp"
#include "render.hpp"

namespace jvmtigen {

namespace {

// Objects {key: item, last} for lists joined with separators in the template.
Data listWithLast(const std::vector<std::string>& items, const char* key) {
    List a(items.size());
    for (size_t i = 0; i < items.size(); ++i) a.push(Object{key, items[i], "last", i + 1 == items.size()});
    return a;
}

// The structs with allocfieldbuf fields, each after the structs its fields hold, with the
// fields to free: a struct-typed field with a count frees its elements' fields first.
void ownerStruct(const Spec& spec, const Typedef& t, std::set<std::string>& done, List& out) {
    if (done.count(t.id)) return;
    done.insert(t.id);
    List fields;
    for (const auto& f : t.fields) {
        if (f.type.kind != Kind::AllocFieldBuf) continue;
        Object fv{"field", f.id};
        if (f.type.base == "struct" && !f.type.outcount.empty()) {
            for (const auto& inner : spec.typedefs)
                if (inner.id == f.type.name && !inner.elided) {
                    ownerStruct(spec, inner, done, out);
                    if (done.count(inner.id) && !inner.fields.empty()) {
                        bool owns = false;
                        for (const auto& g : inner.fields) owns = owns || g.type.kind == Kind::AllocFieldBuf;
                        if (owns) {
                            put(fv, "inner", inner.id);
                            put(fv, "count", f.type.outcount);
                        }
                    }
                }
        }
        fields.push(std::move(fv));
    }
    if (!fields.empty()) out.push(Object{"name", t.id, "fields", std::move(fields)});
}

Data constantGroups(const Spec& spec, const std::string& kind) {
    List groups;
    for (const auto& g : spec.constants) {
        if (g.kind != kind) continue;
        const auto names = cppConstantNames(g);
        List constants(g.constants.size());
        for (size_t i = 0; i < g.constants.size(); ++i) constants.push(Object{"name", names[i], "id", g.constants[i].id});
        groups.push(Object{"typeName", cppGroupName(g.id), "constants", std::move(constants)});
    }
    return groups;
}

Object functionData(const CppFunction& cf) {
    const Function& f = *cf.fn;
    List params(cf.params.size());
    for (size_t i = 0; i < cf.params.size(); ++i) params.push(Object{"decl", cf.params[i], "last", i + 1 == cf.params.size()});
    List locals(cf.locals.size()), args(cf.args.size()), outputs(cf.outputs.size());
    for (const auto& l : cf.locals) locals.push(Object{"type", l.type, "name", l.name});
    for (const auto& a : cf.args) args.push(a);
    for (size_t i = 0; i < cf.outputs.size(); ++i) {
        const CppOutput& o = cf.outputs[i];
        outputs.push(Object{"type", o.type, "name", o.name, "value", o.value, "last", i + 1 == cf.outputs.size()});
    }
    return Object{"id", f.id, "num", std::to_string(f.num), "member", cf.member, "synopsis", f.synopsis,
                  "since", f.since, "sinceHex", cf.sinceHex, "gated", f.since != "1.0",
                  "params", std::move(params), "locals", std::move(locals), "args", std::move(args),
                  "valueType", cf.valueType, "none", cf.outputs.empty(), "several", cf.outputs.size() > 1,
                  "outputs", std::move(outputs)};
}

}  // namespace

std::vector<Output> emitCpp(const EmitContext& ctx) {
    const Spec& s = ctx.spec;
    Object v{"specName", ctx.specName, "version", ctx.version.str(), "versionHex", versionHex(ctx.version)};

    List errors;
    for (const auto* e : errorsByNum(s)) errors.push(Object{"id", e->id});
    put(v, "errors", std::move(errors));

    List owners;
    std::set<std::string> done;
    for (const auto* t : activeTypedefs(s)) ownerStruct(s, *t, done, owners);
    put(v, "ownerStructs", std::move(owners));

    put(v, "enums", constantGroups(s, "enum"));
    put(v, "bitsets", constantGroups(s, "bits"));

    List caps;
    if (!s.capabilities.empty())
        for (const auto& c : s.capabilities[0].fields) caps.push(Object{"id", c.id});
    put(v, "capabilities", std::move(caps));

    List events;
    int first = -1, last = 0;
    for (const auto& slot : eventTable(s)) {
        if (!slot.ev) continue;
        const Event& e = *slot.ev;
        if (first < 0) first = slot.num;
        last = slot.num;
        std::vector<std::string> required;
        for (const auto& c : e.required) required.push_back(c.id);
        events.push(Object{"id", e.id, "const", e.constName, "since", e.since, "sinceHex", versionHex(e.since),
                           "hasRequired", !required.empty(), "caps", listWithLast(required, "cap")});
    }
    put(v, "events", std::move(events));
    put(v, "firstEvent", std::to_string(first < 0 ? 0 : first));
    put(v, "eventWords", std::to_string(first < 0 ? 1 : (last - first) / 64 + 1));

    List fns;
    for (const auto& cf : cppFunctions(s)) fns.push(functionData(cf));
    put(v, "functions", std::move(fns));

    return {{"include/jvmti.hpp", renderTemplate("jvmti.hpp", v, Escape::None)}};
}

}  // namespace jvmtigen
