#include "reader.hpp"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <optional>
#include <set>
#include <thread>

#include <pugixml.hpp>

#include "dtd.hpp"
#include "output.hpp"
#include "xml_text.hpp"

namespace jvmtigen {
namespace {

using Node = pugi::xml_node;
using Names = std::initializer_list<const char*>;

const std::set<std::string> kValueTypes = {
    "jmethodID", "jfieldID", "jframeID", "jrawMonitorID", "jclass", "jthread", "jthreadGroup",
    "jobject", "jvalue", "jchar", "jint", "jlong", "jfloat", "jdouble", "jlocation", "jboolean",
    "char", "uchar", "size_t", "void", "enum", "struct", "varargs"};

// Attributes each base-type element may carry.
const std::map<std::string, std::set<std::string>> kValueAttrs = {
    {"jmethodID", {"class", "native"}}, {"jfieldID", {"class"}},
    {"jclass", {"method", "field"}},    {"jframeID", {"thread"}},
    {"jthread", {"started", "null", "frame", "impl"}},
    {"jobject", {"frame"}},             {"jint", {"min"}}};

const std::map<std::string, std::pair<Kind, std::set<std::string>>> kWrappers = {
    {"outptr", {Kind::OutPtr, {"impl"}}},
    {"allocbuf", {Kind::AllocBuf, {"incount", "outcount"}}},
    {"allocallocbuf", {Kind::AllocAllocBuf, {"incount", "outcount"}}},
    {"inptr", {Kind::InPtr, {}}},
    {"inbuf", {Kind::InBuf, {"incount"}}},
    {"outbuf", {Kind::OutBuf, {"incount", "outcount"}}},
    {"vmbuf", {Kind::VmBuf, {"incount", "outcount"}}},
    {"agentbuf", {Kind::AgentBuf, {"incount", "outcount"}}},
    {"ptrtype", {Kind::PtrType, {}}},
    {"allocfieldbuf", {Kind::AllocFieldBuf, {"outcount"}}}};

// Inline markup allowed in prose, with the attributes each may carry.
const std::map<std::string, std::set<std::string>> kProseTags = {
    {"p", {}}, {"br", {}}, {"code", {}}, {"i", {}}, {"b", {}}, {"tm", {}}, {"jvmti", {}},
    {"space", {}}, {"pre", {}}, {"example", {}}, {"blockquote", {}}, {"dl", {}}, {"dt", {}},
    {"dd", {}}, {"ul", {"type"}}, {"li", {}}, {"table", {}}, {"tr", {"class"}},
    {"td", {"class"}}, {"th", {"class", "scope"}}, {"issue", {}}, {"rationale", {}},
    {"todo", {}}, {"functionlink", {"id"}}, {"eventlink", {"id"}}, {"typelink", {"id"}},
    {"datalink", {"id"}}, {"fieldlink", {"id", "struct"}}, {"paramlink", {"id"}},
    {"errorlink", {"id"}}, {"externallink", {"id"}}, {"internallink", {"id"}},
    {"vmspec", {"chapter"}}, {"functionphaselist", {"phase"}}, {"eventphaselist", {"phase"}},
    {"sup", {"class"}},  // OpenJDK's files from JDK 28 on (a mark such as PREVIEW after a link)
    {"note", {"since", "preview"}}};  // jvmtigen's: a dated passage, possibly about a preview feature

bool isText(Node n) { return n.type() == pugi::node_pcdata || n.type() == pugi::node_cdata; }
bool isElement(Node n) { return n.type() == pugi::node_element; }

class Reader {
public:
    Reader(Spec& spec, Diagnostics& diag) : s_(spec), d_(diag) {}

    bool run(std::string text);

private:
    Spec& s_;
    Diagnostics& d_;
    std::string text_;  // the document's bytes, parsed in place: doc_ points into them
    pugi::xml_document doc_;
    std::vector<size_t> lineStarts_;
    // The file's own DTD (its internal subset), when it has one: then exactly the elements
    // and attributes it declares are accepted, instead of the reader's built-in set.
    std::optional<DtdDeclarations> dtd_;

    int lineAt(size_t offset) const {
        return static_cast<int>(std::upper_bound(lineStarts_.begin(), lineStarts_.end(), offset) -
                                lineStarts_.begin()) + 1;
    }

    int line(Node n) const { return lineAt(static_cast<size_t>(std::max<ptrdiff_t>(0, n.offset_debug()))); }
    void error(Node n, const std::string& msg) { d_.error(line(n), msg); }

