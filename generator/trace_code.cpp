#include "trace_code.hpp"

namespace jvmtigen {

namespace {

const Typedef* findTypedef(const Spec& spec, const std::string& name) {
    for (const auto& t : spec.typedefs)
        if (t.id == name && !t.elided) return &t;
    return nullptr;
}

// Whether put(v, x) exists for a struct of this name (the header declares one for every struct
// typedef and for the capabilities).
bool hasStructPut(const Spec& spec, const std::string& name) {
    if (name == "jvmtiCapabilities") return true;
    const Typedef* t = findTypedef(spec, name);
    return t != nullptr && t->form == Typedef::Form::Struct;
}

// The argument of put() for one value of type `t` held in `expr`: the value itself where its C++
// type says how it reads, else wrapped with what it needs.
std::string leaf(const TraceScope& scope, const Type& t, const Prose* description, const std::string& expr) {
    const std::string& b = t.base;
    if (b == "jint") {
        if (const ConstantsGroup* g = description ? linkedConstants(scope.spec, *description) : nullptr)
            return "Flags{" + constantsTableName(g->id) + ", " + expr + "}";
        return expr;
    }
    if (b == "size_t") return "static_cast<jlong>(" + expr + ")";
    if (b == "jthread") return "Thread{" + expr + "}";
    if (b == "jthreadGroup") return "ThreadGroup{" + expr + "}";
    if (b == "jfieldID") {
        auto cls = t.baseAttrs.find("class");
        const std::string klass = cls != t.baseAttrs.end() ? scope.sibling(cls->second) : "";
        return "FieldName{" + (klass.empty() ? std::string("nullptr") : klass) + ", " + expr + "}";
    }
    if (b == "jvalue") {
        const std::string type = scope.sibling("signature_type");
        return "Typed{" + expr + ", " + (type.empty() ? std::string("'\\0'") : type) + "}";
    }
    if (b == "enum") return t.name == "jvmtiError" ? expr : "Flags{" + constantsTableName(t.name) + ", " + expr + "}";
    if (b == "struct") return hasStructPut(scope.spec, t.name) ? expr : "Where{&(" + expr + ")}";
    if (b == "void") return "Where{&(" + expr + ")}";
    return expr;  // jlong, jlocation, jframeID, jchar, jboolean, jfloat, jdouble, char, jclass, jobject, the IDs
}

TracePut putLeaf(const TraceScope& scope, const Type& t, const Prose* description, const std::string& expr) {
    return {"put", leaf(scope, t, description, expr)};
}

// The count of a buffer: its outcount when it has one, else its incount; "" for neither.
std::string countOf(const TraceScope& scope, const Type& t) {
    if (!t.outcount.empty()) return scope.sibling(t.outcount);
    if (!t.incount.empty()) return scope.sibling(t.incount);
    return "";
}

// A buffer of base type `t.base` at `pointer`: a string, a byte block, an array with its count;
// an address when the model gives no count.
TracePut putBuffer(const TraceScope& scope, const Type& t, const std::string& pointer) {
    const std::string count = countOf(scope, t);
    if (t.base == "char") return {"put", pointer};
    if (t.base == "uchar") return {"put", "Bytes{" + pointer + ", " + (count.empty() ? std::string("-1") : count) + "}"};
    if (!count.empty() && t.base != "void") {
        // jvmti.h declares threads and thread groups as plain jobjects: their elements say what they are.
        const std::string as = t.base == "jthread" ? "<Thread>" : t.base == "jthreadGroup" ? "<ThreadGroup>" : "";
        return {"putArray" + as, pointer + ", " + count};
    }
    return {"put", "Where{" + pointer + "}"};
}

}  // namespace

std::string constantsTableName(const std::string& group) { return "constants_" + group; }

TraceParam traceFunctionParam(const TraceScope& scope, const Param& p) {
    const Type& t = p.type;
    const std::string& id = p.id;
    TraceParam r;
    switch (t.kind) {
        case Kind::Value:
            r.input = putLeaf(scope, t, &p.description, id);
            break;
        case Kind::PtrType:  // a function pointer type, or a handle
            r.input = t.base == "struct" ? TracePut{"put", "Where{reinterpret_cast<const void*>(" + id + ")}"}
                                         : putLeaf(scope, t, &p.description, id);
            break;
        case Kind::InPtr:
            if (t.base == "struct" && t.name == "jvmtiEventCallbacks") {
                const std::string size = scope.sibling("size_of_callbacks");
                r.input = {"put", "SizedCallbacks{" + id + ", " +
                                      (size.empty() ? std::string("sizeof(jvmtiEventCallbacks)") : size) + "}"};
            } else if (hasStructPut(scope.spec, t.name)) {
                r.input = {"putAt", id};
            } else {  // a structure the model does not describe (the JNI function table)
                r.input = {"put", "Where{" + id + "}"};
            }
            break;
        case Kind::InBuf:
        case Kind::VmBuf:
            r.input = putBuffer(scope, t, id);
            break;
        case Kind::AgentBuf:
            if (t.base == "void" && t.cType().find("**") != std::string::npos) {  // local storage handed back
                r.inputOnlyIfNull = true;
                r.output = TracePut{"put", "Where{*" + id + "}"};
            } else {
                r.input = TracePut{"put", "Where{" + id + "}"};
            }
            break;
        case Kind::OutPtr:
            r.inputOnlyIfNull = true;
            r.output = putLeaf(scope, t, &p.description, "*" + id);
            break;
        case Kind::OutBuf:
            if (countOf(scope, t).empty()) {  // a block handed in, as Deallocate's
                r.input = TracePut{"put", "Where{" + id + "}"};
            } else {
                r.inputOnlyIfNull = true;
                r.output = putBuffer(scope, t, id);
            }
            break;
        case Kind::AllocBuf:
            r.inputOnlyIfNull = true;
            r.output = putBuffer(scope, t, "*" + id);
            break;
        case Kind::AllocAllocBuf: {  // an array of blocks: of strings, each put as one
            r.inputOnlyIfNull = true;
            const std::string count = countOf(scope, t);
            r.output = count.empty() || t.base != "char" ? TracePut{"put", "Where{*" + id + "}"}
                                                         : TracePut{"putArray", "*" + id + ", " + count};
            break;
        }
        case Kind::AllocFieldBuf:
        case Kind::Varargs:
            break;
    }
    return r;
}

TraceParam traceEventParam(const TraceScope& scope, const Param& p) {
    const Type& t = p.type;
    const std::string& id = p.id;
    TraceParam r;
    switch (t.kind) {
        case Kind::OutPtr:
            if (t.base == "struct" || t.base == "void")  // JNIEnv*, an address the VM passes
                r.input = TracePut{"put", "Where{" + id + "}"};
            else  // set by the agent's callback
                r.output = putLeaf(scope, t, &p.description, "*" + id);
            return r;
        case Kind::AgentBuf:  // a block the agent's callback may hand back
            r.output = putBuffer(scope, t, "*" + id);
            r.outputIfPointee = true;
            return r;
        default:
            return traceFunctionParam(scope, p);
    }
}

TraceField traceField(const TraceScope& scope, const Field& f, const std::string& object) {
    const Type& t = f.type;
    const std::string expr = object + "." + f.id;
    switch (t.kind) {
        case Kind::PtrType:
            if (t.base == "struct") return {true, {}};  // a function pointer: named when set
            return {false, putLeaf(scope, t, &f.description, expr)};
        case Kind::Value:
            return {false, putLeaf(scope, t, &f.description, expr)};
        case Kind::AllocFieldBuf:
        case Kind::InBuf:
        case Kind::OutBuf:
        case Kind::VmBuf:
        case Kind::AgentBuf:
            return {false, putBuffer(scope, t, expr)};
        default:
            return {false, {"put", "Where{&(" + expr + ")}"}};
    }
}

}  // namespace jvmtigen
