#include "model.hpp"

#include <stdexcept>

namespace jvmtigen {

const std::string* ProseNode::attr(const std::string& name) const {
    for (const auto& [k, v] : attrs)
        if (k == name) return &v;
    return nullptr;
}

ProseNode ProseNode::makeText(std::string text) {
    ProseNode n;
    n.text = std::move(text);
    return n;
}

ProseNode ProseNode::makeElement(std::string tag, std::vector<ProseNode> kids,
                                 std::vector<std::pair<std::string, std::string>> attrs) {
    ProseNode n;
    n.tag = std::move(tag);
    n.kids = std::move(kids);
    n.attrs = std::move(attrs);
    return n;
}

static void collectText(const Prose& prose, std::string& out) {
    for (const auto& n : prose) {
        if (n.tag.empty()) {
            out += n.text;
        } else if (n.tag == "jvmti") {
            out += "JVM TI";
        } else {
            if (n.tag == "p" || n.tag == "br" || n.tag == "li") out += ' ';
            collectText(n.kids, out);
            if (n.kids.empty() && n.tag.ends_with("link")) {
                if (const auto* id = n.attr("id")) out += *id;
            }
        }
    }
}

std::string plainText(const Prose& prose) {
    std::string raw;
    collectText(prose, raw);
    return collapseSpaces(raw);
}

std::string collapseSpaces(const std::string& raw) {
    std::string out;
    bool space = false;
    for (char c : raw) {
        if (c == ' ' || c == '\n' || c == '\t' || c == '\r') {
            space = !out.empty();
        } else {
            if (space) out += ' ';
            out += c;
            space = false;
        }
    }
    return out;
}

const char* kindName(Kind k) {
    switch (k) {
        case Kind::Value: return "value";
        case Kind::OutPtr: return "outptr";
        case Kind::AllocBuf: return "allocbuf";
        case Kind::AllocAllocBuf: return "allocallocbuf";
        case Kind::InPtr: return "inptr";
        case Kind::InBuf: return "inbuf";
        case Kind::OutBuf: return "outbuf";
        case Kind::VmBuf: return "vmbuf";
        case Kind::AgentBuf: return "agentbuf";
        case Kind::PtrType: return "ptrtype";
        case Kind::Varargs: return "varargs";
        case Kind::AllocFieldBuf: return "allocfieldbuf";
    }
    return "?";
}

std::string Type::baseCType() const {
    if (base == "enum" || base == "struct") return name;
    if (base == "uchar") return "unsigned char";
    if (base == "varargs") return "...";
    if (base == "jframeID") return "jint";  // a frame is named by its depth
    return base;  // JNI and JVMTI types, char, size_t, void are spelled as their element
}

std::string Type::cType() const {
    const std::string t = baseCType();
    switch (kind) {
        case Kind::Value:
        case Kind::PtrType:
        case Kind::Varargs: return t;
        case Kind::OutPtr:
        case Kind::OutBuf:
        case Kind::AllocFieldBuf: return t + "*";
        case Kind::InPtr:
        case Kind::InBuf:
        case Kind::VmBuf: return "const " + t + "*";
        case Kind::AllocBuf:
        case Kind::AgentBuf: return t + "**";
        case Kind::AllocAllocBuf: return t + "***";
    }
    throw std::logic_error("unknown kind");
}

bool Param::inSignature() const {
    return !(type.kind == Kind::Value && type.base == "jclass" && type.baseAttrs.count("method"));
}

std::vector<const Param*> signatureParams(const std::vector<Param>& params) {
    std::vector<const Param*> out;
    for (const auto& p : params)
        if (p.inSignature()) out.push_back(&p);
    return out;
}

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

std::string Version::str() const {
    return std::to_string(major) + "." + std::to_string(minor) + "." + std::to_string(micro);
}

std::optional<std::string> versionEncodingProblem(const Version& v) {
    const auto part = [](const char* name, int value, int most) -> std::optional<std::string> {
        if (value >= 0 && value <= most) return std::nullopt;
        return std::string("its ") + name + " " + std::to_string(value) + " does not fit a JVMTI version number (" +
               name + " 0 to " + std::to_string(most) + ")";
    };
    if (auto p = part("major", v.major, 0xFFF)) return p;
    if (auto p = part("minor", v.minor, 0xFF)) return p;
    return part("micro", v.micro, 0xFF);
}

}  // namespace jvmtigen
