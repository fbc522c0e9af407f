// What newer OpenJDK files and our schema extensions bring: a capability added by a later
// release and marked preview (as JDK 28's can_support_value_objects), prose notes dated by
// release, and the <sup> element of JDK 28's DTD.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include <string>

#include "minimal_spec.hpp"
#include "support.hpp"

using minispec::edited;
using minispec::lineOf;
namespace ts = testsupport;

namespace {

// The minimal spec as version 28.0.0, with a capability added at 28 as a preview, a note of
// 28 in a function's description, and a link followed by a <sup> mark.
std::string release28() {
    return edited({
        {R"(majorversion="1" minorversion="2" microversion="3")", R"(majorversion="28" minorversion="0" microversion="0")"},
        {R"(        <capabilityfield id="can_name_gadgets" since="1.1">
          <description>Gadgets can be named.</description>
        </capabilityfield>
)",
         R"(        <capabilityfield id="can_name_gadgets" since="1.1">
          <description>Gadgets can be named.</description>
        </capabilityfield>
        <capabilityfield id="can_buff_gadgets" since="28" preview="yes">
          <description>Gadgets can be buffed.</description>
        </capabilityfield>
)"},
        {"          Counts the gadgets",
         "          <note since=\"28\" preview=\"yes\">Buffed gadgets count twice.</note>\n          Counts the gadgets"},
        {"<intro>Events report what happens to gadgets.</intro>",
         R"(<intro>Events report what happens to <externallink id="gadgets.html">gadgets<sup class="preview-mark">PREVIEW</sup></externallink>.</intro>)"},
        {R"(<capability id="can_name_gadgets">Names are only kept with this.</capability>)",
         R"(<capability id="can_name_gadgets">Names are only kept with this.</capability>
          <capability id="can_buff_gadgets">Buffed gadgets are named too.</capability>)"},
    });
}

struct Generated {
    ts::RunResult run;
    std::string header, docs;
};

Generated generate(const std::string& text, const std::vector<std::string>& extra = {}) {
    ts::TempDir dir;
    ts::writeFile(dir / "spec.xml", text);
    std::vector<std::string> args = {"--spec", (dir / "spec.xml").string(), "--out", (dir / "out").string(),
                                     "--only", "header,docs"};
    args.insert(args.end(), extra.begin(), extra.end());
    Generated g{ts::runTool(args), "", ""};
    if (g.run.status == 0) {
        g.header = ts::readFile(dir / "out" / "include" / "jvmti.h");
        g.docs = ts::readFile(dir / "out" / "docs" / "jvmti.html");
    }
    return g;
}

}  // namespace

TEST_CASE("preview: a capability added at 28 is the next bit, and --api-version of an earlier release leaves it out",
          "[preview]") {
    const auto now = generate(release28());
    REQUIRE(now.run.status == 0);
    CHECK(now.run.err.empty());
    // Placed where the spec places it: right after the capability before it, as a plain bit.
    CHECK(now.header.find("    unsigned int can_name_gadgets : 1;\n    unsigned int can_buff_gadgets : 1;\n") !=
          std::string::npos);
    const auto before = generate(release28(), {"--api-version", "1.2.0"});
    REQUIRE(before.run.status == 0);
    CHECK(before.header.find("can_buff_gadgets") == std::string::npos);
    CHECK(before.header.find("    unsigned int can_name_gadgets : 1;\n") != std::string::npos);
    // The later note goes with its release; the capability named by a function goes from its list.
    CHECK(now.docs.find("Buffed gadgets count twice.") != std::string::npos);
    CHECK(before.docs.find("Buffed gadgets count twice.") == std::string::npos);
    CHECK(before.docs.find("can_buff_gadgets") == std::string::npos);
}

TEST_CASE("preview: the docs mark preview items and notes, and render <sup>", "[preview]") {
    const auto g = generate(release28());
    REQUIRE(g.run.status == 0);
    CHECK(g.docs.find(R"(<div class="note"><span class="badge">since 28</span> <span class="badge preview">preview</span> <p>Buffed gadgets count twice.</p></div>)") !=
          std::string::npos);
    CHECK(g.docs.find(R"(gadgets<sup class="preview-mark">PREVIEW</sup></a>)") != std::string::npos);
    // The capability's entry carries its release and the preview mark.
    const auto entry = g.docs.find("<code>can_buff_gadgets</code>");
    REQUIRE(entry != std::string::npos);
    const auto badge = g.docs.find(R"(<span class="badge preview">preview</span>)", entry);
    REQUIRE(badge != std::string::npos);
    CHECK(badge - entry < 200);
}

