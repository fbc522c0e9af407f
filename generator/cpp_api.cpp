#include "cpp_api.hpp"

#include <cctype>
#include <cstdio>
#include <map>
#include <set>
#include <stdexcept>

#include "api_version.hpp"
#include "derive.hpp"

namespace jvmtigen {

namespace {

bool isReference(const std::string& base) {
    return base == "jobject" || base == "jclass" || base == "jthread" || base == "jthreadGroup";
}

const Typedef* findStruct(const Spec& spec, const std::string& name) {
    for (const auto& t : spec.typedefs)
        if (t.id == name && !t.elided) return &t;
    return nullptr;
}

// Whether a struct holds memory of its own that JVMTI allocated (allocfieldbuf fields): the C++
// API then owns a value of it through Owned<T>, which frees those fields.
bool ownsFields(const Spec& spec, const Type& t) {
    if (t.base != "struct") return false;
    const Typedef* s = findStruct(spec, t.name);
    if (!s) return false;
    for (const auto& f : s->fields)
        if (f.type.kind == Kind::AllocFieldBuf) return true;
    return false;
}

bool isCapabilities(const Spec& spec, const Type& t) {
    return t.base == "struct" && !spec.capabilities.empty() && t.name == spec.capabilities[0].id;
}

const ConstantsGroup* findGroup(const Spec& spec, const std::string& id) {
    for (const auto& g : spec.constants)
        if (g.id == id && (g.kind == "enum" || g.kind == "bits")) return &g;
    return nullptr;
}

// The C++ type of one value of base type `t` (as an array element or a single output).
std::string elementType(const Spec& spec, const Type& t) {
    if (isReference(t.base)) return "Local<" + t.base + ">";
    if (isCapabilities(spec, t)) return "Capabilities";
    return t.baseCType();
}

std::string stripPtr(const std::string& id) {
    const std::string suffix = "_ptr";
    if (id.size() > suffix.size() && id.ends_with(suffix)) return id.substr(0, id.size() - suffix.size());
    return id;
}

}  // namespace

std::string lowerCamel(const std::string& id) {
    // The leading run of capitals is an acronym (VMInit, JNIFunctionTable), lowered as a whole
    // but for the capital that starts the next word.
    size_t caps = 0;
    while (caps < id.size() && std::isupper(static_cast<unsigned char>(id[caps]))) ++caps;
    size_t lower = caps > 1 && caps < id.size() ? caps - 1 : caps;
    std::string out = id;
    for (size_t i = 0; i < lower; ++i) out[i] = static_cast<char>(std::tolower(static_cast<unsigned char>(out[i])));
    return out;
}

std::string versionHex(const std::string& since) {
    const auto v = parseSince(since);
    // Validation refuses a since that is not a version or does not fit one.
    if (!v) throw std::logic_error("since=\"" + since + "\" reached the C++ API unvalidated");
    return versionHex(*v);
}

std::string versionHex(const Version& v) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "0x%08X", 0x30000000u | (static_cast<unsigned>(v.major) << 16) |
                                                 (static_cast<unsigned>(v.minor) << 8) | static_cast<unsigned>(v.micro));
    return buf;
}

std::string cppGroupName(const std::string& groupId) {
    return groupId.starts_with("jvmti") ? groupId.substr(5) : groupId;
}

std::vector<std::string> cppConstantNames(const ConstantsGroup& g) {
    // The longest prefix, ending at an underscore, that every name shares and none is.
    size_t prefix = 0;
    if (!g.constants.empty()) {
        const std::string& first = g.constants[0].id;
        for (size_t i = 0; i < first.size(); ++i) {
            if (first[i] != '_') continue;
            bool shared = true;
            for (const auto& c : g.constants) shared = shared && c.id.size() > i + 1 && c.id.compare(0, i + 1, first, 0, i + 1) == 0;
            if (!shared) break;
            prefix = i + 1;
        }
    }
    std::vector<std::string> out;
    for (const auto& c : g.constants) {
        std::string name;
        bool start = true;
        for (size_t i = prefix; i < c.id.size(); ++i) {
            const char ch = c.id[i];
            if (ch == '_') {
                start = true;
                continue;
            }
            name += start ? static_cast<char>(std::toupper(static_cast<unsigned char>(ch)))
                          : static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
            start = false;
        }
        if (name.empty() || std::isdigit(static_cast<unsigned char>(name[0]))) name = "N" + name;
        out.push_back(name);
    }
    return out;
}