    // Reports attributes of `n` not in `allowed`. With a DTD, declaredByDtd() has checked them.
    void checkAttrs(Node n, const std::set<std::string>& allowed) {
        if (dtd_) return;
        for (auto a : n.attributes())
            if (!allowed.count(a.name()))
                error(n, std::string("unknown attribute '") + a.name() + "' on <" + n.name() + ">");
    }
    void checkAttrs(Node n, Names allowed) {
        if (dtd_) return;
        for (auto a : n.attributes()) {
            bool known = false;
            for (const char* name : allowed) known = known || std::strcmp(a.name(), name) == 0;
            if (!known) error(n, std::string("unknown attribute '") + a.name() + "' on <" + n.name() + ">");
        }
    }

    std::string required(Node n, const char* name) {
        auto a = n.attribute(name);
        if (!a) {
            error(n, std::string("<") + n.name() + "> lacks the required attribute '" + name + "'");
            return {};
        }
        std::string v = a.value();
        if (v.empty()) error(n, std::string("attribute '") + name + "' of <" + n.name() + "> is empty");
        return v;
    }
    static std::string optional(Node n, const char* name, const char* dflt = "") {
        auto a = n.attribute(name);
        return a ? a.value() : dflt;
    }
    void oneOf(Node n, const char* name, const std::string& value, Names choices) {
        if (value.empty() && !n.attribute(name)) return;
        for (const char* c : choices)
            if (value == c) return;
        std::string list;
        for (const char* c : choices) list += std::string(list.empty() ? "" : ", ") + c;
        error(n, std::string("attribute '") + name + "' of <" + n.name() + "> is '" + value +
                     "'; expected one of: " + list);
    }
    int number(Node n, const char* name) {
        const std::string v = required(n, name);
        if (v.empty()) return 0;
        int out = 0;
        auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), out);
        if (ec != std::errc() || p != v.data() + v.size() || out < 0) {
            error(n, std::string("attribute '") + name + "' of <" + n.name() + "> is '" + v +
                         "'; expected a non-negative decimal integer");
            return 0;
        }
        return out;
    }
    void unknownChild(Node child, Node parent) {
        if (isText(child)) {
            const std::string_view t = child.value();
            const auto first = t.find_first_not_of(" \t\r\n");
            if (first != std::string::npos)  // report the line the text itself starts on
                d_.error(line(child) + static_cast<int>(std::count(t.begin(), t.begin() + first, '\n')),
                         std::string("unexpected text in <") + parent.name() + ">");
            return;
        }
        if (isElement(child) && !(dtd_ && !dtd_->declares(child.name())))  // undeclared: reported already
            error(child, std::string("unknown element <") + child.name() + "> in <" + parent.name() + ">");
    }
    // preview="yes" (jvmtigen's addition to the schema): the item belongs to a preview feature.
    bool previewAttr(Node n) {
        const std::string v = optional(n, "preview");
        oneOf(n, "preview", v, {"yes", "no"});
        return v == "yes";
    }
    void need(bool have, Node n, const char* child) {
        if (!have) error(n, std::string("<") + n.name() + "> lacks its <" + child + "> element");
    }

    void readDoctype();
    bool nestingWithinLimit(Node root);
    void declaredByDtd(Node n, Diagnostics& out) const;
    std::string flatText(Node n);
    Prose prose(Node n, const std::string& owner);
    void proseInto(Node n, Prose& out, const std::string& owner);
    void constantsGroup(Node n, const std::string& owner);
    bool typeElement(Node n, Type& t);
    void valueType(Node n, Type& t);
    void param(Node n, std::vector<Param>& out, const std::string& owner);
    void parameters(Node n, std::vector<Param>& out, const std::string& owner);
    void capabilities(Node n, std::vector<CapabilityUse>& req, std::vector<CapabilityUse>& opt,
                      const std::string& owner);
    void intro(Node n, const std::string& where, bool elided);
    void typedefElem(Node n, const std::string& owner, bool elided);
    void capabilitiesTypedef(Node n, const std::string& category);
    void function(Node n, const std::string& category, bool elided);
    void callback(Node n, const std::string& category, bool elided);
    void event(Node n, bool elided);
    void elide(Node n, const std::string& category, bool inEvents);
    void category(Node n);
    void functionSection(Node n);
    void errorSection(Node n);
    void eventSection(Node n);
    void dataSection(Node n);
    void issuesSection(Node n);
    void changeHistory(Node n);
    void specification(Node n);
};

// From this size on a spec's DTD check gets a thread of its own (OpenJDK's file is 590 KB and
// its check a fifth of the reading); below it, the thread would cost more than it saves.
constexpr size_t kDtdThreadFrom = 64 * 1024;

