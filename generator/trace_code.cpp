#include "trace_code.hpp"

namespace jvmtigen {

namespace {

// Statements with their nesting.
class Code {
public:
    void line(const std::string& text) { lines_.push_back(std::string(depth_ * 4, ' ') + text); }
    void open(const std::string& text) {
        line(text + " {");
        ++depth_;
    }
    void close() {
        --depth_;
        line("}");
    }
    // Closes the open block and opens its else branch.
    void otherwise() {
        --depth_;
        line("} else {");
        ++depth_;
    }
    int depth() const { return depth_; }
    std::vector<std::string> take() { return std::move(lines_); }

private:
    std::vector<std::string> lines_;
    int depth_ = 0;
};

const Typedef* findTypedef(const Spec& spec, const std::string& name) {
    for (const auto& t : spec.typedefs)
        if (t.id == name && !t.elided) return &t;
    return nullptr;
}

// Whether put(v, x) exists for a struct of this name (the trace emitter writes one for every
// struct typedef, the capabilities and the event callbacks).
bool hasStructPut(const Spec& spec, const std::string& name) {
    if (name == "jvmtiCapabilities" || name == "jvmtiEventCallbacks") return true;
    const Typedef* t = findTypedef(spec, name);
    return t != nullptr && t->form == Typedef::Form::Struct;
}

// Puts one value of base type `t.base` held in `expr`.
class Leaf {
public:
    Leaf(const TraceScope& scope, const Type& t, const Prose* description)
        : scope_(scope), t_(t), description_(description) {}

