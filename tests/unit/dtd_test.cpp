// What a file's own DTD declares is what the reader accepts: OpenJDK's JDK 8 file declares
// `align` on <th> and <td>, which later files dropped. The fixtures are OpenJDK's JDK 11-ea
// file with small edits made here (never a committed copy of it), and the minimal spec,
// which has no DTD and so keeps the reader's built-in set.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>

#include "dtd.hpp"
#include "minimal_spec.hpp"
#include "reader.hpp"
#include "support.hpp"
#include "validate.hpp"

using namespace jvmtigen;
using namespace testsupport;

namespace {

// The text with `from` (which must occur exactly once) replaced by `to`.
std::string replaceOnce(std::string text, const std::string& from, const std::string& to) {
    const auto at = text.find(from);
    REQUIRE(at != std::string::npos);
    REQUIRE(text.find(from, at + 1) == std::string::npos);
    return text.replace(at, from.size(), to);
}

// The text with the first occurrence of `from` replaced by `to`.
std::string replaceFirst(std::string text, const std::string& from, const std::string& to) {
    const auto at = text.find(from);
    REQUIRE(at != std::string::npos);
    return text.replace(at, from.size(), to);
}

int lineOf(const std::string& text, const std::string& snippet) {
    const auto at = text.find(snippet);
    REQUIRE(at != std::string::npos);
    return 1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n'));
}

struct ReadResult {
    bool ok;
    std::vector<std::string> messages;
};

ReadResult read(const std::string& text) {
    Spec spec;
    Diagnostics diag("fixture.xml");
    const bool ok = readSpecText(text, spec, diag) && validateSpec(spec, diag);
    return {ok, diag.messages()};
}

std::string jdk11() { return readFile(upstreamSpec("jdk11-ea")); }

// The first header cell with content in the JDK 11-ea file, given an `align` attribute.
const std::string kHeaderCell = "<th/>\n            <th>";
const std::string kAlignedCell = "<th/>\n            <th align=\"left\">";

}  // namespace

TEST_CASE("DTD: element and attribute declarations are parsed, comments and entities skipped", "[reader][dtd]") {
    std::vector<DtdProblem> problems;
    const auto d = parseDtd(R"(spec [
  <!-- a comment with <!ELEMENT fake ANY> inside -->
  <!ELEMENT spec (a|b)*>
  <!ATTLIST spec label CDATA #REQUIRED
                 kind (x|y) "x"
                 fixed CDATA #FIXED 'v'>
  <!ENTITY copy "&#169;">
  <!ELEMENT a EMPTY>
  <!ATTLIST a id ID #IMPLIED>
  <!ATTLIST a note NOTATION (n1|n2) #IMPLIED>
])", problems);
    CHECK(problems.empty());
    CHECK(d.elements == std::set<std::string, std::less<>>{"spec", "a"});
    CHECK(d.attributes.at("spec") == std::set<std::string, std::less<>>{"label", "kind", "fixed"});
    CHECK(d.attributes.at("a") == std::set<std::string, std::less<>>{"id", "note"});  // two ATTLISTs merged
    CHECK(d.declares("a", "id"));
    CHECK_FALSE(d.declares("b", "id"));
    CHECK_FALSE(d.declares("fake"));
}

TEST_CASE("DTD: a malformed internal subset is reported with where it went wrong", "[reader][dtd]") {
    std::vector<DtdProblem> problems;
    const std::string text = "spec [\n  <!ELEMENT spec ANY>\n  <!ATTLIST spec label CDATA>\n]";
    parseDtd(text, problems);
    REQUIRE(problems.size() == 1);
    CHECK(problems[0].message.find("expected #REQUIRED, #IMPLIED or a default value") != std::string::npos);
    CHECK(text.substr(problems[0].offset, 5) == "label");

    // Through the reader: the problem names the line of the declaration in the file.
    const std::string spec = replaceOnce(jdk11(), "<!ELEMENT li  ANY>", "<!ELEMENT li  ANY>\n   <!ATTLIST li >>");
    const auto r = read(spec);
    CHECK_FALSE(r.ok);
    REQUIRE(!r.messages.empty());
    CHECK(r.messages.front().find("fixture.xml:" + std::to_string(lineOf(spec, "<!ATTLIST li >>")) + ": error:") == 0);
}

