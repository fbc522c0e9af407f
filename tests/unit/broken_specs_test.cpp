// A catalogue of broken specs, each one edit (or two) of the minimal valid spec. For each,
// the tool must exit with status 1, print exactly the expected FILE:LINE: error: lines and
// the summary, and write nothing. Line numbers are taken from the variant itself, as the
// line of the element the message is about.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include "minimal_spec.hpp"
#include "support.hpp"

using minispec::edited;
using minispec::lineOf;
namespace ts = testsupport;

namespace {

struct Expected {
    int line;
    std::string message;
};

struct Rejection {
    std::string specPath;  // as passed to --spec and printed in messages
    ts::RunResult result;
};

// Writes `text` as a spec in a fresh directory and runs the tool on it; checks status 1,
// an empty standard output and that nothing but the spec exists afterwards.
Rejection runRejected(const std::string& text) {
    ts::TempDir dir;
    const std::string spec = (dir / "spec.xml").string();
    ts::writeFile(spec, text);
    // scripts/fuzz.sh collects the catalogue as seeds for the generator's fuzz target.
    if (const char* seeds = std::getenv("JVMTIGEN_SPEC_SEEDS"))
        ts::writeFile((std::filesystem::path(seeds) / ("broken-" + std::to_string(std::hash<std::string>{}(text)) + ".xml")).string(), text);
    const auto out = dir / "out";
    Rejection r{spec, ts::runTool({"--spec", spec, "--out", out.string()})};
    CHECK(r.result.status == 1);
    CHECK(r.result.out.empty());
    CHECK(ts::listFiles(out).empty());
    CHECK(ts::listFiles(dir.path()) == std::vector<std::string>{"spec.xml"});
    return r;
}

std::string diagnostics(const std::string& spec, const std::vector<Expected>& expected) {
    std::string s;
    for (const auto& e : expected) s += spec + ":" + std::to_string(e.line) + ": error: " + e.message + "\n";
    return s;
}

std::string summary(const std::string& spec, size_t errors) {
    return std::to_string(errors) + (errors == 1 ? " error" : " errors") + " in " + spec + "; nothing written\n";
}

// The whole standard error must be these lines, in this order, then the summary.
void checkRejected(const std::string& text, const std::vector<Expected>& expected) {
    const Rejection r = runRejected(text);
    CHECK(r.result.err == diagnostics(r.specPath, expected) + summary(r.specPath, expected.size()));
}

std::string line(int n) { return "(line " + std::to_string(n) + ")"; }

}  // namespace

TEST_CASE("the minimal spec itself is valid", "[broken]") {
    ts::TempDir dir;
    ts::writeFile(dir / "spec.xml", minispec::text());
    const auto r = ts::runTool({"--spec", (dir / "spec.xml").string(), "--check"});
    CHECK(r.status == 0);
    CHECK(r.err.empty());
}

// --- XML level ---------------------------------------------------------------------------

TEST_CASE("broken: unclosed tag (malformed XML)", "[broken]") {
    const auto spec = edited("<errors/>\n      </function>\n      <elide", "<errors>\n      </function>\n      <elide");
    // pugixml notices the mismatch at the </function> after the unclosed <errors>
    checkRejected(spec, {{lineOf(spec, "<errors>\n      </function>") + 1, "malformed XML: Start-end tags mismatch"}});
}

TEST_CASE("broken: file cut short before </specification>", "[broken]") {
    const auto spec = edited("</specification>\n", "");
    checkRejected(spec, {{lineOf(spec, "</changehistory>"), "malformed XML: Start-end tags mismatch"}});
}

TEST_CASE("broken: a byte that is not UTF-8 (found by the generator's fuzz target)", "[broken]") {
    const auto spec = edited("Made up for tests;", "Made up for tests\xF8;");
    checkRejected(spec, {{lineOf(spec, "Made up for tests"),
                          "not UTF-8: byte 0xF8 begins no valid sequence (a file in ISO-8859-1 must say so in its XML declaration)"}});
}