    void put(Code& c, const std::string& expr) const {
        const std::string& b = t_.base;
        if (b == "jint" || b == "jlong" || b == "jlocation" || b == "jframeID" || b == "size_t" || b == "jchar") {
            const ConstantsGroup* g = (b == "jint" && description_) ? linkedConstants(scope_.spec, *description_) : nullptr;
            if (g)
                c.line("v.constant(" + constantsTableName(g->id) + ", " + expr + ");");
            else
                c.line("v.integer(static_cast<jlong>(" + expr + "));");
        } else if (b == "jboolean") {
            c.line("v.boolean(" + expr + ");");
        } else if (b == "jfloat" || b == "jdouble") {
            c.line("v.floating(" + expr + ");");
        } else if (b == "char") {
            c.line("v.character(" + expr + ");");
        } else if (b == "jthread") {
            c.line("v.thread(" + expr + ");");
        } else if (b == "jthreadGroup") {
            c.line("v.threadGroup(" + expr + ");");
        } else if (b == "jclass") {
            c.line("v.klass(" + expr + ");");
        } else if (b == "jobject") {
            c.line("v.object(" + expr + ");");
        } else if (b == "jmethodID") {
            c.line("v.method(" + expr + ");");
        } else if (b == "jfieldID") {
            auto cls = t_.baseAttrs.find("class");
            std::string klass = cls != t_.baseAttrs.end() ? scope_.sibling(cls->second) : "";
            c.line("v.fieldId(" + (klass.empty() ? std::string("nullptr") : klass) + ", " + expr + ");");
        } else if (b == "jrawMonitorID") {
            c.line("v.address(" + expr + ");");
        } else if (b == "jvalue") {
            const std::string type = scope_.sibling("signature_type");
            c.line("v.value(" + expr + ", " + (type.empty() ? std::string("'\\0'") : type) + ");");
        } else if (b == "enum") {
            if (t_.name == "jvmtiError")
                c.line("v.error(" + expr + ");");
            else
                c.line("v.constant(" + constantsTableName(t_.name) + ", static_cast<jlong>(" + expr + "));");
        } else if (b == "struct" && hasStructPut(scope_.spec, t_.name)) {
            c.line("put(v, " + expr + ");");
        } else {
            // Unions, and anything else the model does not describe: where it is.
            c.line("v.address(reinterpret_cast<const void*>(&(" + expr + ")));");
        }
    }

private:
    const TraceScope& scope_;
    const Type& t_;
    const Prose* description_;
};

// An array of `count` elements at `pointer` (a null pointer is written as NULL).
void putArray(Code& c, const Leaf& leaf, const std::string& pointer, const std::string& count) {
    const std::string i(1, static_cast<char>('i' + c.depth()));
    const std::string n = "n" + i;
    c.open("if (" + pointer + " == nullptr)");
    c.line("v.null();");
    c.otherwise();
    c.line("const jlong " + n + " = v.beginArray(static_cast<jlong>(" + count + "));");
    c.open("for (jlong " + i + " = 0; " + i + " < " + n + "; ++" + i + ")");
    c.line("v.element();");
    leaf.put(c, pointer + "[" + i + "]");
    c.close();
    c.line("v.endArray(" + n + ", static_cast<jlong>(" + count + "));");
    c.close();
}

// The count of a buffer: its outcount when it has one, else its incount; "" for neither.
std::string countOf(const TraceScope& scope, const Type& t) {
    if (!t.outcount.empty()) return scope.sibling(t.outcount);
    if (!t.incount.empty()) return scope.sibling(t.incount);
    return "";
}

// A buffer of base type `t.base` at `pointer`: strings, byte blocks, arrays with a count; an
// address when the model gives no count.
void putBuffer(Code& c, const TraceScope& scope, const Type& t, const Prose* description, const std::string& pointer) {
    const std::string count = countOf(scope, t);
    if (t.base == "char") {
        c.line("v.string(" + pointer + ");");
    } else if (t.base == "uchar") {
        c.line("v.bytes(" + pointer + ", " + (count.empty() ? std::string("-1") : "static_cast<jlong>(" + count + ")") + ");");
    } else if (!count.empty() && t.base != "void") {
        putArray(c, Leaf(scope, t, description), pointer, count);
    } else {
        c.line("v.address(" + pointer + ");");
    }
}

std::string quoted(const std::string& s) { return "\"" + s + "\""; }

// Writes the field's name, then what `body` puts.
template <class Body>
void named(Code& c, const std::string& name, Body body) {
    c.line("v.field(" + quoted(name) + ");");
    body();
}

// An out-parameter given as NULL: the input shows it, since the call will fail on it.
void nullInput(Code& c, const std::string& id) {
    c.open("if (" + id + " == nullptr)");
    named(c, id, [&] { c.line("v.null();"); });
    c.close();
}

}  // namespace

std::string constantsTableName(const std::string& group) { return "constants_" + group; }

const ConstantsGroup* linkedConstants(const Spec& spec, const Prose& description) {
    for (const ProseNode& n : description) {
        if (n.tag == "datalink" || n.tag == "internallink") {
            if (const std::string* id = n.attr("id")) {
                for (const auto& g : spec.constants)
                    if (g.id == *id && (g.kind == "enum" || g.kind == "bits")) return &g;
            }
        }
        if (const ConstantsGroup* g = linkedConstants(spec, n.kids)) return g;
    }
    return nullptr;
}

TraceParam traceFunctionParam(const TraceScope& scope, const Param& p) {
    const Type& t = p.type;
    const std::string& id = p.id;
    const Leaf leaf(scope, t, &p.description);
    Code in, out;
    switch (t.kind) {
        case Kind::Value:
            named(in, id, [&] { leaf.put(in, id); });
            break;
        case Kind::PtrType:
            if (t.base == "struct")  // a function pointer type
                named(in, id, [&] { in.line("v.address(reinterpret_cast<const void*>(" + id + "));"); });
            else
                named(in, id, [&] { leaf.put(in, id); });
            break;
        case Kind::InPtr:
            named(in, id, [&] {
                in.open("if (" + id + " == nullptr)");
                in.line("v.null();");
                in.otherwise();
                if (t.base == "struct" && t.name == "jvmtiEventCallbacks") {
                    const std::string size = scope.sibling("size_of_callbacks");
                    in.line("put(v, *" + id + ", " + (size.empty() ? std::string("sizeof(jvmtiEventCallbacks)") : size) + ");");
                } else {
                    leaf.put(in, "*" + id);
                }
                in.close();
            });
            break;
        case Kind::InBuf:
            named(in, id, [&] { putBuffer(in, scope, t, &p.description, id); });
            break;
        case Kind::AgentBuf:
            if (t.base == "void" && t.cType().find("**") != std::string::npos) {
                nullInput(in, id);
                out.open("if (" + id + " != nullptr)");
                named(out, id, [&] { out.line("v.address(*" + id + ");"); });
                out.close();
            } else {
                named(in, id, [&] { in.line("v.address(" + id + ");"); });
            }
            break;
        case Kind::OutPtr:
            nullInput(in, id);
            out.open("if (" + id + " != nullptr)");
            named(out, id, [&] { leaf.put(out, "*" + id); });
            out.close();
            break;
        case Kind::OutBuf:
            if (countOf(scope, t).empty()) {  // a block handed in, as Deallocate's
                named(in, id, [&] { in.line("v.address(" + id + ");"); });
            } else {
                nullInput(in, id);
                out.open("if (" + id + " != nullptr)");
                named(out, id, [&] { putBuffer(out, scope, t, &p.description, id); });
                out.close();
            }
            break;
        case Kind::AllocBuf:
            nullInput(in, id);
            out.open("if (" + id + " != nullptr)");
            named(out, id, [&] { putBuffer(out, scope, t, &p.description, "(*" + id + ")"); });
            out.close();
            break;
        case Kind::AllocAllocBuf: {
            nullInput(in, id);
            out.open("if (" + id + " != nullptr)");
            const std::string count = countOf(scope, t);
            named(out, id, [&] {
                if (count.empty()) {
                    out.line("v.address(*" + id + ");");
                } else {
                    // Each element is itself a buffer: a string, or an address.
                    const std::string i(1, static_cast<char>('i' + out.depth()));
                    out.open("if (*" + id + " == nullptr)");
                    out.line("v.null();");
                    out.otherwise();
                    out.line("const jlong n" + i + " = v.beginArray(static_cast<jlong>(" + count + "));");
                    out.open("for (jlong " + i + " = 0; " + i + " < n" + i + "; ++" + i + ")");
                    out.line("v.element();");
                    if (t.base == "char")
                        out.line("v.string((*" + id + ")[" + i + "]);");
                    else
                        out.line("v.address((*" + id + ")[" + i + "]);");
                    out.close();
                    out.line("v.endArray(n" + i + ", static_cast<jlong>(" + count + "));");
                    out.close();
                }
            });
            out.close();
            break;
        }
        case Kind::VmBuf:
            named(in, id, [&] { putBuffer(in, scope, t, &p.description, id); });
            break;
        case Kind::AllocFieldBuf:
        case Kind::Varargs:
            break;
    }
    return {in.take(), out.take()};
}

TraceParam traceEventParam(const TraceScope& scope, const Param& p) {
    const Type& t = p.type;
    const std::string& id = p.id;
    Code in, out;
    switch (t.kind) {
        case Kind::OutPtr:
            if (t.base == "struct" || t.base == "void") {  // JNIEnv*, an address the VM passes
                named(in, id, [&] { in.line("v.address(" + id + ");"); });
            } else {  // set by the agent's callback
                out.open("if (" + id + " != nullptr)");
                named(out, id, [&] { Leaf(scope, t, &p.description).put(out, "*" + id); });
                out.close();
            }
            break;
        case Kind::AgentBuf:  // a block the agent's callback may hand back
            out.open("if (" + id + " != nullptr && *" + id + " != nullptr)");
            named(out, id, [&] { putBuffer(out, scope, t, &p.description, "(*" + id + ")"); });
            out.close();
            break;
        default:
            return traceFunctionParam(scope, p);
    }
    return {in.take(), out.take()};
}

std::vector<std::string> traceField(const TraceScope& scope, const Field& f, const std::string& object) {
    const Type& t = f.type;
    const std::string expr = object + "." + f.id;
    Code c;
    auto member = [&](auto body) {
        c.line("v.member(" + quoted(f.id) + ");");
        body();
    };
    switch (t.kind) {
        case Kind::PtrType:
            if (t.base == "struct") {  // a function pointer: named when set
                c.line("if (" + expr + " != nullptr) v.flag(" + quoted(f.id) + ");");
            } else {
                member([&] { Leaf(scope, t, &f.description).put(c, expr); });
            }
            break;
        case Kind::Value:
            member([&] { Leaf(scope, t, &f.description).put(c, expr); });
            break;
        case Kind::AllocFieldBuf:
        case Kind::InBuf:
        case Kind::OutBuf:
        case Kind::VmBuf:
        case Kind::AgentBuf:
            member([&] { putBuffer(c, scope, t, &f.description, expr); });
            break;
        default:
            member([&] { c.line("v.address(reinterpret_cast<const void*>(&(" + expr + ")));"); });
            break;
    }
    return c.take();
}

}  // namespace jvmtigen