bool Reader::run(std::string raw) {
    text_ = needsUtf8Conversion(raw) ? toUtf8(raw) : std::move(raw);
    const std::string& text = text_;
    lineStarts_.clear();
    for (size_t i = text.find('\n'); i != std::string::npos; i = text.find('\n', i + 1))
        lineStarts_.push_back(i + 1);
    // pugixml takes bytes as they come; every output (and the model JSON) needs UTF-8.
    if (const auto bad = firstInvalidUtf8(text)) {
        const int ln = static_cast<int>(std::upper_bound(lineStarts_.begin(), lineStarts_.end(), *bad) - lineStarts_.begin()) + 1;
        char byte[8];
        std::snprintf(byte, sizeof byte, "0x%02X", static_cast<unsigned char>(text[*bad]));
        d_.error(ln, std::string("not UTF-8: byte ") + byte +
                         " begins no valid sequence (a file in ISO-8859-1 must say so in its XML declaration)");
        return false;
    }

    // Whitespace-only text is kept: in prose it is the space between two inline elements
    // ("<jvmti/> <internallink ...>"), which renderers must not lose.
    const unsigned opts = pugi::parse_default | pugi::parse_comments | pugi::parse_ws_pcdata | pugi::parse_doctype;
    // In place: the offsets of nodes (their lines) are the same as in a copy.
    auto res = doc_.load_buffer_inplace(text_.data(), text_.size(), opts, pugi::encoding_utf8);
    if (!res) {
        const auto off = static_cast<size_t>(std::max<ptrdiff_t>(0, res.offset));
        const int ln = static_cast<int>(
            std::upper_bound(lineStarts_.begin(), lineStarts_.end(), off) - lineStarts_.begin()) + 1;
        if (res.status == pugi::status_no_document_element)
            d_.error(1, "no XML element in the file (empty or not XML)");
        else
            d_.error(ln, std::string("malformed XML: ") + res.description());
        return false;
    }
    Node root = doc_.document_element();
    if (std::string(root.name()) != "specification") {
        error(root, std::string("the document element is <") + root.name() + ">, expected <specification>");
        return false;
    }
    if (!nestingWithinLimit(root)) return false;
    readDoctype();
    // The DTD's check only reads the document: on a big file it runs on a thread of its own
    // beside the model's reading, and its errors go where they stood when it ran first.
    Diagnostics dtdErrors(d_.file());
    const size_t dtdAt = d_.messages().size();
    std::jthread dtdCheck;
    if (dtd_ && text.size() >= kDtdThreadFrom) dtdCheck = std::jthread([&] { declaredByDtd(root, dtdErrors); });
    else if (dtd_) declaredByDtd(root, dtdErrors);
    specification(root);
    if (dtdCheck.joinable()) dtdCheck.join();
    d_.insert(dtdAt, std::move(dtdErrors));
    return d_.ok();
}

void Reader::readDoctype() {
    for (Node c : doc_.children()) {
        if (c.type() != pugi::node_doctype) continue;
        const std::string_view text = c.value();
        if (text.find('[') == std::string_view::npos) return;  // no internal subset: the built-in set
        std::vector<DtdProblem> problems;
        dtd_ = parseDtd(text, problems);
        // pugixml's text starts after "<!DOCTYPE" and the space that follows it.
        const size_t base = static_cast<size_t>(std::max<ptrdiff_t>(0, c.offset_debug()));
        for (const auto& p : problems) {
            const int within = static_cast<int>(std::count(text.begin(), text.begin() + std::min(p.offset, text.size()), '\n'));
            d_.error(lineAt(base) + within, p.message);
        }
        return;
    }
}

// How deep elements may nest. OpenJDK's files nest 19 levels; every walk after this check (the
// DTD's, the prose's, the renderers') recurses once per level, so a bound here is a bound on
// their stacks, whatever the input.
constexpr int kMaxNesting = 256;

// Walks the elements without recursion (first child, next sibling, back up) and refuses a
// document nested deeper than kMaxNesting, at the first element past the limit.
bool Reader::nestingWithinLimit(Node root) {
    int depth = 1;
    Node n = root;
    while (n) {
        if (depth > kMaxNesting) {
            error(n, "elements nest more than " + std::to_string(kMaxNesting) +
                         " levels deep here: jvmtigen reads specifications nested at most that deep");
            return false;
        }
        Node child = n.first_child();
        while (child && !isElement(child)) child = child.next_sibling();
        if (child) {
            n = child;
            ++depth;
            continue;
        }
        // No element below: the next element sibling of n or of the nearest ancestor that has one.
        while (n) {
            Node next = n.next_sibling();
            while (next && !isElement(next)) next = next.next_sibling();
            if (next) {
                n = next;
                break;
            }
            n = n.parent();
            --depth;
            if (depth == 0 || n == root) return true;
        }
    }
    return true;
}

// Every element and attribute of the document, against the DTD's declarations.
void Reader::declaredByDtd(Node n, Diagnostics& out) const {
    if (!dtd_->declares(n.name())) {
        out.error(line(n), std::string("element <") + n.name() + "> is not declared in the file's DTD");
    } else {
        for (auto a : n.attributes())
            if (!dtd_->declares(n.name(), a.name()))
                out.error(line(n), std::string("attribute '") + a.name() + "' on <" + n.name() +
                                       "> is not declared in the file's DTD");
    }
    for (Node c : n.children())
        if (isElement(c)) declaredByDtd(c, out);
}

