// The facts of spec/jvmti.xml against OpenJDK's JDK 16 jvmti.xml: every fact that differs
// must be one that ../shared/design/jvmti-versions.md lists as changed through JVMTI 25, or one
// of the later releases' (JDK 26's single OPAQUE_FRAME cases; JDK 28's preview capability).
//
// The comparison walks both models and produces one human-readable line per difference:
//
//   KIND ID: added: FACTS               an entity only in spec/jvmti.xml, with all its facts
//   KIND ID: removed: FACTS             an entity only in the JDK 16 file
//   KIND ID: WHAT: OLD -> NEW           a single fact changed ("(none)" when absent)
//   KIND ID: WHAT: added X / removed X  one element more / fewer in a list compared as a multiset
//
// KIND is one of: category, function, callback, typedef, capabilities, capability, constants,
// constant, event, errorcategory, error, basetypes, basetype. A parameter or field is named
// inside WHAT as "param P: ..." or "field F: ...", its type facts as "kind", "base", "name",
// "nullok", "incount", "outcount", "<wrapper> impl" (attribute of the wrapper element) or
// "<base> <attr>" (attribute of the base element, e.g. "jthread impl", "jint min").
//
// Prose (descriptions, synopses, error texts, nullok texts, origins) is not compared: we
// wrote all of it ourselves.

#include <algorithm>
#include <catch2/catch.hpp>
#include <iterator>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "spec_model.hpp"

using namespace jvmtigen;

namespace {

std::string show(const std::string& v) { return v.empty() ? "(none)" : v; }

std::string joinList(const std::vector<std::string>& v, const char* sep = ", ") {
    std::string out;
    for (const auto& s : v) out += (out.empty() ? "" : sep) + s;
    return "[" + out + "]";
}

std::string attrsText(const std::map<std::string, std::string>& attrs) {
    if (attrs.empty()) return "";
    std::string out;
    for (const auto& [k, v] : attrs) out += (out.empty() ? "" : ",") + k + "=" + v;
    return "{" + out + "}";
}

// A type in one compact line: "jthread{impl=noconvert,null=current}",
// "inbuf{incount=except_count} of jthread nullok", "outptr of struct JNIEnv".
std::string typeText(const Type& t) {
    std::string base = t.base;
    if (t.base == "enum" || t.base == "struct") base += " " + t.name;
    base += attrsText(t.baseAttrs);
    std::string out;
    if (t.kind == Kind::Value || t.kind == Kind::Varargs) {
        out = base;
    } else {
        std::map<std::string, std::string> w;
        if (!t.incount.empty()) w["incount"] = t.incount;
        if (!t.outcount.empty()) w["outcount"] = t.outcount;
        if (!t.impl.empty()) w["impl"] = t.impl;
        out = std::string(kindName(t.kind)) + attrsText(w) + " of " + base;
    }
    if (t.nullok) out += " nullok";
    return out;
}

std::string paramsText(const std::vector<Param>& ps) {
    std::vector<std::string> v;
    for (const auto& p : ps) v.push_back(p.id + ": " + typeText(p.type));
    return joinList(v, "; ");
}

std::vector<std::string> capIds(const std::vector<CapabilityUse>& caps) {
    std::vector<std::string> v;
    for (const auto& c : caps) v.push_back(c.id);
    return v;
}

std::vector<std::string> errorIds(const std::vector<ErrorUse>& errs) {
    std::vector<std::string> v;
    for (const auto& e : errs) v.push_back(e.id);
    return v;
}

std::vector<std::string> sorted(std::vector<std::string> v) {
    std::sort(v.begin(), v.end());
    return v;
}

// Defaults of the schema, so an attribute written out and one left to its default compare
// equal: a function without `phase` is a live-phase function, one without `callbacksafe` is
// not callback safe, one without `jkernel` is not in the kernel.
std::string fnPhase(const Function& f) { return f.phase.empty() ? "live" : f.phase; }
std::string fnCallbackSafe(const Function& f) { return f.callbacksafe.empty() ? "unsafe" : f.callbacksafe; }
std::string fnJkernel(const Function& f) { return f.jkernel.empty() ? "no" : f.jkernel; }
std::string yesNo(bool b) { return b ? "yes" : "no"; }

std::string functionFacts(const Function& f) {
    std::ostringstream s;
    s << "num " << f.num << ", phase " << fnPhase(f) << ", since " << f.since << ", category "
      << f.category << ", elided " << yesNo(f.elided) << ", callbacksafe " << fnCallbackSafe(f)
      << ", impl " << show(f.impl) << ", hide " << show(f.hide) << ", jkernel " << fnJkernel(f)
      << ", eventcapabilities " << yesNo(f.eventCapabilities) << ", required "
      << joinList(capIds(f.required)) << ", optional " << joinList(capIds(f.optional)) << ", params "
      << paramsText(f.params) << ", errors " << joinList(sorted(errorIds(f.errors)));
    return s.str();
}

std::string eventFacts(const Event& e) {
    std::ostringstream s;
    s << "num " << e.num << ", const " << e.constName << ", label " << e.label << ", phase "
      << show(e.phase) << ", filtered " << show(e.filtered) << ", since " << e.since << ", elided "
      << yesNo(e.elided) << ", required " << joinList(capIds(e.required)) << ", optional "
      << joinList(capIds(e.optional)) << ", params " << paramsText(e.params);
    return s.str();
}

std::string callbackFacts(const Callback& c) {
    std::ostringstream s;
    s << "since " << c.since << ", category " << c.category << ", elided " << yesNo(c.elided)
      << ", returns " << typeText(c.returns) << ", params " << paramsText(c.params);
    return s.str();
}

std::string typedefFacts(const Typedef& t) {
    std::vector<std::string> fields;
    for (const auto& f : t.fields) fields.push_back(f.id + ": " + typeText(f.type));
    std::ostringstream s;
    s << (t.form == Typedef::Form::Union ? "union" : "struct") << ", label " << t.label << ", since "
      << t.since << ", owner " << t.owner << ", elided " << yesNo(t.elided) << ", fields "
      << joinList(fields, "; ");
    return s.str();
}

std::string constantsFacts(const ConstantsGroup& g) {
    std::vector<std::string> ks;
    for (const auto& k : g.constants) ks.push_back(k.id + "=" + k.num);
    std::ostringstream s;
    s << "kind " << g.kind << ", label " << g.label << ", since " << g.since << ", owner "
      << g.owner << ", constants " << joinList(ks);
    return s.str();
}

class Differ {
public:
    std::vector<std::string> out;