TEST_CASE("preview: the model and the release diff say preview", "[preview]") {
    ts::TempDir dir;
    const std::string path = (dir / "spec.xml").string();
    ts::writeFile(path, release28());
    const auto dumped = ts::runTool({"--spec", path, "--dump-model", (dir / "model.json").string()});
    REQUIRE(dumped.status == 0);
    const auto model = nlohmann::json::parse(ts::readFile(dir / "model.json"));
    const auto& caps = model.at("capabilities");
    REQUIRE(caps.size() == 3);
    CHECK(caps[2].at("id") == "can_buff_gadgets");
    CHECK(caps[2].at("bit") == 2);
    CHECK(caps[2].at("preview") == true);
    CHECK(caps[1].at("preview") == false);

    // From 27 on: the versions before 27 also differ in JVMTI_VERSION_* constants.
    const auto diff = ts::runTool({"--spec", path, "--diff-api-version", "27.0.0", "28.0.0"});
    CHECK(diff.status == 3);
    CHECK(diff.out == "added:\n"
                      "  capability can_buff_gadgets: bit 2, since 28.0.0, preview\n"
                      "  function GetGadgetNames.capability can_buff_gadgets: optional\n"
                      "changed:\n"
                      "  version: 27.0.0 -> 28.0.0\n" +
                          path + " (27.0.0) -> " + path + " (28.0.0): 2 added, 0 removed, 1 changed\n");
}

TEST_CASE("preview: since=\"99\" on an elided event and a change of 28.0.0 read as OpenJDK's files have them",
          "[preview]") {
    std::string text = minispec::replaceOnce(
        release28(), R"(<event label="Gadget Polished" id="GadgetPolished" const="TINY_EVENT_GADGET_POLISHED" num="52">)",
        R"(<event label="Gadget Polished" id="GadgetPolished" const="TINY_EVENT_GADGET_POLISHED" num="52" since="99">)");
    text = minispec::replaceOnce(text, "<change date=\"1 Feb 2003\" version=\"1.2.3\">First version of the tiny spec.</change>",
                                 "<change date=\"1 Feb 2003\" version=\"1.2.3\">First version of the tiny spec.</change>\n"
                                 "    <change date=\"30 June 2026\" version=\"28.0.0\">Gadgets may be buffed.</change>");
    const auto now = generate(text);
    REQUIRE(now.run.status == 0);
    CHECK(now.run.err.empty());
    CHECK(now.docs.find("Gadgets may be buffed.") != std::string::npos);
    CHECK(now.header.find("GadgetPolished") == std::string::npos);
    const auto before = generate(text, {"--api-version", "1.2.0"});
    REQUIRE(before.run.status == 0);
    CHECK(before.docs.find("Gadgets may be buffed.") == std::string::npos);
}

TEST_CASE("preview: a preview attribute outside yes/no, and a note dated by no version, are errors", "[preview]") {
    const std::string badPreview =
        minispec::replaceOnce(release28(), R"(<capabilityfield id="can_buff_gadgets" since="28" preview="yes">)",
                              R"(<capabilityfield id="can_buff_gadgets" since="28" preview="maybe">)");
    auto g = generate(badPreview);
    CHECK(g.run.status == 1);
    CHECK(g.run.err.find(":" + std::to_string(lineOf(badPreview, "preview=\"maybe\"")) +
                         ": error: attribute 'preview' of <capabilityfield> is 'maybe'; expected one of: yes, no\n") !=
          std::string::npos);
    const std::string badNote = minispec::replaceOnce(release28(), R"(<note since="28")", R"(<note since="soon")");
    g = generate(badNote);
    CHECK(g.run.status == 1);
    CHECK(g.run.err.find(":" + std::to_string(lineOf(badNote, "<note since=\"soon\"")) +
                         ": error: since=\"soon\" of a <note> in the prose of 'GetGadgetCount' is not a version such as "
                         "1.1 or 21\n") != std::string::npos);
}