std::string Reader::flatText(Node n) {
    std::string out;
    for (Node c : n.children()) {
        if (isText(c)) out += c.value();
        else if (isElement(c) && std::string(c.name()) == "jvmti") out += "JVM TI";
        else if (isElement(c) && (std::string(c.name()) == "tm" || std::string(c.name()) == "i" ||
                                  std::string(c.name()) == "code"))
            out += flatText(c);
        else if (isElement(c)) unknownChild(c, n);
    }
    return collapseSpaces(out);
}

Prose Reader::prose(Node n, const std::string& owner) {
    Prose out;
    proseInto(n, out, owner);
    return out;
}

void Reader::proseInto(Node n, Prose& out, const std::string& owner) {
    int textLine = 0;  // the line of n, which its text children take: looked up once
    for (Node c : n.children()) {
        if (isText(c)) {
            ProseNode t;
            t.text = c.value();
            t.line = textLine ? textLine : (textLine = line(n));
            out.push_back(std::move(t));
            continue;
        }
        if (!isElement(c)) continue;  // comments, processing instructions
        const std::string tag = c.name();
        if (tag == "constants") {
            constantsGroup(c, owner);
            ProseNode ref;
            ref.tag = "constants";
            ref.attrs.emplace_back("id", optional(c, "id"));
            ref.line = line(c);
            out.push_back(std::move(ref));
            continue;
        }
        auto it = kProseTags.find(tag);
        if (dtd_ && !dtd_->declares(tag)) continue;  // reported with the DTD's declarations
        if (it == kProseTags.end() && !dtd_) {
            error(c, "unknown element <" + tag + "> in the prose of <" + n.name() + ">");
            continue;
        }
        // A DTD-declared element the renderers do not know shows as its content.
        if (it != kProseTags.end()) checkAttrs(c, it->second);
        ProseNode e;
        e.tag = tag;
        e.line = line(c);
        for (auto a : c.attributes()) e.attrs.emplace_back(a.name(), a.value());
        if (tag.ends_with("link") || tag == "fieldlink") required(c, "id");
        if (tag == "fieldlink") required(c, "struct");
        if (tag == "functionphaselist") oneOf(c, "phase", required(c, "phase"), {"onload", "onloadOnly", "start", "live", "any"});
        if (tag == "eventphaselist") oneOf(c, "phase", required(c, "phase"), {"onload", "start", "live", "any"});
        if (tag == "note") oneOf(c, "preview", optional(c, "preview"), {"yes", "no"});
        proseInto(c, e.kids, owner);
        out.push_back(std::move(e));
    }
}

void Reader::constantsGroup(Node n, const std::string& owner) {
    checkAttrs(n, {"id", "label", "kind", "since"});
    ConstantsGroup g;
    g.id = required(n, "id");
    g.label = required(n, "label");
    g.kind = required(n, "kind");
    oneOf(n, "kind", g.kind, {"enum", "bits", "const"});
    g.since = optional(n, "since", "1.0");
    g.owner = owner;
    g.line = line(n);
    for (Node c : n.children()) {
        if (isElement(c) && std::string(c.name()) == "constant") {
            checkAttrs(c, {"id", "num", "since"});
            Constant k;
            k.id = required(c, "id");
            k.num = required(c, "num");
            k.since = optional(c, "since", "1.0");
            k.line = line(c);
            k.description = prose(c, g.id);
            g.constants.push_back(std::move(k));
        } else {
            unknownChild(c, n);
        }
    }
    s_.constants.push_back(std::move(g));
}

void Reader::valueType(Node n, Type& t) {
    const std::string tag = n.name();
    t.base = tag;
    t.line = line(n);
    auto it = kValueAttrs.find(tag);
    checkAttrs(n, it == kValueAttrs.end() ? std::set<std::string>{} : it->second);
    for (auto a : n.attributes()) t.baseAttrs[a.name()] = a.value();
    if (tag == "enum" || tag == "struct") {
        t.name = flatText(n);
        if (t.name.empty()) error(n, "<" + tag + "> must name a type");
    } else {
        for (Node c : n.children()) unknownChild(c, n);
    }
    if (tag == "varargs") t.kind = Kind::Varargs;
}