    void line(const std::string& where, const std::string& text) { out.push_back(where + ": " + text); }

    void scalar(const std::string& where, const std::string& what, const std::string& a,
                const std::string& b) {
        if (a != b) line(where, what + ": " + show(a) + " -> " + show(b));
    }
    void scalar(const std::string& where, const std::string& what, int a, int b) {
        scalar(where, what, std::to_string(a), std::to_string(b));
    }
    void scalar(const std::string& where, const std::string& what, bool a, bool b) {
        scalar(where, what, yesNo(a), yesNo(b));
    }

    void ordered(const std::string& where, const std::string& what, const std::vector<std::string>& a,
                 const std::vector<std::string>& b) {
        if (a != b) line(where, what + ": " + joinList(a) + " -> " + joinList(b));
    }

    void multiset(const std::string& where, const std::string& what, const std::vector<std::string>& a,
                  const std::vector<std::string>& b) {
        std::map<std::string, int> count;
        for (const auto& x : a) --count[x];
        for (const auto& x : b) ++count[x];
        for (const auto& [id, n] : count) {
            for (int i = 0; i < n; ++i) line(where, what + ": added " + id);
            for (int i = 0; i < -n; ++i) line(where, what + ": removed " + id);
        }
    }

    void type(const std::string& where, const std::string& prefix, const Type& a, const Type& b) {
        scalar(where, prefix + "kind", kindName(a.kind), kindName(b.kind));
        scalar(where, prefix + "base", a.base, b.base);
        scalar(where, prefix + "name", a.name, b.name);
        scalar(where, prefix + "nullok", a.nullok, b.nullok);
        scalar(where, prefix + "incount", a.incount, b.incount);
        scalar(where, prefix + "outcount", a.outcount, b.outcount);
        scalar(where, prefix + kindName(b.kind) + " impl", a.impl, b.impl);
        std::set<std::string> keys;
        for (const auto& [k, v] : a.baseAttrs) keys.insert(k);
        for (const auto& [k, v] : b.baseAttrs) keys.insert(k);
        for (const auto& k : keys) {
            auto ia = a.baseAttrs.find(k);
            auto ib = b.baseAttrs.find(k);
            scalar(where, prefix + b.base + " " + k, ia == a.baseAttrs.end() ? "" : ia->second,
                   ib == b.baseAttrs.end() ? "" : ib->second);
        }
    }

