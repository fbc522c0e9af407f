// The description renderer for HTML: turns the spec's inline prose markup (a Prose tree) into
// HTML. It is the one place in C++ that writes markup, because prose markup maps to HTML
// element by element: <p/> separators become paragraphs, lists, tables and examples become
// their HTML counterparts, and every link kind becomes an href, to an anchor of the page
// (anchors are the spec's ids) or to the Java SE documentation.
#pragma once

#include <functional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "model.hpp"

namespace jvmtigen {

// Escapes text for HTML element content and for attribute values alike. `apostrophe` is the
// entity of ' (templates keep kainjow's own, &apos;, so that their output does not change).
std::string escapeHtml(std::string_view s, const char* apostrophe = "&#39;");

// The Java SE release whose documentation external links point to: the major version of a
// JVMTI spec from 11 on is the release it belongs to; older numbering maps to 11, the first
// release with the documentation layout the links assume; a release in early access maps to
// the newest one whose documentation is published (kNewestPublishedDocs).
int docsRelease(const Version& v);

// The newest Java SE release with documentation on docs.oracle.com (JDK 27, September 2026).
// JDK 28 is in early access: its pages are not there yet. Raise this when it ships.
inline constexpr int kNewestPublishedDocs = 27;

// Absolute URL of <externallink id="...">. OpenJDK writes these relative to where jvmti.html
// is published (docs/specs/); they resolve against that release's documentation.
std::string externalLinkUrl(const std::string& id, int release);

// URL of <vmspec chapter="4.3.2"/>: the JVM specification of that release, the chapter page
// and, for a section, its anchor. No chapter: the specification's contents page.
std::string vmSpecUrl(const std::string& chapter, int release);

class ProseHtml {
public:
    // Lays out one constants group where its <constants> placeholder stands; `owner` is the
    // element whose prose holds it (its paramlinks resolve against that owner).
    using ConstantsLayout = std::function<std::string(const ConstantsGroup&)>;

    ProseHtml(const Spec& spec, int release, ConstantsLayout constants);

    // Block content (a description, an intro): every run of inline content is a paragraph.
    std::string blocks(const Prose& prose, const std::string& owner);

    // Content of a table cell or list item: a single run stays inline, without <p>.
    std::string compact(const Prose& prose, const std::string& owner);

    // Constants groups no rendered prose has placed so far, in document order.
    std::vector<const ConstantsGroup*> unplacedGroups() const;

private:
    const Spec& spec_;
    int release_;
    ConstantsLayout constants_;
    std::string owner_;
    std::set<std::string> placed_;

    void flow(const Prose& nodes, std::string& out, bool compact);
    bool block(const ProseNode& n, std::string& out);  // false: not a block element
    void inlineNode(const ProseNode& n, std::string& out, bool preformatted);
    void inlineKids(const Prose& kids, std::string& out, bool preformatted);
    void link(const ProseNode& n, std::string& out);
    void phaseList(const ProseNode& n, std::string& out);
};

}  // namespace jvmtigen