// Reads one type element (a base type or a wrapper around one) into `t`.
bool Reader::typeElement(Node n, Type& t) {
    const std::string tag = n.name();
    if (kValueTypes.count(tag)) {
        t.kind = tag == "varargs" ? Kind::Varargs : Kind::Value;
        valueType(n, t);
        t.wrapperLine = t.line;
        return true;
    }
    auto w = kWrappers.find(tag);
    if (w == kWrappers.end()) return false;
    t.kind = w->second.first;
    t.wrapperLine = line(n);
    checkAttrs(n, w->second.second);
    t.incount = optional(n, "incount");
    t.outcount = optional(n, "outcount");
    t.impl = optional(n, "impl");
    bool haveBase = false;
    for (Node c : n.children()) {
        const std::string ct = isElement(c) ? c.name() : "";
        if (ct == "nullok") {
            if (t.kind == Kind::AllocFieldBuf) error(c, "<allocfieldbuf> does not take <nullok>");
            t.nullok = true;
            t.nullokText = prose(c, "");
        } else if (!ct.empty() && kValueTypes.count(ct) && ct != "varargs" && !haveBase) {
            valueType(c, t);
            haveBase = true;
        } else if (!ct.empty() && kWrappers.count(ct)) {
            error(c, "nested <" + ct + "> inside <" + tag + "> is not supported");
        } else {
            unknownChild(c, n);
        }
    }
    if (!haveBase) {
        error(n, "<" + tag + "> lacks its base type element");
        t.line = t.wrapperLine;
    }
    return true;
}

void Reader::param(Node n, std::vector<Param>& out, const std::string& owner) {
    checkAttrs(n, {"id"});
    Param p;
    p.id = required(n, "id");
    p.line = line(n);
    bool haveType = false, haveDesc = false;
    for (Node c : n.children()) {
        const std::string ct = isElement(c) ? c.name() : "";
        if (ct == "description") {
            p.description = prose(c, owner);
            haveDesc = true;
        } else if (!ct.empty() && !haveType && typeElement(c, p.type)) {
            haveType = true;
        } else {
            unknownChild(c, n);
        }
    }
    need(haveType, n, "type");
    need(haveDesc, n, "description");
    out.push_back(std::move(p));
}

void Reader::parameters(Node n, std::vector<Param>& out, const std::string& owner) {
    checkAttrs(n, {});
    for (Node c : n.children()) {
        if (isElement(c) && std::string(c.name()) == "param") param(c, out, owner);
        else unknownChild(c, n);
    }
}

void Reader::capabilities(Node n, std::vector<CapabilityUse>& req, std::vector<CapabilityUse>& opt,
                          const std::string& owner) {
    checkAttrs(n, {});
    for (Node c : n.children()) {
        const std::string ct = isElement(c) ? c.name() : "";
        if (ct == "required" || ct == "capability") {
            checkAttrs(c, {"id"});
            CapabilityUse u{required(c, "id"), prose(c, owner), line(c)};
            (ct == "required" ? req : opt).push_back(std::move(u));
        } else {
            unknownChild(c, n);
        }
    }
}

void Reader::intro(Node n, const std::string& where, bool elided) {
    checkAttrs(n, {"id", "label"});
    Intro i;
    i.id = optional(n, "id");
    i.label = optional(n, "label");
    i.where = where;
    i.elided = elided;
    i.line = line(n);
    i.body = prose(n, i.id.empty() ? where : i.id);
    s_.intros.push_back(std::move(i));
}

void Reader::typedefElem(Node n, const std::string& owner, bool elided) {
    checkAttrs(n, {"id", "label", "since"});
    Typedef t;
    t.form = std::string(n.name()) == "uniontypedef" ? Typedef::Form::Union : Typedef::Form::Struct;
    t.id = required(n, "id");
    t.label = required(n, "label");
    t.since = optional(n, "since", "1.0");
    t.owner = owner;
    t.elided = elided;
    t.line = line(n);
    for (Node c : n.children()) {
        const std::string ct = isElement(c) ? c.name() : "";
        if (ct == "description") {
            t.description = prose(c, t.id);
        } else if (ct == "field") {
            checkAttrs(c, {"id", "since"});
            Field f;
            f.id = required(c, "id");
            f.since = optional(c, "since", "1.0");
            f.line = line(c);
            bool haveType = false, haveDesc = false;
            for (Node fc : c.children()) {
                const std::string ft = isElement(fc) ? fc.name() : "";
                if (ft == "description") {
                    f.description = prose(fc, t.id);
                    haveDesc = true;
                } else if (!ft.empty() && !haveType && typeElement(fc, f.type)) {
                    haveType = true;
                } else {
                    unknownChild(fc, c);
                }
            }
            need(haveType, c, "type");
            need(haveDesc, c, "description");
            t.fields.push_back(std::move(f));
        } else {
            unknownChild(c, n);
        }
    }
    s_.typedefs.push_back(std::move(t));
}

