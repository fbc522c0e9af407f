// Emitter of docs/jvmti.html: the whole spec as one cross-linked page. This file gathers
// what each part of the page says (the facts of the model, prose rendered to HTML, the rules
// a parameter's kind implies) into a view; templates/jvmti.html.mustache lays it out.
// Anchors are the spec's ids, so links such as jvmti.html#GetFrameCount work as on the
// familiar page; parameters and fields are anchored as Owner.name.
#include <algorithm>
#include <deque>
#include <map>
#include <optional>
#include <set>

#include "api_version.hpp"
#include "cpp_api.hpp"
#include "derive.hpp"
#include "emitters.hpp"
#include "error_kinds.hpp"
#include "param_rules.hpp"
#include "prose_html.hpp"
#include "render.hpp"
#include "rules.hpp"
#include "side_worker.hpp"
#include "views.hpp"

namespace jvmtigen {

namespace {

Data opt(const std::string& s) { return s.empty() ? Data{false} : Data{s}; }

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

// Whether release `a` comes after release `b` (both `since` values; one that is no version,
// which validation reports, comes after nothing).
bool laterSince(const std::string& a, const std::string& b) {
    const auto va = parseSince(a), vb = parseSince(b);
    return va && vb && *va > *vb;
}

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

    // The page's view, with the categories of the function section already rendered: that
    // happens on a side worker, each as soon as its view is built.
    Data build();

    // The page's template, parsed on the side worker while build() runs.
    Template& pageTemplate() { return *pageTemplate_; }

private:
    const Spec& s_;
    const EmitContext& ctx_;
    ProseHtml prose_;
    std::set<std::string> anchors_;   // ids already given to an element
    std::set<std::string> targets_;   // ids a type name may link to
    std::set<std::string> functionIds_, eventIds_;
    std::map<std::string, const CapabilityField*> capabilities_;
    std::map<std::string, std::string> cppSignatures_;  // each function's member of jvmti::Env (jvmti.hpp)
    Object ambient_;  // what the page's root gives the functions of a category
    std::optional<Template> constantsTemplate_, pageTemplate_;
    // The releases the spec's `since` values name, in release order, each with the anchor of
    // its part of "Changes by release" (planReleases(), before any entry is built).
    // What a release added, by kind (kReleaseKinds' order), each item with its link target.
    struct ReleaseItem {
        std::string text, target;
        bool code;
        std::string note;
    };
    struct Release {
        std::string since;  // as first written
        std::vector<std::vector<ReleaseItem>> byKind;
    };
    std::map<Version, Release> releases_;
    std::map<Version, std::string> releaseAnchors_;
    Data releasesAnchor_{false};

    // The id for the next element anchored at `id`, or null when another element has it.
    Data anchor(const std::string& id) {
        if (id.empty() || !anchors_.insert(id).second) return Data{false};
        return Data{id};
    }

    std::string blocks(const Prose& p, const std::string& owner) { return prose_.blocks(p, owner); }
    std::string compact(const Prose& p, const std::string& owner) { return prose_.compact(p, owner); }