TEST_CASE("broken: a UTF-8 sequence cut short, and an overlong form", "[broken]") {
    const auto cut = edited("Made up for tests;", "Made up for tests\xE2\x82;");
    checkRejected(cut, {{lineOf(cut, "Made up for tests"),
                         "not UTF-8: byte 0xE2 begins no valid sequence (a file in ISO-8859-1 must say so in its XML declaration)"}});
    const auto overlong = edited("Made up for tests;", "Made up for tests\xC0\xAF;");
    checkRejected(overlong, {{lineOf(overlong, "Made up for tests"),
                              "not UTF-8: byte 0xC0 begins no valid sequence (a file in ISO-8859-1 must say so in its XML declaration)"}});
}

TEST_CASE("broken: empty file", "[broken]") {
    checkRejected("", {{1, "no XML element in the file (empty or not XML)"}});
}

TEST_CASE("broken: plain text, not XML", "[broken]") {
    checkRejected("This is a list of gadgets,\nnot a specification.\n",
                  {{1, "no XML element in the file (empty or not XML)"}});
}

TEST_CASE("broken: wrong document element", "[broken]") {
    const auto spec = edited({{"<specification label", "<catalogue label"}, {"</specification>", "</catalogue>"}});
    checkRejected(spec, {{2, "the document element is <catalogue>, expected <specification>"}});
}

TEST_CASE("broken: nonexistent spec file", "[broken]") {
    ts::TempDir dir;
    const std::string spec = (dir / "absent.xml").string();
    const auto r = ts::runTool({"--spec", spec, "--out", (dir / "out").string()});
    CHECK(r.status == 1);
    CHECK(r.err == spec + ": error: cannot open the file: No such file or directory\n" + summary(spec, 1));
    CHECK(ts::listFiles(dir.path()).empty());
}

// --- elements and attributes -----------------------------------------------------------

TEST_CASE("broken: unknown element", "[broken]") {
    const auto spec = edited("<origin>new</origin>\n        <capabilities>\n          <required",
                             "<origin>new</origin>\n        <colour/>\n        <capabilities>\n          <required");
    checkRejected(spec, {{lineOf(spec, "<colour/>"), "unknown element <colour> in <function>"}});
}

TEST_CASE("broken: unknown attribute", "[broken]") {
    const auto spec = edited("num=\"1\" phase=\"live\"", "num=\"1\" colour=\"red\" phase=\"live\"");
    checkRejected(spec, {{lineOf(spec, "colour=\"red\""), "unknown attribute 'colour' on <function>"}});
}

TEST_CASE("broken: stray text in an element", "[broken]") {
    const auto spec = edited("<errors/>\n      </function>\n      <elide", "<errors/>\n      stray words\n      </function>\n      <elide");
    // Reported at the line the text itself starts on.
    checkRejected(spec, {{lineOf(spec, "stray words"), "unexpected text in <function>"}});
}

TEST_CASE("broken: missing num", "[broken]") {
    const auto spec = edited(" num=\"1\" phase=\"live\"", " phase=\"live\"");
    checkRejected(spec, {{lineOf(spec, "<function id=\"GetGadgetCount\""),
                          "<function> lacks the required attribute 'num'"}});
}

TEST_CASE("broken: empty num", "[broken]") {
    const auto spec = edited("num=\"1\" phase=\"live\"", "num=\"\" phase=\"live\"");
    checkRejected(spec, {{lineOf(spec, "<function id=\"GetGadgetCount\""), "attribute 'num' of <function> is empty"}});
}

TEST_CASE("broken: non-numeric num", "[broken]") {
    const auto spec = edited("num=\"1\" phase=\"live\"", "num=\"one\" phase=\"live\"");
    checkRejected(spec, {{lineOf(spec, "num=\"one\""),
                          "attribute 'num' of <function> is 'one'; expected a non-negative decimal integer"}});
}

TEST_CASE("broken: negative num", "[broken]") {
    const auto spec = edited("num=\"20\"", "num=\"-20\"");
    checkRejected(spec, {{lineOf(spec, "num=\"-20\""),
                          "attribute 'num' of <errorid> is '-20'; expected a non-negative decimal integer"}});
}

TEST_CASE("broken: function num 0", "[broken]") {
    const auto spec = edited("num=\"1\" phase=\"live\"", "num=\"0\" phase=\"live\"");
    checkRejected(spec, {{lineOf(spec, "num=\"0\" phase"), "function 'GetGadgetCount' has num 0; table slots start at 1"}});
}

