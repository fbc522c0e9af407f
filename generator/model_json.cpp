#include "model_json.hpp"

#include "error_kinds.hpp"

namespace jvmtigen {

using nlohmann::json;

static json capsJson(const std::vector<CapabilityUse>& uses) {
    json a = json::array();
    for (const auto& u : uses) a.push_back({{"id", u.id}, {"text", plainText(u.text)}});
    return a;
}

static json typeJson(const Type& t) {
    json j = {{"kind", kindName(t.kind)}, {"base", t.base}, {"ctype", t.cType()}, {"nullok", t.nullok}};
    if (!t.name.empty()) j["name"] = t.name;
    if (!t.incount.empty()) j["incount"] = t.incount;
    if (!t.outcount.empty()) j["outcount"] = t.outcount;
    if (!t.impl.empty()) j["impl"] = t.impl;
    j["attrs"] = json::object();
    for (const auto& [k, v] : t.baseAttrs) j["attrs"][k] = v;
    if (t.nullok) j["nullokText"] = plainText(t.nullokText);
    return j;
}

json paramJson(const Param& p) {
    json j = typeJson(p.type);
    j["id"] = p.id;
    j["inSignature"] = p.inSignature();
    j["description"] = plainText(p.description);
    return j;
}

static json paramsJson(const std::vector<Param>& ps) {
    json a = json::array();
    for (const auto& p : ps) a.push_back(paramJson(p));
    return a;
}

json modelJson(const Spec& s, const Version& version) {
    json j;
    j["schema"] = "jvmtigen-model";
    j["schemaVersion"] = kModelSchemaVersion;
    j["spec"] = {{"file", s.file},
                 {"label", s.label},
                 {"title", s.title},
                 {"subtitle", s.subtitle},
                 {"declaredVersion", s.version ? json(s.version->str()) : json(nullptr)},
                 {"version", version.str()}};

    j["categories"] = json::array();
    for (const auto& c : s.categories) j["categories"].push_back({{"id", c.id}, {"label", c.label}});

    j["functions"] = json::array();
    for (const auto& f : s.functions) {
        json e = {{"id", f.id},         {"num", f.num},
                  {"phase", f.phase},   {"callbacksafe", f.callbacksafe},
                  {"impl", f.impl},     {"hide", f.hide},
                  {"jkernel", f.jkernel}, {"since", f.since},
                  {"category", f.category}, {"elided", f.elided}, {"preview", f.preview},
                  {"synopsis", f.synopsis}, {"origin", f.origin},
                  {"description", plainText(f.description)},
                  {"eventCapabilities", f.eventCapabilities},
                  {"capabilities", {{"required", capsJson(f.required)}, {"optional", capsJson(f.optional)}}},
                  {"params", paramsJson(f.params)}};
        e["errors"] = json::array();
        for (const auto& er : f.errors)
            e["errors"].push_back({{"id", er.id}, {"text", plainText(er.text)}, {"kind", errorKindName(errorKind(f, er.id))}});
        // Derived: every error the spec allows, by value, with the kind (error_kinds.hpp).
        e["allowedErrors"] = json::array();
        for (const auto& c : classifiedErrors(s, f))
            e["allowedErrors"].push_back({{"id", c.error->id}, {"kind", errorKindName(c.kind)}});
        j["functions"].push_back(std::move(e));
    }

    j["callbacks"] = json::array();
    for (const auto& c : s.callbacks)
        j["callbacks"].push_back({{"id", c.id},
                                  {"since", c.since},
                                  {"category", c.category},
                                  {"elided", c.elided},
                                  {"returns", typeJson(c.returns)},
                                  {"synopsis", c.synopsis},
                                  {"description", plainText(c.description)},
                                  {"params", paramsJson(c.params)}});

    j["typedefs"] = json::array();
    for (const auto& t : s.typedefs) {
        json fields = json::array();
        for (const auto& f : t.fields) {
            json fj = typeJson(f.type);
            fj["id"] = f.id;
            fj["since"] = f.since;
            fj["description"] = plainText(f.description);
            fields.push_back(std::move(fj));
        }
        j["typedefs"].push_back({{"id", t.id},
                                 {"form", t.form == Typedef::Form::Union ? "union" : "struct"},
                                 {"label", t.label},
                                 {"since", t.since},
                                 {"owner", t.owner},
                                 {"elided", t.elided},
                                 {"description", plainText(t.description)},
                                 {"fields", std::move(fields)}});
    }

    j["capabilities"] = json::array();
    for (const auto& t : s.capabilities) {
        j["capabilitiesTypedef"] = {{"id", t.id}, {"label", t.label}, {"category", t.category}};
        int bit = 0;
        for (const auto& f : t.fields)
            j["capabilities"].push_back({{"id", f.id},
                                         {"bit", bit++},
                                         {"since", f.since},
                                         {"preview", f.preview},
                                         {"disp1", f.disp1},
                                         {"disp2", f.disp2},
                                         {"description", plainText(f.description)}});
    }

    j["constants"] = json::array();
    for (const auto& g : s.constants) {
        json cs = json::array();
        for (const auto& c : g.constants)
            cs.push_back({{"id", c.id}, {"num", c.num}, {"since", c.since}, {"description", plainText(c.description)}});
        j["constants"].push_back({{"id", g.id},
                                  {"label", g.label},
                                  {"kind", g.kind},
                                  {"since", g.since},
                                  {"owner", g.owner},
                                  {"constants", std::move(cs)}});
    }

    j["events"] = json::array();
    for (const auto& e : s.events)
        j["events"].push_back({{"id", e.id},
                               {"label", e.label},
                               {"const", e.constName},
                               {"num", e.num},
                               {"phase", e.phase},
                               {"filtered", e.filtered},
                               {"handlercalls", e.handlerCalls},
                               {"since", e.since},
                               {"preview", e.preview},
                               {"elided", e.elided},
                               {"origin", e.origin},
                               {"description", plainText(e.description)},
                               {"capabilities", {{"required", capsJson(e.required)}, {"optional", capsJson(e.optional)}}},
                               {"params", paramsJson(e.params)}});

    j["errorCategories"] = json::array();
    for (const auto& c : s.errorCategories) j["errorCategories"].push_back({{"id", c.id}, {"label", c.label}});
    j["errors"] = json::array();
    for (const auto& e : s.errors) {
        const auto kind = ruleKind(e.id);
        j["errors"].push_back({{"id", e.id}, {"num", e.num}, {"category", e.category}, {"since", e.since},
                               {"description", plainText(e.description)},
                               {"kind", kind ? json(errorKindName(*kind)) : json(nullptr)}});
    }

    j["baseTypes"] = json::array();
    for (const auto& b : s.baseTypes)
        j["baseTypes"].push_back({{"id", b.id}, {"name", b.name}, {"group", b.group},
                                  {"definition", b.definition}, {"description", plainText(b.description)}});

    j["intros"] = json::array();
    for (const auto& i : s.intros)
        j["intros"].push_back({{"id", i.id}, {"label", i.label}, {"where", i.where}, {"elided", i.elided},
                               {"text", plainText(i.body)}});

    j["changes"] = json::array();
    for (const auto& c : s.changes)
        j["changes"].push_back({{"date", c.date}, {"version", c.version}, {"text", plainText(c.text)}});
    return j;
}

}  // namespace jvmtigen
