// The typed model of a jvmti.xml specification. The reader fills it; everything after the
// reader (validation, derivations, emitters) reads only this, never XML.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace jvmtigen {

// Prose keeps the inline markup of descriptions as a small tree. A node with an empty tag is
// text. Renderers (HTML, plain text) walk it; links are checked by validation. A "note" node
// (jvmtigen's schema extension) is a passage with its own `since` and `preview` attributes:
// --api-version leaves out a note later than its release, the docs mark a preview one.
struct ProseNode {
    std::string tag;   // "" for a text node, else the element name (p, code, functionlink, ...)
    std::string text;  // text of a text node
    std::vector<std::pair<std::string, std::string>> attrs;
    std::vector<ProseNode> kids;
    int line = 0;

    const std::string* attr(const std::string& name) const;

    // Builders, for prose the generator writes itself (the docs' parameter rules).
    static ProseNode makeText(std::string text);
    static ProseNode makeElement(std::string tag, std::vector<ProseNode> kids = {},
                                 std::vector<std::pair<std::string, std::string>> attrs = {});
};
using Prose = std::vector<ProseNode>;

std::string plainText(const Prose& prose);  // all text, whitespace collapsed
std::string collapseSpaces(const std::string& text);  // runs of white space as one space, trimmed

// How a parameter or field is passed: the wrapper element of the type in the spec.
enum class Kind {
    Value, OutPtr, AllocBuf, AllocAllocBuf, InPtr, InBuf, OutBuf, VmBuf, AgentBuf,
    PtrType, Varargs, AllocFieldBuf,
};
const char* kindName(Kind k);  // "value", "outptr", "allocbuf", ...

// A type as written: kind, base element (jint, jthread, enum, struct, char, ...) and the
// attributes of both elements.
struct Type {
    Kind kind = Kind::Value;
    std::string base;  // element name of the base type; "varargs" for Kind::Varargs
    std::string name;  // referenced name for base "enum" and "struct"
    std::map<std::string, std::string> baseAttrs;  // min, null, started, frame, impl, native, ...
    bool nullok = false;
    Prose nullokText;
    std::string incount, outcount, impl;  // attributes of the wrapper element
    int line = 0;                         // line of the base element
    int wrapperLine = 0;                  // line of the wrapper (same as line for values)

    std::string cType() const;       // the C type as it appears in jvmti.h
    std::string baseCType() const;   // the C type of the base element alone
};

struct Param {
    std::string id;
    Type type;
    Prose description;
    int line = 0;

    // Whether the parameter is part of the C signature. A jclass naming its method
    // (<jclass method="m"/>) is not: it documents the class a jmethodID belongs to, a
    // remnant of JVMDI that the interface never passes.
    bool inSignature() const;
};

// The parameters of a function, event or callback that its C signature takes.
std::vector<const Param*> signatureParams(const std::vector<Param>& params);

struct CapabilityUse {
    std::string id;
    Prose text;
    int line = 0;
};

struct ErrorUse {
    std::string id;
    Prose text;
    int line = 0;
};

struct Function {
    std::string id, phase, callbacksafe, impl, hide, jkernel, since = "1.0";
    std::string category;  // id of the enclosing category
    int num = 0;
    bool elided = false;
    bool preview = false;  // preview="yes", jvmtigen's schema extension: part of a preview feature
    std::string synopsis, origin;
    Prose description;
    bool eventCapabilities = false;  // <eventcapabilities/> instead of <capabilities>
    std::vector<CapabilityUse> required, optional;
    std::vector<Param> params;
    std::vector<ErrorUse> errors;
    int line = 0;
};

struct Callback {
    std::string id, since = "1.0", category;
    bool elided = false;
    Type returns;
    std::string synopsis;
    Prose description;
    std::vector<Param> params;
    int line = 0;
};

struct Field {
    std::string id, since = "1.0";  // since: where the spec's DTD declares it (ours does)
    Type type;
    Prose description;
    int line = 0;
};