TEST_CASE("broken: a function num past the table's limit", "[broken]") {
    const auto spec = edited("num=\"1\" phase=\"live\"", "num=\"1025\" phase=\"live\"");
    checkRejected(spec, {{lineOf(spec, "num=\"1025\" phase"),
                          "function 'GetGadgetCount' has num 1025; the function table is laid out by num, which goes up "
                          "to 1024"}});
}

TEST_CASE("broken: an event num outside 1 to 1024", "[broken]") {
    // Found by generator_fuzz: an event num of 634350652 made the event table 2 GB before anything refused it.
    const auto huge = edited("num=\"50\"", "num=\"634350652\"");
    checkRejected(huge, {{lineOf(huge, "label=\"Gadget Made\""),
                          "event 'GadgetMade' has num 634350652; the event tables are laid out by num, which goes from 1 "
                          "to 1024"}});
    const auto zero = edited("num=\"51\"", "num=\"0\"");
    checkRejected(zero, {{lineOf(zero, "id=\"GadgetLost\""),
                          "event 'GadgetLost' has num 0; the event tables are laid out by num, which goes from 1 to 1024"}});
}

TEST_CASE("broken: an error num past the tables' limit", "[broken]") {
    // HotSpot's error names (hotspot-enter) are an array by num: a huge num would make it huge.
    const auto spec = edited("num=\"20\"", "num=\"1025\"");
    checkRejected(spec, {{lineOf(spec, "num=\"1025\""),
                          "error 'JVMTI_ERROR_ABSENT_INFORMATION' has num 1025; the error tables are laid out by num, which goes "
                          "up to 1024"}});
}

TEST_CASE("broken: bad phase value", "[broken]") {
    const auto spec = edited("phase=\"any\"", "phase=\"sometimes\"");
    checkRejected(spec, {{lineOf(spec, "phase=\"sometimes\""),
                          "attribute 'phase' of <function> is 'sometimes'; expected one of: onload, onloadOnly, "
                          "start, live, any"}});
}

TEST_CASE("broken: bad event phase value (onloadOnly is for functions only)", "[broken]") {
    const auto spec = edited("num=\"50\" phase=\"live\"", "num=\"50\" phase=\"onloadOnly\"");
    checkRejected(spec, {{lineOf(spec, "phase=\"onloadOnly\""),
                          "attribute 'phase' of <event> is 'onloadOnly'; expected one of: onload, start, live, any"}});
}

TEST_CASE("broken: bad constants kind", "[broken]") {
    const auto spec = edited("kind=\"enum\"", "kind=\"list\"");
    checkRejected(spec, {{lineOf(spec, "<constants id="),
                          "attribute 'kind' of <constants> is 'list'; expected one of: enum, bits, const"}});
}

TEST_CASE("broken: missing <parameters>", "[broken]") {
    const auto spec = edited("      <parameters/>\n    </event>\n    <elide", "    </event>\n    <elide");
    checkRejected(spec, {{lineOf(spec, "id=\"GadgetLost\""), "<event> lacks its <parameters> element"}});
}

TEST_CASE("broken: missing description in a param", "[broken]") {
    const auto spec = edited("            <description>How to count.</description>\n", "");
    checkRejected(spec, {{lineOf(spec, "<param id=\"mode\">"), "<param> lacks its <description> element"}});
}

TEST_CASE("broken: missing section", "[broken]") {
    const auto spec = edited(minispec::Parts{}.issues, "");
    checkRejected(spec, {{2, "<specification> lacks its <issuessection> element"}});
}

TEST_CASE("broken: wrapper without a base type", "[broken]") {
    const auto spec = edited("<outptr><jint/></outptr>", "<outptr></outptr>");
    checkRejected(spec, {{lineOf(spec, "<outptr></outptr>"), "<outptr> lacks its base type element"}});
}