    Object typeParts(const Type& t);
    Object signatureType(const std::string& typeName, const std::string& stars);
    Object signatureParam(const std::string& typeName, const std::string& stars, const std::string& name);
    // The C signature: the environment named `envName`, then the parameters.
    Data signature(const std::vector<Param>& params, const char* envName);
    // What functions and events show alike: description, owned types, capabilities.
    void commonParts(Data& v, const Prose& description, const std::string& owner,
                     const std::vector<CapabilityUse>& required, const std::vector<CapabilityUse>& optional);
    Data paramsView(const std::vector<Param>& ps, const std::string& owner, ParamContext pc);
    List notesView(const ParamRules& r, const std::string& owner);
    Data capabilityUses(const std::vector<CapabilityUse>& uses, const std::string& owner);
    Object introView(const Intro& i);
    Data introsAt(const std::string& where);
    Object typedefView(const Typedef& t);
    Data typedefsOwnedBy(const std::string& owner);
    Object capabilitiesView(const CapabilitiesTypedef& c);
    Object functionView(const Function& f);
    Object callbackView(const Callback& c);
    Object eventView(const Event& e);
    Object categoryView(const Category& c, std::vector<const Function*>& functions);
    Object errorSection();
    Object eventSection();
    Object dataSection();
    Object rulesSection();
    Object toc(const std::vector<std::vector<const Function*>>& functionsByCategory);
    std::string constantsTable(const ConstantsGroup& g);
    std::string callbackSafety(const Function& f);
    std::string eventEnabling(const Event& e);
    Data aliases(const std::string& home);
    void planReleases();
    Data release(const std::string& since, bool preview = false);
    Object releasesSection(const std::string& historyAnchor);
};

Data DocsView::aliases(const std::string& home) {
    List a;
    for (const auto& [id, where] : kBuiltinHomes)
        if (where == home && !targets_.count(id)) a.push(Object{"anchor", anchor(id)});
    return a;
}

// A type as the page writes it: [const] name (linked where the page defines it) and stars.
Object DocsView::typeParts(const Type& t) {
    const std::string base = t.baseCType();
    const std::string full = t.cType();
    const bool isConst = full.starts_with("const ");
    const size_t start = isConst ? 6 : 0;
    return Object{"const", isConst, "name", base, "stars", full.substr(std::min(full.size(), start + base.size())),
                  "href", targets_.count(base) ? Data{base} : Data{false}};
}

Object DocsView::signatureType(const std::string& typeName, const std::string& stars) {
    return Object{"const", false, "name", typeName, "stars", stars,
                  "href", targets_.count(typeName) ? Data{typeName} : Data{false}};
}

Object DocsView::signatureParam(const std::string& typeName, const std::string& stars, const std::string& name) {
    return Object{"type", signatureType(typeName, stars), "name", name, "varargs", false};
}

Data DocsView::signature(const std::vector<Param>& params, const char* envName) {
    const auto sigParams = signatureParams(params);
    List sig(sigParams.size() + 1);
    sig.push(signatureParam("jvmtiEnv", "*", envName));
    for (const auto* p : sigParams)
        sig.push(Object{"type", typeParts(p->type), "name", p->id, "varargs", p->type.kind == Kind::Varargs});
    return withMore(std::move(sig));
}

void DocsView::commonParts(Data& v, const Prose& description, const std::string& owner,
                           const std::vector<CapabilityUse>& required, const std::vector<CapabilityUse>& optional) {
    put(v, "description", blocks(description, owner));
    put(v, "typedefs", typedefsOwnedBy(owner));
    put(v, "required", withMore(capabilityUses(required, owner)));
    put(v, "optional", withMore(capabilityUses(optional, owner)));
    put(v, "hasRequired", !required.empty());
    put(v, "hasOptional", !optional.empty());
}

List DocsView::notesView(const ParamRules& r, const std::string& owner) {
    List notes(r.notes.size() + 1);
    for (const auto& n : r.notes) notes.push(Object{"html", compact(n, owner)});
    return notes;
}

Data DocsView::paramsView(const std::vector<Param>& ps, const std::string& owner, ParamContext pc) {
    List out(ps.size());
    for (const auto& p : ps) {
        // A parameter outside the C signature is never passed: no passing rules apply to it.
        const ParamRules r = p.inSignature() ? paramRules(s_, p, ps, pc) : ParamRules{};
        Object v{"name", p.id, "anchor", anchor(owner + "." + p.id), "varargs", p.type.kind == Kind::Varargs,
                 "type", typeParts(p.type), "description", compact(p.description, owner)};
        List notes = notesView(r, owner);
        if (!p.inSignature())
            notes.push(Object{"html", "Names the class the method belongs to; it is not an argument of the C function."});
        put(v, "hasNotes", !notes.empty());
        put(v, "notes", std::move(notes));
        out.push(std::move(v));
    }
    return out;
}

Data DocsView::capabilityUses(const std::vector<CapabilityUse>& uses, const std::string& owner) {
    List out(uses.size());
    const std::string structId = s_.capabilities.empty() ? "" : s_.capabilities[0].id;
    for (const auto& u : uses) {
        auto it = capabilities_.find(u.id);
        Object v{"id", u.id,
                 "href", structId.empty() || it == capabilities_.end() ? Data{false} : Data{structId + "." + u.id},
                 "enables", it == capabilities_.end() ? Data{false} : stringValue(compact(it->second->description, structId))};
        const std::string reason = plainText(u.text).empty() ? "" : compact(u.text, owner);
        put(v, "reason", opt(reason));
        out.push(std::move(v));
    }
    return out;
}

Object DocsView::introView(const Intro& i) {
    return Object{"anchor", anchor(i.id), "label", opt(i.label), "html", blocks(i.body, i.id.empty() ? i.where : i.id)};
}

Data DocsView::introsAt(const std::string& where) {
    List out;
    for (const auto& i : s_.intros)
        if (!i.elided && i.where == where) out.push(introView(i));
    return out;
}

Object DocsView::typedefView(const Typedef& t) {
    Object v{"id", t.id, "anchor", anchor(t.id), "label", t.label,
             "keyword", t.form == Typedef::Form::Union ? "union" : "struct", "since", t.since,
             "release", release(t.since),
             "description", blocks(t.description, t.id)};
    List fields(t.fields.size());
    for (const auto& f : t.fields) {
        List notes = notesView(fieldRules(t, f), t.id);
        const bool hasNotes = !notes.empty();
        fields.push(Object{"name", f.id, "anchor", anchor(t.id + "." + f.id), "type", typeParts(f.type),
                           "description", compact(f.description, t.id), "hasNotes", hasNotes,
                           "notes", std::move(notes)});
    }
    put(v, "fields", withMore(std::move(fields)));
    return v;
}

Data DocsView::typedefsOwnedBy(const std::string& owner) {
    List out;
    for (const auto& t : s_.typedefs)
        if (!t.elided && t.owner == owner) out.push(typedefView(t));
    return out;
}

Object DocsView::capabilitiesView(const CapabilitiesTypedef& c) {
    Object v{"id", c.id, "anchor", anchor(c.id), "indexAnchor", anchor("CapabilityIndex"), "label", c.label,
             "description", blocks(c.description, c.id)};
    // Who needs each capability: functions and events that require it or use it optionally.
    struct User {
        const std::string* id;
        const std::string* label;
        bool event;
    };
    std::map<std::string, std::vector<User>> requiredBy, optionalFor;
    auto note = [&](const std::vector<CapabilityUse>& uses, std::map<std::string, std::vector<User>>& into,
                    const std::string& id, const std::string& label, bool event) {
        for (const auto& u : uses) into[u.id].push_back({&id, &label, event});
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
    auto users = [](const std::map<std::string, std::vector<User>>& from, const std::string& capability) {
        List out;
        if (auto it = from.find(capability); it != from.end())
            for (const auto& u : it->second) out.push(Object{"id", *u.id, "label", *u.label, "event", u.event});
        return withMore(std::move(out));
    };
    List fields(c.fields.size());
    for (const auto& f : c.fields) {
        Data req = users(requiredBy, f.id), optl = users(optionalFor, f.id);
        const bool hasReq = !req.is_empty_list(), hasOpt = !optl.is_empty_list();
        fields.push(Object{"id", f.id, "anchor", anchor(c.id + "." + f.id), "since", f.since, "release", release(f.since, f.preview),
                           "description", compact(f.description, c.id), "requiredBy", std::move(req),
                           "hasRequiredBy", hasReq, "optionalFor", std::move(optl), "hasOptionalFor", hasOpt,
                           "unused", !hasReq && !hasOpt});
    }
    put(v, "fields", std::move(fields));
    return v;
}

std::string DocsView::callbackSafety(const Function& f) {
    if (f.callbacksafe != "safe") return "";
    // The events whose handlers are limited to callback-safe functions, as the spec marks them
    // (handlercalls="callbacksafe").
    const auto events = restrictedHandlerEvents(s_);
    if (events.empty()) return compact(Prose{textNode("Yes: it may be called from the callbacks of the heap iteration functions.")}, f.id);
    Prose p{textNode("Yes: it may be called from the callbacks of the heap iteration functions and from the "
                     "handlers of the ")};
    for (size_t i = 0; i < events.size(); ++i) {
        if (i > 0) p.push_back(textNode(i + 1 == events.size() ? " and " : ", "));
        p.push_back(elementNode("eventlink", {}, {{"id", events[i]->id}}));
    }
    p.push_back(textNode(events.size() == 1 ? " event." : " events."));
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

Object DocsView::functionView(const Function& f) {
    Object v{"id", f.id, "anchor", anchor(f.id), "synopsis", f.synopsis, "num", std::to_string(f.num),
             "since", f.since, "release", release(f.since, f.preview), "phase", functionPhaseText(f.phase),
             "callbackSafe", opt(callbackSafety(f)),
             "returns", signatureType("jvmtiError", "")};
    put(v, "signature", signature(f.params, "env"));
    if (cppSignatures_.empty())
        for (const auto& cf : cppFunctions(s_)) cppSignatures_[cf.fn->id] = cppSignature(cf);
    auto cpp = cppSignatures_.find(f.id);
    put(v, "cppSignature", cpp != cppSignatures_.end() ? Data{cpp->second} : Data{false});
    commonParts(v, f.description, f.id, f.required, f.optional);
    put(v, "capabilityNote", f.eventCapabilities ? Data{"The capabilities needed depend on the events being controlled; "
                                                        "each event lists its own."}
                                                 : Data{false});
    put(v, "noCapabilities", !f.eventCapabilities && f.required.empty() && f.optional.empty());
    put(v, "params", paramsView(f.params, f.id, ParamContext::Function));
    put(v, "hasParams", !f.params.empty());

    const auto implied = impliedErrors(s_, f);
    List errors(implied.size() + f.errors.size());
    for (const auto& e : implied)
        if (e.param.empty()) errors.push(Object{"id", e.id, "when", compact(e.when, f.id)});
    for (const auto& e : f.errors) errors.push(Object{"id", e.id, "when", compact(e.text, f.id)});
    for (const auto& e : implied)
        if (!e.param.empty()) errors.push(Object{"id", e.id, "when", compact(e.when, f.id)});
    put(v, "hasErrors", !errors.empty());
    put(v, "errors", std::move(errors));
    // The environmental ones among every error it allows (error_kinds.hpp), by value.
    List mustHandle;
    for (const auto& c : classifiedErrors(s_, f))
        if (c.kind == ErrorKind::Environmental) mustHandle.push(Object{"id", c.error->id});
    put(v, "hasMustHandle", !mustHandle.empty());
    put(v, "mustHandle", withMore(std::move(mustHandle)));
    return v;
}

Object DocsView::callbackView(const Callback& c) {
    Object v{"id", c.id, "anchor", anchor(c.id), "synopsis", c.synopsis, "since", c.since,
             "release", release(c.since), "returns", typeParts(c.returns)};
    const auto params = signatureParams(c.params);
    List sig(params.size());
    for (const auto* p : params)
        sig.push(Object{"type", typeParts(p->type), "name", p->id, "varargs", p->type.kind == Kind::Varargs});
    put(v, "signature", withMore(std::move(sig)));
    put(v, "description", blocks(c.description, c.id));
    put(v, "params", paramsView(c.params, c.id, ParamContext::Handler));
    put(v, "hasParams", !c.params.empty());
    return v;
}

Object DocsView::eventView(const Event& e) {
    Object v{"id", e.id, "anchor", anchor(e.id), "label", e.label, "const", e.constName,
             "num", std::to_string(e.num), "since", e.since, "release", release(e.since, e.preview),
             "phase", eventPhaseText(e.phase),
             "enabling", eventEnabling(e), "perThread", e.filtered == "thread",
             "returns", signatureType("void", "")};
    put(v, "signature", signature(e.params, "jvmti_env"));
    // What the spec lets the handler call, where it restricts it (handlercalls="callbacksafe").
    if (restrictsHandler(e)) put(v, "handlerMayCall", "Only callback-safe functions; no JNI");
    commonParts(v, e.description, e.id, e.required, e.optional);
    put(v, "noCapabilities", e.required.empty() && e.optional.empty());
    put(v, "params", paramsView(e.params, e.id, ParamContext::Handler));
    put(v, "hasParams", !e.params.empty());
    return v;
}

// `functions` receives the category's functions in the order the page shows them.
Object DocsView::categoryView(const Category& c, std::vector<const Function*>& functions) {
    // The category's parts in document order: intros and type definitions, then functions
    // and callbacks.
    struct Item {
        int line;
        Data view;
        const Function* function;
    };
    std::deque<Item> items;  // a vector would copy its views deeply as it grows (see template_data.hpp)
    auto item = [](const char* kind, Data body) {
        Object v{"intro", nullptr, "typedef", nullptr, "capabilities", nullptr, "function", nullptr,
                 "callback", nullptr};
        put(v, kind, std::move(body));
        return v;
    };
    for (const auto& i : s_.intros)
        if (!i.elided && i.where == c.id) items.push_back({i.line, item("intro", introView(i)), nullptr});
    for (const auto& t : s_.typedefs)
        if (!t.elided && t.owner == c.id) items.push_back({t.line, item("typedef", typedefView(t)), nullptr});
    for (const auto& t : s_.capabilities)
        if (t.category == c.id) items.push_back({t.line, item("capabilities", capabilitiesView(t)), nullptr});
    for (const auto& f : s_.functions)
        if (!f.elided && f.category == c.id) items.push_back({f.line, item("function", functionView(f)), &f});
    for (const auto& cb : s_.callbacks)
        if (!cb.elided && cb.category == c.id) items.push_back({cb.line, item("callback", callbackView(cb)), nullptr});
    // Sorted by index, not moved: kainjow's data is slow to move through std::stable_sort.
    std::vector<size_t> order(items.size());
    for (size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return items[a].line < items[b].line; });
    List list(items.size());
    for (size_t i : order) {
        list.push(std::move(items[i].view));
        if (items[i].function) functions.push_back(items[i].function);
    }
    return Object{"id", c.id, "anchor", anchor(c.id), "label", c.label, "items", std::move(list)};
}

Object DocsView::errorSection() {
    Object v{"label", s_.errorSectionLabel, "anchor", anchor("ErrorSection"), "aliases", aliases("errors"),
             "intros", introsAt("ErrorSection")};
    List cats(s_.errorCategories.size());
    for (const auto& c : s_.errorCategories) {
        List errs;
        for (const auto& e : s_.errors)
            if (e.category == c.id)
                errs.push(Object{"id", e.id, "anchor", anchor(e.id), "num", std::to_string(e.num),
                                 "release", release(e.since), "description", compact(e.description, e.id)});
        cats.push(Object{"id", c.id, "anchor", anchor(c.id), "label", c.label, "intros", introsAt(c.id),
                         "errors", std::move(errs)});
    }
    put(v, "categories", std::move(cats));
    return v;
}

// The rule catalogue: every rule the checking layer enforces (allRules(), the list the checks
// and the rules emitters write too), one row anchored "rule-<id>" each, the anchor every report
// of the layer links to.
Object DocsView::rulesSection() {
    Object v{"anchor", anchor("RuleCatalogue"), "entryAnchor", anchor("RuleCatalogueEntries"),
             "layerAnchor", anchor("RuleCatalogueLayer")};
    std::set<std::string> errorIds;
    for (const auto& e : s_.errors) errorIds.insert(e.id);
    List entry, layer;
    for (const auto& r : ctx_.rules()) {
        const bool linkFunction = functionIds_.count(r.function) > 0;
        Object row{"id", r.id, "anchor", anchor(ruleAnchor(r.id)), "function", opt(r.function),
                   "functionLink", linkFunction, "parameter", opt(r.parameter), "text", r.text,
                   "severity", r.severity, "error", opt(r.error), "errorLink", errorIds.count(r.error) > 0,
                   "outcome", r.outcome, "underSpec", r.underSpec, "underStrict", r.underStrict};
        (r.layer ? layer : entry).push(std::move(row));
    }
    put(v, "entryCount", std::to_string(entry.size()));
    put(v, "layerCount", std::to_string(layer.size()));
    put(v, "entryRules", std::move(entry));
    put(v, "layerRules", std::move(layer));
    return v;
}

Object DocsView::eventSection() {
    Object v{"label", s_.eventSectionLabel, "anchor", anchor("EventSection"), "aliases", aliases("events"),
             "intros", introsAt("EventSection"), "indexAnchor", anchor("EventIndex")};
    std::vector<const Event*> byLabel = activeEventsByName(s_);
    std::sort(byLabel.begin(), byLabel.end(), [](const Event* a, const Event* b) { return a->label < b->label; });
    List index(byLabel.size());
    for (const auto* e : byLabel) index.push(Object{"id", e->id, "label", e->label, "num", std::to_string(e->num)});
    put(v, "index", std::move(index));
    List events(s_.events.size());
    for (const auto& e : s_.events)
        if (!e.elided) events.push(eventView(e));
    put(v, "events", std::move(events));
    return v;
}

Object DocsView::dataSection() {
    Object v{"anchor", anchor("DataSection"), "aliases", aliases("data"), "intros", introsAt("DataSection")};
    List groups(s_.baseTypeGroups.size());
    for (const auto& g : s_.baseTypeGroups) {
        List types;
        for (const auto& b : s_.baseTypes)
            if (b.group == g.id)
                types.push(Object{"id", b.id, "anchor", anchor(b.id), "name", b.name.empty() ? b.id : b.name,
                                  "definition", opt(b.definition), "description", compact(b.description, b.id)});
        groups.push(Object{"id", g.id, "anchor", anchor(g.id), "label", g.label, "intros", introsAt(g.id),
                           "types", std::move(types)});
    }
    put(v, "baseTypeGroups", std::move(groups));

    put(v, "typeIndexAnchor", anchor("TypeIndex"));
    List structs, unions, callbacks, enums;
    for (const auto* t : activeTypedefs(s_))
        (t->form == Typedef::Form::Union ? unions : structs).push(Object{"id", t->id, "label", t->label});
    for (const auto* c : activeCallbacks(s_)) callbacks.push(Object{"id", c->id, "label", c->synopsis});
    for (const auto& g : s_.constants)
        if (g.kind == "enum") enums.push(Object{"id", g.id, "label", g.label});
    put(v, "hasStructs", !structs.empty());
    put(v, "hasUnions", !unions.empty());
    put(v, "hasCallbacks", !callbacks.empty());
    put(v, "hasEnums", !enums.empty());
    put(v, "structs", std::move(structs));
    put(v, "unions", std::move(unions));
    put(v, "callbacks", std::move(callbacks));
    put(v, "enums", std::move(enums));

    put(v, "constantIndexAnchor", anchor("ConstantIndex"));
    List constants(s_.constants.size());
    for (const auto& g : s_.constants)
        constants.push(Object{"id", g.id, "label", g.label, "count", std::to_string(g.constants.size())});
    put(v, "constantGroups", std::move(constants));
    if (s_.capabilities.empty()) put(v, "capabilityIndexAnchor", anchor("CapabilityIndex"));
    else put(v, "capabilityIndexAnchor", nullptr);
    return v;
}

std::string DocsView::constantsTable(const ConstantsGroup& g) {
    Object v{"id", g.id, "anchor", anchor(g.id), "label", g.label, "since", g.since,
             "kind", g.kind == "enum" ? "enumeration" : g.kind == "bits" ? "bit flags" : "constants"};
    List cs(g.constants.size());
    for (const auto& c : g.constants)
        // The caption gives the group's release; a constant shows its own where it is later.
        cs.push(Object{"id", c.id, "anchor", anchor(c.id), "num", c.num,
                       "release", laterSince(c.since, g.since) ? release(c.since) : Data{false},
                       "description", compact(c.description, g.owner)});
    put(v, "constants", std::move(cs));
    if (!constantsTemplate_) constantsTemplate_.emplace("jvmti-constants.html", Escape::Html);
    return constantsTemplate_->render(v);
}

// The table of contents: the sections' entries by id and label.
Object DocsView::toc(const std::vector<std::vector<const Function*>>& functionsByCategory) {
    List cats(s_.categories.size());
    for (size_t i = 0; i < s_.categories.size(); ++i) {
        List fns(functionsByCategory[i].size());
        for (const auto* f : functionsByCategory[i]) fns.push(Object{"id", f->id});
        cats.push(Object{"id", s_.categories[i].id, "label", s_.categories[i].label, "functions", std::move(fns)});
    }
    List ecats(s_.errorCategories.size());
    for (const auto& c : s_.errorCategories) ecats.push(Object{"id", c.id, "label", c.label});
    List evs(s_.events.size());
    for (const auto& e : s_.events)
        if (!e.elided) evs.push(Object{"id", e.id, "label", e.label});
    List groups(s_.baseTypeGroups.size());
    for (const auto& g : s_.baseTypeGroups) groups.push(Object{"id", g.id, "label", g.label});
    return Object{"categories", std::move(cats), "errorCategories", std::move(ecats), "events", std::move(evs),
                  "baseTypeGroups", std::move(groups)};
}

// The kinds of "Changes by release", in its order: heading, and what a count of them is.
constexpr const char* kReleaseKinds[][2] = {{"Functions", "functions"}, {"Events", "events"},
                                            {"Capabilities", "capabilities"}, {"Errors", "errors"},
                                            {"Constants", "groups of constants"}, {"Types", "types"},
                                            {"Fields", "fields"}};

// What each release a `since` of the spec names added (parseSince's versions: 1.0, 1.1, 1.2, 9,
// 11, ...), and the anchor of its part of "Changes by release", before any entry is built (the
// entries' headings link there). Elided items belong to no release; a since that is no version
// (validation reports it) names none. A field or constant counts only where it is later than its
// type or group; a new group of constants is one item.
void DocsView::planReleases() {
    auto add = [&](const std::string& since, size_t kind, ReleaseItem item) {
        const auto v = parseSince(since);
        if (!v) return;
        auto& r = releases_[*v];
        if (r.since.empty()) r.since = since;
        r.byKind.resize(std::size(kReleaseKinds));
        r.byKind[kind].push_back(std::move(item));
    };
    for (const auto& f : s_.functions)
        if (!f.elided) add(f.since, 0, {f.id, f.id, true, f.preview ? "preview" : ""});
    for (const auto& e : s_.events)
        if (!e.elided) add(e.since, 1, {e.id, e.id, true, e.label + (e.preview ? ", preview" : "")});
    for (const auto& t : s_.capabilities)
        for (const auto& f : t.fields) add(f.since, 2, {f.id, t.id + "." + f.id, true, f.preview ? "preview" : ""});
    for (const auto& e : s_.errors) add(e.since, 3, {e.id, e.id, true, ""});
    for (const auto& g : s_.constants) {
        add(g.since, 4, {g.label.empty() ? g.id : g.label, g.id, g.label.empty(),
                         std::to_string(g.constants.size()) + (g.constants.size() == 1 ? " constant" : " constants")});
        for (const auto& c : g.constants)
            if (laterSince(c.since, g.since)) add(c.since, 4, {c.id, c.id, true, ""});
    }
    // Types in document order: structures, unions and function types.
    struct Typed {
        int line;
        const std::string *id, *since;
    };
    std::vector<Typed> types;
    for (const auto& t : s_.typedefs)
        if (!t.elided) types.push_back({t.line, &t.id, &t.since});
    for (const auto& c : s_.callbacks)
        if (!c.elided) types.push_back({c.line, &c.id, &c.since});
    std::stable_sort(types.begin(), types.end(), [](const Typed& a, const Typed& b) { return a.line < b.line; });
    for (const auto& t : types) add(*t.since, 5, {*t.id, *t.id, true, ""});
    for (const auto& t : s_.typedefs)
        if (!t.elided)
            for (const auto& f : t.fields)
                if (laterSince(f.since, t.since)) add(f.since, 6, {t.id + "." + f.id, t.id + "." + f.id, true, ""});
    for (const auto& [v, r] : releases_) {
        const Data a = anchor("ChangesIn" + r.since);
        if (a.is_string()) releaseAnchors_[v] = a.string_value();
    }
}

// What an entry's heading shows of its release: {since, href, preview} (href: that release's
// part of "Changes by release", or false; preview: the entry is a preview feature's).
Data DocsView::release(const std::string& since, bool preview) {
    const auto v = parseSince(since);
    const auto it = v ? releaseAnchors_.find(*v) : releaseAnchors_.end();
    return Object{"since", since, "href", it == releaseAnchors_.end() ? Data{false} : Data{it->second}, "preview",
                  preview};
}

// "Changes by release": what each release added, by kind, each item linked to its entry.
// Built last, when every entry has its anchor: an item links only where the page anchors it.
// The first release (1.0) lists nothing: it is everything no later release lists, counted.
Object DocsView::releasesSection(const std::string& historyAnchor) {
    constexpr size_t kinds = std::size(kReleaseKinds);
    const Version first{1, 0, 0};
    List list(releases_.size());
    for (const auto& [v, release] : releases_) {
        const auto a = releaseAnchors_.find(v);
        Object r{"since", release.since, "anchor", a == releaseAnchors_.end() ? Data{false} : Data{a->second},
                 "first", v == first};
        List byKind(kinds), counts(kinds);
        for (size_t k = 0; k < kinds; ++k) {
            const auto& items = release.byKind[k];
            if (items.empty()) continue;
            counts.push(Object{"count", std::to_string(items.size()), "what", kReleaseKinds[k][1]});
            if (v == first) continue;
            List out(items.size());
            for (const auto& i : items)
                out.push(Object{"text", i.text, "code", i.code, "note", opt(i.note),
                                "href", anchors_.count(i.target) ? Data{i.target} : Data{false}});
            byKind.push(Object{"label", kReleaseKinds[k][0], "items", std::move(out)});
        }
        put(r, "counts", withMore(std::move(counts)));
        put(r, "kinds", std::move(byKind));
        list.push(std::move(r));
    }
    return Object{"anchor", Data{releasesAnchor_}, "historyAnchor", historyAnchor, "list", std::move(list)};
}

Data DocsView::build() {
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
    // Ids of the page's own furniture first, so that no spec id takes them.
    Object v{"tocAnchor", anchor("toc"), "contentAnchor", anchor("page-content"), "title", s_.title,
             "subtitle", s_.subtitle, "version", ctx_.version.str(), "specName", ctx_.specName,
             "intros", introsAt("spec")};
    releasesAnchor_ = anchor("ChangesByRelease");
    planReleases();

    // The errors every function may return; no anchors or prose, so built here, before the
    // functions that show them.
    List universal;
    if (const auto* u = universalCategory(s_)) {
        for (const auto& e : s_.errors)
            if (e.category == u->id && e.num != 0) universal.push(Object{"id", e.id});  // not NONE
        put(ambient_, "universalAnchor", u->id);
    } else {
        put(ambient_, "universalAnchor", nullptr);
    }
    put(ambient_, "universalErrors", withMore(std::move(universal)));
    put(v, "universalAnchor", Data{*ambient_.get("universalAnchor")});
    put(v, "universalErrors", Data{*ambient_.get("universalErrors")});

    // Each category is rendered on the side worker once its view is built, with what a
    // category's functions show from the page's root (ambient_), and the view dropped there.
    struct Piece {
        Data view;
        std::string html;
    };
    std::deque<Piece> pieces;  // stays in place while the side worker uses its elements
    std::optional<Template> categoryTemplate;
    SideWorker side;  // after what its jobs use, so that it is finished before they go
    side.submit([&] { categoryTemplate.emplace("jvmti-category.html", Escape::Html); });
    side.submit([this] { pageTemplate_.emplace("jvmti.html", Escape::Html); });

    Object fs{"label", s_.functionSectionLabel, "anchor", anchor("FunctionSection"),
              "intros", introsAt("FunctionSection"), "indexAnchor", anchor("FunctionIndex"),
              "tableAnchor", anchor("FunctionTable")};
    List index(s_.categories.size());
    std::vector<std::vector<const Function*>> functionsByCategory(s_.categories.size());
    for (size_t ci = 0; ci < s_.categories.size(); ++ci) {
        const Category& c = s_.categories[ci];
        Piece* piece = &pieces.emplace_back(Piece{categoryView(c, functionsByCategory[ci]), {}});
        side.submit([this, piece, &categoryTemplate] {
            piece->html = categoryTemplate->render(piece->view, {&ambient_});
            if (!piece->html.empty() && piece->html.back() == '\n') piece->html.pop_back();  // the page's line ends it
            piece->view = Data{false};
        });
        List fns(functionsByCategory[ci].size());
        for (const auto* f : functionsByCategory[ci]) fns.push(Object{"id", f->id, "synopsis", f->synopsis});
        index.push(Object{"id", c.id, "label", c.label, "functions", std::move(fns)});
    }
    put(fs, "index", std::move(index));
    const auto slots = functionTable(s_);
    List table(slots.size());
    for (const auto& slot : slots) {
        if (slot.fn)
            table.push(Object{"num", std::to_string(slot.num), "id", slot.fn->id, "synopsis", slot.fn->synopsis,
                              "since", slot.fn->since, "reserved", false});
        else
            table.push(Object{"num", std::to_string(slot.num), "id", nullptr, "synopsis", nullptr, "since", nullptr,
                              "reserved", true});
    }
    put(fs, "table", std::move(table));

    put(v, "errors", errorSection());
    put(v, "events", eventSection());
    Object data = dataSection();

    put(v, "rules", rulesSection());

    put(v, "issues", Object{"label", s_.issuesSectionLabel, "anchor", anchor("IssuesSection"),
                            "intros", introsAt("IssuesSection")});

    const std::string historyId = s_.changeHistoryId.empty() ? "ChangeHistory" : s_.changeHistoryId;
    List changes(s_.changes.size());
    for (const auto& c : s_.changes)
        changes.push(Object{"date", c.date, "version", opt(c.version), "html", compact(c.text, "ChangeHistory")});
    put(v, "history", Object{"anchor", anchor(historyId),
                             "alias", historyId == "ChangeHistory" ? Data{false} : anchor("ChangeHistory"),
                             "intros", introsAt("ChangeHistory"), "update", opt(s_.changeHistoryUpdate),
                             "changes", std::move(changes)});

    // Groups whose placeholder stands in prose the page does not show (elided items).
    List leftover;
    for (const auto* g : prose_.unplacedGroups()) leftover.push(Object{"html", constantsTable(*g)});
    put(data, "leftoverConstants", std::move(leftover));
    put(v, "data", std::move(data));

    // After every entry (and constants table) has its anchor.
    put(v, "releases", releasesSection(historyId));

    put(v, "toc", toc(functionsByCategory));

    side.finish();
    List cats(pieces.size());
    for (auto& p : pieces) cats.push(Object{"html", std::move(p.html)});
    put(fs, "categories", std::move(cats));
    put(v, "functions", std::move(fs));
    return v;
}

}  // namespace

std::vector<Output> emitDocs(const EmitContext& ctx) {
    DocsView view(ctx);
    const Data page = view.build();
    return {{"docs/jvmti.html", view.pageTemplate().render(page)}};
}

}  // namespace jvmtigen
