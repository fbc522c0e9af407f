#include "hotspot_entry.hpp"

#include <algorithm>
#include <stdexcept>

#include "hotspot_conventions.hpp"

namespace jvmtigen::hotspot {

namespace {

bool has(const std::string& words, std::string_view word) { return words.find(word) != std::string::npos; }

const std::string* attr(const Type& t, const char* name) {
    auto it = t.baseAttrs.find(name);
    return it == t.baseAttrs.end() ? nullptr : &it->second;
}

// `$` becomes the parameter's name, `@` the other value (a minimum, an enum's name).
std::string fill(std::string_view pattern, const std::string& name, const std::string& other = "") {
    std::string out;
    for (char c : pattern) {
        if (c == '$') out += name;
        else if (c == '@') out += other;
        else out += c;
    }
    return out;
}

bool convertsThread(const Type& t) {
    const auto* impl = attr(t, "impl");
    return !impl || !has(*impl, kImplNoConvert);
}

// A jclass that names a method's or field's class serves that check; JvmtiEnv never sees it.
bool namesMemberClass(const Type& t) { return attr(t, "method") || attr(t, "field"); }

const Conversion* conversionOf(const Type& t) {
    if (t.kind != Kind::Value) return nullptr;
    if (t.base == "jthread" && !convertsThread(t)) return nullptr;
    for (const auto& c : conversions())
        if (c.base == t.base) return &c;
    return nullptr;
}

void addTests(ArgCheck& check, const ArgTests& tests, const std::string& name, const std::string& other = "") {
    for (auto line : tests.prepare) check.prepare.push_back(fill(line, name, other));
    for (const auto& t : tests.tests) {
        ArgTestLine l;
        for (auto d : t.declare) l.declare.push_back(fill(d, name, other));
        l.condition = fill(t.condition, name, other);
        l.error = std::string(t.error);
        l.note = fill(t.note, name, other);
        l.noteArg = fill(t.noteArg, name, other);
        l.traced = t.traced;
        check.tests.push_back(std::move(l));
    }
}

bool isPointer(Kind k) { return k != Kind::Value && k != Kind::Varargs; }

// The tests HotSpot makes of a parameter, by how it is passed and its base type.
ArgCheck checkOf(const Param& p, size_t index) {
    ArgCheck c;
    c.param = &p;
    c.index = index;
    const Type& t = p.type;
    if (isPointer(t.kind)) {
        if (!t.nullok) addTests(c, nullPointerTests(), p.id);
        return c;
    }
    if (t.kind != Kind::Value) return c;
    if (t.base == "jrawMonitorID") {
        addTests(c, rawMonitorTests(), p.id);
    } else if (t.base == "jthread") {
        if (convertsThread(t)) {
            addTests(c, threadTests(), p.id);
            c.currentWhenNull = attr(t, "null") != nullptr;
        }
    } else if (t.base == "jframeID") {
        addTests(c, frameDepthTests(), p.id);
    } else if (t.base == "jclass") {
        if (!attr(t, "method")) {
            addTests(c, classTests(), p.id);
            if (namesMemberClass(t)) addTests(c, klassTests(), p.id);
        }
    } else if (t.base == "jmethodID") {
        addTests(c, methodTests(), p.id);
        if (const auto* native = attr(t, "native"); native && has(*native, "error"))
            addTests(c, nativeMethodTests(), p.id);
    } else if (t.base == "jfieldID") {
        addTests(c, fieldTests(), p.id);
    } else if (t.base == "jint") {
        if (const auto* min = attr(t, "min")) addTests(c, minimumTests(), p.id, *min);
    }
    return c;
}

TracePiece showBase(const Type& t, const std::string& name) {
    if (t.base == "jclass" && attr(t, "method")) return {};
    if (t.base == "jthread" && !convertsThread(t)) return {};
    for (const auto& s : traceShows()) {
        if (s.base != t.base) continue;
        TracePiece piece{fill(s.format, name), {}};
        for (auto v : s.values) {
            if (v != "#") {
                piece.values.push_back(fill(v, name));
                continue;
            }
            for (const auto& n : enumNamers())
                if (n.enumName == t.name || n.enumName.empty()) {
                    piece.values.push_back(fill(n.value, name, t.name));
                    break;
                }
        }
        return piece;
    }
    return {};
}

TracePiece pointer(const std::string& name) {
    return {fill(kTracePointerFormat, name), {fill(kTracePointerValue, name)}};
}

TracePiece showOf(const Param& p) {
    const Type& t = p.type;
    switch (t.kind) {
        case Kind::Value: return showBase(t, p.id);
        case Kind::InBuf:
            if (t.base == "char") return {fill(kTraceStringFormat, p.id), {fill(kTraceStringValue, p.id)}};
            return pointer(p.id);
        case Kind::InPtr: return pointer(p.id);
        // A ptrtype shows a jclass by address; any other type as its base would, unnamed.
        case Kind::PtrType: return t.base == "jclass" ? pointer(p.id) : showBase(t, "");
        default: return {};  // out-parameters and varargs are not shown
    }
}

PhaseTest phaseOf(const Function& f) {
    const std::string& ph = f.phase;
    if (ph.empty() || has(ph, "live")) return PhaseTest::Live;
    if (has(ph, "onloadOnly")) return PhaseTest::OnLoadOnly;
    if (has(ph, "onload")) return PhaseTest::OnLoad;
    if (has(ph, "start")) return PhaseTest::Start;
    return PhaseTest::None;
}

}  // namespace

Entry entryOf(const Function& f) {
    Entry e;
    e.fn = &f;
    e.phase = phaseOf(f);
    e.early = e.phase != PhaseTest::Live && e.phase != PhaseTest::Start;
    e.callbackSafe = has(f.callbacksafe, "safe");
    e.guard = !e.callbackSafe ? ThreadGuard::JavaThread
              : e.early      ? ThreadGuard::AnyButUnattached
                             : ThreadGuard::JavaOrNamedThread;
    e.enterVm = !has(f.impl, kImplInNative);
    e.preserveExceptions = e.enterVm && !e.callbackSafe;
    e.underIncludeJvmti = !has(f.jkernel, kJkernelYes);
    for (const auto& c : f.required) e.capabilities.push_back(c.id);
    for (size_t i = 0; i < f.params.size(); ++i) {
        const Param& p = f.params[i];
        ArgCheck c = checkOf(p, i);
        if (!c.tests.empty()) e.checks.push_back(std::move(c));
        e.trace.push_back(showOf(p));
        if (p.type.kind == Kind::Varargs) {
            e.callArgs.emplace_back(kVarargsValue);
        } else if (const auto* conv = conversionOf(p.type)) {
            if (!(p.type.base == "jclass" && namesMemberClass(p.type))) e.callArgs.emplace_back(conv->value);
        } else if (p.inSignature()) {
            e.callArgs.push_back(p.id);
        }
    }
    return e;
}

TracePiece traceLine(const Entry& e, size_t end) {
    TracePiece line;
    for (size_t i = 0; i < e.trace.size() && i < end; ++i) {
        line.format += e.trace[i].format;
        line.values.insert(line.values.end(), e.trace[i].values.begin(), e.trace[i].values.end());
    }
    return line;
}

bool hasEnvMethod(const Function& f) { return !has(f.impl, kImplUnimpl); }

std::vector<const Function*> envMethodsOf(const Spec& s, const std::string& category) {
    std::vector<const Function*> out;
    for (const auto& f : s.functions)
        if (!f.elided && f.category == category && hasEnvMethod(f)) out.push_back(&f);
    return out;
}

std::string envMethodName(const Function& f) { return f.hide + f.id; }

bool inEntryTable(const Function& f) { return f.hide.empty(); }

std::vector<EnvParam> envParams(const Function& f) {
    std::vector<EnvParam> out;
    for (const auto& p : f.params) {
        const Type& t = p.type;
        if (t.kind == Kind::Varargs) {
            out.push_back({"", p.id, &p});
        } else if (const auto* conv = conversionOf(t)) {
            if (!(t.base == "jclass" && namesMemberClass(t)))
                out.push_back({std::string(conv->type), std::string(conv->name), &p});
        } else if (p.inSignature()) {
            out.push_back({t.cType(), p.id, &p});
        }
    }
    return out;
}

}  // namespace jvmtigen::hotspot
