#include "validate.hpp"

#include "api_version.hpp"
#include "derive.hpp"
#include "error_kinds.hpp"

#include <algorithm>
#include <charconv>
#include <functional>
#include <map>
#include <set>

namespace jvmtigen {
namespace {

// Anchors the documentation always provides, which internallink may name without an intro.
const std::set<std::string> kSectionAnchors = {
    "FunctionSection", "FunctionIndex", "FunctionTable", "ErrorSection", "EventSection",
    "EventIndex",      "DataSection",   "ChangeHistory", "IssuesSection", "ConstantIndex",
    "CapabilityIndex", "TypeIndex"};

// Types jvmti.h declares itself, outside any typedef of the spec.
const std::set<std::string> kBuiltinStructs = {"JNIEnv", "jvmtiEnv", "jvmtiEventCallbacks", "JavaVM"};
const std::set<std::string> kBuiltinEnums = {"jvmtiError", "jvmtiEvent"};

class Validator {
public:
    Validator(const Spec& s, Diagnostics& d) : s_(s), d_(d) {}
    void run();

private:
    const Spec& s_;
    Diagnostics& d_;
    std::map<std::string, const Function*> functions_;
    std::map<std::string, const Event*> events_;
    std::map<std::string, const Callback*> callbacks_;
    std::map<std::string, const Typedef*> typedefs_;
    std::map<std::string, const ConstantsGroup*> groups_;
    std::set<std::string> constants_, errors_, capabilities_, baseTypes_, intros_, categories_;
    std::set<std::string> dataAnchors_;  // what typelink/datalink may name, as the docs anchor it

    // A duplicate is a warning when either of the two is elided: only the active one is emitted.
    template <class Map, class T>
    void unique(Map& map, const std::string& what, const std::string& id, const T* item, int line) {
        if (id.empty()) return;
        auto [it, fresh] = map.emplace(id, item);
        if (fresh) return;
        Diagnostics::Demoted quiet(d_, elided(*item) || elided(*it->second));
        d_.error(line, "duplicate " + what + " id '" + id + "'");
        if (elided(*it->second) && !elided(*item)) it->second = item;  // links resolve to the active one
    }
    template <class T>
    static bool elided(const T& x) {
        if constexpr (requires { x.elided; }) return x.elided;
        else return false;
    }
    void uniqueSet(std::set<std::string>& set, const std::string& what, const std::string& id, int line,
                   bool inElide = false) {
        if (id.empty()) return;
        Diagnostics::Demoted quiet(d_, inElide);
        if (!set.insert(id).second) d_.error(line, "duplicate " + what + " id '" + id + "'");
    }