TEST_CASE("broken: nested wrapper (outptr inside inbuf)", "[broken]") {
    const auto spec = edited("<inbuf incount=\"gadget_count\"><jthread/></inbuf>",
                             "<inbuf incount=\"gadget_count\"><outptr><jthread/></outptr></inbuf>");
    const int at = lineOf(spec, "<inbuf incount=");
    // The second message follows from the first: the only base type is inside the nested wrapper.
    checkRejected(spec, {{at, "nested <outptr> inside <inbuf> is not supported"},
                         {at, "<inbuf> lacks its base type element"}});
}

// --- numbering and identity --------------------------------------------------------------

TEST_CASE("broken: duplicate function num", "[broken]") {
    const auto spec = edited("num=\"2\" phase=\"any\"", "num=\"1\" phase=\"any\"");
    checkRejected(spec, {{lineOf(spec, "<function id=\"GetGadgetNames\""),
                          "function 'GetGadgetNames' has num 1, already taken by 'GetGadgetCount' " +
                              line(lineOf(spec, "<function id=\"GetGadgetCount\""))}});
}

TEST_CASE("broken: duplicate event num", "[broken]") {
    const auto spec = edited("num=\"51\"", "num=\"50\"");
    checkRejected(spec, {{lineOf(spec, "id=\"GadgetLost\""),
                          "event 'GadgetLost' has num 50, already taken by 'GadgetMade' " +
                              line(lineOf(spec, "label=\"Gadget Made\""))}});
}

TEST_CASE("broken: duplicate error num", "[broken]") {
    const auto spec = edited("num=\"20\"", "num=\"100\"");
    checkRejected(spec, {{lineOf(spec, "<errorid id=\"JVMTI_ERROR_ABSENT_INFORMATION\""),
                          "error 'JVMTI_ERROR_ABSENT_INFORMATION' has num 100, already taken by 'JVMTI_ERROR_NULL_POINTER' (line " + std::to_string(lineOf(spec, "JVMTI_ERROR_NULL_POINTER\" num")) + ")"}});
}

TEST_CASE("broken: duplicate function id", "[broken]") {
    const auto spec = edited("<function id=\"GetGadgetNames\"", "<function id=\"GetGadgetCount\"");
    // The second message is a consequence: paramlinks resolve against the first function of the id.
    checkRejected(spec, {{lineOf(spec, "<function id=\"GetGadgetCount\" num=\"2\""), "duplicate function id 'GetGadgetCount'"},
                         {lineOf(spec, "<paramlink id=\"owners\"/>"),
                          "<paramlink id=\"owners\"> links to no parameter of 'GetGadgetCount'"}});
}

TEST_CASE("broken: duplicate constant id", "[broken]") {
    const auto spec = edited("<constant id=\"TINY_COUNT_EXACT\"", "<constant id=\"TINY_COUNT_QUICK\"");
    checkRejected(spec, {{lineOf(spec, "<constant id=\"TINY_COUNT_QUICK\" num=\"2\""), "duplicate constant id 'TINY_COUNT_QUICK'"}});
}

TEST_CASE("broken: duplicate parameter", "[broken]") {
    const auto spec = edited("<param id=\"min_weight\">", "<param id=\"mode\">");
    checkRejected(spec, {{lineOf(spec, "<param id=\"mode\">\n            <jint min"), "function 'GetGadgetCount': duplicate parameter 'mode'"}});
}

TEST_CASE("an elided function may reuse the num of an active one", "[broken]") {
    const auto spec = edited("<function id=\"PolishGadget\" num=\"3\">", "<function id=\"PolishGadget\" num=\"1\">");
    ts::TempDir dir;
    ts::writeFile(dir / "spec.xml", spec);
    const auto r = ts::runTool({"--spec", (dir / "spec.xml").string(), "--out", (dir / "out").string(), "--only", "header"});
    CHECK(r.status == 0);
    CHECK(r.err.empty());
    REQUIRE(ts::listFiles(dir / "out") == std::vector<std::string>{"include/jvmti.h"});
    const std::string header = ts::readFile(dir / "out" / "include" / "jvmti.h");
    CHECK(header.find("GetGadgetCount") != std::string::npos);
    CHECK(header.find("PolishGadget") == std::string::npos);
}

// --- cross references --------------------------------------------------------------------

// --- handlercalls, jvmtigen's extension of the schema ---------------------------------------