    // Parameters or fields: their ids in order, then the type of each one both sides have.
    template <class T>
    void members(const std::string& where, const char* label, const std::vector<T>& a,
                 const std::vector<T>& b) {
        std::vector<std::string> ia, ib;
        for (const auto& x : a) ia.push_back(x.id);
        for (const auto& x : b) ib.push_back(x.id);
        ordered(where, std::string(label) + "s", ia, ib);
        for (const auto& x : a)
            for (const auto& y : b)
                if (x.id == y.id) type(where, std::string(label) + " " + x.id + ": ", x.type, y.type);
    }
};

// Pairs the entities of both sides by key; reports the ones on one side only, with their facts.
template <class T, class Key, class Facts, class Compare>
void pairUp(Differ& d, const std::string& kind, const std::vector<T>& a, const std::vector<T>& b, Key key,
            Facts facts, Compare compare) {
    std::map<std::string, const T*> ma, mb;
    for (const auto& x : a) ma[key(x)] = &x;
    for (const auto& x : b) mb[key(x)] = &x;
    for (const auto& [k, x] : ma)
        if (!mb.count(k)) d.line(kind + " " + k, "removed: " + facts(*x));
    for (const auto& [k, y] : mb) {
        auto it = ma.find(k);
        if (it == ma.end()) d.line(kind + " " + k, "added: " + facts(*y));
        else compare(kind + " " + k, *it->second, *y);
    }
}

std::vector<std::string> compareSpecs(const Spec& a, const Spec& b) {
    Differ d;
    auto id = [](const auto& x) { return x.id; };

    pairUp(d, "category", a.categories, b.categories, id,
           [](const Category& c) { return "label " + c.label; },
           [&](const std::string& w, const Category& x, const Category& y) {
               d.scalar(w, "label", x.label, y.label);
           });

    pairUp(d, "function", a.functions, b.functions, id, functionFacts,
           [&](const std::string& w, const Function& x, const Function& y) {
               d.scalar(w, "num", x.num, y.num);
               d.scalar(w, "phase", fnPhase(x), fnPhase(y));
               d.scalar(w, "since", x.since, y.since);
               d.scalar(w, "category", x.category, y.category);
               d.scalar(w, "elided", x.elided, y.elided);
               d.scalar(w, "callbacksafe", fnCallbackSafe(x), fnCallbackSafe(y));
               d.scalar(w, "impl", x.impl, y.impl);
               d.scalar(w, "hide", x.hide, y.hide);
               d.scalar(w, "jkernel", fnJkernel(x), fnJkernel(y));
               d.scalar(w, "eventcapabilities", x.eventCapabilities, y.eventCapabilities);
               d.ordered(w, "required capabilities", capIds(x.required), capIds(y.required));
               d.ordered(w, "optional capabilities", capIds(x.optional), capIds(y.optional));
               d.members(w, "param", x.params, y.params);
               d.multiset(w, "errors", errorIds(x.errors), errorIds(y.errors));
           });

    pairUp(d, "callback", a.callbacks, b.callbacks, id, callbackFacts,
           [&](const std::string& w, const Callback& x, const Callback& y) {
               d.scalar(w, "since", x.since, y.since);
               d.scalar(w, "category", x.category, y.category);
               d.scalar(w, "elided", x.elided, y.elided);
               d.type(w, "returns: ", x.returns, y.returns);
               d.members(w, "param", x.params, y.params);
           });

    pairUp(d, "typedef", a.typedefs, b.typedefs, id, typedefFacts,
           [&](const std::string& w, const Typedef& x, const Typedef& y) {
               d.scalar(w, "form", x.form == Typedef::Form::Union ? "union" : "struct",
                        y.form == Typedef::Form::Union ? "union" : "struct");
               d.scalar(w, "label", x.label, y.label);
               d.scalar(w, "since", x.since, y.since);
               d.scalar(w, "owner", x.owner, y.owner);
               d.scalar(w, "elided", x.elided, y.elided);
               d.members(w, "field", x.fields, y.fields);
           });

    pairUp(d, "capabilities", a.capabilities, b.capabilities, id,
           [](const CapabilitiesTypedef& t) { return "label " + t.label; },
           [&](const std::string& w, const CapabilitiesTypedef& x, const CapabilitiesTypedef& y) {
               d.scalar(w, "label", x.label, y.label);
               d.scalar(w, "category", x.category, y.category);
               // The order of the fields both sides have (an added field is reported below).
               std::set<std::string> ix, iy;
               for (const auto& f : x.fields) ix.insert(f.id);
               for (const auto& f : y.fields) iy.insert(f.id);
               std::vector<std::string> ox, oy;
               for (const auto& f : x.fields)
                   if (iy.count(f.id)) ox.push_back(f.id);
               for (const auto& f : y.fields)
                   if (ix.count(f.id)) oy.push_back(f.id);
               d.ordered(w, "order of fields", ox, oy);
               pairUp(d, "capability", x.fields, y.fields, id,
                      [](const CapabilityField& f) { return "since " + f.since; },
                      [&](const std::string& w2, const CapabilityField& fx, const CapabilityField& fy) {
                          d.scalar(w2, "since", fx.since, fy.since);
                      });
           });

    pairUp(d, "constants", a.constants, b.constants, id, constantsFacts,
           [&](const std::string& w, const ConstantsGroup& x, const ConstantsGroup& y) {
               d.scalar(w, "kind", x.kind, y.kind);
               d.scalar(w, "label", x.label, y.label);
               d.scalar(w, "since", x.since, y.since);
               d.scalar(w, "owner", x.owner, y.owner);
               std::vector<std::string> ix, iy;
               for (const auto& k : x.constants) ix.push_back(k.id);
               for (const auto& k : y.constants) iy.push_back(k.id);
               d.ordered(w, "constants", ix, iy);
               for (const auto& kx : x.constants)
                   for (const auto& ky : y.constants)
                       if (kx.id == ky.id) d.scalar("constant " + kx.id, "num", kx.num, ky.num);
           });

    pairUp(d, "event", a.events, b.events, id, eventFacts,
           [&](const std::string& w, const Event& x, const Event& y) {
               d.scalar(w, "num", x.num, y.num);
               d.scalar(w, "const", x.constName, y.constName);
               d.scalar(w, "label", x.label, y.label);
               d.scalar(w, "phase", x.phase, y.phase);
               d.scalar(w, "filtered", x.filtered, y.filtered);
               d.scalar(w, "since", x.since, y.since);
               d.scalar(w, "elided", x.elided, y.elided);
               d.ordered(w, "required capabilities", capIds(x.required), capIds(y.required));
               d.ordered(w, "optional capabilities", capIds(x.optional), capIds(y.optional));
               d.members(w, "param", x.params, y.params);
           });

    pairUp(d, "errorcategory", a.errorCategories, b.errorCategories, id,
           [](const ErrorCategory& c) { return "label " + c.label; },
           [&](const std::string& w, const ErrorCategory& x, const ErrorCategory& y) {
               d.scalar(w, "label", x.label, y.label);
           });

    pairUp(d, "error", a.errors, b.errors, id,
           [](const ErrorCode& e) { return "num " + std::to_string(e.num) + ", category " + e.category; },
           [&](const std::string& w, const ErrorCode& x, const ErrorCode& y) {
               d.scalar(w, "num", x.num, y.num);
               d.scalar(w, "category", x.category, y.category);
           });

    pairUp(d, "basetypes", a.baseTypeGroups, b.baseTypeGroups, id,
           [](const BaseTypeGroup& g) { return "label " + g.label; },
           [&](const std::string& w, const BaseTypeGroup& x, const BaseTypeGroup& y) {
               d.scalar(w, "label", x.label, y.label);
           });

    pairUp(d, "basetype", a.baseTypes, b.baseTypes, id,
           [](const BaseType& t) {
               return "name " + show(t.name) + ", group " + t.group + ", definition " + show(t.definition);
           },
           [&](const std::string& w, const BaseType& x, const BaseType& y) {
               d.scalar(w, "name", x.name, y.name);
               d.scalar(w, "group", x.group, y.group);
               d.scalar(w, "definition", x.definition, y.definition);
           });

    return d.out;
}

// The differences jvmti-versions.md explains, one by one. "doc:" names the section of
// ../shared/design/jvmti-versions.md each group comes from.
const std::vector<std::string> kExpected = {
    // doc: "Parameter attributes changed": impl="noconvert" on the jthread parameter of ...
    "function SuspendThread: param thread: jthread impl: (none) -> noconvert",
    "function ResumeThread: param thread: jthread impl: (none) -> noconvert",
    "function StopThread: param thread: jthread impl: (none) -> noconvert",
    "function GetOwnedMonitorInfo: param thread: jthread impl: (none) -> noconvert",
    "function GetOwnedMonitorStackDepthInfo: param thread: jthread impl: (none) -> noconvert",
    "function GetCurrentContendedMonitor: param thread: jthread impl: (none) -> noconvert",
    "function SetThreadLocalStorage: param thread: jthread impl: (none) -> noconvert",
    "function GetStackTrace: param thread: jthread impl: (none) -> noconvert",
    "function GetFrameCount: param thread: jthread impl: (none) -> noconvert",
    "function PopFrame: param thread: jthread impl: (none) -> noconvert",
    "function GetFrameLocation: param thread: jthread impl: (none) -> noconvert",
    "function NotifyFramePop: param thread: jthread impl: (none) -> noconvert",
    "function ForceEarlyReturnObject: param thread: jthread impl: (none) -> noconvert",
    "function ForceEarlyReturnInt: param thread: jthread impl: (none) -> noconvert",
    "function ForceEarlyReturnLong: param thread: jthread impl: (none) -> noconvert",
    "function ForceEarlyReturnFloat: param thread: jthread impl: (none) -> noconvert",
    "function ForceEarlyReturnDouble: param thread: jthread impl: (none) -> noconvert",
    "function ForceEarlyReturnVoid: param thread: jthread impl: (none) -> noconvert",
    "function GetLocalObject: param thread: jthread impl: (none) -> noconvert",
    "function GetLocalInstance: param thread: jthread impl: (none) -> noconvert",
    "function GetLocalInt: param thread: jthread impl: (none) -> noconvert",
    "function GetLocalLong: param thread: jthread impl: (none) -> noconvert",
    "function GetLocalFloat: param thread: jthread impl: (none) -> noconvert",
    "function GetLocalDouble: param thread: jthread impl: (none) -> noconvert",
    "function SetLocalObject: param thread: jthread impl: (none) -> noconvert",
    "function SetLocalInt: param thread: jthread impl: (none) -> noconvert",
    "function SetLocalLong: param thread: jthread impl: (none) -> noconvert",
    "function SetLocalFloat: param thread: jthread impl: (none) -> noconvert",
    "function SetLocalDouble: param thread: jthread impl: (none) -> noconvert",
    "function GetThreadCpuTime: param thread: jthread impl: (none) -> noconvert",
    // doc: "GetThreadCpuTime nanos_ptr: <outptr impl="nonullcheck">"
    "function GetThreadCpuTime: param nanos_ptr: outptr impl: (none) -> nonullcheck",

    // doc: "Functions added" table, and "Header-visible" (slots 67, 118, 119).
    "function ClearAllFramePops: added: num 67, phase live, since 25, category stack, elided no, "
    "callbacksafe unsafe, impl (none), hide (none), jkernel no, eventcapabilities no, "
    "required [can_generate_frame_pop_events], optional [], "
    "params [thread: jthread{impl=noconvert,null=current}], "
    "errors [JVMTI_ERROR_THREAD_NOT_SUSPENDED]",
    "function SuspendAllVirtualThreads: added: num 118, phase live, since 21, category threadCategory, elided no, "
    "callbacksafe unsafe, impl (none), hide (none), jkernel no, eventcapabilities no, "
    "required [can_suspend, can_support_virtual_threads], optional [], "
    "params [except_count: jint{min=0}; except_list: inbuf{incount=except_count} of jthread nullok], "
    "errors [JVMTI_ERROR_INVALID_THREAD, JVMTI_ERROR_NULL_POINTER]",
    "function ResumeAllVirtualThreads: added: num 119, phase live, since 21, category threadCategory, elided no, "
    "callbacksafe unsafe, impl (none), hide (none), jkernel no, eventcapabilities no, "
    "required [can_suspend, can_support_virtual_threads], optional [], "
    "params [except_count: jint{min=0}; except_list: inbuf{incount=except_count} of jthread nullok], "
    "errors [JVMTI_ERROR_INVALID_THREAD, JVMTI_ERROR_NULL_POINTER]",

    // doc: "Events added" table.
    "event VirtualThreadStart: added: num 87, const JVMTI_EVENT_VIRTUAL_THREAD_START, "
    "label Virtual Thread Start, phase start, filtered (none), since 21, elided no, "
    "required [can_support_virtual_threads], optional [], "
    "params [jni_env: outptr of struct JNIEnv; virtual_thread: jthread]",
    "event VirtualThreadEnd: added: num 88, const JVMTI_EVENT_VIRTUAL_THREAD_END, "
    "label Virtual Thread End, phase start, filtered thread, since 21, elided no, "
    "required [can_support_virtual_threads], optional [], "
    "params [jni_env: outptr of struct JNIEnv; virtual_thread: jthread]",
    "event VirtualThreadMount: added: num 89, const JVMTI_EVENT_VIRTUAL_THREAD_MOUNT, "
    "label Virtual Thread Mount, phase start, filtered thread, since 99, elided yes, "
    "required [can_support_virtual_threads], optional [], "
    "params [jni_env: outptr of struct JNIEnv; virtual_thread: jthread]",
    "event VirtualThreadUnmount: added: num 90, const JVMTI_EVENT_VIRTUAL_THREAD_UNMOUNT, "
    "label Virtual Thread Unmount, phase start, filtered thread, since 99, elided yes, "
    "required [can_support_virtual_threads], optional [], "
    "params [jni_env: outptr of struct JNIEnv; virtual_thread: jthread]",

    // doc: "Capability, error".
    "capability can_support_virtual_threads: added: since 21",
    "error JVMTI_ERROR_UNSUPPORTED_OPERATION: added: num 73, category function-specific-errors",

    // doc: "Error lists changed" table (multisets: a second OPAQUE_FRAME case is one more).
    // JDK 26 (JDK-8309399) folded the second OPAQUE_FRAME case of PopFrame and SetLocal* into
    // one general one, so from JVMTI 26 on those lists hold OPAQUE_FRAME once, as in JDK 16.
    "function StopThread: errors: added JVMTI_ERROR_OPAQUE_FRAME",
    "function StopThread: errors: added JVMTI_ERROR_THREAD_NOT_SUSPENDED",
    "function RunAgentThread: errors: added JVMTI_ERROR_UNSUPPORTED_OPERATION",
    "function GetLocalObject: errors: added JVMTI_ERROR_THREAD_NOT_SUSPENDED",
    "function GetLocalInt: errors: added JVMTI_ERROR_THREAD_NOT_SUSPENDED",
    "function GetLocalLong: errors: added JVMTI_ERROR_THREAD_NOT_SUSPENDED",
    "function GetLocalFloat: errors: added JVMTI_ERROR_THREAD_NOT_SUSPENDED",
    "function GetLocalDouble: errors: added JVMTI_ERROR_THREAD_NOT_SUSPENDED",
    "function GetLocalInstance: errors: added JVMTI_ERROR_THREAD_NOT_SUSPENDED",
    "function SetLocalObject: errors: added JVMTI_ERROR_THREAD_NOT_SUSPENDED",
    "function SetLocalInt: errors: added JVMTI_ERROR_THREAD_NOT_SUSPENDED",
    "function SetLocalLong: errors: added JVMTI_ERROR_THREAD_NOT_SUSPENDED",
    "function SetLocalFloat: errors: added JVMTI_ERROR_THREAD_NOT_SUSPENDED",
    "function SetLocalDouble: errors: added JVMTI_ERROR_THREAD_NOT_SUSPENDED",
    "function GetCurrentThreadCpuTime: errors: added JVMTI_ERROR_UNSUPPORTED_OPERATION",
    "function GetThreadCpuTime: errors: added JVMTI_ERROR_UNSUPPORTED_OPERATION",
    "function NotifyFramePop: errors: added JVMTI_ERROR_DUPLICATE",

    // JDK 28 (early access, 28.0.0 of 30 June 2026): value objects, a preview feature.
    "capability can_support_value_objects: added: since 28",
    "event VMObjectAlloc: optional capabilities: [] -> [can_support_value_objects]",
    "event SampledObjectAlloc: optional capabilities: [] -> [can_support_value_objects]",
};

const Spec& ours() {
    const auto& l = spectest::loadSpec(spectest::ourSpecPath());
    INFO("diagnostics reading spec/jvmti.xml:\n" << spectest::joinLines(l.diagnostics));
    REQUIRE(l.diagnostics.empty());
    return l.spec;
}

const Spec& jdk16() {
    const auto& l = spectest::loadSpec(spectest::jdk16SpecPath());
    INFO("diagnostics reading " << spectest::jdk16SpecPath() << ":\n" << spectest::joinLines(l.diagnostics));
    REQUIRE(l.diagnostics.empty());
    return l.spec;
}

struct Counts {
    int functions = 0, elidedFunctions = 0, events = 0, elidedEvents = 0, capabilities = 0, errors = 0,
        constantGroups = 0, constants = 0, typedefs = 0, baseTypes = 0;
};

Counts countOf(const Spec& s) {
    Counts c;
    for (const auto& f : s.functions) ++(f.elided ? c.elidedFunctions : c.functions);
    for (const auto& e : s.events) ++(e.elided ? c.elidedEvents : c.events);
    for (const auto& t : s.capabilities) c.capabilities += static_cast<int>(t.fields.size());
    c.errors = static_cast<int>(s.errors.size());
    c.constantGroups = static_cast<int>(s.constants.size());
    for (const auto& g : s.constants) c.constants += static_cast<int>(g.constants.size());
    c.typedefs = static_cast<int>(s.typedefs.size());
    c.baseTypes = static_cast<int>(s.baseTypes.size());
    return c;
}

}  // namespace

