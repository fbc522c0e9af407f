#include "param_rules.hpp"

#include <algorithm>
#include <map>
#include <set>

#include "derive.hpp"

namespace jvmtigen {

namespace {

// Short names for the Prose builders the rules are written with.
ProseNode text(std::string s) { return ProseNode::makeText(std::move(s)); }

ProseNode element(std::string tag, std::vector<ProseNode> kids = {},
                  std::vector<std::pair<std::string, std::string>> attrs = {}) {
    return ProseNode::makeElement(std::move(tag), std::move(kids), std::move(attrs));
}

ProseNode code(std::string s) { return element("code", {text(std::move(s))}); }
ProseNode paramRef(const std::string& id) { return element("paramlink", {}, {{"id", id}}); }
ProseNode functionRef(const std::string& id) { return element("functionlink", {}, {{"id", id}}); }

const std::set<std::string> kReferenceTypes = {"jobject", "jclass", "jthread", "jthreadGroup"};

bool isReference(const Type& t) { return kReferenceTypes.count(t.base) > 0; }
bool isString(const Type& t) { return t.base == "char"; }

bool isPointerKind(Kind k) {
    switch (k) {
        case Kind::OutPtr:
        case Kind::AllocBuf:
        case Kind::AllocAllocBuf:
        case Kind::InPtr:
        case Kind::InBuf:
        case Kind::OutBuf:
        case Kind::VmBuf:
        case Kind::AgentBuf:
        case Kind::AllocFieldBuf: return true;
        case Kind::Value:
        case Kind::PtrType:
        case Kind::Varargs: return false;
    }
    return false;
}

const Typedef* findTypedef(const Spec& spec, const std::string& id) {
    for (const auto& t : spec.typedefs)
        if (t.id == id) return &t;
    return nullptr;
}

// A count named by incount/outcount: a sibling parameter, linked, and dereferenced when it
// is an out pointer (the count is known after the call).
ProseNode countRef(const std::string& name, const std::vector<Param>& siblings) {
    bool deref = false;
    for (const auto& s : siblings)
        if (s.id == name) deref = s.type.kind == Kind::OutPtr;
    return element("paramlink", {code((deref ? "*" : "") + name)}, {{"id", name}});
}

// The name of one element of an array of the type's base, for sentences.
ProseNode elementName(const Type& t) { return code(t.baseCType()); }

// "Points to a jint", "Points to an unsigned char*".
ProseNode pointsTo(const std::string& typeName) {
    const bool vowel = !typeName.empty() && std::string("aeiou").find(typeName[0]) != std::string::npos;
    return text(vowel ? "Points to an " : "Points to a ");
}

// Members of a structure that JVM TI allocates, and whether it holds references.
struct StructFacts {
    std::vector<std::string> allocated;
    bool references = false;
};

StructFacts structFacts(const Spec& spec, const Type& t) {
    StructFacts f;
    if (t.base != "struct") return f;
    const Typedef* td = findTypedef(spec, t.name);
    if (!td) return f;
    for (const auto& field : td->fields) {
        if (field.type.kind == Kind::AllocFieldBuf) f.allocated.push_back(field.id);
        if (isReference(field.type) &&
            (field.type.kind == Kind::Value || field.type.kind == Kind::AllocFieldBuf))
            f.references = true;
    }
    return f;
}

// "a, b and c" as field links of `structId`.
void appendFieldList(Prose& out, const std::string& structId, const std::vector<std::string>& ids) {
    for (size_t i = 0; i < ids.size(); ++i) {
        if (i > 0) out.push_back(text(i + 1 == ids.size() ? " and " : ", "));
        out.push_back(element("fieldlink", {}, {{"id", ids[i]}, {"struct", structId}}));
    }
}

void nullRule(ParamRules& r, const Type& t) {
    if (t.nullok) {
        r.mayBeNull = true;
        Prose s{text("May be "), code("NULL")};
        const std::string what = plainText(t.nullokText);
        if (!what.empty()) {
            s.push_back(text(": "));
            s.insert(s.end(), t.nullokText.begin(), t.nullokText.end());
            if (std::string(".!?").find(what.back()) == std::string::npos) {
                if (s.back().tag.empty()) {  // no space before the added full stop
                    std::string& last = s.back().text;
                    last.erase(last.find_last_not_of(" \t\r\n") + 1);
                }
                s.push_back(text("."));
            }
        } else {
            s.push_back(text("."));
        }
        r.notes.push_back(std::move(s));
    } else {
        r.mustNotBeNull = true;
        r.notes.push_back({text("Must not be "), code("NULL"), text(".")});
    }
}

void functionRules(const Spec& spec, ParamRules& r, const Type& t, const std::vector<Param>& siblings) {
    switch (t.kind) {
        case Kind::Value:
            if (t.base == "jthread") {
                auto n = t.baseAttrs.find("null");
                if (n != t.baseAttrs.end() && n->second == "current") {
                    r.mayBeNull = true;
                    r.notes.push_back({code("NULL"), text(" stands for the current thread.")});
                }
            }
            return;
        case Kind::PtrType:  // a reference or a function pointer, passed as it is
            nullRule(r, t);
            return;
        case Kind::Varargs:
        case Kind::VmBuf:
        case Kind::AllocFieldBuf: return;
        default: break;
    }
    r.pointer = true;
    Prose s;
    switch (t.kind) {
        case Kind::OutPtr: {
            r.memory = Memory::Agent;
            if (t.base == "struct") {
                s = {pointsTo(t.baseCType()), elementName(t), text(" structure of the agent, which the function fills in.")};
                r.notes.push_back(std::move(s));
                const StructFacts f = structFacts(spec, t);
                if (!f.allocated.empty()) {
                    r.deallocate = true;
                    Prose d{text("The function allocates the member" + std::string(f.allocated.size() > 1 ? "s " : " "))};
                    appendFieldList(d, t.name, f.allocated);
                    d.push_back(text("; the agent releases " + std::string(f.allocated.size() > 1 ? "each" : "it") +
                                     " with "));
                    d.push_back(functionRef("Deallocate"));
                    d.push_back(text("."));
                    r.notes.push_back(std::move(d));
                }
                if (f.references) {
                    r.localRefs = true;
                    r.notes.push_back({text("The references in the structure are JNI local references.")});
                }
            } else {
                s = {pointsTo(t.baseCType()), elementName(t), text(" variable of the agent, which the function sets.")};
                r.notes.push_back(std::move(s));
                if (isReference(t)) {
                    r.localRefs = true;
                    r.notes.push_back({text("The reference stored there is a JNI local reference.")});
                }
            }
            break;
        }
        case Kind::AllocBuf: {
            r.memory = Memory::Jvmti;
            r.deallocate = true;
            if (isString(t) && t.outcount.empty()) {
                s = {text("Points to a "), code("char*"),
                     text(" of the agent; on return it holds a newly allocated modified UTF-8 string, which the "
                          "agent releases with "),
                     functionRef("Deallocate"), text(".")};
            } else {
                s = {pointsTo(t.baseCType()), code(t.baseCType() + "*"),
                     text(" of the agent; on return it holds a newly allocated array of ")};
                if (!t.outcount.empty()) {
                    s.push_back(countRef(t.outcount, siblings));
                    s.push_back(text(" "));
                }
                s.push_back(elementName(t));
                s.push_back(text(", which the agent releases with "));
                s.push_back(functionRef("Deallocate"));
                s.push_back(text("."));
            }
            r.notes.push_back(std::move(s));
            if (isReference(t)) {
                r.localRefs = true;
                r.notes.push_back({text("Its elements are JNI local references.")});
            }
            const StructFacts f = structFacts(spec, t);
            if (!f.allocated.empty()) {
                Prose d{text("The member" + std::string(f.allocated.size() > 1 ? "s " : " "))};
                appendFieldList(d, t.name, f.allocated);
                d.push_back(text(" of each element " + std::string(f.allocated.size() > 1 ? "are" : "is") +
                                 " allocated too and released the same way."));
                r.notes.push_back(std::move(d));
            }
            if (f.references) {
                r.localRefs = true;
                r.notes.push_back({text("The references in its elements are JNI local references.")});
            }
            break;
        }
        case Kind::AllocAllocBuf: {
            r.memory = Memory::Jvmti;
            r.deallocate = true;
            s = {pointsTo(t.baseCType()), code(t.baseCType() + "**"),
                 text(" of the agent; on return it holds a newly allocated array of ")};
            if (!t.outcount.empty()) {
                s.push_back(countRef(t.outcount, siblings));
                s.push_back(text(" "));
            }
            s.push_back(text(isString(t) ? "pointers, each to a newly allocated modified UTF-8 string. "
                                         : "pointers, each to a newly allocated array. "));
            s.push_back(text("The agent releases each of them, and then the array, with "));
            s.push_back(functionRef("Deallocate"));
            s.push_back(text("."));
            r.notes.push_back(std::move(s));
            break;
        }
        case Kind::InPtr:
            r.memory = Memory::Agent;
            r.notes.push_back({pointsTo(t.baseCType()), elementName(t),
                               text(t.base == "struct" ? " structure the agent provides; the function only reads it."
                                                       : " the agent provides; the function only reads it.")});
            break;
        case Kind::InBuf:
            r.memory = Memory::Agent;
            if (t.base == "void") {
                r.notes.push_back({text("An opaque pointer of the agent's: JVM TI keeps or passes it on without "
                                        "looking at what it points to.")});
            } else if (isString(t) && t.incount.empty()) {
                r.notes.push_back({text("A modified UTF-8 string the agent provides; the function only reads it.")});
            } else {
                s = {text("An array of ")};
                if (!t.incount.empty()) {
                    s.push_back(countRef(t.incount, siblings));
                    s.push_back(text(" "));
                }
                s.push_back(elementName(t));
                s.push_back(text(" the agent provides; the function only reads it."));
                r.notes.push_back(std::move(s));
            }
            break;
        case Kind::OutBuf:
            r.memory = Memory::Agent;
            if (t.incount.empty() && t.outcount.empty()) {
                r.notes.push_back({text("Memory the agent provides.")});
            } else {
                s = {text("An array the agent provides with room for ")};
                if (!t.incount.empty()) {
                    s.push_back(countRef(t.incount, siblings));
                    s.push_back(text(" "));
                }
                s.push_back(elementName(t));
                s.push_back(text(", which the function fills in"));
                if (!t.outcount.empty()) {
                    s.push_back(text("; on return "));
                    s.push_back(countRef(t.outcount, siblings));
                    s.push_back(text(" of them are set"));
                }
                s.push_back(text("."));
                r.notes.push_back(std::move(s));
            }
            break;
        case Kind::AgentBuf:
            r.memory = Memory::Agent;
            r.notes.push_back({text("The memory it refers to belongs to the agent: JVM TI neither allocates nor "
                                    "releases it.")});
            break;
        default: break;
    }
    nullRule(r, t);
}

void handlerRules(ParamRules& r, const Type& t, const std::vector<Param>& siblings) {
    const bool interfacePointer = t.base == "struct" && (t.name == "JNIEnv" || t.name == "jvmtiEnv");
    switch (t.kind) {
        case Kind::Value:
            if (isReference(t)) {
                r.localRefs = true;
                r.notes.push_back({text("A JNI local reference, valid until the handler returns.")});
            }
            return;
        case Kind::OutPtr:
        case Kind::InPtr:
            r.pointer = true;
            if (interfacePointer || t.base == "void") return;  // interface or opaque pointers
            r.memory = Memory::Vm;
            r.notes.push_back({text("Points to memory the VM provides, valid only until the handler returns.")});
            return;
        case Kind::VmBuf: {
            r.pointer = true;
            r.memory = Memory::Vm;
            Prose s;
            if (isString(t)) {
                s = {text("A modified UTF-8 string the VM provides")};
            } else if (t.base == "void") {
                s = {text("Memory the VM provides")};
            } else {
                s = {text("An array of ")};
                if (!t.incount.empty()) {
                    s.push_back(countRef(t.incount, siblings));
                    s.push_back(text(" "));
                }
                s.push_back(elementName(t));
                s.push_back(text(" the VM provides"));
            }
            s.push_back(text(", valid only until the handler returns; the agent must not release it."));
            r.notes.push_back(std::move(s));
            return;
        }
        case Kind::AgentBuf:
            r.pointer = true;
            r.memory = Memory::Agent;
            r.notes.push_back({text("Where the handler may store a pointer of its own, which the VM reads after the "
                                    "handler returns.")});
            return;
        default: return;
    }
}

}  // namespace

const char* memoryName(Memory m) {
    switch (m) {
        case Memory::None: return "";
        case Memory::Agent: return "agent";
        case Memory::Jvmti: return "jvmti";
        case Memory::Vm: return "vm";
    }
    return "";
}

ParamRules paramRules(const Spec& spec, const Param& p, const std::vector<Param>& siblings, ParamContext ctx) {
    ParamRules r;
    if (ctx == ParamContext::Function) functionRules(spec, r, p.type, siblings);
    else if (ctx == ParamContext::Handler) handlerRules(r, p.type, siblings);
    return r;
}

ParamRules fieldRules(const Typedef& owner, const Field& f) {
    ParamRules r;
    const Type& t = f.type;
    r.pointer = isPointerKind(t.kind);
    // A count is a sibling field (linked) or, rarely, a parameter of the function that fills
    // the structure (named only).
    auto counted = [&](Prose& s, const std::string& count) {
        if (count.empty()) return;
        bool sibling = false;
        for (const auto& x : owner.fields) sibling = sibling || x.id == count;
        if (sibling) s.push_back(element("fieldlink", {code(count)}, {{"id", count}, {"struct", owner.id}}));
        else s.push_back(code(count));
        s.push_back(text(" "));
    };
    switch (t.kind) {
        case Kind::AllocFieldBuf: {
            r.memory = Memory::Jvmti;
            r.deallocate = true;
            Prose s;
            if (isString(t)) {
                s = {text("A modified UTF-8 string allocated by JVM TI")};
            } else {
                s = {text("An array of ")};
                counted(s, t.outcount);
                s.push_back(elementName(t));
                s.push_back(text(" allocated by JVM TI"));
            }
            s.push_back(text("; the agent releases it with "));
            s.push_back(functionRef("Deallocate"));
            s.push_back(text("."));
            r.notes.push_back(std::move(s));
            if (isReference(t)) {
                r.localRefs = true;
                r.notes.push_back({text("Its elements are JNI local references.")});
            }
            break;
        }
        case Kind::VmBuf:
            r.memory = Memory::Vm;
            r.notes.push_back({text("Memory the VM provides.")});
            break;
        case Kind::InBuf: {
            r.memory = Memory::Agent;
            Prose s{text("An array of ")};
            counted(s, t.incount);
            s.push_back(elementName(t));
            s.push_back(text(" the agent provides."));
            r.notes.push_back(std::move(s));
            break;
        }
        default: break;
    }
    return r;
}

std::vector<ImpliedError> impliedErrors(const Spec& spec, const Function& f) {
    auto known = [&](const std::string& id) {
        return std::any_of(spec.errors.begin(), spec.errors.end(), [&](const ErrorCode& e) { return e.id == id; });
    };
    auto isDataId = [&](const std::string& id) {  // what a datalink to an enum may name
        return std::any_of(spec.constants.begin(), spec.constants.end(), [&](const auto& g) { return g.id == id; }) ||
               std::any_of(spec.baseTypes.begin(), spec.baseTypes.end(), [&](const auto& b) { return b.id == id; });
    };
    const std::string capStruct = spec.capabilities.empty() ? "" : spec.capabilities[0].id;
    std::vector<ImpliedError> out;
    auto add = [&](const std::string& id, const std::string& param, Prose when) {
        if (known(id)) out.push_back({id, param, std::move(when)});
    };

    // The checks a checking entry makes (derive.hpp) are the single source of the capability,
    // NULL, minimum and enum errors; they are phrased here, per parameter.
    std::map<const Param*, std::vector<const EntryCheck*>> byParam;
    const auto checks = entryChecks(spec, f);
    for (const auto& k : checks) {
        if (k.what == EntryCheck::What::Capability) {
            ProseNode cap = capStruct.empty() ? code(k.capability)
                                              : element("fieldlink", {}, {{"id", k.capability}, {"struct", capStruct}});
            add(k.error, "",
                {text("The environment does not possess the capability "), cap, text("; add it with "),
                 functionRef("AddCapabilities"), text(".")});
        } else if (k.param) {
            byParam[k.param].push_back(&k);
        }
    }

    for (const auto* p : signatureParams(f.params)) {
        const Type& t = p->type;
        const ProseNode name = paramRef(p->id);
        // What the VM checks of the references and IDs it is handed.
        if (t.kind == Kind::Value) {
            const std::string& b = t.base;
            if (b == "jthread") {
                add("JVMTI_ERROR_INVALID_THREAD", p->id, {name, text(" is not a thread object.")});
                auto started = t.baseAttrs.find("started");
                if (started == t.baseAttrs.end() || (started->second != "no" && started->second != "maybe"))
                    add("JVMTI_ERROR_THREAD_NOT_ALIVE", p->id,
                        {name, text(" is not alive: it has not been started or has terminated.")});
            } else if (b == "jthreadGroup") {
                add("JVMTI_ERROR_INVALID_THREAD_GROUP", p->id, {name, text(" is not a thread group object.")});
            } else if (b == "jobject") {
                add("JVMTI_ERROR_INVALID_OBJECT", p->id, {name, text(" is not an object.")});
            } else if (b == "jclass") {
                add("JVMTI_ERROR_INVALID_CLASS", p->id,
                    {name, text(" is not a class object, or its class has been unloaded.")});
            } else if (b == "jmethodID") {
                add("JVMTI_ERROR_INVALID_METHODID", p->id, {name, text(" is not a method ID.")});
                auto native = t.baseAttrs.find("native");
                if (native != t.baseAttrs.end() && native->second == "error")
                    add("JVMTI_ERROR_NATIVE_METHOD", p->id, {name, text(" is a native method.")});
            } else if (b == "jfieldID") {
                add("JVMTI_ERROR_INVALID_FIELDID", p->id, {name, text(" is not a field ID.")});
            } else if (b == "jrawMonitorID") {
                add("JVMTI_ERROR_INVALID_MONITOR", p->id, {name, text(" is not a raw monitor.")});
            } else if (b == "jframeID") {
                add("JVMTI_ERROR_ILLEGAL_ARGUMENT", p->id, {name, text(" is less than zero.")});
                Prose none{text("The stack has no frame at depth "), name};
                auto thread = t.baseAttrs.find("thread");
                if (thread != t.baseAttrs.end()) {
                    none.push_back(text(" in "));
                    none.push_back(paramRef(thread->second));
                }
                none.push_back(text("."));
                add("JVMTI_ERROR_NO_MORE_FRAMES", p->id, std::move(none));
            }
        }
        auto it = byParam.find(p);
        if (it == byParam.end()) continue;
        for (const auto* k : it->second) {
            switch (k->what) {
                case EntryCheck::What::NullPointer:
                    add(k->error, p->id, {name, text(" is "), code("NULL"), text(".")});
                    break;
                case EntryCheck::What::Minimum:
                    add(k->error, p->id, {name, text(" is less than " + k->minimum + ".")});
                    break;
                case EntryCheck::What::EnumValue: {
                    ProseNode type = isDataId(t.name) ? element("datalink", {}, {{"id", t.name}}) : code(t.name);
                    add(k->error, p->id, {name, text(" is not a "), type, text(" value.")});
                    break;
                }
                default: break;
            }
        }
    }
    return out;
}

}  // namespace jvmtigen