struct Typedef {
    enum class Form { Struct, Union } form = Form::Struct;
    std::string id, label, since = "1.0";
    std::string owner;  // category id, or function/event id when declared inside one
    bool elided = false;
    Prose description;
    std::vector<Field> fields;
    int line = 0;
};

struct CapabilityField {
    std::string id, disp1, disp2, since = "1.0";
    // preview="yes" (jvmtigen's schema extension): a preview feature's capability. It is an
    // ordinary bit of jvmtiCapabilities, where the spec places it, as in OpenJDK's header.
    bool preview = false;
    Prose description;
    int line = 0;
};

struct CapabilitiesTypedef {
    std::string id, label, category;
    Prose description;
    std::vector<CapabilityField> fields;
    int line = 0;
};

struct Constant {
    std::string id, num;  // num as written: decimal, hex or an expression of other constants
    std::string since = "1.0";  // where the spec's DTD declares it (ours does)
    Prose description;
    int line = 0;
};

struct ConstantsGroup {
    std::string id, label, kind, since = "1.0";  // kind: enum | bits | const
    std::string owner;                             // id of the element whose prose holds it
    std::vector<Constant> constants;
    int line = 0;
};

struct Event {
    std::string id, label, constName, phase, filtered, since = "1.0";
    // jvmtigen's schema extension: "callbacksafe" when the handler may call only functions
    // declared callbacksafe="safe"; "" or "any" otherwise.
    std::string handlerCalls;
    int num = 0;
    bool elided = false;
    bool preview = false;  // preview="yes", as for functions
    Prose description;
    std::string origin;
    std::vector<CapabilityUse> required, optional;
    std::vector<Param> params;
    int line = 0;
};

struct ErrorCode {
    std::string id, category, since = "1.0";  // since: where the spec's DTD declares it (ours does)
    int num = 0;
    Prose description;
    int line = 0;
};

struct ErrorCategory {
    std::string id, label;
    int line = 0;
};

struct BaseType {
    std::string id, name, group, definition;
    Prose description;
    int line = 0;
};

struct BaseTypeGroup {
    std::string id, label;
    int line = 0;
};

// Intros, wherever they stand; `where` says which section or category holds them.
struct Intro {
    std::string id, label, where;
    bool elided = false;
    Prose body;
    int line = 0;
};

struct Category {
    std::string id, label;
    int line = 0;
};

struct Change {
    std::string date, version;
    Prose text;
    int line = 0;
};

struct Version {
    int major = 0, minor = 0, micro = 0;
    std::string str() const;
    auto operator<=>(const Version&) const = default;
};

// Why `v` does not fit a JVMTI version number (jvmtiGetVersionNumber's layout, the masks
// JVMTI_VERSION_MASK_*: 12 bits of major, 8 of minor, 8 of micro); nothing when it fits.
std::optional<std::string> versionEncodingProblem(const Version& v);

struct Spec {
    std::string file;  // path as given, used in diagnostics
    std::string label, title, subtitle;
    std::optional<Version> version;  // from the spec's attributes
    int line = 0;                    // line of <specification>
    std::string functionSectionLabel, errorSectionLabel, eventSectionLabel, issuesSectionLabel;
    std::string changeHistoryId, changeHistoryUpdate;

    std::vector<Intro> intros;
    std::vector<Category> categories;
    std::vector<Function> functions;  // document order, elided ones flagged
    std::vector<Callback> callbacks;
    std::vector<Typedef> typedefs;
    std::vector<CapabilitiesTypedef> capabilities;  // normally exactly one
    std::vector<ConstantsGroup> constants;
    std::vector<Event> events;
    std::vector<ErrorCategory> errorCategories;
    std::vector<ErrorCode> errors;
    std::vector<BaseTypeGroup> baseTypeGroups;
    std::vector<BaseType> baseTypes;
    std::vector<Change> changes;
};

// The constants group that a description says its jint holds (a link to an enum or a bit-set
// group), or nullptr.
const ConstantsGroup* linkedConstants(const Spec& spec, const Prose& description);

}  // namespace jvmtigen