TEST_CASE("the facts of spec/jvmti.xml differ from JDK 16's exactly as jvmti-versions.md says") {
    const Spec& a = jdk16();
    const Spec& b = ours();
    const std::vector<std::string> actual = compareSpecs(a, b);

    const std::multiset<std::string> have(actual.begin(), actual.end());
    const std::multiset<std::string> want(kExpected.begin(), kExpected.end());
    std::vector<std::string> unexpected, missing;
    std::set_difference(have.begin(), have.end(), want.begin(), want.end(), std::back_inserter(unexpected));
    std::set_difference(want.begin(), want.end(), have.begin(), have.end(), std::back_inserter(missing));

    INFO("differences the versions document does not explain (" << unexpected.size() << "):\n"
         << spectest::joinLines(unexpected) << "differences the versions document lists but the spec lacks ("
         << missing.size() << "):\n"
         << spectest::joinLines(missing));
    CHECK(unexpected.empty());
    CHECK(missing.empty());
}

TEST_CASE("the comparison sees every kind of difference it claims to") {
    // Guards the comparison itself: a changed fact of each kind must show up.
    Spec a = jdk16();
    Spec b = a;
    REQUIRE(compareSpecs(a, b).empty());

    auto fn = [](Spec& s, const std::string& id) -> Function& {
        Function* found = nullptr;
        for (auto& f : s.functions)
            if (f.id == id) found = &f;
        INFO("function " << id);
        REQUIRE(found != nullptr);
        return *found;
    };
    fn(b, "StopThread").errors.push_back({"JVMTI_ERROR_THREAD_NOT_SUSPENDED", {}, 0});
    fn(b, "GetFrameCount").params[0].type.baseAttrs["impl"] = "noconvert";
    fn(b, "GetFrameCount").since = "2.0";
    fn(b, "GetFrameCount").required.push_back({"can_suspend", {}, 0});
    b.events[0].filtered = "global";
    b.errors[0].num = 999;
    b.constants[0].constants[0].num = "77";
    b.capabilities[0].fields.pop_back();
    b.baseTypes[0].definition = "typedef int x;";
    b.typedefs[0].fields[0].type.nullok = !b.typedefs[0].fields[0].type.nullok;

    const auto diffs = compareSpecs(a, b);
    INFO(spectest::joinLines(diffs));
    auto has = [&](const std::string& s) { return std::find(diffs.begin(), diffs.end(), s) != diffs.end(); };
    CHECK(has("function StopThread: errors: added JVMTI_ERROR_THREAD_NOT_SUSPENDED"));
    CHECK(has("function GetFrameCount: param thread: jthread impl: (none) -> noconvert"));
    CHECK(has("function GetFrameCount: since: 1.0 -> 2.0"));
    CHECK(has("function GetFrameCount: required capabilities: [] -> [can_suspend]"));
    CHECK(has("event " + a.events[0].id + ": filtered: " + show(a.events[0].filtered) + " -> global"));
    CHECK(has("error " + a.errors[0].id + ": num: " + std::to_string(a.errors[0].num) + " -> 999"));
    CHECK(has("constant " + a.constants[0].constants[0].id + ": num: " + a.constants[0].constants[0].num +
              " -> 77"));
    CHECK(has("capability " + a.capabilities[0].fields.back().id + ": removed: since " +
              a.capabilities[0].fields.back().since));
    CHECK(has("basetype " + a.baseTypes[0].id + ": definition: " + show(a.baseTypes[0].definition) +
              " -> typedef int x;"));
    CHECK(has("typedef " + a.typedefs[0].id + ": field " + a.typedefs[0].fields[0].id + ": nullok: " +
              yesNo(a.typedefs[0].fields[0].type.nullok) + " -> " + yesNo(!a.typedefs[0].fields[0].type.nullok)));
    CHECK(diffs.size() == 10);
}

