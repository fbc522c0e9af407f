#include "prose_html.hpp"

#include <algorithm>
#include <array>
#include <map>
#include <utility>

#include "xml_text.hpp"

namespace jvmtigen {

namespace {

const std::string kOracleDocs = "https://docs.oracle.com/en/java/javase/";

// Where OpenJDK's relative external link ids point, by prefix, checked in order. jvmti.html is
// published in docs/specs/, so "jni/..." is a sibling spec and "../api/..." the API docs.
struct ExternalBase {
    std::string_view prefix;  // stripped from the id
    std::string_view under;   // path below https://docs.oracle.com/en/java/javase/N/docs/
};
constexpr ExternalBase kExternalBases[] = {
    {"../api/", "api/"},      // the Java SE API documentation
    {"../", ""},              // anything else beside specs/
    {"#", "specs/jvmti.html#"},  // a fragment of OpenJDK's own page
    {"", "specs/"},           // jni/, jar/, jpda/, ...: other specifications
};

bool isSpace(char c) { return c == ' ' || c == '\n' || c == '\t' || c == '\r'; }

// The characters appendCollapsed does something with: white space and what HTML escapes.
constexpr auto kCollapseSpecial = [] {
    std::array<bool, 256> t{};
    for (unsigned char c : {' ', '\n', '\t', '\r', '&', '<', '>'}) t[c] = true;
    return t;
}();

// Appends `text` escaped, with runs of white space collapsed to one space. Characters that
// need nothing done are copied a run at a time.
void appendCollapsed(std::string& out, const std::string& text) {
    const char* p = text.data();
    const char* const end = p + text.size();
    while (p < end) {
        const char* q = p;
        for (; q < end; ++q) {
            if (!kCollapseSpecial[static_cast<unsigned char>(*q)]) continue;
            // A lone space between two other characters of the text stays as it is.
            if (*q == ' ' && q > text.data() && !isSpace(q[-1]) && (q + 1 == end || !isSpace(q[1]))) continue;
            break;
        }
        out.append(p, q);
        if (q == end) break;
        if (isSpace(*q)) {
            if (!out.empty() && out.back() != ' ') out += ' ';
            while (q + 1 < end && isSpace(q[1])) ++q;  // the rest of the run adds nothing
        } else {
            out += *q == '&' ? "&amp;" : *q == '<' ? "&lt;" : "&gt;";
        }
        p = q + 1;
    }
}

void trimRight(std::string& s) {
    while (!s.empty() && s.back() == ' ') s.pop_back();
}

// Link kinds whose empty text shows the id as code.
const std::set<std::string> kCodeLinks = {"functionlink", "typelink", "datalink", "fieldlink",
                                          "paramlink",    "errorlink"};

}  // namespace

std::string escapeHtml(std::string_view s, const char* apostrophe) {
    std::string out;
    out.reserve(s.size() + s.size() / 8);
    size_t from = 0;
    for (size_t i = 0; i < s.size(); ++i) {
        const char* entity = nullptr;
        switch (s[i]) {
            case '&': entity = "&amp;"; break;
            case '<': entity = "&lt;"; break;
            case '>': entity = "&gt;"; break;
            case '"': entity = "&quot;"; break;
            case '\'': entity = apostrophe; break;
            default: continue;
        }
        out.append(s, from, i - from);
        out += entity;
        from = i + 1;
    }
    out.append(s, from);
    return out;
}

int docsRelease(const Version& v) { return std::clamp(v.major, 11, kNewestPublishedDocs); }

// Percent-encodes what may not stand in a URL as written (brackets of Java array types in
// method anchors, spaces, non-ASCII bytes).
static std::string encodeUrl(const std::string& url) {
    static const std::string allowed =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#@!$&'()*+,;=%";
    static const char* hex = "0123456789ABCDEF";
    std::string out;
    for (unsigned char c : url) {
        if (allowed.find(static_cast<char>(c)) != std::string::npos) {
            out += static_cast<char>(c);
        } else {
            out += '%';
            out += hex[c >> 4];
            out += hex[c & 15];
        }
    }
    return out;
}

std::string externalLinkUrl(const std::string& id, int release) {
    if (id.find("://") != std::string::npos || id.starts_with("mailto:")) return encodeUrl(id);
    for (const auto& b : kExternalBases) {
        if (id.starts_with(b.prefix))
            return encodeUrl(kOracleDocs + std::to_string(release) + "/docs/" + std::string(b.under) +
                             id.substr(b.prefix.size()));
    }
    return encodeUrl(id);  // unreachable: the last prefix matches everything
}

std::string vmSpecUrl(const std::string& chapter, int release) {
    const std::string base = "https://docs.oracle.com/javase/specs/jvms/se" + std::to_string(release) + "/html/";
    if (chapter.empty()) return base + "index.html";
    const std::string top = chapter.substr(0, chapter.find('.'));
    std::string url = base + "jvms-" + top + ".html";
    if (chapter != top) url += "#jvms-" + chapter;
    return url;
}

ProseHtml::ProseHtml(const Spec& spec, int release, ConstantsLayout constants)
    : spec_(spec), release_(release), constants_(std::move(constants)) {}

std::string ProseHtml::blocks(const Prose& prose, const std::string& owner) {
    owner_ = owner;
    std::string out;
    flow(prose, out, false);
    return out;
}

std::string ProseHtml::compact(const Prose& prose, const std::string& owner) {
    owner_ = owner;
    std::string out;
    flow(prose, out, true);
    return out;
}

std::vector<const ConstantsGroup*> ProseHtml::unplacedGroups() const {
    std::vector<const ConstantsGroup*> out;
    for (const auto& g : spec_.constants)
        if (!placed_.count(g.id)) out.push_back(&g);
    return out;
}

// Splits `nodes` into runs of inline content (separated by <p/> and by block elements) and
// blocks; each run becomes a paragraph, unless `compact` and it is all there is.
void ProseHtml::flow(const Prose& nodes, std::string& out, bool compact) {
    std::vector<std::pair<bool, std::string>> pieces;  // (is a block, html)
    std::string run;
    auto flush = [&] {
        trimRight(run);
        if (!run.empty()) pieces.emplace_back(false, std::move(run));
        run.clear();
    };
    for (const auto& n : nodes) {
        if (n.tag.empty()) {
            appendCollapsed(run, n.text);
        } else if (std::string_view(n.tag) == "p") {
            flush();
        } else {
            std::string b;
            if (block(n, b)) {
                flush();
                if (!b.empty()) pieces.emplace_back(true, std::move(b));
            } else {
                inlineNode(n, run, false);
            }
        }
    }
    flush();
    if (compact && pieces.size() == 1 && !pieces[0].first) {
        out += pieces[0].second;
        return;
    }
    for (auto& [isBlock, html] : pieces) {
        if (isBlock) {
            out += html;
        } else {
            out += "<p>";
            out += html;
            out += "</p>";
        }
    }
}

// Tags are compared as string_views, which compare lengths first: most comparisons end there.
bool ProseHtml::block(const ProseNode& n, std::string& out) {
    const std::string_view t = n.tag;
    if (t == "issue" || t == "todo") return true;  // notes for the spec's editors, not readers
    if (t == "ul" || t == "dl" || t == "table" || t == "tr") {
        out += '<';
        out += t == "table" ? "table class=\"prose\"" : t;
        out += '>';
        for (const auto& k : n.kids) {
            const std::string_view kt = k.tag;
            if (kt.empty()) continue;  // white space between items
            if (kt == "li" || kt == "dd" || kt == "td" || kt == "th") {
                out += "<" + k.tag;
                if (kt == "th")
                    if (const auto* scope = k.attr("scope")) out += " scope=\"" + escapeHtml(*scope) + "\"";
                out += ">";
                flow(k.kids, out, true);
                out += "</" + k.tag + ">";
            } else if (kt == "dt") {
                out += "<dt>";
                std::string dt;
                inlineKids(k.kids, dt, false);
                trimRight(dt);
                out += dt.starts_with(' ') ? dt.substr(1) : dt;
                out += "</dt>";
            } else if (!block(k, out)) {
                inlineNode(k, out, false);
            }
        }
        out += "</";
        out += t;
        out += '>';
        return true;
    }
    if (t == "pre" || t == "example") {
        std::string body;
        inlineKids(n.kids, body, true);
        out += t == "example" ? "<pre class=\"example\">" : "<pre>";
        out += trimLines(body);
        out += "</pre>";
        return true;
    }
    if (t == "note") {  // a dated passage: its release and whether it is about a preview feature lead it
        out += "<div class=\"note\">";
        if (const auto* since = n.attr("since")) out += "<span class=\"badge\">since " + escapeHtml(*since) + "</span> ";
        if (const auto* preview = n.attr("preview"); preview && *preview == "yes")
            out += "<span class=\"badge preview\">preview</span> ";
        flow(n.kids, out, false);
        out += "</div>";
        return true;
    }
    if (t == "blockquote" || t == "rationale") {
        out += t == "rationale" ? "<div class=\"rationale\">" : "<blockquote>";
        flow(n.kids, out, false);
        out += t == "rationale" ? "</div>" : "</blockquote>";
        return true;
    }
    if (t == "constants") {
        const std::string* id = n.attr("id");
        for (const auto& g : spec_.constants) {
            if (id && g.id == *id && !placed_.count(g.id)) {
                placed_.insert(g.id);
                const std::string saved = owner_;
                out += constants_(g);
                owner_ = saved;
            }
        }
        return true;
    }
    if (t == "functionphaselist" || t == "eventphaselist") {
        phaseList(n, out);
        return true;
    }
    return false;
}

void ProseHtml::inlineKids(const Prose& kids, std::string& out, bool preformatted) {
    for (const auto& k : kids) {
        if (k.tag.empty()) {
            if (preformatted) out += escapeHtml(k.text);
            else appendCollapsed(out, k.text);
        } else {
            inlineNode(k, out, preformatted);
        }
    }
}

void ProseHtml::inlineNode(const ProseNode& n, std::string& out, bool preformatted) {
    const std::string_view t = n.tag;
    if (t == "code" || t == "i" || t == "b" || t == "sup") {  // the same element in HTML
        out += '<';
        out += t;
        if (t == "sup")
            if (const auto* cls = n.attr("class")) out += " class=\"" + escapeHtml(*cls) + "\"";
        out += '>';
        inlineKids(n.kids, out, preformatted);
        out += "</";
        out += t;
        out += '>';
    } else if (t == "tm") {
        inlineKids(n.kids, out, preformatted);
        out += "\u2122";
    } else if (t == "jvmti") {
        out += "JVM\u00a0TI";
    } else if (t == "space") {
        out += "&nbsp;";
    } else if (t == "br") {
        out += "<br>";
    } else if (t == "p") {
        if (!out.empty() && out.back() != ' ') out += ' ';  // a separator inside inline markup
    } else if (t.ends_with("link") || t == "vmspec") {
        link(n, out);
    } else if (t == "issue" || t == "todo") {
        // notes for the spec's editors
    } else {
        std::string b;  // a block element where only inline content may stand
        if (!block(n, b)) inlineKids(n.kids, out, preformatted);
        else out += b;
    }
}

void ProseHtml::link(const ProseNode& n, std::string& out) {
    const std::string* idp = n.attr("id");
    const std::string id = idp ? *idp : "";
    const std::string_view tag = n.tag;
    std::string href;
    bool external = false;
    if (tag == "vmspec") {
        const std::string* ch = n.attr("chapter");
        href = vmSpecUrl(ch ? *ch : "", release_);
        external = true;
    } else if (tag == "externallink") {
        href = externalLinkUrl(id, release_);
        external = true;
    } else if (tag == "fieldlink") {
        const std::string* st = n.attr("struct");
        href = "#" + (st ? *st + "." : "") + id;
    } else if (tag == "paramlink") {
        href = "#" + owner_ + "." + id;
    } else {
        href = "#" + id;
    }
    out += "<a href=\"";
    out += escapeHtml(href);
    out += external ? "\" class=\"ext\">" : "\">";
    std::string body;
    inlineKids(n.kids, body, false);
    trimRight(body);
    if (body.starts_with(' ')) body.erase(0, 1);
    if (!body.empty()) {
        out += body;
    } else if (tag == "vmspec") {
        const std::string* ch = n.attr("chapter");
        out += "The Java\u2122 Virtual Machine Specification";
        if (ch && !ch->empty())
            out += (ch->find('.') == std::string::npos ? ", Chapter " : ", Section ") + escapeHtml(*ch);
    } else if (kCodeLinks.count(n.tag)) {
        out += "<code>" + escapeHtml(id) + "</code>";
    } else {
        out += escapeHtml(id);
    }
    out += "</a>";
}

void ProseHtml::phaseList(const ProseNode& n, std::string& out) {
    const std::string* ph = n.attr("phase");
    const std::string phase = ph ? *ph : "";
    auto matches = [&](const std::string& p) { return (p.empty() ? "live" : p) == phase; };
    std::string items;
    if (n.tag == "functionphaselist") {
        for (const auto& f : spec_.functions)
            if (!f.elided && matches(f.phase))
                items += "<li><a href=\"#" + escapeHtml(f.id) + "\"><code>" + escapeHtml(f.id) + "</code></a></li>";
    } else {
        for (const auto& e : spec_.events)
            if (!e.elided && matches(e.phase))
                items += "<li><a href=\"#" + escapeHtml(e.id) + "\">" + escapeHtml(e.label) + "</a></li>";
    }
    if (!items.empty()) out += "<ul class=\"phaselist\">" + items + "</ul>";
}

}  // namespace jvmtigen