TEST_CASE("broken: handlercalls with a value outside the schema", "[broken]") {
    const auto spec = edited("num=\"51\" since=\"1.2\">", "num=\"51\" since=\"1.2\" handlercalls=\"safe\">");
    checkRejected(spec, {{lineOf(spec, "handlercalls="),
                          "attribute 'handlercalls' of <event> is 'safe'; expected one of: any, callbacksafe"}});
}

TEST_CASE("broken: handlercalls=\"callbacksafe\" with no callback-safe function to call", "[broken]") {
    const auto spec = edited("num=\"51\" since=\"1.2\">", "num=\"51\" since=\"1.2\" handlercalls=\"callbacksafe\">");
    checkRejected(spec, {{lineOf(spec, "handlercalls="),
                          "event 'GadgetLost': handlercalls=\"callbacksafe\" but no function is declared "
                          "callbacksafe=\"safe\""}});
}

TEST_CASE("broken: handlercalls=\"callbacksafe\" on an event that hands its handler a JNIEnv", "[broken]") {
    const auto spec = edited({{"phase=\"live\">\n      <description>A gadget was made.",
                               "phase=\"live\" handlercalls=\"callbacksafe\">\n      <description>A gadget was made."},
                              {"<function id=\"GetGadgetNames\" num=\"2\" phase=\"any\">",
                               "<function id=\"GetGadgetNames\" num=\"2\" phase=\"any\" callbacksafe=\"safe\">"}});
    checkRejected(spec, {{lineOf(spec, "<param id=\"jni_env\">"),
                          "event 'GadgetMade': handlercalls=\"callbacksafe\" forbids JNI in the handler, yet parameter "
                          "'jni_env' hands it a JNIEnv"}});
}

TEST_CASE("handlercalls=\"callbacksafe\" restricts the handler in the generated thunks and tables", "[broken]") {
    const auto spec = edited({{"num=\"51\" since=\"1.2\">", "num=\"51\" since=\"1.2\" handlercalls=\"callbacksafe\">"},
                              {"<function id=\"GetGadgetNames\" num=\"2\" phase=\"any\">",
                               "<function id=\"GetGadgetNames\" num=\"2\" phase=\"any\" callbacksafe=\"safe\">"}});
    ts::TempDir dir;
    ts::writeFile(dir / "spec.xml", spec);
    const auto r = ts::runTool({"--spec", (dir / "spec.xml").string(), "--out", (dir / "out").string()});
    REQUIRE(r.status == 0);
    const std::string thunks = ts::readFile(dir / "out" / "src" / "jvmti_event_thunks.cpp");
    const auto lost = thunks.find("void JNICALL GadgetLost(");
    const auto made = thunks.find("void JNICALL GadgetMade(");
    REQUIRE(lost != std::string::npos);
    REQUIRE(made != std::string::npos);
    CHECK(thunks.find("RestrictedHandlerScope", lost) != std::string::npos);
    CHECK(thunks.substr(made, lost > made ? lost - made : std::string::npos).find("RestrictedHandlerScope") ==
          std::string::npos);
    // The entries' rule names the restricted handler.
    const std::string entries = ts::readFile(dir / "out" / "src" / "jvmti_entries_1.cpp") +
                                ts::readFile(dir / "out" / "src" / "jvmti_entries_2.cpp") +
                                ts::readFile(dir / "out" / "src" / "jvmti_entries_3.cpp") +
                                ts::readFile(dir / "out" / "src" / "jvmti_entries_4.cpp");
    CHECK(entries.find("heap iteration callbacks and the handler of GadgetLost may not call it") != std::string::npos);
}

TEST_CASE("broken: dangling functionlink", "[broken]") {
    const auto spec = edited("<functionlink id=\"GetGadgetCount\"/>", "<functionlink id=\"GetGizmo\"/>");
    checkRejected(spec, {{lineOf(spec, "GetGizmo"), "<functionlink id=\"GetGizmo\"> links to no function, callback or typedef"}});
}

TEST_CASE("broken: dangling eventlink", "[broken]") {
    const auto spec = edited("<eventlink id=\"GadgetMade\"/>", "<eventlink id=\"GadgetBroken\"/>");
    checkRejected(spec, {{lineOf(spec, "GadgetBroken"), "<eventlink id=\"GadgetBroken\"> links to no event"}});
}