std::vector<CppFunction> cppFunctions(const Spec& spec) {
    std::vector<CppFunction> out;
    for (const Function* f : activeFunctions(spec)) {
        CppFunction cf;
        cf.fn = f;
        cf.member = lowerCamel(f->id);
        cf.sinceHex = versionHex(f->since);
        const auto sig = signatureParams(f->params);
        auto kindOf = [&](const std::string& id) -> const Param* {
            for (const auto* p : sig)
                if (p->id == id) return p;
            return nullptr;
        };
        // Counts the C++ side takes from a span (an input count), and counts that belong to an
        // array the call returns (an output count): neither is a parameter or an output of its own.
        std::map<std::string, std::string> countFromSpan;
        std::set<std::string> arrayCounts;
        for (const auto* p : sig) {
            const Type& t = p->type;
            const bool span = !t.incount.empty() && (t.kind == Kind::InBuf || t.kind == Kind::OutBuf || t.kind == Kind::AgentBuf);
            if (span && !countFromSpan.count(t.incount)) countFromSpan[t.incount] = "static_cast<jint>(" + p->id + ".size())";
            if ((t.kind == Kind::AllocBuf || t.kind == Kind::AllocAllocBuf) && !t.outcount.empty()) {
                const Param* c = kindOf(t.outcount);
                if (c && c->type.kind == Kind::OutPtr) arrayCounts.insert(c->id);
            }
        }
        // The C expression of an input count or the local of an output count.
        auto countExpr = [&](const std::string& id) -> std::string {
            const Param* c = kindOf(id);
            if (!c) return "";
            if (c->type.kind == Kind::OutPtr) return id;
            auto s = countFromSpan.find(id);
            return s != countFromSpan.end() ? s->second : id;
        };
        for (const auto* p : sig) {
            const Type& t = p->type;
            const std::string& id = p->id;
            const std::string count = !t.outcount.empty() ? t.outcount : t.incount;
            switch (t.kind) {
                case Kind::Varargs: break;
                case Kind::Value:
                case Kind::PtrType: {
                    if (countFromSpan.count(id)) {
                        cf.args.push_back(countFromSpan[id]);
                        break;
                    }
                    const ConstantsGroup* linked = t.base == "jint" ? linkedConstants(spec, p->description) : nullptr;
                    if (t.kind == Kind::Value && t.base == "enum" && t.name == "jvmtiEvent") {
                        cf.params.push_back("Event " + id);
                        cf.args.push_back("static_cast<jvmtiEvent>(" + id + ")");
                    } else if (t.kind == Kind::Value && t.base == "enum" && findGroup(spec, t.name)) {
                        cf.params.push_back(cppGroupName(t.name) + " " + id);
                        cf.args.push_back("static_cast<" + t.name + ">(" + id + ")");
                    } else if (linked && linked->kind == "bits") {
                        cf.params.push_back(cppGroupName(linked->id) + " " + id);
                        cf.args.push_back(id + ".bits()");
                    } else if (linked) {
                        cf.params.push_back(cppGroupName(linked->id) + " " + id);
                        cf.args.push_back("static_cast<jint>(" + id + ")");
                    } else {
                        cf.params.push_back(t.cType() + " " + id);
                        cf.args.push_back(id);
                    }
                    break;
                }
                case Kind::InPtr:
                case Kind::InBuf:
                case Kind::VmBuf:
                case Kind::OutBuf:
                case Kind::AgentBuf: {
                    const bool input = t.kind != Kind::OutBuf;
                    if (t.kind == Kind::AgentBuf && t.incount.empty() && t.base == "void") {  // the agent's pointer, handed back
                        cf.locals.push_back({t.baseCType() + "*", id});
                        cf.args.push_back("&" + id);
                        cf.outputs.push_back({stripPtr(id), t.baseCType() + "*", id});
                    } else if (t.kind == Kind::InPtr && isCapabilities(spec, t)) {
                        cf.params.push_back("const Capabilities& " + id);
                        cf.args.push_back("&" + id);
                    } else if (!t.incount.empty() && t.kind != Kind::VmBuf) {
                        const std::string elem = t.kind == Kind::AgentBuf ? t.baseCType() + "*" : t.baseCType();
                        cf.params.push_back("Span<" + std::string(input ? "const " : "") + elem + "> " + id);
                        cf.args.push_back(id + ".data()");
                    } else if (t.kind == Kind::InBuf && t.base == "char") {
                        cf.params.push_back("CStr " + id);
                        cf.args.push_back(id + ".get()");
                    } else {
                        cf.params.push_back(t.cType() + " " + id);
                        cf.args.push_back(id);
                    }
                    break;
                }
                case Kind::OutPtr: {
                    const std::string base = t.baseCType();
                    cf.locals.push_back({base, id});
                    cf.args.push_back("&" + id);
                    if (arrayCounts.count(id)) break;
                    const ConstantsGroup* linked = t.base == "jint" ? linkedConstants(spec, p->description) : nullptr;
                    CppOutput o{stripPtr(id), base, id};
                    if (t.base == "enum" && findGroup(spec, t.name)) {
                        o.type = cppGroupName(t.name);
                        o.value = "static_cast<" + o.type + ">(" + id + ")";
                    } else if (linked) {
                        o.type = cppGroupName(linked->id);
                        o.value = linked->kind == "bits" ? o.type + "{" + id + "}" : "static_cast<" + o.type + ">(" + id + ")";
                    } else if (isReference(t.base) || isCapabilities(spec, t)) {
                        o.type = elementType(spec, t);
                        o.value = o.type + "{" + id + "}";
                    } else if (ownsFields(spec, t)) {
                        o.type = "Owned<" + base + ">";
                        o.value = o.type + "{env_, " + id + "}";
                    }
                    cf.outputs.push_back(std::move(o));
                    break;
                }
                case Kind::AllocBuf:
                case Kind::AllocAllocBuf: {
                    const bool nested = t.kind == Kind::AllocAllocBuf;
                    const std::string base = t.baseCType();
                    cf.locals.push_back({base + (nested ? "**" : "*"), id});
                    cf.args.push_back("&" + id);
                    const std::string n = count.empty() ? "" : countExpr(count);
                    CppOutput o{stripPtr(id), "", ""};
                    if (nested) {
                        o.type = "NestedArray<" + base + ">";
                        o.value = o.type + "{env_, " + id + ", static_cast<std::size_t>(" + (n.empty() ? "1" : n) + ")}";
                    } else if (!n.empty()) {
                        o.type = "Array<" + elementType(spec, t) + ">";
                        o.value = o.type + "{env_, " + id + ", static_cast<std::size_t>(" + n + ")}";
                    } else if (t.base == "char") {
                        o.type = "String";
                        o.value = "String{env_, " + id + "}";
                    } else {
                        o.type = "Buffer<" + base + ">";
                        o.value = o.type + "{env_, " + id + "}";
                    }
                    cf.outputs.push_back(std::move(o));
                    break;
                }
                case Kind::AllocFieldBuf: break;  // fields only, never a parameter
            }
        }
        if (cf.outputs.empty()) cf.valueType = "void";
        else if (cf.outputs.size() == 1) cf.valueType = cf.outputs[0].type;
        else cf.valueType = "out::" + f->id;
        out.push_back(std::move(cf));
    }
    return out;
}

std::string cppSignature(const CppFunction& f) {
    std::string s = "Result<" + f.valueType + "> " + f.member + "(";
    for (size_t i = 0; i < f.params.size(); ++i) s += (i ? ", " : "") + f.params[i];
    return s + ")";
}

}  // namespace jvmtigen
