// Emitter of docs/jvmti.html: the whole spec as one cross-linked page. This file gathers
// what each part of the page says (the facts of the model, prose rendered to HTML, the rules
// a parameter's kind implies) into a view; templates/jvmti.html.mustache lays it out.
// Anchors are the spec's ids, so links such as jvmti.html#GetFrameCount work as on the
// familiar page; parameters and fields are anchored as Owner.name.
#include <algorithm>
#include <map>
#include <set>

#include <nlohmann/json.hpp>

#include "derive.hpp"
#include "emitters.hpp"
#include "param_rules.hpp"
#include "prose_html.hpp"
#include "render.hpp"
#include "views.hpp"

namespace jvmtigen {

using nlohmann::json;

namespace {

json opt(const std::string& s) { return s.empty() ? json(nullptr) : json(s); }


// What the phase attribute of a function allows.
std::string functionPhaseText(const std::string& phase) {
    if (phase == "onload") return "May be called only in the OnLoad phase or the live phase.";
    if (phase == "onloadOnly") return "May be called only in the OnLoad phase.";
    if (phase == "start") return "May be called only in the start phase or the live phase.";
    if (phase == "any") return "May be called in any phase.";
    return "May be called only in the live phase.";
}

// When an event of a given phase attribute may be sent.
std::string eventPhaseText(const std::string& phase) {
    if (phase == "onload") return "Sent from the OnLoad phase on.";
    if (phase == "start") return "Sent in the start phase and the live phase.";
    if (phase == "any") return "Sent in any phase, the primordial phase included.";
    return "Sent only in the live phase.";
}

// The errors every function may return: the spec's "universal" category, or its first.
const ErrorCategory* universalCategory(const Spec& s) {
    for (const auto& c : s.errorCategories)
        if (c.id == "universal-error") return &c;
    return s.errorCategories.empty() ? nullptr : &s.errorCategories.front();
}

// Types jvmti.h declares that links may name although the spec may define no anchor for them,
// with the section of the page that documents them.
const std::vector<std::pair<std::string, std::string>> kBuiltinHomes = {
    {"jvmtiError", "errors"}, {"jvmtiEvent", "events"},  {"jvmtiEventCallbacks", "events"},
    {"JNIEnv", "data"},       {"jvmtiEnv", "data"},      {"JavaVM", "data"}};

ProseNode textNode(std::string s) { return ProseNode::makeText(std::move(s)); }

ProseNode elementNode(std::string tag, std::vector<ProseNode> kids,
                      std::vector<std::pair<std::string, std::string>> attrs = {}) {
    return ProseNode::makeElement(std::move(tag), std::move(kids), std::move(attrs));
}

class DocsView {
public:
    explicit DocsView(const EmitContext& ctx)
        : s_(ctx.spec), ctx_(ctx),
          prose_(ctx.spec, docsRelease(ctx.version), [this](const ConstantsGroup& g) { return constantsTable(g); }) {}
    DocsView(const DocsView&) = delete;  // the prose renderer calls back into this object
    DocsView& operator=(const DocsView&) = delete;

    json build();

private:
    const Spec& s_;
    const EmitContext& ctx_;
    ProseHtml prose_;
    std::set<std::string> anchors_;   // ids already given to an element
    std::set<std::string> targets_;   // ids a type name may link to
    std::set<std::string> functionIds_, eventIds_;
    std::map<std::string, const CapabilityField*> capabilities_;

    // The id for the next element anchored at `id`, or null when another element has it.
    json anchor(const std::string& id) {
        if (id.empty() || !anchors_.insert(id).second) return nullptr;
        return id;
    }

    std::string blocks(const Prose& p, const std::string& owner) { return prose_.blocks(p, owner); }
    std::string compact(const Prose& p, const std::string& owner) { return prose_.compact(p, owner); }