void Reader::capabilitiesTypedef(Node n, const std::string& category) {
    checkAttrs(n, {"id", "label"});
    CapabilitiesTypedef t;
    t.id = required(n, "id");
    t.label = required(n, "label");
    t.category = category;
    t.line = line(n);
    for (Node c : n.children()) {
        const std::string ct = isElement(c) ? c.name() : "";
        if (ct == "description") {
            t.description = prose(c, t.id);
        } else if (ct == "capabilityfield") {
            checkAttrs(c, {"id", "disp1", "disp2", "since", "preview"});
            CapabilityField f;
            f.id = required(c, "id");
            f.disp1 = optional(c, "disp1");
            f.disp2 = optional(c, "disp2");
            f.since = optional(c, "since", "1.0");
            f.preview = previewAttr(c);
            f.line = line(c);
            bool haveDesc = false;
            for (Node fc : c.children()) {
                if (isElement(fc) && std::string(fc.name()) == "description") {
                    f.description = prose(fc, f.id);
                    haveDesc = true;
                } else {
                    unknownChild(fc, c);
                }
            }
            need(haveDesc, c, "description");
            t.fields.push_back(std::move(f));
        } else {
            unknownChild(c, n);
        }
    }
    s_.capabilities.push_back(std::move(t));
}

void Reader::function(Node n, const std::string& category, bool elided) {
    checkAttrs(n, {"id", "num", "phase", "callbacksafe", "impl", "hide", "jkernel", "since", "preview"});
    Function f;
    f.preview = previewAttr(n);
    f.id = required(n, "id");
    f.num = number(n, "num");
    f.phase = optional(n, "phase");
    oneOf(n, "phase", f.phase, {"onload", "onloadOnly", "start", "live", "any"});
    f.callbacksafe = optional(n, "callbacksafe");
    oneOf(n, "callbacksafe", f.callbacksafe, {"safe", "unsafe"});
    f.impl = optional(n, "impl");
    f.hide = optional(n, "hide");
    f.jkernel = optional(n, "jkernel");
    oneOf(n, "jkernel", f.jkernel, {"yes", "no"});
    f.since = optional(n, "since", "1.0");
    f.category = category;
    f.elided = elided;
    f.line = line(n);
    bool haveSyn = false, haveOrigin = false, haveCaps = false, haveParams = false, haveErrors = false;
    for (Node c : n.children()) {
        const std::string ct = isElement(c) ? c.name() : "";
        if (ct == "synopsis") {
            f.synopsis = flatText(c);
            haveSyn = true;
        } else if (ct == "typedef" || ct == "uniontypedef") {
            typedefElem(c, f.id, elided);
        } else if (ct == "description") {
            f.description = prose(c, f.id);
        } else if (ct == "origin") {
            f.origin = flatText(c);
            haveOrigin = true;
        } else if (ct == "capabilities") {
            capabilities(c, f.required, f.optional, f.id);
            haveCaps = true;
        } else if (ct == "eventcapabilities") {
            checkAttrs(c, {});
            f.eventCapabilities = true;
            haveCaps = true;
        } else if (ct == "parameters") {
            parameters(c, f.params, f.id);
            haveParams = true;
        } else if (ct == "errors") {
            checkAttrs(c, {});
            haveErrors = true;
            for (Node e : c.children()) {
                if (isElement(e) && std::string(e.name()) == "error") {
                    checkAttrs(e, {"id"});
                    f.errors.push_back({required(e, "id"), prose(e, f.id), line(e)});
                } else {
                    unknownChild(e, c);
                }
            }
        } else {
            unknownChild(c, n);
        }
    }
    need(haveSyn, n, "synopsis");
    need(haveOrigin, n, "origin");
    need(haveCaps, n, "capabilities");
    need(haveParams, n, "parameters");
    need(haveErrors, n, "errors");
    s_.functions.push_back(std::move(f));
}

void Reader::callback(Node n, const std::string& category, bool elided) {
    checkAttrs(n, {"id", "since"});
    Callback cb;
    cb.id = required(n, "id");
    cb.since = optional(n, "since", "1.0");
    cb.category = category;
    cb.elided = elided;
    cb.line = line(n);
    bool haveRet = false, haveParams = false;
    for (Node c : n.children()) {
        const std::string ct = isElement(c) ? c.name() : "";
        if (ct == "synopsis") {
            cb.synopsis = flatText(c);
        } else if (ct == "description") {
            cb.description = prose(c, cb.id);
        } else if (ct == "parameters") {
            parameters(c, cb.params, cb.id);
            haveParams = true;
        } else if (!ct.empty() && !haveRet && kValueTypes.count(ct) && ct != "varargs") {
            valueType(c, cb.returns);
            haveRet = true;
        } else {
            unknownChild(c, n);
        }
    }
    need(haveRet, n, "return type");
    need(haveParams, n, "parameters");
    s_.callbacks.push_back(std::move(cb));
}

