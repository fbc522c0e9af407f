// The HTML prose renderer on small hand-made prose: paragraphs from <p/> separators, escaping,
// compact cells, every link kind, placeholders, and the external link mapping.
#include <catch2/catch.hpp>

#include "prose_html.hpp"

using namespace jvmtigen;

namespace {

ProseNode text(const std::string& s) {
    ProseNode n;
    n.text = s;
    return n;
}

ProseNode el(const std::string& tag, std::vector<ProseNode> kids = {},
             std::vector<std::pair<std::string, std::string>> attrs = {}) {
    ProseNode n;
    n.tag = tag;
    n.kids = std::move(kids);
    n.attrs = std::move(attrs);
    return n;
}

Spec smallSpec() {
    Spec s;
    Function f;
    f.id = "GetWidget";
    f.phase = "start";
    s.functions.push_back(f);
    Function g;
    g.id = "GetGadget";
    s.functions.push_back(g);
    Event e;
    e.id = "WidgetMade";
    e.label = "Widget Made";
    e.phase = "any";
    s.events.push_back(e);
    ConstantsGroup grp;
    grp.id = "jvmtiWidgetKind";
    grp.label = "Widget kinds";
    grp.kind = "enum";
    Constant round;
    round.id = "JVMTI_WIDGET_ROUND";
    round.num = "1";
    grp.constants.push_back(round);
    s.constants.push_back(grp);
    return s;
}

std::string tableOf(const ConstantsGroup& g) { return "[table " + g.id + "]"; }

}  // namespace

TEST_CASE("paragraph separators make paragraphs, white space collapses and text is escaped") {
    const Spec s = smallSpec();
    ProseHtml r(s, 25, tableOf);
    const Prose p = {text("\n  First  line <of> \"text\" & more\n  "), el("p"), text("  Second.  "), el("p"),
                     text("   ")};
    CHECK(r.blocks(p, "GetWidget") == "<p>First line &lt;of&gt; \"text\" &amp; more</p><p>Second.</p>");
}

TEST_CASE("blocks split paragraphs around them and a single run in a cell stays inline") {
    const Spec s = smallSpec();
    ProseHtml r(s, 25, tableOf);
    const Prose list = {text("Before:"), el("ul", {text("\n"), el("li", {text(" one ")}), el("li", {text("two")})}),
                        text("after.")};
    CHECK(r.blocks(list, "GetWidget") == "<p>Before:</p><ul><li>one</li><li>two</li></ul><p>after.</p>");
    CHECK(r.compact({text(" just this ")}, "GetWidget") == "just this");
    CHECK(r.compact({text("a"), el("p"), text("b")}, "GetWidget") == "<p>a</p><p>b</p>");
}

TEST_CASE("inline markup (code, i, b, tm, jvmti, br) and examples that keep their lines") {
    const Spec s = smallSpec();
    ProseHtml r(s, 25, tableOf);
    CHECK(r.compact({el("code", {text("x<y")}), text(" "), el("i", {text("it")}), text(" "), el("b", {text("bo")})},
                    "") == "<code>x&lt;y</code> <i>it</i> <b>bo</b>");
    CHECK(r.compact({el("tm", {text("Java")}), text(" "), el("jvmti")}, "") == "Java\u2122 JVM\u00a0TI");
    CHECK(r.compact({text("a"), el("br"), text("b")}, "") == "a<br>b");
    const Prose ex = {el("example", {text("\n      int a;\n        if (a) b();\n    ")})};
    CHECK(r.blocks(ex, "") == "<pre class=\"example\">int a;\n  if (a) b();</pre>");
}