TEST_CASE("broken: dangling errorlink", "[broken]") {
    const auto spec = edited("<errorlink id=\"TINY_ERROR_NONE\"/>", "<errorlink id=\"TINY_ERROR_NADA\"/>");
    checkRejected(spec, {{lineOf(spec, "TINY_ERROR_NADA"), "<errorlink id=\"TINY_ERROR_NADA\"> links to no error"}});
}

TEST_CASE("broken: paramlink to a parameter the function lacks", "[broken]") {
    const auto spec = edited("<paramlink id=\"thread\"/>", "<paramlink id=\"thred\"/>");
    checkRejected(spec, {{lineOf(spec, "<paramlink id=\"thred\"/>"),
                          "<paramlink id=\"thred\"> links to no parameter of 'GetGadgetCount'"}});
}

TEST_CASE("broken: fieldlink to a missing field", "[broken]") {
    const auto spec = edited("<fieldlink id=\"name\"", "<fieldlink id=\"colour\"");
    checkRejected(spec, {{lineOf(spec, "<fieldlink id=\"colour\""), "<fieldlink id=\"colour\"> links to no field of tinyGadgetInfo"}});
}

TEST_CASE("broken: fieldlink to a missing struct", "[broken]") {
    const auto spec = edited("struct=\"tinyGadgetInfo\"/>", "struct=\"tinyGizmoInfo\"/>");
    checkRejected(spec, {{lineOf(spec, "<fieldlink id="), "<fieldlink struct=\"tinyGizmoInfo\"> names no typedef"}});
}

TEST_CASE("broken: unknown capability in <required>", "[broken]") {
    const auto spec = edited("<required id=\"can_count_gadgets\">", "<required id=\"can_juggle_gadgets\">");
    checkRejected(spec, {{lineOf(spec, "can_juggle_gadgets"), "function 'GetGadgetCount': unknown capability 'can_juggle_gadgets'"}});
}

TEST_CASE("broken: unknown error id in <errors>", "[broken]") {
    const auto spec = edited("<error id=\"JVMTI_ERROR_ABSENT_INFORMATION\">", "<error id=\"TINY_ERROR_NO_GIZMOS\">");
    checkRejected(spec, {{lineOf(spec, "TINY_ERROR_NO_GIZMOS"),
                          "function 'GetGadgetCount': unknown error 'TINY_ERROR_NO_GIZMOS'"}});
}

TEST_CASE("broken: enum naming no constants group", "[broken]") {
    const auto spec = edited("<enum>tinyCountMode</enum>", "<enum>tinyCountStyle</enum>");
    checkRejected(spec, {{lineOf(spec, "<enum>"), "function 'GetGadgetCount' parameter 'mode': <enum>tinyCountStyle</enum> "
                                                  "names no constants group of kind enum"}});
}

TEST_CASE("broken: struct naming no type", "[broken]") {
    const auto spec = edited("<inptr><struct>tinyGadgetInfo</struct>", "<inptr><struct>tinyGizmoInfo</struct>");
    checkRejected(spec, {{lineOf(spec, "tinyGizmoInfo"), "function 'GetGadgetNames' parameter 'filter': "
                                                         "<struct>tinyGizmoInfo</struct> names no typedef, callback or base type"}});
}

TEST_CASE("broken: outcount naming no parameter", "[broken]") {
    const auto spec = edited("<allocbuf><char/></allocbuf>", "<allocbuf outcount=\"name_count\"><char/></allocbuf>");
    checkRejected(spec, {{lineOf(spec, "outcount="), "function 'GetGadgetNames' parameter 'names_ptr': "
                                                     "outcount=\"name_count\" names no sibling (have: gadget_count, owners, "
                                                     "names_ptr, filter)"}});
}

TEST_CASE("broken: incount naming a parameter of a non-integer type", "[broken]") {
    const auto spec = edited("<inbuf incount=\"gadget_count\">", "<inbuf incount=\"names_ptr\">");
    checkRejected(spec, {{lineOf(spec, "<inbuf incount="), "function 'GetGadgetNames' parameter 'owners': incount=\"names_ptr\" "
                                                           "must name an integer (jint, jlong) or a pointer to one, not char**"}});
}