    json typeParts(const Type& t);
    json signatureParam(const std::string& typeName, const std::string& stars, const std::string& name);
    json paramsView(const std::vector<Param>& ps, const std::string& owner, ParamContext pc);
    json notesView(const ParamRules& r, const std::string& owner);
    json capabilityUses(const std::vector<CapabilityUse>& uses, const std::string& owner);
    json introView(const Intro& i);
    json introsAt(const std::string& where);
    json typedefView(const Typedef& t);
    json typedefsOwnedBy(const std::string& owner);
    json capabilitiesView(const CapabilitiesTypedef& c);
    json functionView(const Function& f);
    json callbackView(const Callback& c);
    json eventView(const Event& e);
    json categoryView(const Category& c);
    json errorSection();
    json eventSection();
    json dataSection();
    json toc(const json& functionSection, const json& errors, const json& events, const json& data);
    std::string constantsTable(const ConstantsGroup& g);
    std::string callbackSafety(const Function& f);
    std::string eventEnabling(const Event& e);
    json aliases(const std::string& home);
};

json DocsView::aliases(const std::string& home) {
    json a = json::array();
    for (const auto& [id, where] : kBuiltinHomes)
        if (where == home && !targets_.count(id)) a.push_back({{"anchor", anchor(id)}});
    return a;
}

json DocsView::typeParts(const Type& t) {
    json v;
    const std::string base = t.baseCType();
    const std::string full = t.cType();
    const bool isConst = full.starts_with("const ");
    const size_t start = isConst ? 6 : 0;
    v["const"] = isConst;
    v["name"] = base;
    v["stars"] = full.substr(std::min(full.size(), start + base.size()));
    v["href"] = targets_.count(base) ? json(base) : json(nullptr);
    v["ctype"] = full;
    return v;
}

json DocsView::signatureParam(const std::string& typeName, const std::string& stars, const std::string& name) {
    json type = {{"const", false}, {"name", typeName}, {"stars", stars},
                 {"href", targets_.count(typeName) ? json(typeName) : json(nullptr)},
                 {"ctype", typeName + stars}};
    return {{"type", type}, {"name", name}, {"varargs", false}};
}

json DocsView::notesView(const ParamRules& r, const std::string& owner) {
    json notes = json::array();
    for (const auto& n : r.notes) notes.push_back({{"html", compact(n, owner)}});
    return notes;
}

json DocsView::paramsView(const std::vector<Param>& ps, const std::string& owner, ParamContext pc) {
    json out = json::array();
    for (const auto& p : ps) {
        // A parameter outside the C signature is never passed: no passing rules apply to it.
        const ParamRules r = p.inSignature() ? paramRules(s_, p, ps, pc) : ParamRules{};
        json v;
        v["name"] = p.id;
        v["anchor"] = anchor(owner + "." + p.id);
        v["varargs"] = p.type.kind == Kind::Varargs;
        v["type"] = typeParts(p.type);
        v["description"] = compact(p.description, owner);
        json notes = notesView(r, owner);
        if (!p.inSignature())
            notes.push_back({{"html", "Names the class the method belongs to; it is not an argument of the C function."}});
        v["hasNotes"] = !notes.empty();
        v["notes"] = std::move(notes);
        out.push_back(std::move(v));
    }
    return out;
}

json DocsView::capabilityUses(const std::vector<CapabilityUse>& uses, const std::string& owner) {
    json out = json::array();
    const std::string structId = s_.capabilities.empty() ? "" : s_.capabilities[0].id;
    for (const auto& u : uses) {
        auto it = capabilities_.find(u.id);
        json v;
        v["id"] = u.id;
        v["href"] = structId.empty() || it == capabilities_.end() ? json(nullptr) : json(structId + "." + u.id);
        v["enables"] = it == capabilities_.end() ? json(nullptr) : json(compact(it->second->description, structId));
        const std::string reason = plainText(u.text).empty() ? "" : compact(u.text, owner);
        v["reason"] = opt(reason);
        out.push_back(std::move(v));
    }
    return out;
}

json DocsView::introView(const Intro& i) {
    return {{"anchor", anchor(i.id)}, {"label", opt(i.label)}, {"html", blocks(i.body, i.id.empty() ? i.where : i.id)}};
}

json DocsView::introsAt(const std::string& where) {
    json out = json::array();
    for (const auto& i : s_.intros)
        if (!i.elided && i.where == where) out.push_back(introView(i));
    return out;
}

json DocsView::typedefView(const Typedef& t) {
    json v;
    v["id"] = t.id;
    v["anchor"] = anchor(t.id);
    v["label"] = t.label;
    v["keyword"] = t.form == Typedef::Form::Union ? "union" : "struct";
    v["since"] = t.since;
    v["description"] = blocks(t.description, t.id);
    json fields = json::array();
    for (const auto& f : t.fields) {
        json notes = notesView(fieldRules(t, f), t.id);
        fields.push_back({{"name", f.id},
                          {"anchor", anchor(t.id + "." + f.id)},
                          {"type", typeParts(f.type)},
                          {"description", compact(f.description, t.id)},
                          {"hasNotes", !notes.empty()},
                          {"notes", std::move(notes)}});
    }
    v["fields"] = withMore(std::move(fields));
    return v;
}

json DocsView::typedefsOwnedBy(const std::string& owner) {
    json out = json::array();
    for (const auto& t : s_.typedefs)
        if (!t.elided && t.owner == owner) out.push_back(typedefView(t));
    return out;
}

json DocsView::capabilitiesView(const CapabilitiesTypedef& c) {
    json v;
    v["id"] = c.id;
    v["anchor"] = anchor(c.id);
    v["indexAnchor"] = anchor("CapabilityIndex");
    v["label"] = c.label;
    v["description"] = blocks(c.description, c.id);
    // Who needs each capability: functions and events that require it or use it optionally.
    std::map<std::string, json> requiredBy, optionalFor;
    auto note = [&](const std::vector<CapabilityUse>& uses, std::map<std::string, json>& into, const std::string& id,
                    const std::string& label, bool event) {
        for (const auto& u : uses) {
            auto& list = into[u.id];
            if (list.is_null()) list = json::array();
            list.push_back({{"id", id}, {"label", label}, {"event", event}});
        }
    };
    for (const auto& f : s_.functions)
        if (!f.elided) {
            note(f.required, requiredBy, f.id, f.id, false);
            note(f.optional, optionalFor, f.id, f.id, false);
        }
    for (const auto& e : s_.events)
        if (!e.elided) {
            note(e.required, requiredBy, e.id, e.label, true);
            note(e.optional, optionalFor, e.id, e.label, true);
        }
    json fields = json::array();
    for (const auto& f : c.fields) {
        json req = requiredBy.count(f.id) ? withMore(requiredBy[f.id]) : json::array();
        json optl = optionalFor.count(f.id) ? withMore(optionalFor[f.id]) : json::array();
        const bool hasReq = !req.empty(), hasOpt = !optl.empty();
        fields.push_back({{"id", f.id},
                          {"anchor", anchor(c.id + "." + f.id)},
                          {"since", f.since},
                          {"description", compact(f.description, c.id)},
                          {"requiredBy", std::move(req)},
                          {"hasRequiredBy", hasReq},
                          {"optionalFor", std::move(optl)},
                          {"hasOptionalFor", hasOpt},
                          {"unused", !hasReq && !hasOpt}});
    }
    v["fields"] = std::move(fields);
    return v;
}

std::string DocsView::callbackSafety(const Function& f) {
    if (f.callbacksafe != "safe") return "";
    Prose p{textNode("Yes: it may be called from the callbacks of the heap iteration functions and from the "
                     "handlers of the ")};
    const char* events[] = {"GarbageCollectionStart", "GarbageCollectionFinish", "ObjectFree"};
    for (size_t i = 0; i < 3; ++i) {
        if (i > 0) p.push_back(textNode(i == 2 ? " and " : ", "));
        if (eventIds_.count(events[i])) p.push_back(elementNode("eventlink", {}, {{"id", events[i]}}));
        else p.push_back(elementNode("code", {textNode(events[i])}));
    }
    p.push_back(textNode(" events."));
    return compact(p, f.id);
}

std::string DocsView::eventEnabling(const Event& e) {
    const std::string setter = "SetEventNotificationMode";
    auto call = [&](const std::string& threadArg) {
        ProseNode name = functionIds_.count(setter) ? elementNode("functionlink", {textNode(setter)}, {{"id", setter}})
                                                    : textNode(setter);
        return Prose{elementNode("code", {name, textNode("(JVMTI_ENABLE, " + e.constName + ", " + threadArg + ")")})};
    };
    Prose p = call("NULL");
    if (e.filtered == "thread") {
        p.push_back(textNode(" enables it for every thread; "));
        Prose one = call("thread");
        p.insert(p.end(), one.begin(), one.end());
        p.push_back(textNode(" for one thread only."));
    } else {
        p.push_back(textNode(" enables it. It cannot be enabled for a single thread: pass "));
        p.push_back(elementNode("code", {textNode("NULL")}));
        p.push_back(textNode(" as the thread."));
    }
    return compact(p, e.id);
}

json DocsView::functionView(const Function& f) {
    json v;
    v["id"] = f.id;
    v["anchor"] = anchor(f.id);
    v["synopsis"] = f.synopsis;
    v["num"] = std::to_string(f.num);
    v["since"] = f.since;
    v["phase"] = functionPhaseText(f.phase);
    v["callbackSafe"] = opt(callbackSafety(f));
    v["returns"] = signatureParam("jvmtiError", "", "")["type"];
    json sig = json::array();
    sig.push_back(signatureParam("jvmtiEnv", "*", "env"));
    for (const auto* p : signatureParams(f.params))
        sig.push_back({{"type", typeParts(p->type)}, {"name", p->id}, {"varargs", p->type.kind == Kind::Varargs}});
    v["signature"] = withMore(std::move(sig));
    v["description"] = blocks(f.description, f.id);
    v["typedefs"] = typedefsOwnedBy(f.id);
    v["required"] = withMore(capabilityUses(f.required, f.id));
    v["optional"] = withMore(capabilityUses(f.optional, f.id));
    v["hasRequired"] = !f.required.empty();
    v["hasOptional"] = !f.optional.empty();
    v["capabilityNote"] = f.eventCapabilities ? json("The capabilities needed depend on the events being controlled; "
                                                     "each event lists its own.")
                                              : json(nullptr);
    v["noCapabilities"] = !f.eventCapabilities && f.required.empty() && f.optional.empty();
    v["params"] = paramsView(f.params, f.id, ParamContext::Function);
    v["hasParams"] = !f.params.empty();

    json errors = json::array();
    const auto implied = impliedErrors(s_, f);
    for (const auto& e : implied)
        if (e.param.empty()) errors.push_back({{"id", e.id}, {"when", compact(e.when, f.id)}});
    for (const auto& e : f.errors) errors.push_back({{"id", e.id}, {"when", compact(e.text, f.id)}});
    for (const auto& e : implied)
        if (!e.param.empty()) errors.push_back({{"id", e.id}, {"when", compact(e.when, f.id)}});
    v["hasErrors"] = !errors.empty();
    v["errors"] = std::move(errors);
    return v;
}

json DocsView::callbackView(const Callback& c) {
    json v;
    v["id"] = c.id;
    v["anchor"] = anchor(c.id);
    v["synopsis"] = c.synopsis;
    v["since"] = c.since;
    v["returns"] = typeParts(c.returns);
    json sig = json::array();
    for (const auto* p : signatureParams(c.params))
        sig.push_back({{"type", typeParts(p->type)}, {"name", p->id}, {"varargs", p->type.kind == Kind::Varargs}});
    v["signature"] = withMore(std::move(sig));
    v["description"] = blocks(c.description, c.id);
    v["params"] = paramsView(c.params, c.id, ParamContext::Handler);
    v["hasParams"] = !c.params.empty();
    return v;
}

json DocsView::eventView(const Event& e) {
    json v;
    v["id"] = e.id;
    v["anchor"] = anchor(e.id);
    v["label"] = e.label;
    v["const"] = e.constName;
    v["num"] = std::to_string(e.num);
    v["since"] = e.since;
    v["phase"] = eventPhaseText(e.phase);
    v["enabling"] = eventEnabling(e);
    v["perThread"] = e.filtered == "thread";
    v["returns"] = signatureParam("void", "", "")["type"];
    json sig = json::array();
    sig.push_back(signatureParam("jvmtiEnv", "*", "jvmti_env"));
    for (const auto* p : signatureParams(e.params))
        sig.push_back({{"type", typeParts(p->type)}, {"name", p->id}, {"varargs", p->type.kind == Kind::Varargs}});
    v["signature"] = withMore(std::move(sig));
    v["description"] = blocks(e.description, e.id);
    v["typedefs"] = typedefsOwnedBy(e.id);
    v["required"] = withMore(capabilityUses(e.required, e.id));
    v["optional"] = withMore(capabilityUses(e.optional, e.id));
    v["hasRequired"] = !e.required.empty();
    v["hasOptional"] = !e.optional.empty();
    v["noCapabilities"] = e.required.empty() && e.optional.empty();
    v["params"] = paramsView(e.params, e.id, ParamContext::Handler);
    v["hasParams"] = !e.params.empty();
    return v;
}

json DocsView::categoryView(const Category& c) {
    // The category's parts in document order: intros and type definitions, then functions
    // and callbacks.
    struct Item {
        int line;
        json view;
    };
    std::vector<Item> items;
    auto item = [](const char* kind, json body) {
        json v = {{"intro", nullptr}, {"typedef", nullptr}, {"capabilities", nullptr},
                  {"function", nullptr}, {"callback", nullptr}};
        v[kind] = std::move(body);
        return v;
    };
    for (const auto& i : s_.intros)
        if (!i.elided && i.where == c.id) items.push_back({i.line, item("intro", introView(i))});
    for (const auto& t : s_.typedefs)
        if (!t.elided && t.owner == c.id) items.push_back({t.line, item("typedef", typedefView(t))});
    for (const auto& t : s_.capabilities)
        if (t.category == c.id) items.push_back({t.line, item("capabilities", capabilitiesView(t))});
    for (const auto& f : s_.functions)
        if (!f.elided && f.category == c.id) items.push_back({f.line, item("function", functionView(f))});
    for (const auto& cb : s_.callbacks)
        if (!cb.elided && cb.category == c.id) items.push_back({cb.line, item("callback", callbackView(cb))});
    std::stable_sort(items.begin(), items.end(), [](const Item& a, const Item& b) { return a.line < b.line; });
    json list = json::array();
    for (auto& i : items) list.push_back(std::move(i.view));
    return {{"id", c.id}, {"anchor", anchor(c.id)}, {"label", c.label}, {"items", std::move(list)}};
}

json DocsView::errorSection() {
    json v;
    v["label"] = s_.errorSectionLabel;
    v["anchor"] = anchor("ErrorSection");
    v["aliases"] = aliases("errors");
    v["intros"] = introsAt("ErrorSection");
    json cats = json::array();
    for (const auto& c : s_.errorCategories) {
        json errs = json::array();
        for (const auto& e : s_.errors)
            if (e.category == c.id)
                errs.push_back({{"id", e.id}, {"anchor", anchor(e.id)}, {"num", std::to_string(e.num)},
                                {"description", compact(e.description, e.id)}});
        cats.push_back({{"id", c.id}, {"anchor", anchor(c.id)}, {"label", c.label}, {"intros", introsAt(c.id)},
                        {"errors", std::move(errs)}});
    }
    v["categories"] = std::move(cats);
    return v;
}

json DocsView::eventSection() {
    json v;
    v["label"] = s_.eventSectionLabel;
    v["anchor"] = anchor("EventSection");
    v["aliases"] = aliases("events");
    v["intros"] = introsAt("EventSection");
    v["indexAnchor"] = anchor("EventIndex");
    json index = json::array();
    for (const auto* e : activeEventsByName(s_))
        index.push_back({{"id", e->id}, {"label", e->label}, {"num", std::to_string(e->num)}});
    std::sort(index.begin(), index.end(),
              [](const json& a, const json& b) { return a["label"].get<std::string>() < b["label"].get<std::string>(); });
    v["index"] = index;
    json events = json::array();
    for (const auto& e : s_.events)
        if (!e.elided) events.push_back(eventView(e));
    v["events"] = std::move(events);
    return v;
}

json DocsView::dataSection() {
    json v;
    v["anchor"] = anchor("DataSection");
    v["aliases"] = aliases("data");
    v["intros"] = introsAt("DataSection");
    json groups = json::array();
    for (const auto& g : s_.baseTypeGroups) {
        json types = json::array();
        for (const auto& b : s_.baseTypes)
            if (b.group == g.id)
                types.push_back({{"id", b.id}, {"anchor", anchor(b.id)}, {"name", b.name.empty() ? b.id : b.name},
                                 {"definition", opt(b.definition)}, {"description", compact(b.description, b.id)}});
        groups.push_back({{"id", g.id}, {"anchor", anchor(g.id)}, {"label", g.label}, {"intros", introsAt(g.id)},
                          {"types", std::move(types)}});
    }
    v["baseTypeGroups"] = std::move(groups);

    v["typeIndexAnchor"] = anchor("TypeIndex");
    json structs = json::array(), unions = json::array(), callbacks = json::array(), enums = json::array();
    for (const auto* t : activeTypedefs(s_))
        (t->form == Typedef::Form::Union ? unions : structs).push_back({{"id", t->id}, {"label", t->label}});
    for (const auto* c : activeCallbacks(s_)) callbacks.push_back({{"id", c->id}, {"label", c->synopsis}});
    for (const auto& g : s_.constants)
        if (g.kind == "enum") enums.push_back({{"id", g.id}, {"label", g.label}});
    v["structs"] = structs;
    v["unions"] = unions;
    v["callbacks"] = callbacks;
    v["enums"] = enums;
    v["hasStructs"] = !structs.empty();
    v["hasUnions"] = !unions.empty();
    v["hasCallbacks"] = !callbacks.empty();
    v["hasEnums"] = !enums.empty();

    v["constantIndexAnchor"] = anchor("ConstantIndex");
    json constants = json::array();
    for (const auto& g : s_.constants)
        constants.push_back({{"id", g.id}, {"label", g.label}, {"count", std::to_string(g.constants.size())}});
    v["constantGroups"] = constants;
    if (s_.capabilities.empty()) v["capabilityIndexAnchor"] = anchor("CapabilityIndex");
    else v["capabilityIndexAnchor"] = nullptr;
    return v;
}

std::string DocsView::constantsTable(const ConstantsGroup& g) {
    json v;
    v["id"] = g.id;
    v["anchor"] = anchor(g.id);
    v["label"] = g.label;
    v["since"] = g.since;
    v["kind"] = g.kind == "enum" ? "enumeration" : g.kind == "bits" ? "bit flags" : "constants";
    json cs = json::array();
    for (const auto& c : g.constants)
        cs.push_back({{"id", c.id}, {"anchor", anchor(c.id)}, {"num", c.num},
                      {"description", compact(c.description, g.owner)}});
    v["constants"] = std::move(cs);
    return renderTemplate("jvmti-constants.html", v, Escape::Html);
}

json DocsView::toc(const json& functionSection, const json& errors, const json& events, const json& data) {
    json t;
    json cats = json::array();
    for (const auto& c : functionSection["categories"]) {
        json fns = json::array();
        for (const auto& i : c["items"])
            if (!i["function"].is_null()) fns.push_back({{"id", i["function"]["id"]}});
        cats.push_back({{"id", c["id"]}, {"label", c["label"]}, {"functions", fns}});
    }
    t["categories"] = cats;
    json ecats = json::array();
    for (const auto& c : errors["categories"]) ecats.push_back({{"id", c["id"]}, {"label", c["label"]}});
    t["errorCategories"] = ecats;
    json evs = json::array();
    for (const auto& e : events["events"]) evs.push_back({{"id", e["id"]}, {"label", e["label"]}});
    t["events"] = evs;
    json groups = json::array();
    for (const auto& g : data["baseTypeGroups"]) groups.push_back({{"id", g["id"]}, {"label", g["label"]}});
    t["baseTypeGroups"] = groups;
    return t;
}

json DocsView::build() {
    // What type names may link to: everything the page anchors as a type.
    for (const auto& t : s_.typedefs)
        if (!t.elided) targets_.insert(t.id);
    for (const auto& c : s_.callbacks)
        if (!c.elided) targets_.insert(c.id);
    for (const auto& g : s_.constants) targets_.insert(g.id);
    for (const auto& b : s_.baseTypes) targets_.insert(b.id);
    for (const auto& c : s_.capabilities) {
        targets_.insert(c.id);
        for (const auto& f : c.fields) capabilities_[f.id] = &f;
    }
    for (const auto& f : s_.functions)
        if (!f.elided) functionIds_.insert(f.id);
    for (const auto& e : s_.events)
        if (!e.elided) eventIds_.insert(e.id);
    json v;
    // Ids of the page's own furniture first, so that no spec id takes them.
    v["tocAnchor"] = anchor("toc");
    v["contentAnchor"] = anchor("page-content");
    v["title"] = s_.title;
    v["subtitle"] = s_.subtitle;
    v["version"] = ctx_.version.str();
    v["specName"] = ctx_.specName;
    v["intros"] = introsAt("spec");

    json fs;
    fs["label"] = s_.functionSectionLabel;
    fs["anchor"] = anchor("FunctionSection");
    fs["intros"] = introsAt("FunctionSection");
    fs["indexAnchor"] = anchor("FunctionIndex");
    fs["tableAnchor"] = anchor("FunctionTable");
    json cats = json::array();
    json index = json::array();
    for (const auto& c : s_.categories) {
        json cv = categoryView(c);
        json fns = json::array();
        for (const auto& i : cv["items"])
            if (!i["function"].is_null())
                fns.push_back({{"id", i["function"]["id"]}, {"synopsis", i["function"]["synopsis"]}});
        index.push_back({{"id", c.id}, {"label", c.label}, {"functions", fns}});
        cats.push_back(std::move(cv));
    }
    fs["categories"] = std::move(cats);
    fs["index"] = std::move(index);
    json table = json::array();
    for (const auto& slot : functionTable(s_)) {
        if (slot.fn)
            table.push_back({{"num", std::to_string(slot.num)}, {"id", slot.fn->id}, {"synopsis", slot.fn->synopsis},
                             {"since", slot.fn->since}, {"reserved", false}});
        else
            table.push_back({{"num", std::to_string(slot.num)}, {"id", nullptr}, {"synopsis", nullptr},
                             {"since", nullptr}, {"reserved", true}});
    }
    fs["table"] = std::move(table);
    v["functions"] = std::move(fs);

    json universal = json::array();
    if (const auto* u = universalCategory(s_)) {
        for (const auto& e : s_.errors)
            if (e.category == u->id && e.num != 0) universal.push_back({{"id", e.id}});  // not NONE
        v["universalAnchor"] = u->id;
    } else {
        v["universalAnchor"] = nullptr;
    }
    v["universalErrors"] = withMore(std::move(universal));

    v["errors"] = errorSection();
    v["events"] = eventSection();
    v["data"] = dataSection();

    v["issues"] = {{"label", s_.issuesSectionLabel}, {"anchor", anchor("IssuesSection")},
                   {"intros", introsAt("IssuesSection")}};

    const std::string historyId = s_.changeHistoryId.empty() ? "ChangeHistory" : s_.changeHistoryId;
    json changes = json::array();
    for (const auto& c : s_.changes)
        changes.push_back({{"date", c.date}, {"version", opt(c.version)}, {"html", compact(c.text, "ChangeHistory")}});
    v["history"] = {{"anchor", anchor(historyId)},
                    {"alias", historyId == "ChangeHistory" ? json(nullptr) : anchor("ChangeHistory")},
                    {"intros", introsAt("ChangeHistory")},
                    {"update", opt(s_.changeHistoryUpdate)},
                    {"changes", std::move(changes)}};

    // Groups whose placeholder stands in prose the page does not show (elided items).
    json leftover = json::array();
    for (const auto* g : prose_.unplacedGroups()) leftover.push_back({{"html", constantsTable(*g)}});
    v["data"]["leftoverConstants"] = std::move(leftover);

    v["toc"] = toc(v["functions"], v["errors"], v["events"], v["data"]);
    return v;
}

}  // namespace

std::vector<Output> emitDocs(const EmitContext& ctx) {
    DocsView view(ctx);
    return {{"docs/jvmti.html", renderTemplate("jvmti.html", view.build(), Escape::Html)}};
}

}  // namespace jvmtigen