    void index();
    void numbers();
    void since(const std::string& value, int line, const std::string& what);
    void type(const Type& t, const std::string& where, const std::vector<std::string>& siblings,
              const std::function<const Type*(const std::string&)>& sibling);
    void params(const std::vector<Param>& ps, const std::string& where);
    void handlerRestriction(const Event& e, const std::string& where);
    void capabilityUses(const std::vector<CapabilityUse>& uses, const std::string& where);
    void constantValue(const Constant& c);
    void prose(const Prose& p, const std::string& owner);
    void link(const ProseNode& n, const std::string& owner);
    bool hasParam(const std::string& owner, const std::string& id) const;
};

void Validator::index() {
    for (const auto& f : s_.functions) unique(functions_, "function", f.id, &f, f.line);
    for (const auto& e : s_.events) unique(events_, "event", e.id, &e, e.line);
    for (const auto& c : s_.callbacks) unique(callbacks_, "callback", c.id, &c, c.line);
    for (const auto& t : s_.typedefs) unique(typedefs_, "typedef", t.id, &t, t.line);
    for (const auto& g : s_.constants) {
        unique(groups_, "constants group", g.id, &g, g.line);
        for (const auto& c : g.constants) uniqueSet(constants_, "constant", c.id, c.line);
    }
    for (const auto& e : s_.errors) uniqueSet(errors_, "error", e.id, e.line);
    if (s_.capabilities.size() > 1)
        d_.error(s_.capabilities[1].line, "a second <capabilitiestypedef>; the spec has exactly one");
    for (const auto& t : s_.capabilities)
        for (const auto& f : t.fields) uniqueSet(capabilities_, "capability", f.id, f.line);
    for (const auto& b : s_.baseTypes) uniqueSet(baseTypes_, "base type", b.id, b.line);
    for (const auto& i : s_.intros) uniqueSet(intros_, "intro", i.id, i.line, i.elided);
    for (const auto& c : s_.categories) uniqueSet(categories_, "category", c.id, c.line);

    // Data anchors: every type, constant and base type, and their members as Type.member.
    dataAnchors_.insert(kBuiltinStructs.begin(), kBuiltinStructs.end());
    dataAnchors_.insert(kBuiltinEnums.begin(), kBuiltinEnums.end());
    for (const auto& [id, t] : typedefs_) {
        dataAnchors_.insert(id);
        for (const auto& f : t->fields) dataAnchors_.insert(id + "." + f.id);
    }
    for (const auto& [id, c] : callbacks_) {
        dataAnchors_.insert(id);
        for (const auto& p : c->params) dataAnchors_.insert(id + "." + p.id);
    }
    for (const auto& [id, g] : groups_) dataAnchors_.insert(id);
    dataAnchors_.insert(constants_.begin(), constants_.end());
    dataAnchors_.insert(baseTypes_.begin(), baseTypes_.end());
    for (const auto& t : s_.capabilities) {
        dataAnchors_.insert(t.id);
        for (const auto& f : t.fields) dataAnchors_.insert(t.id + "." + f.id);
    }
}

// The function table and the event tables (the layer's too) are laid out by number, so a
// number is a table's size: the highest today are 156 (functions) and 90 (events), and a
// number past this one is a mistake.
constexpr int kHighestNum = 1024;

void Validator::numbers() {
    std::map<int, const Function*> fnums;
    for (const auto& f : s_.functions) {
        if (f.elided) continue;  // elided functions take no slot of the table
        if (f.num < 1) d_.error(f.line, "function '" + f.id + "' has num " + std::to_string(f.num) + "; table slots start at 1");
        if (f.num > kHighestNum)
            d_.error(f.line, "function '" + f.id + "' has num " + std::to_string(f.num) +
                                 "; the function table is laid out by num, which goes up to " + std::to_string(kHighestNum));
        auto [it, fresh] = fnums.emplace(f.num, &f);
        if (!fresh)
            d_.error(f.line, "function '" + f.id + "' has num " + std::to_string(f.num) +
                                 ", already taken by '" + it->second->id + "' (line " +
                                 std::to_string(it->second->line) + ")");
    }
    std::map<int, const Event*> enums;
    for (const auto& e : s_.events) {
        if (e.elided) continue;
        if (e.num < 1 || e.num > kHighestNum)
            d_.error(e.line, "event '" + e.id + "' has num " + std::to_string(e.num) +
                                 "; the event tables are laid out by num, which goes from 1 to " + std::to_string(kHighestNum));
        auto [it, fresh] = enums.emplace(e.num, &e);
        if (!fresh)
            d_.error(e.line, "event '" + e.id + "' has num " + std::to_string(e.num) + ", already taken by '" +
                                 it->second->id + "' (line " + std::to_string(it->second->line) + ")");
    }
    std::map<int, const ErrorCode*> errs;
    for (const auto& e : s_.errors) {
        // HotSpot's JvmtiUtil::_error_names (the hotspot-enter output) is an array indexed by num.
        if (e.num > kHighestNum)
            d_.error(e.line, "error '" + e.id + "' has num " + std::to_string(e.num) +
                                 "; the error tables are laid out by num, which goes up to " + std::to_string(kHighestNum));
        auto [it, fresh] = errs.emplace(e.num, &e);
        if (!fresh)
            d_.error(e.line, "error '" + e.id + "' has num " + std::to_string(e.num) + ", already taken by '" +
                                 it->second->id + "' (line " + std::to_string(it->second->line) + ")");
    }
    for (const auto& t : s_.capabilities)
        if (t.fields.size() > 128)
            d_.error(t.line, "more than 128 capabilities do not fit the 128-bit jvmtiCapabilities");
}

void Validator::since(const std::string& value, int line, const std::string& what) {
    const auto v = parseSince(value);  // nothing when it is not one to three numbers, or a number overflows
    if (!v) {
        d_.error(line, "since=\"" + value + "\" of " + what + " is not a version such as 1.1 or 21");
    } else if (auto problem = versionEncodingProblem(*v)) {
        d_.error(line, "since=\"" + value + "\" of " + what + ": " + *problem);
    }
}

void Validator::type(const Type& t, const std::string& where, const std::vector<std::string>& siblings,
                     const std::function<const Type*(const std::string&)>& sibling) {
    if (t.base == "enum") {
        auto g = groups_.find(t.name);
        if (!kBuiltinEnums.count(t.name) && (g == groups_.end() || g->second->kind != "enum"))
            d_.error(t.line, where + ": <enum>" + t.name + "</enum> names no constants group of kind enum");
    } else if (t.base == "struct") {
        if (!kBuiltinStructs.count(t.name) && !typedefs_.count(t.name) && !callbacks_.count(t.name) &&
            !baseTypes_.count(t.name) &&
            !(s_.capabilities.size() && s_.capabilities[0].id == t.name))
            d_.error(t.line, where + ": <struct>" + t.name + "</struct> names no typedef, callback or base type");
    }
    if (auto m = t.baseAttrs.find("min"); m != t.baseAttrs.end()) {
        int v = 0;
        auto [p, ec] = std::from_chars(m->second.data(), m->second.data() + m->second.size(), v);
        if (ec != std::errc() || p != m->second.data() + m->second.size())
            d_.error(t.line, where + ": min=\"" + m->second + "\" is not an integer");
    }
    auto count = [&](const std::string& attr, const std::string& name) {
        if (name.empty()) return;
        const Type* other = sibling(name);
        if (!other) {
            std::string list;
            for (const auto& s : siblings) list += (list.empty() ? "" : ", ") + s;
            d_.error(t.wrapperLine, where + ": " + attr + "=\"" + name + "\" names no sibling (have: " + list + ")");
        } else if ((other->base != "jint" && other->base != "jlong") ||
                   (other->kind != Kind::Value && other->kind != Kind::OutPtr)) {
            d_.error(t.wrapperLine, where + ": " + attr + "=\"" + name +
                                        "\" must name an integer (jint, jlong) or a pointer to one, not " + other->cType());
        }
    };
    count("incount", t.incount);
    count("outcount", t.outcount);
}

void Validator::params(const std::vector<Param>& ps, const std::string& where) {
    std::vector<std::string> names;
    std::set<std::string> seen;
    for (const auto& p : ps) {
        names.push_back(p.id);
        if (!seen.insert(p.id).second) d_.error(p.line, where + ": duplicate parameter '" + p.id + "'");
    }
    auto find = [&](const std::string& id) -> const Type* {
        for (const auto& p : ps)
            if (p.id == id) return &p.type;
        return nullptr;
    };
    for (size_t i = 0; i < ps.size(); ++i) {
        type(ps[i].type, where + " parameter '" + ps[i].id + "'", names, find);
        if (ps[i].type.kind == Kind::Varargs && i + 1 != ps.size())
            d_.error(ps[i].line, where + ": <varargs/> must be the last parameter");
    }
}

void Validator::capabilityUses(const std::vector<CapabilityUse>& uses, const std::string& where) {
    for (const auto& u : uses)
        if (!capabilities_.count(u.id)) d_.error(u.line, where + ": unknown capability '" + u.id + "'");
}

namespace {

bool isDigit(char c) { return c >= '0' && c <= '9'; }
bool isHexDigit(char c) { return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }
bool isIdentStart(char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_'; }
bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

// The length of the number at `at` (-?0xHEX or -?DIGITS), or 0.
size_t numberAt(std::string_view s, size_t at) {
    size_t i = at;
    if (i < s.size() && s[i] == '-') ++i;
    if (i + 2 < s.size() && s[i] == '0' && (s[i + 1] == 'x' || s[i + 1] == 'X') && isHexDigit(s[i + 2])) {
        i += 2;
        while (i < s.size() && isHexDigit(s[i])) ++i;
        return i - at;
    }
    const size_t digits = i;
    while (i < s.size() && isDigit(s[i])) ++i;
    return i == digits ? 0 : i - at;
}

bool isNumber(std::string_view s) { return !s.empty() && numberAt(s, 0) == s.size(); }

}  // namespace

// A number, or constants and numbers joined by '|' (white space around each allowed).
void Validator::constantValue(const Constant& c) {
    const std::string_view num = c.num;
    if (isNumber(num)) return;
    size_t at = 0;
    while (at < num.size()) {
        while (at < num.size() && isSpace(num[at])) ++at;
        size_t length = 0;
        if (at < num.size() && isIdentStart(num[at])) {
            length = 1;
            while (at + length < num.size() && (isIdentStart(num[at + length]) || isDigit(num[at + length]))) ++length;
        } else {
            length = numberAt(num, at);
        }
        size_t next = at + length;
        while (length > 0 && next < num.size() && isSpace(num[next])) ++next;
        if (length == 0 || (next < num.size() && num[next] != '|')) {
            d_.error(c.line, "constant '" + c.id + "' has num=\"" + c.num +
                                 "\": expected a number or constants joined by |");
            return;
        }
        const std::string t(num.substr(at, length));
        if (!isNumber(t) && !constants_.count(t))
            d_.error(c.line, "constant '" + c.id + "' refers to unknown constant '" + t + "'");
        at = next < num.size() ? next + 1 : next;
    }
}

bool Validator::hasParam(const std::string& owner, const std::string& id) const {
    auto has = [&](const std::vector<Param>& ps) {
        for (const auto& p : ps)
            if (p.id == id) return true;
        return false;
    };
    if (auto f = functions_.find(owner); f != functions_.end()) return has(f->second->params);
    if (auto e = events_.find(owner); e != events_.end()) return has(e->second->params);
    if (auto c = callbacks_.find(owner); c != callbacks_.end()) return has(c->second->params);
    if (auto t = typedefs_.find(owner); t != typedefs_.end()) {
        for (const auto& f : t->second->fields)
            if (f.id == id) return true;
    }
    return false;
}

void Validator::link(const ProseNode& n, const std::string& owner) {
    const std::string* idp = n.attr("id");
    if (!idp) return;  // the reader reported it
    const std::string& id = *idp;
    auto bad = [&](const std::string& what) {
        d_.error(n.line, "<" + n.tag + " id=\"" + id + "\"> links to no " + what);
    };
    if (n.tag == "functionlink") {
        if (!functions_.count(id) && !callbacks_.count(id) && !typedefs_.count(id)) bad("function, callback or typedef");
    } else if (n.tag == "eventlink") {
        if (!events_.count(id)) bad("event");
    } else if (n.tag == "errorlink") {
        if (!errors_.count(id)) bad("error");
    } else if (n.tag == "typelink" || n.tag == "datalink") {
        if (!dataAnchors_.count(id)) bad("type, constant, base type or member of one");
    } else if (n.tag == "fieldlink") {
        const std::string* st = n.attr("struct");
        if (!st) return;
        bool found = false;
        if (auto t = typedefs_.find(*st); t != typedefs_.end()) {
            for (const auto& f : t->second->fields) found = found || f.id == id;
        } else if (s_.capabilities.size() && s_.capabilities[0].id == *st) {
            found = capabilities_.count(id) > 0;
        } else {
            d_.error(n.line, "<fieldlink struct=\"" + *st + "\"> names no typedef");
            return;
        }
        if (!found) bad("field of " + *st);
    } else if (n.tag == "paramlink") {
        if (!hasParam(owner, id)) bad("parameter of '" + owner + "'");
    } else if (n.tag == "internallink") {
        bool errorCategory = false;
        for (const auto& c : s_.errorCategories) errorCategory = errorCategory || c.id == id;
        if (!intros_.count(id) && !categories_.count(id) && !kSectionAnchors.count(id) && !functions_.count(id) &&
            !errorCategory &&
            !events_.count(id) && !dataAnchors_.count(id))
            bad("intro, category, section or data item");
    } else if (n.tag == "externallink") {
        if (id.empty()) d_.error(n.line, "<externallink> has an empty id");
    }
}

void Validator::prose(const Prose& p, const std::string& owner) {
    for (const auto& n : p) {
        if (n.tag.ends_with("link")) link(n, owner);  // a "constants" node is a placeholder: groups are checked on their own
        if (n.tag == "note")
            if (const std::string* s = n.attr("since")) since(*s, n.line, "a <note> in the prose of '" + owner + "'");
        prose(n.kids, owner);
    }
}

// handlercalls="callbacksafe" (our extension): a handler limited to callback-safe functions
// must have some to call, and may not be handed a JNI environment it is not allowed to use.
void Validator::handlerRestriction(const Event& e, const std::string& where) {
    const bool anySafe = std::any_of(s_.functions.begin(), s_.functions.end(),
                                     [](const Function& f) { return !f.elided && f.callbacksafe == "safe"; });
    if (!anySafe)
        d_.error(e.line, where + ": handlercalls=\"callbacksafe\" but no function is declared callbacksafe=\"safe\"");
    for (const auto& p : e.params)
        if (p.type.name == "JNIEnv")
            d_.error(p.line, where + ": handlercalls=\"callbacksafe\" forbids JNI in the handler, yet parameter '" +
                                 p.id + "' hands it a JNIEnv");
}

void Validator::run() {
    if (s_.version)
        if (auto problem = versionEncodingProblem(*s_.version))
            d_.error(s_.line, "the spec's version " + s_.version->str() + " (majorversion/minorversion/microversion): " +
                                  *problem);
    index();
    numbers();
    for (const auto& f : s_.functions) {
        Diagnostics::Demoted quiet(d_, f.elided);
        const std::string where = "function '" + f.id + "'";
        since(f.since, f.line, where);
        params(f.params, where);
        if (!f.elided) {  // elided functions may name capabilities that were never added
            capabilityUses(f.required, where);
            capabilityUses(f.optional, where);
        }
        for (const auto& e : f.errors)
            if (!errors_.count(e.id)) d_.error(e.line, where + ": unknown error '" + e.id + "'");
        if (!f.elided && d_.ok()) {
            // The generated entry may only return errors the spec allows this function.
            const auto allowed = allowedErrors(s_, f);
            for (const auto& c : entryChecks(s_, f))
                if (std::find(allowed.begin(), allowed.end(), c.error) == allowed.end())
                    d_.error(f.line, where + ": its entry check '" + c.id + "' would return " + c.error +
                                         ", which the spec does not allow for it");
        }
        prose(f.description, f.id);
        for (const auto& p : f.params) {
            prose(p.description, f.id);
            prose(p.type.nullokText, f.id);
        }
        for (const auto& e : f.errors) prose(e.text, f.id);
        for (const auto& c : f.required) prose(c.text, f.id);
        for (const auto& c : f.optional) prose(c.text, f.id);
    }
    for (const auto& e : s_.events) {
        Diagnostics::Demoted quiet(d_, e.elided);
        const std::string where = "event '" + e.id + "'";
        since(e.since, e.line, where);
        params(e.params, where);
        if (!e.elided) {
            capabilityUses(e.required, where);
            capabilityUses(e.optional, where);
        }
        if (restrictsHandler(e)) handlerRestriction(e, where);
        prose(e.description, e.id);
        for (const auto& p : e.params) {
            prose(p.description, e.id);
            prose(p.type.nullokText, e.id);
        }
        for (const auto& c : e.required) prose(c.text, e.id);
        for (const auto& c : e.optional) prose(c.text, e.id);
    }
    for (const auto& c : s_.callbacks) {
        Diagnostics::Demoted quiet(d_, c.elided);
        const std::string where = "callback '" + c.id + "'";
        since(c.since, c.line, where);
        params(c.params, where);
        type(c.returns, where + " return type", {}, [](const std::string&) { return nullptr; });
        prose(c.description, c.id);
        for (const auto& p : c.params) prose(p.description, c.id);
    }
    for (const auto& t : s_.typedefs) {
        Diagnostics::Demoted quiet(d_, t.elided);
        const std::string where = "typedef '" + t.id + "'";
        since(t.since, t.line, where);
        std::vector<std::string> names;
        for (const auto& f : t.fields) names.push_back(f.id);
        // A field's count may be a sibling field, or a parameter of a function that fills the
        // struct (jvmtiStackInfo.frame_buffer is sized by GetAllStackTraces' max_frame_count).
        auto find = [&](const std::string& id) -> const Type* {
            for (const auto& f : t.fields)
                if (f.id == id) return &f.type;
            for (const auto& fn : s_.functions) {
                bool uses = false;
                for (const auto& p : fn.params) uses = uses || p.type.name == t.id;
                if (!uses) continue;
                for (const auto& p : fn.params)
                    if (p.id == id) return &p.type;
            }
            return nullptr;
        };
        for (const auto& f : t.fields) {
            type(f.type, where + " field '" + f.id + "'", names, find);
            since(f.since, f.line, where + " field '" + f.id + "'");
            prose(f.description, t.id);
        }
        prose(t.description, t.id);
    }
    for (const auto& t : s_.capabilities) {
        prose(t.description, t.id);
        for (const auto& f : t.fields) {
            since(f.since, f.line, "capability '" + f.id + "'");
            prose(f.description, t.id);
        }
    }
    for (const auto& g : s_.constants) {
        since(g.since, g.line, "constants group '" + g.id + "'");
        std::map<long long, std::string> values;  // enum kinds: each value names one constant
        for (const auto& c : g.constants) {
            constantValue(c);
            since(c.since, c.line, "constant '" + c.id + "'");
            prose(c.description, g.owner);
            if (g.kind != "enum") continue;
            long long v = 0;
            try {
                v = std::stoll(c.num, nullptr, 0);
            } catch (const std::exception&) {
                continue;  // an expression; constantValue checked it
            }
            auto [it, fresh] = values.emplace(v, c.id);
            if (!fresh)
                d_.error(c.line, "constant '" + c.id + "' of enum '" + g.id + "' repeats the value of '" + it->second + "'");
        }
    }
    for (const auto& e : s_.errors) {
        since(e.since, e.line, "error '" + e.id + "'");
        prose(e.description, e.id);
    }
    // An error jvmtigen's table of error kinds does not know still generates, as one a correct
    // agent must handle; the warning asks for a row in the table.
    for (const auto* e : unclassifiedErrors(s_))
        d_.warning(e->line, "error '" + e->id + "' has no kind in jvmtigen's table (generator/error_kinds.cpp): "
                                "taken as environmental, one a correct agent must handle");
    for (const auto& b : s_.baseTypes) prose(b.description, b.id);
    for (const auto& i : s_.intros) {
        Diagnostics::Demoted quiet(d_, i.elided);
        prose(i.body, i.id);
    }
    for (const auto& c : s_.changes) prose(c.text, "ChangeHistory");
}

}  // namespace

bool validateSpec(const Spec& spec, Diagnostics& diag) {
    Validator v(spec, diag);
    v.run();
    return diag.ok();
}

}  // namespace jvmtigen
