// A small but complete jvmti.xml for the unit tests, written for them (no prose of any real
// spec), and helpers to make variants of it: a broken spec is one edit of the valid one.
//
//   minispec::text()                                 the valid spec
//   minispec::edited({{"num=\"2\"", "num=\"1\""}})   the valid spec with edits applied
//   minispec::Parts p; p.events = ...; p.text()      the spec built from its sections
//   minispec::lineOf(text, "<event id=")             1-based line of a unique snippet
//
// Every edit must match exactly once, so a test cannot silently edit nothing.
#pragma once

#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace minispec {

// The spec, one section per member, concatenated by text().
struct Parts {
    std::string prolog =
        R"(<?xml version="1.0" encoding="UTF-8"?>
<specification label="Tiny Tool Interface" majorversion="1" minorversion="2" microversion="3">
)";
    std::string title = R"(  <title subtitle="A specification for unit tests">The Tiny <jvmti/></title>
)";
    std::string intro = R"(  <intro id="aboutTiny" label="About this spec">
    Made up for tests; it names <functionlink id="GetGadgetCount"/> and
    <internallink id="gadgetCategory">the gadget category</internallink>.
  </intro>
)";
    std::string functions = R"(  <functionsection label="Functions">
    <category id="gadgetCategory" label="Gadgets">
      <intro id="gadgetIntro" label="Gadgets">Gadgets are counted and named.</intro>
      <typedef id="tinyGadgetInfo" label="Gadget information">
        <description>What is known about a gadget.</description>
        <field id="name">
          <allocfieldbuf><char/></allocfieldbuf>
          <description>The gadget's name.</description>
        </field>
        <field id="weight">
          <jint/>
          <description>The gadget's weight in grams.</description>
        </field>
      </typedef>
      <capabilitiestypedef id="jvmtiCapabilities" label="Capabilities">
        <description>What an environment may do.</description>
        <capabilityfield id="can_count_gadgets" disp1="count gadgets">
          <description>Gadgets can be counted.</description>
        </capabilityfield>
        <capabilityfield id="can_name_gadgets" since="1.1">
          <description>Gadgets can be named.</description>
        </capabilityfield>
      </capabilitiestypedef>
      <callback id="tinyGadgetVisitor">
        <jint/>
        <synopsis>Gadget Visitor</synopsis>
        <description>Called once for each gadget.</description>
        <parameters>
          <param id="gadget_index">
            <jint/>
            <description>Which gadget this is.</description>
          </param>
          <param id="user_data">
            <outptr><void/></outptr>
            <description>Whatever the agent passed along.</description>
          </param>
        </parameters>
      </callback>
      <function id="GetGadgetCount" num="1" phase="live" since="1.1">
        <synopsis>Get Gadget Count</synopsis>
        <description>
          Counts the gadgets that <paramlink id="thread"/> holds, in one of these modes:
          <constants id="tinyCountMode" label="Count Modes" kind="enum">
            <constant id="TINY_COUNT_QUICK" num="1">Count quickly.</constant>
            <constant id="TINY_COUNT_EXACT" num="2">Count exactly.</constant>
          </constants>
        </description>
        <origin>new</origin>
        <capabilities>
          <required id="can_count_gadgets">Counting needs this.</required>
        </capabilities>
        <parameters>
          <param id="thread">
            <jthread null="current"/>
            <description>The thread whose gadgets are counted.</description>
          </param>
          <param id="mode">
            <enum>tinyCountMode</enum>
            <description>How to count.</description>
          </param>
          <param id="min_weight">
            <jint min="0"/>
            <description>Lighter gadgets are not counted.</description>
          </param>
          <param id="count_ptr">
            <outptr><jint/></outptr>
            <description>Receives the count.</description>
          </param>
        </parameters>
        <errors>
          <error id="JVMTI_ERROR_ABSENT_INFORMATION">The thread holds no gadget.</error>
        </errors>
      </function>
      <function id="GetGadgetNames" num="2" phase="any">
        <synopsis>Get Gadget Names</synopsis>
        <description>
          Names gadgets (see <fieldlink id="name" struct="tinyGadgetInfo"/>); the
          <eventlink id="GadgetMade"/> event announces new ones. Returns
          <errorlink id="TINY_ERROR_NONE"/> on success.
        </description>
        <origin>new</origin>
        <capabilities>
          <capability id="can_name_gadgets">Names are only kept with this.</capability>
        </capabilities>
        <parameters>
          <param id="gadget_count">
            <jint min="0"/>
            <description>How many threads <paramlink id="owners"/> holds.</description>
          </param>
          <param id="owners">
            <inbuf incount="gadget_count"><jthread/></inbuf>
            <description>The threads whose gadgets are named.</description>
          </param>
          <param id="names_ptr">
            <allocbuf><char/></allocbuf>
            <description>Receives the names.</description>
          </param>
          <param id="filter">
            <inptr><struct>tinyGadgetInfo</struct><nullok>every gadget is named</nullok></inptr>
            <description>Only gadgets like this one are named.</description>
          </param>
        </parameters>
        <errors/>
      </function>
      <elide why="never finished">
        <function id="PolishGadget" num="3">
          <synopsis>Polish Gadget</synopsis>
          <origin>new</origin>
          <capabilities>
            <required id="can_polish_gadgets">Polishing was never added.</required>
          </capabilities>
          <parameters/>
          <errors/>
        </function>
      </elide>
    </category>
  </functionsection>
)";
    std::string errors = R"(  <errorsection label="Errors">
    <intro>Every function returns an error code.</intro>
    <errorcategory id="universal-error" label="Universal Errors">
      <errorid id="TINY_ERROR_NONE" num="0">All went well.</errorid>
      <errorid id="JVMTI_ERROR_NULL_POINTER" num="100">A pointer was unexpectedly NULL.</errorid>
      <errorid id="JVMTI_ERROR_ACCESS_DENIED" num="111">Refused: not allowed here.</errorid>
      <errorid id="JVMTI_ERROR_WRONG_PHASE" num="112">Not in this phase.</errorid>
      <errorid id="JVMTI_ERROR_INVALID_ENVIRONMENT" num="116">Not a live environment.</errorid>
    </errorcategory>
    <errorcategory id="function-specific-error" label="Function Specific Errors">
      <errorid id="JVMTI_ERROR_ABSENT_INFORMATION" num="20">There were no gadgets.</errorid>
    </errorcategory>
  </errorsection>
)";
    std::string events = R"(  <eventsection label="Events">
    <intro>Events report what happens to gadgets.</intro>
    <event label="Gadget Made" id="GadgetMade" const="TINY_EVENT_GADGET_MADE" filtered="thread" num="50" phase="live">
      <description>A gadget was made.</description>
      <origin>new</origin>
      <capabilities>
        <required id="can_count_gadgets"/>
      </capabilities>
      <parameters>
        <param id="jni_env">
          <outptr><struct>JNIEnv</struct></outptr>
          <description>The JNI environment of the event thread.</description>
        </param>
        <param id="thread">
          <jthread/>
          <description>The thread that made it.</description>
        </param>
      </parameters>
    </event>
    <event label="Gadget Lost" id="GadgetLost" const="TINY_EVENT_GADGET_LOST" filtered="global" num="51" since="1.2">
      <description>A gadget was lost.</description>
      <capabilities/>
      <parameters/>
    </event>
    <elide why="never finished">
      <event label="Gadget Polished" id="GadgetPolished" const="TINY_EVENT_GADGET_POLISHED" num="52">
        <description>A gadget was polished.</description>
        <capabilities/>
        <parameters/>
      </event>
    </elide>
  </eventsection>
)";
    std::string data = R"(  <datasection>
    <intro>The types the functions use.</intro>
    <basetypes id="tinyTypes" label="Tiny Types">
      <basetype id="jthread">
        <definition>
          typedef jobject jthread;
        </definition>
        <description>A reference to a thread.</description>
      </basetype>
      <basetype id="jint">
        <description>A 32-bit integer, as in JNI.</description>
      </basetype>
    </basetypes>
  </datasection>
)";
    std::string issues = R"(  <issuessection label="Open Issues">
    <intro id="noIssues" label="None">Nothing is open.</intro>
  </issuessection>
)";
    std::string history = R"(  <changehistory id="ChangeHistory" update="01/02/03">
    <change date="1 Feb 2003" version="1.2.3">First version of the tiny spec.</change>
  </changehistory>
)";
    std::string epilog = "</specification>\n";

    std::string text() const {
        return prolog + title + intro + functions + errors + events + data + issues + history + epilog;
    }
};