TEST_CASE("every link kind becomes an href to its anchor and empty links show the id") {
    const Spec s = smallSpec();
    ProseHtml r(s, 25, tableOf);
    CHECK(r.compact({el("functionlink", {}, {{"id", "GetWidget"}})}, "") ==
          "<a href=\"#GetWidget\"><code>GetWidget</code></a>");
    CHECK(r.compact({el("functionlink", {text("the getter")}, {{"id", "GetWidget"}})}, "") ==
          "<a href=\"#GetWidget\">the getter</a>");
    CHECK(r.compact({el("eventlink", {}, {{"id", "WidgetMade"}})}, "") == "<a href=\"#WidgetMade\">WidgetMade</a>");
    CHECK(r.compact({el("typelink", {}, {{"id", "jvmtiWidget"}})}, "") ==
          "<a href=\"#jvmtiWidget\"><code>jvmtiWidget</code></a>");
    CHECK(r.compact({el("datalink", {}, {{"id", "JVMTI_WIDGET_ROUND"}})}, "") ==
          "<a href=\"#JVMTI_WIDGET_ROUND\"><code>JVMTI_WIDGET_ROUND</code></a>");
    CHECK(r.compact({el("errorlink", {}, {{"id", "JVMTI_ERROR_NONE"}})}, "") ==
          "<a href=\"#JVMTI_ERROR_NONE\"><code>JVMTI_ERROR_NONE</code></a>");
    CHECK(r.compact({el("internallink", {text("start-up")}, {{"id", "onload"}})}, "") ==
          "<a href=\"#onload\">start-up</a>");
    CHECK(r.compact({el("fieldlink", {}, {{"id", "name"}, {"struct", "jvmtiWidget"}})}, "") ==
          "<a href=\"#jvmtiWidget.name\"><code>name</code></a>");
    CHECK(r.compact({el("paramlink", {}, {{"id", "count_ptr"}})}, "GetWidget") ==
          "<a href=\"#GetWidget.count_ptr\"><code>count_ptr</code></a>");
    CHECK(r.compact({el("externallink", {text("JNI")}, {{"id", "jni/index.html"}})}, "") ==
          "<a href=\"https://docs.oracle.com/en/java/javase/25/docs/specs/jni/index.html\" class=\"ext\">JNI</a>");
    CHECK(r.compact({el("vmspec", {}, {{"chapter", "4.3.2"}})}, "") ==
          "<a href=\"https://docs.oracle.com/javase/specs/jvms/se25/html/jvms-4.html#jvms-4.3.2\" class=\"ext\">"
          "The Java\u2122 Virtual Machine Specification, Section 4.3.2</a>");
}

TEST_CASE("external link ids resolve against the documentation of the spec's release") {
    CHECK(externalLinkUrl("jni/functions.html#local-references", 17) ==
          "https://docs.oracle.com/en/java/javase/17/docs/specs/jni/functions.html#local-references");
    CHECK(externalLinkUrl("../api/java.base/java/lang/Class.html#isHidden()", 25) ==
          "https://docs.oracle.com/en/java/javase/25/docs/api/java.base/java/lang/Class.html#isHidden()");
    CHECK(externalLinkUrl("../api/a/B.html#m(byte[],int)", 25) ==
          "https://docs.oracle.com/en/java/javase/25/docs/api/a/B.html#m(byte%5B%5D,int)");
    CHECK(externalLinkUrl("https://openjdk.org/jeps/1", 25) == "https://openjdk.org/jeps/1");
    CHECK(vmSpecUrl("", 21) == "https://docs.oracle.com/javase/specs/jvms/se21/html/index.html");
    CHECK(vmSpecUrl("4", 21) == "https://docs.oracle.com/javase/specs/jvms/se21/html/jvms-4.html");
    CHECK(docsRelease(Version{1, 2, 3}) == 11);
    CHECK(docsRelease(Version{17, 0, 0}) == 17);
    CHECK(docsRelease(Version{27, 0, 0}) == 27);
    // A release in early access links the newest published documentation.
    CHECK(docsRelease(Version{28, 0, 0}) == kNewestPublishedDocs);
    CHECK(kNewestPublishedDocs == 27);
}

TEST_CASE("placeholders: a constants group is laid out once where it stands and phase lists list") {
    const Spec s = smallSpec();
    ProseHtml r(s, 25, tableOf);
    CHECK(r.unplacedGroups().size() == 1);
    const Prose p = {text("Kinds:"), el("constants", {}, {{"id", "jvmtiWidgetKind"}}), text("done")};
    CHECK(r.blocks(p, "GetWidget") == "<p>Kinds:</p>[table jvmtiWidgetKind]<p>done</p>");
    CHECK(r.unplacedGroups().empty());
    CHECK(r.blocks(p, "GetWidget") == "<p>Kinds:</p><p>done</p>");  // never twice: ids stay unique

    CHECK(r.blocks({el("functionphaselist", {}, {{"phase", "live"}})}, "") ==
          "<ul class=\"phaselist\"><li><a href=\"#GetGadget\"><code>GetGadget</code></a></li></ul>");
    CHECK(r.blocks({el("eventphaselist", {}, {{"phase", "any"}})}, "") ==
          "<ul class=\"phaselist\"><li><a href=\"#WidgetMade\">Widget Made</a></li></ul>");
}

TEST_CASE("notes for the spec's editors are left out and rationales are set apart") {
    const Spec s = smallSpec();
    ProseHtml r(s, 25, tableOf);
    CHECK(r.blocks({text("Kept."), el("issue", {text("open question")}), el("todo", {text("later")})}, "") ==
          "<p>Kept.</p>");
    CHECK(r.blocks({el("rationale", {text("Because.")})}, "") == "<div class=\"rationale\"><p>Because.</p></div>");
}