void Reader::event(Node n, bool elided) {
    checkAttrs(n, {"id", "label", "const", "num", "phase", "filtered", "since", "handlercalls", "preview"});
    Event e;
    e.preview = previewAttr(n);
    e.id = required(n, "id");
    e.label = required(n, "label");
    e.constName = required(n, "const");
    e.num = number(n, "num");
    e.phase = optional(n, "phase");
    oneOf(n, "phase", e.phase, {"onload", "start", "live", "any"});
    e.filtered = optional(n, "filtered");
    oneOf(n, "filtered", e.filtered, {"thread", "global"});
    e.since = optional(n, "since", "1.0");
    e.handlerCalls = optional(n, "handlercalls");  // jvmtigen's extension of the schema
    oneOf(n, "handlercalls", e.handlerCalls, {"any", "callbacksafe"});
    e.elided = elided;
    e.line = line(n);
    bool haveDesc = false, haveCaps = false, haveParams = false;
    for (Node c : n.children()) {
        const std::string ct = isElement(c) ? c.name() : "";
        if (ct == "description") {
            e.description = prose(c, e.id);
            haveDesc = true;
        } else if (ct == "origin") {
            e.origin = flatText(c);
        } else if (ct == "typedef" || ct == "uniontypedef") {
            typedefElem(c, e.id, elided);
        } else if (ct == "capabilities") {
            capabilities(c, e.required, e.optional, e.id);
            haveCaps = true;
        } else if (ct == "parameters") {
            parameters(c, e.params, e.id);
            haveParams = true;
        } else {
            unknownChild(c, n);
        }
    }
    need(haveDesc, n, "description");
    need(haveCaps, n, "capabilities");
    need(haveParams, n, "parameters");
    s_.events.push_back(std::move(e));
}

// What <elide> holds is read like the rest, but never emitted: a problem found in it is a warning.
void Reader::elide(Node n, const std::string& category, bool inEvents) {
    checkAttrs(n, {"why"});
    Diagnostics::Demoted quiet(d_, true);
    for (Node c : n.children()) {
        const std::string ct = isElement(c) ? c.name() : "";
        if (ct == "intro") intro(c, category, true);
        else if (ct == "function" && !inEvents) function(c, category, true);
        else if (ct == "callback" && !inEvents) callback(c, category, true);
        else if (ct == "event") event(c, true);
        else unknownChild(c, n);
    }
}

void Reader::category(Node n) {
    checkAttrs(n, {"id", "label"});
    Category cat{required(n, "id"), required(n, "label"), line(n)};
    s_.categories.push_back(cat);
    for (Node c : n.children()) {
        const std::string ct = isElement(c) ? c.name() : "";
        if (ct == "intro") intro(c, cat.id, false);
        else if (ct == "typedef" || ct == "uniontypedef") typedefElem(c, cat.id, false);
        else if (ct == "capabilitiestypedef") capabilitiesTypedef(c, cat.id);
        else if (ct == "function") function(c, cat.id, false);
        else if (ct == "callback") callback(c, cat.id, false);
        else if (ct == "elide") elide(c, cat.id, false);
        else unknownChild(c, n);
    }
}

void Reader::functionSection(Node n) {
    checkAttrs(n, {"label"});
    s_.functionSectionLabel = required(n, "label");
    for (Node c : n.children()) {
        const std::string ct = isElement(c) ? c.name() : "";
        if (ct == "intro") intro(c, "FunctionSection", false);
        else if (ct == "category") category(c);
        else unknownChild(c, n);
    }
}

void Reader::errorSection(Node n) {
    checkAttrs(n, {"label"});
    s_.errorSectionLabel = required(n, "label");
    for (Node c : n.children()) {
        const std::string ct = isElement(c) ? c.name() : "";
        if (ct == "intro") {
            intro(c, "ErrorSection", false);
        } else if (ct == "errorcategory") {
            checkAttrs(c, {"id", "label"});
            ErrorCategory cat{required(c, "id"), required(c, "label"), line(c)};
            for (Node e : c.children()) {
                const std::string et = isElement(e) ? e.name() : "";
                if (et == "intro") {
                    intro(e, cat.id, false);
                } else if (et == "errorid") {
                    checkAttrs(e, {"id", "num", "since"});
                    ErrorCode code;
                    code.id = required(e, "id");
                    code.num = number(e, "num");
                    code.since = optional(e, "since", "1.0");
                    code.category = cat.id;
                    code.line = line(e);
                    code.description = prose(e, code.id);
                    s_.errors.push_back(std::move(code));
                } else {
                    unknownChild(e, c);
                }
            }
            s_.errorCategories.push_back(std::move(cat));
        } else {
            unknownChild(c, n);
        }
    }
}

void Reader::eventSection(Node n) {
    checkAttrs(n, {"label"});
    s_.eventSectionLabel = required(n, "label");
    for (Node c : n.children()) {
        const std::string ct = isElement(c) ? c.name() : "";
        if (ct == "intro") intro(c, "EventSection", false);
        else if (ct == "event") event(c, false);
        else if (ct == "elide") elide(c, "EventSection", true);
        else unknownChild(c, n);
    }
}