TEST_CASE("counts of spec/jvmti.xml and of the JDK 16 file match jvmti-versions.md") {
    SECTION("JDK 16 file") {
        const Counts c = countOf(jdk16());
        CHECK(c.functions == 148);
        CHECK(c.elidedFunctions == 6);
        CHECK(c.events == 32);
        CHECK(c.elidedEvents == 2);
        CHECK(c.capabilities == 44);
        CHECK(c.errors == 52);
        CHECK(c.constantGroups == 23);
        CHECK(c.constants == 138);
        CHECK(c.typedefs == 22);
        CHECK(c.baseTypes == 21);
    }
    SECTION("JVMTI 28 (25's, and JDK 28's preview capability)") {
        const Spec& s = ours();
        const Counts c = countOf(s);
        CHECK(c.functions == 151);
        CHECK(c.elidedFunctions == 6);
        CHECK(c.events == 34);
        CHECK(c.elidedEvents == 4);
        CHECK(c.capabilities == 46);
        CHECK(c.errors == 53);
        CHECK(c.constantGroups == 23);
        CHECK(c.constants == 138);
        CHECK(c.typedefs == 22);
        CHECK(c.baseTypes == 21);
        REQUIRE(s.capabilities.size() == 1);
        REQUIRE_FALSE(s.capabilities[0].fields.empty());
        CHECK(s.capabilities[0].fields.back().id == "can_support_value_objects");
        REQUIRE(s.capabilities[0].fields.size() >= 3);
        CHECK(s.capabilities[0].fields[s.capabilities[0].fields.size() - 2].id == "can_support_virtual_threads");
        CHECK(s.capabilities[0].fields[s.capabilities[0].fields.size() - 3].id ==
              "can_generate_sampled_object_alloc_events");

        // doc "Header-visible": UNSUPPORTED_OPERATION is the last function-specific agent error,
        // and JVMTI_MAX_EVENT_TYPE_VAL (the highest active event number) is 88.
        std::string lastAgentError;
        for (const auto& e : s.errors)
            if (e.category == "function-specific-errors") lastAgentError = e.id;
        CHECK(lastAgentError == "JVMTI_ERROR_UNSUPPORTED_OPERATION");
        int maxEvent = 0;
        for (const auto& e : s.events)
            if (!e.elided) maxEvent = std::max(maxEvent, e.num);
        CHECK(maxEvent == 88);
    }
}
