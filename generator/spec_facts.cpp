#include "spec_facts.hpp"

#include "api_version.hpp"
#include "derive.hpp"

namespace jvmtigen {

namespace {

std::string joined(const std::vector<std::string>& parts, const char* separator = ", ") {
    std::string out;
    for (const auto& p : parts) out += (out.empty() ? "" : separator) + p;
    return out;
}

std::string since(const std::string& text) {
    const auto v = parseSince(text);
    return "since " + (v ? v->str() : text);
}

// ", since X" for a part (a field, a constant) that came later than its whole; "" otherwise
// (a part without its own `since` takes the DTD's default 1.0).
std::string partSince(const std::string& part, const std::string& whole) {
    const auto p = parseSince(part);
    const auto w = parseSince(whole);
    return p && w && *p <= *w ? "" : ", " + since(part);
}

// "jint* (outptr, impl=nonullcheck)": the C type, then how it is passed and the attributes
// of the wrapper and of the base element, as the spec writes them.
std::string typeValue(const Type& t) {
    std::vector<std::string> notes;
    if (t.kind != Kind::Value) notes.push_back(kindName(t.kind));
    if (t.nullok) notes.push_back("nullok");
    if (!t.incount.empty()) notes.push_back("incount=" + t.incount);
    if (!t.outcount.empty()) notes.push_back("outcount=" + t.outcount);
    if (!t.impl.empty()) notes.push_back("impl=" + t.impl);
    for (const auto& [k, v] : t.baseAttrs) notes.push_back(k + "=" + v);
    return t.cType() + (notes.empty() ? "" : " (" + joined(notes) + ")");
}

void params(Facts& out, const std::string& owner, const std::vector<Param>& ps) {
    int position = 0;
    for (const auto& p : ps) {
        const std::string at = p.inSignature() ? std::to_string(++position) : "-";
        out[owner + ".param " + p.id] = at + ": " + typeValue(p.type);
    }
}

void capabilities(Facts& out, const std::string& owner, const std::vector<CapabilityUse>& required,
                  const std::vector<CapabilityUse>& optional) {
    for (const auto& c : optional) out[owner + ".capability " + c.id] = "optional";
    for (const auto& c : required) out[owner + ".capability " + c.id] = "required";
}

void functions(Facts& out, const Spec& spec) {
    for (const auto& f : spec.functions) {
        if (f.elided) continue;
        const std::string key = "function " + f.id;
        std::vector<std::string> v = {"num " + std::to_string(f.num), "phase " + (f.phase.empty() ? "live" : f.phase),
                                      since(f.since)};
        if (f.callbacksafe == "safe") v.push_back("callbacksafe");
        if (f.eventCapabilities) v.push_back("eventcapabilities");
        if (f.preview) v.push_back("preview");
        out[key] = joined(v);
        params(out, key, f.params);
        capabilities(out, key, f.required, f.optional);
        std::map<std::string, int> listed;
        for (const auto& e : f.errors) ++listed[e.id];
        for (const auto& [id, n] : listed)
            out[key + ".error " + id] = n == 1 ? "" : "listed " + std::to_string(n) + " times";
    }
}

void events(Facts& out, const Spec& spec) {
    for (const auto& e : spec.events) {
        if (e.elided) continue;
        const std::string key = "event " + e.id;
        std::vector<std::string> v = {"num " + std::to_string(e.num), e.constName,
                                      "phase " + (e.phase.empty() ? "live" : e.phase)};
        if (!e.filtered.empty()) v.push_back("filtered " + e.filtered);
        v.push_back(since(e.since));
        if (e.preview) v.push_back("preview");
        out[key] = joined(v);
        params(out, key, e.params);
        capabilities(out, key, e.required, e.optional);
    }
}

void types(Facts& out, const Spec& spec) {
    for (const auto& t : spec.typedefs) {
        if (t.elided) continue;
        const std::string key = (t.form == Typedef::Form::Union ? "union " : "struct ") + t.id;
        out[key] = since(t.since);
        int position = 0;
        for (const auto& f : t.fields) {
            out[key + ".field " + f.id] =
                std::to_string(++position) + ": " + typeValue(f.type) + partSince(f.since, t.since);
        }
    }
    for (const auto& c : spec.callbacks) {
        if (c.elided) continue;
        const std::string key = "callback " + c.id;
        out[key] = "returns " + c.returns.cType() + ", " + since(c.since);
        params(out, key, c.params);
    }
    for (const auto& b : spec.baseTypes) out["basetype " + b.id] = collapseSpaces(b.definition);
}

}  // namespace

Facts specFacts(const Spec& spec, const Version& version) {
    Facts out;
    out["version"] = version.str();
    functions(out, spec);
    events(out, spec);
    for (const auto& caps : spec.capabilities) {
        int bit = 0;
        for (const auto& c : caps.fields)
            out["capability " + c.id] = "bit " + std::to_string(bit++) + ", " + since(c.since) + (c.preview ? ", preview" : "");
    }
    for (const auto& e : spec.errors) out["error " + e.id] = "num " + std::to_string(e.num) + ", " + since(e.since);
    for (const auto& g : spec.constants) {
        out["constants " + g.id] = g.kind + ", " + since(g.since);
        for (const auto& c : g.constants)
            out["constant " + c.id] = collapseSpaces(c.num) + " in " + g.id + partSince(c.since, g.since);
    }
    // JVMTI_VERSION_1_2 and the like: the header declares them by release, the spec does not.
    for (const auto& c : versionConstants(version)) out["constant " + c.name] = c.hex + " (header version constant)";
    types(out, spec);
    return out;
}

}  // namespace jvmtigen