void Reader::dataSection(Node n) {
    checkAttrs(n, {});
    for (Node c : n.children()) {
        const std::string ct = isElement(c) ? c.name() : "";
        if (ct == "intro") {
            intro(c, "DataSection", false);
        } else if (ct == "basetypes") {
            checkAttrs(c, {"id", "label"});
            BaseTypeGroup g{required(c, "id"), required(c, "label"), line(c)};
            for (Node b : c.children()) {
                const std::string bt = isElement(b) ? b.name() : "";
                if (bt == "intro") {
                    intro(b, g.id, false);
                } else if (bt == "basetype") {
                    checkAttrs(b, {"id", "name"});
                    BaseType t;
                    t.id = required(b, "id");
                    t.name = optional(b, "name");
                    t.group = g.id;
                    t.line = line(b);
                    bool haveDesc = false;
                    for (Node x : b.children()) {
                        const std::string xt = isElement(x) ? x.name() : "";
                        if (xt == "definition") {
                            std::string def;
                            for (Node y : x.children()) {
                                if (isText(y)) def += y.value();
                                else if (isElement(y) && std::string(y.name()) == "jvmti") def += "JVM TI";
                                else unknownChild(y, x);
                            }
                            t.definition = trimLines(def);
                        } else if (xt == "description") {
                            t.description = prose(x, t.id);
                            haveDesc = true;
                        } else {
                            unknownChild(x, b);
                        }
                    }
                    need(haveDesc, b, "description");
                    s_.baseTypes.push_back(std::move(t));
                } else {
                    unknownChild(b, c);
                }
            }
            s_.baseTypeGroups.push_back(std::move(g));
        } else {
            unknownChild(c, n);
        }
    }
}

void Reader::issuesSection(Node n) {
    checkAttrs(n, {"label"});
    s_.issuesSectionLabel = required(n, "label");
    for (Node c : n.children()) {
        if (isElement(c) && std::string(c.name()) == "intro") intro(c, "IssuesSection", false);
        else unknownChild(c, n);
    }
}

void Reader::changeHistory(Node n) {
    checkAttrs(n, {"id", "update"});
    s_.changeHistoryId = required(n, "id");
    s_.changeHistoryUpdate = required(n, "update");
    for (Node c : n.children()) {
        const std::string ct = isElement(c) ? c.name() : "";
        if (ct == "intro") {
            intro(c, "ChangeHistory", false);
        } else if (ct == "change") {
            checkAttrs(c, {"date", "version"});
            s_.changes.push_back({required(c, "date"), optional(c, "version"), prose(c, "ChangeHistory"), line(c)});
        } else {
            unknownChild(c, n);
        }
    }
}

void Reader::specification(Node n) {
    checkAttrs(n, {"label", "majorversion", "minorversion", "microversion"});
    s_.label = required(n, "label");
    s_.line = line(n);
    const bool hasVersion = n.attribute("majorversion") || n.attribute("minorversion") || n.attribute("microversion");
    if (hasVersion) {
        Version v{number(n, "majorversion"), number(n, "minorversion"), number(n, "microversion")};
        s_.version = v;
    }
    const char* order[] = {"title", "functionsection", "errorsection", "eventsection",
                           "datasection", "issuessection", "changehistory"};
    std::set<std::string> seen;
    for (Node c : n.children()) {
        const std::string ct = isElement(c) ? c.name() : "";
        if (!ct.empty() && ct != "intro" && !seen.insert(ct).second) {
            error(c, "<" + ct + "> appears more than once in <specification>");
            continue;
        }
        if (ct == "title") {
            checkAttrs(c, {"subtitle"});
            s_.subtitle = required(c, "subtitle");
            s_.title = flatText(c);
        } else if (ct == "intro") {
            intro(c, "spec", false);
        } else if (ct == "functionsection") {
            functionSection(c);
        } else if (ct == "errorsection") {
            errorSection(c);
        } else if (ct == "eventsection") {
            eventSection(c);
        } else if (ct == "datasection") {
            dataSection(c);
        } else if (ct == "issuessection") {
            issuesSection(c);
        } else if (ct == "changehistory") {
            changeHistory(c);
        } else {
            unknownChild(c, n);
        }
    }
    for (const char* part : order)
        if (!seen.count(part)) error(n, std::string("<specification> lacks its <") + part + "> element");
}

}  // namespace

bool readSpecText(std::string text, Spec& spec, Diagnostics& diag) {
    spec.file = diag.file();
    Reader r(spec, diag);
    return r.run(std::move(text));
}

bool readSpecFile(const std::string& path, Spec& spec, Diagnostics& diag) {
    std::string text;
    if (!readWholeFile(path, text)) {
        diag.error(0, std::string("cannot open the file: ") + std::strerror(errno));
        return false;
    }
    return readSpecText(std::move(text), spec, diag);
}

}  // namespace jvmtigen