TEST_CASE("broken: min that is not an integer", "[broken]") {
    const auto spec = edited("<jint min=\"0\"/>\n            <description>Lighter", "<jint min=\"zero\"/>\n            <description>Lighter");
    checkRejected(spec, {{lineOf(spec, "min=\"zero\""), "function 'GetGadgetCount' parameter 'min_weight': min=\"zero\" is not an integer"}});
}

TEST_CASE("broken: varargs not last", "[broken]") {
    const auto spec = edited("<param id=\"count_ptr\">", "<param id=\"more\">\n            <varargs/>\n"
                                                         "            <description>More arguments.</description>\n"
                                                         "          </param>\n          <param id=\"count_ptr\">");
    checkRejected(spec, {{lineOf(spec, "<param id=\"more\">"), "function 'GetGadgetCount': <varargs/> must be the last parameter"}});
}

TEST_CASE("broken: constant num expression naming an unknown constant", "[broken]") {
    const auto spec = edited("<constant id=\"TINY_COUNT_EXACT\" num=\"2\">",
                             "<constant id=\"TINY_COUNT_EXACT\" num=\"TINY_COUNT_QUICK | TINY_COUNT_SLOW\">");
    checkRejected(spec, {{lineOf(spec, "TINY_COUNT_SLOW"), "constant 'TINY_COUNT_EXACT' refers to unknown constant 'TINY_COUNT_SLOW'"}});
}

TEST_CASE("constant num expressions: numbers, or constants and numbers joined by |", "[broken]") {
    const std::string from = "<constant id=\"TINY_COUNT_EXACT\" num=\"2\">";
    const auto withNum = [&](const std::string& num) {
        return edited(from, "<constant id=\"TINY_COUNT_EXACT\" num=\"" + num + "\">");
    };
    // Accepted: each run with --check exits 0.
    for (const char* num : {"7", "-7", "0x1F", "-0Xab", "TINY_COUNT_QUICK", " TINY_COUNT_QUICK | 0x10 |4 ",
                            "TINY_COUNT_QUICK|", "\tTINY_COUNT_QUICK\t|\t-2"}) {
        INFO("num=" << num);
        ts::TempDir dir;
        ts::writeFile(dir / "spec.xml", withNum(num));
        const auto r = ts::runTool({"--spec", (dir / "spec.xml").string(), "--check"});
        CHECK(r.status == 0);
        CHECK(r.err.empty());
    }
    // Refused with the rule: an empty operand, a bad number, two operands without |.
    for (const char* num : {"TINY_COUNT_QUICK||1", "0xZ", "12abc", "TINY_COUNT_QUICK 1", "|1", "0x", "--1"}) {
        INFO("num=" << num);
        const auto spec = withNum(num);
        checkRejected(spec, {{lineOf(spec, "TINY_COUNT_EXACT"), "constant 'TINY_COUNT_EXACT' has num=\"" + std::string(num) +
                                                                   "\": expected a number or constants joined by |"}});
    }
}

TEST_CASE("broken: bad since value", "[broken]") {
    const auto spec = edited("num=\"1\" phase=\"live\" since=\"1.1\"", "num=\"1\" phase=\"live\" since=\"one.1\"");
    checkRejected(spec, {{lineOf(spec, "since=\"one.1\""),
                          "since=\"one.1\" of function 'GetGadgetCount' is not a version such as 1.1 or 21"}});
}

TEST_CASE("broken: a since too large for a JVMTI version number", "[broken]") {
    // Found by generator_fuzz: digits that overflow an int passed the check and threw in an emitter.
    const auto overflow = edited("num=\"1\" phase=\"live\" since=\"1.1\"",
                                 "num=\"1\" phase=\"live\" since=\"1.3333333333333333333333333333333331\"");
    checkRejected(overflow, {{lineOf(overflow, "since=\"1.333"),
                              "since=\"1.3333333333333333333333333333333331\" of function 'GetGadgetCount' is not a "
                              "version such as 1.1 or 21"}});
    const auto minor = edited("num=\"1\" phase=\"live\" since=\"1.1\"", "num=\"1\" phase=\"live\" since=\"1.256\"");
    checkRejected(minor, {{lineOf(minor, "since=\"1.256\""),
                           "since=\"1.256\" of function 'GetGadgetCount': its minor 256 does not fit a JVMTI version "
                           "number (minor 0 to 255)"}});
}