// Replaces the single occurrence of `from` in `text` by `to`; throws unless there is exactly one.
inline std::string replaceOnce(std::string text, const std::string& from, const std::string& to) {
    const auto at = text.find(from);
    if (at == std::string::npos) throw std::logic_error("minispec: no '" + from + "' to replace");
    if (text.find(from, at + 1) != std::string::npos)
        throw std::logic_error("minispec: '" + from + "' occurs more than once");
    return text.replace(at, from.size(), to);
}

using Edits = std::vector<std::pair<std::string, std::string>>;

// The valid spec.
inline std::string text() { return Parts{}.text(); }

// The valid spec with each edit (from, to) applied in turn.
inline std::string edited(const Edits& edits) {
    std::string t = text();
    for (const auto& [from, to] : edits) t = replaceOnce(t, from, to);
    return t;
}
inline std::string edited(const std::string& from, const std::string& to) { return edited(Edits{{from, to}}); }

// 1-based line of the single occurrence of `snippet` in `text`; throws unless there is one.
inline int lineOf(const std::string& text, const std::string& snippet) {
    const auto at = text.find(snippet);
    if (at == std::string::npos) throw std::logic_error("minispec: no '" + snippet + "' in the text");
    if (text.find(snippet, at + 1) != std::string::npos)
        throw std::logic_error("minispec: '" + snippet + "' occurs more than once");
    int line = 1;
    for (size_t i = 0; i < at; ++i) line += text[i] == '\n';
    return line;
}

}  // namespace minispec