TEST_CASE("DTD: an attribute the file's DTD declares is accepted, as JDK 8's align on <th>", "[reader][dtd]") {
    const std::string undeclared = replaceFirst(jdk11(), kHeaderCell, kAlignedCell);
    // Without the declaration, the attribute is an error that names its line.
    const auto bad = read(undeclared);
    CHECK_FALSE(bad.ok);
    REQUIRE(bad.messages.size() == 1);
    CHECK(bad.messages[0] == "fixture.xml:" + std::to_string(lineOf(undeclared, kAlignedCell) + 1) +
                                 ": error: attribute 'align' on <th> is not declared in the file's DTD");

    // With JDK 8's declaration added to the DTD, the same file reads and validates.
    const std::string declared = replaceOnce(undeclared, "<!ATTLIST th class CDATA #IMPLIED>",
                                             "<!ATTLIST th class CDATA #IMPLIED>\n"
                                             "   <!ATTLIST th align (left|right|center) \"center\">");
    const auto good = read(declared);
    for (const auto& m : good.messages) UNSCOPED_INFO(m);
    CHECK(good.ok);
    CHECK(good.messages.empty());
}

TEST_CASE("DTD: an attribute the reader knows but the file's DTD does not declare is rejected", "[reader][dtd]") {
    // The JDK 11-ea DTD declares `class` on <th>; without that declaration a class is an error.
    const std::string text = replaceOnce(jdk11(), "<!ATTLIST th class CDATA #IMPLIED>", "");
    const std::string withClass = replaceFirst(text, kHeaderCell, "<th/>\n            <th class=\"x\">");
    const auto r = read(withClass);
    CHECK_FALSE(r.ok);
    // The file's own <th class=...> cells are errors too now; every message is about one of them.
    const std::string expected = "fixture.xml:" + std::to_string(lineOf(withClass, "<th class=\"x\">")) +
                                 ": error: attribute 'class' on <th> is not declared in the file's DTD";
    CHECK(std::count(r.messages.begin(), r.messages.end(), expected) == 1);
    for (const auto& m : r.messages) CHECK(m.ends_with("error: attribute 'class' on <th> is not declared in the file's DTD"));
}

TEST_CASE("DTD: an undeclared element is rejected with its line, a declared new one is accepted in prose", "[reader][dtd]") {
    const std::string withMark = replaceFirst(jdk11(), kHeaderCell, "<th/>\n            <th><mark>x</mark>");
    const auto bad = read(withMark);
    CHECK_FALSE(bad.ok);
    REQUIRE(bad.messages.size() == 1);
    CHECK(bad.messages[0] == "fixture.xml:" + std::to_string(lineOf(withMark, "<mark>")) +
                                 ": error: element <mark> is not declared in the file's DTD");

    const std::string declared = replaceOnce(withMark, "<!ELEMENT li  ANY>", "<!ELEMENT li  ANY>\n   <!ELEMENT mark ANY>");
    const auto good = read(declared);
    for (const auto& m : good.messages) UNSCOPED_INFO(m);
    CHECK(good.ok);
}

TEST_CASE("DTD: a file without one keeps the reader's built-in set", "[reader][dtd]") {
    REQUIRE(minispec::text().find("<!DOCTYPE") == std::string::npos);
    CHECK(read(minispec::text()).ok);
    // An attribute the reader does not know stays an error naming its line.
    const std::string text = minispec::edited("<outptr><void/></outptr>", "<outptr><void align=\"left\"/></outptr>");
    const auto r = read(text);
    CHECK_FALSE(r.ok);
    REQUIRE(!r.messages.empty());
    CHECK(r.messages[0] == "fixture.xml:" + std::to_string(lineOf(text, "<void align")) +
                               ": error: unknown attribute 'align' on <void>");
}

TEST_CASE("DTD: its errors come first, whatever their lines, as when the check ran before the reading",
          "[reader][dtd]") {
    // A file this big is checked on a thread of its own beside the reading (the reader's
    // kDtdThreadFrom); the messages are the same, in the same order.
    std::string text = replaceFirst(jdk11(), kHeaderCell, "<th/>\n            <th><mark>x</mark>");
    text = replaceOnce(text, "impl=\"notrace\" num=\"46\">", "impl=\"notrace\" num=\"x46\">");
    REQUIRE(text.size() > 64 * 1024);
    const int markLine = lineOf(text, "<mark>"), numLine = lineOf(text, "num=\"x46\"");
    REQUIRE(markLine > numLine);
    const auto r = read(text);
    CHECK_FALSE(r.ok);
    REQUIRE(r.messages.size() >= 2);
    CHECK(r.messages[0] == "fixture.xml:" + std::to_string(markLine) +
                               ": error: element <mark> is not declared in the file's DTD");
    CHECK(r.messages[1].starts_with("fixture.xml:" + std::to_string(numLine) + ": error: attribute 'num' of <function>"));
}