TEST_CASE("broken: a spec version too large for a JVMTI version number", "[broken]") {
    const auto spec = edited(" majorversion=\"1\" minorversion=\"2\"", " majorversion=\"4096\" minorversion=\"2\"");
    checkRejected(spec, {{lineOf(spec, "majorversion=\"4096\""),
                          "the spec's version 4096.2.3 (majorversion/minorversion/microversion): its major 4096 does "
                          "not fit a JVMTI version number (major 0 to 4095)"}});
}

TEST_CASE("broken: a second capabilitiestypedef", "[broken]") {
    const auto spec = edited("      <callback id=\"tinyGadgetVisitor\">",
                             "      <capabilitiestypedef id=\"moreCapabilities\" label=\"More\"/>\n"
                             "      <callback id=\"tinyGadgetVisitor\">");
    checkRejected(spec, {{lineOf(spec, "moreCapabilities"), "a second <capabilitiestypedef>; the spec has exactly one"}});
}

// --- several problems, and the version -------------------------------------------------

TEST_CASE("broken: two problems in one pass are both printed, in file order", "[broken]") {
    const auto spec = edited({{"num=\"1\" phase=\"live\"", "num=\"one\" phase=\"live\""},
                              {"phase=\"any\"", "phase=\"sometimes\""}});
    checkRejected(spec, {{lineOf(spec, "num=\"one\""),
                          "attribute 'num' of <function> is 'one'; expected a non-negative decimal integer"},
                         {lineOf(spec, "phase=\"sometimes\""),
                          "attribute 'phase' of <function> is 'sometimes'; expected one of: onload, onloadOnly, "
                          "start, live, any"}});
}

TEST_CASE("broken: two problems found by different checks are both printed", "[broken]") {
    const auto spec = edited({{"num=\"51\"", "num=\"50\""}, {"<eventlink id=\"GadgetMade\"/>", "<eventlink id=\"GadgetBroken\"/>"}});
    const Rejection r = runRejected(spec);
    const std::vector<Expected> expected = {
        {lineOf(spec, "<eventlink id=\"GadgetBroken\"/>"), "<eventlink id=\"GadgetBroken\"> links to no event"},
        {lineOf(spec, "id=\"GadgetLost\""), "event 'GadgetLost' has num 50, already taken by 'GadgetMade' " +
                                                line(lineOf(spec, "label=\"Gadget Made\""))}};
    // Messages come in the order of the checks (numbering before links), not sorted by line.
    std::vector<std::string> got, want;
    std::istringstream errLines(r.result.err), wantLines(diagnostics(r.specPath, expected));
    for (std::string l; std::getline(errLines, l);) got.push_back(l);
    for (std::string l; std::getline(wantLines, l);) want.push_back(l);
    REQUIRE(got.size() == 3);
    CHECK(got.back() + "\n" == summary(r.specPath, 2));
    got.pop_back();
    std::sort(got.begin(), got.end());
    std::sort(want.begin(), want.end());
    CHECK(got == want);
}

TEST_CASE("broken: no version in the spec and no --jvmti-version", "[broken]") {
    const auto spec = edited(" majorversion=\"1\" minorversion=\"2\" microversion=\"3\"", "");
    checkRejected(spec, {{lineOf(spec, "<specification"),
                          "the spec declares no version (majorversion/minorversion/microversion on <specification>); "
                          "pass --jvmti-version X.Y.Z"}});
}

TEST_CASE("a spec with no version is accepted with --jvmti-version", "[broken]") {
    ts::TempDir dir;
    ts::writeFile(dir / "spec.xml", edited(" majorversion=\"1\" minorversion=\"2\" microversion=\"3\"", ""));
    const auto r = ts::runTool({"--spec", (dir / "spec.xml").string(), "--jvmti-version", "4.5.6", "--check"});
    CHECK(r.status == 0);
    CHECK(r.out == (dir / "spec.xml").string() + ": valid, JVMTI 4.5.6\n");
}
