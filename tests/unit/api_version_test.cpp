// --api-version on its own: the version parsing, which versions name a release, the header
// conventions of each release, and specAsOf over the minimal spec (what is left out, what is
// kept, how references to left-out items become text, when capabilities cannot be left out).
#include <catch2/catch.hpp>

#include <algorithm>

#include "api_version.hpp"
#include "cli.hpp"
#include "header_eras.hpp"
#include "minimal_spec.hpp"
#include "reader.hpp"
#include "support.hpp"
#include "validate.hpp"

using namespace jvmtigen;

namespace {

Spec read(const std::string& text) {
    Spec spec;
    Diagnostics diag("mini.xml");
    const bool ok = readSpecText(text, spec, diag) && validateSpec(spec, diag);
    for (const auto& m : diag.messages()) UNSCOPED_INFO(m);
    REQUIRE(ok);
    return spec;
}

template <class T>
bool has(const std::vector<T>& items, const std::string& id) {
    return std::any_of(items.begin(), items.end(), [&](const T& x) { return x.id == id; });
}

std::string parseError(const std::vector<std::string>& args) {
    Options o;
    const auto problem = parseOptions(args, o);
    return problem ? *problem : "";
}

void collectText(const Prose& p, std::string& out, bool inCode = false) {
    for (const auto& n : p) {
        if (n.tag.empty() && inCode) out += "[" + n.text + "]";
        collectText(n.kids, out, inCode || n.tag == "code");
    }
}

}  // namespace

TEST_CASE("parseSince: one to three numbers", "[api-version]") {
    CHECK(parseSince("1.1") == Version{1, 1, 0});
    CHECK(parseSince("21") == Version{21, 0, 0});
    CHECK(parseSince("1.2.3") == Version{1, 2, 3});
    CHECK_FALSE(parseSince(""));
    CHECK_FALSE(parseSince("1."));
    CHECK_FALSE(parseSince("1.2.3.4"));
    CHECK_FALSE(parseSince("v9"));
}

TEST_CASE("notAJvmtiRelease: 1.0 to 1.2, then 9 and later with minor 0", "[api-version]") {
    for (const Version v : {Version{1, 0, 0}, Version{1, 2, 3}, Version{9, 0, 0}, Version{10, 0, 0}, Version{25, 0, 0}})
        CHECK_FALSE(notAJvmtiRelease(v));
    for (const Version v : {Version{0, 9, 0}, Version{1, 3, 0}, Version{2, 0, 0}, Version{8, 0, 0}, Version{11, 1, 0}})
        CHECK(notAJvmtiRelease(v));
}

TEST_CASE("api version: bad values are command-line errors", "[api-version][cli]") {
    CHECK(parseError({"--api-version", "17"}) == "--api-version '17' is not a version X.Y.Z (three non-negative integers)");
    CHECK(parseError({"--api-version"}) == "--api-version needs a version X.Y.Z");
    CHECK(parseError({"--api-version", "8.0.0"}).starts_with("--api-version 8.0.0 names no JVMTI release: "));
    CHECK(parseError({"--api-version=11.2.0"}).starts_with("--api-version 11.2.0 names no JVMTI release: "));
    Options o;
    REQUIRE_FALSE(parseOptions({"--api-version", "11.0.0"}, o));
    CHECK(o.apiVersion == Version{11, 0, 0});

    // Through the tool: exit status 2 and the reason, also for a release after the spec's.
    auto r = testsupport::runTool({"--api-version", "5.0.0", "--check"});
    CHECK(r.status == 2);
    CHECK(r.err.find("names no JVMTI release") != std::string::npos);
    r = testsupport::runTool({"--spec", (testsupport::sourceDir() / "spec" / "jvmti.xml").string(), "--api-version",
                              "29.0.0", "--check"});
    CHECK(r.status == 2);
    CHECK(r.err.find("--api-version 29.0.0 is later than the spec's version 28.0.0") != std::string::npos);
    r = testsupport::runTool({"--spec", (testsupport::sourceDir() / "spec" / "jvmti.xml").string(), "--api-version",
                              "11.0.0", "--check"});
    CHECK(r.status == 0);
    CHECK(r.out.find("valid, JVMTI 11.0.0") != std::string::npos);
    CHECK(usage().find("--api-version X.Y.Z") != std::string::npos);
}

TEST_CASE("header conventions: each rule turns on at its release", "[api-version]") {
    REQUIRE(headerRules().size() >= 2);
    for (const auto& rule : headerRules()) {
        INFO(rule.what << " (" << rule.source << ")");
        CHECK(headerConventions(rule.from).*rule.flag);
        Version before = rule.from;
        if (before.minor > 0) --before.minor;
        else --before.major;
        CHECK_FALSE(headerConventions(before).*rule.flag);
        CHECK_FALSE(rule.source.empty());
    }
    CHECK(structTag(headerConventions({15, 0, 0}), "jvmtiThreadInfo") == "_jvmtiThreadInfo");
    CHECK(structTag(headerConventions({16, 0, 0}), "jvmtiThreadInfo") == "jvmtiThreadInfo");
    CHECK_FALSE(headerConventions({1, 0, 0}).declaresAgentOnAttach);
    CHECK(headerConventions({1, 1, 0}).declaresAgentOnAttach);
}

TEST_CASE("specAsOf: later items are left out, references to them become text", "[api-version]") {
    // Date an error, a constant and a field too, and link to what goes.
    const Spec full = read(minispec::edited({
        {"<errorid id=\"JVMTI_ERROR_ABSENT_INFORMATION\" num=\"20\">", "<errorid id=\"JVMTI_ERROR_ABSENT_INFORMATION\" num=\"20\" since=\"1.1\">"},
        {"<constant id=\"TINY_COUNT_QUICK\" num=\"1\">", "<constant id=\"TINY_COUNT_QUICK\" num=\"1\" since=\"1.2\">"},
        {"<field id=\"weight\">", "<field id=\"weight\" since=\"1.1\">"},
        {"<description>A gadget was made.</description>",
         "<description>A gadget was made; see <eventlink id=\"GadgetLost\"></eventlink> and "
         "<functionlink id=\"GetGadgetCount\">counting</functionlink>.</description>"},
    }));
    REQUIRE(has(full.functions, "GetGadgetCount"));
    Diagnostics d("mini.xml");
    const Spec s10 = specAsOf(full, {1, 0, 0}, d);
    CHECK(d.ok());
    CHECK_FALSE(has(s10.functions, "GetGadgetCount"));  // since 1.1
    CHECK_FALSE(has(s10.events, "GadgetLost"));         // since 1.2
    CHECK(has(s10.events, "GadgetMade"));
    CHECK(has(s10.events, "GadgetPolished"));  // elided: untouched
    CHECK(s10.capabilities.at(0).fields.size() == full.capabilities.at(0).fields.size() - 1);
    CHECK_FALSE(has(s10.errors, "JVMTI_ERROR_ABSENT_INFORMATION"));
    for (const auto& t : s10.typedefs) CHECK_FALSE(has(t.fields, "weight"));
    for (const auto& g : s10.constants) CHECK_FALSE(has(g.constants, "TINY_COUNT_QUICK"));
    // The links became code showing what they showed.
    const auto made = std::find_if(s10.events.begin(), s10.events.end(), [](const Event& e) { return e.id == "GadgetMade"; });
    std::string code;
    collectText(made->description, code);
    CHECK(code == "[GadgetLost][counting]");
    // The result is a valid spec.
    Diagnostics v("mini.xml");
    CHECK(validateSpec(s10, v));

    // At 1.1 the function and the field are back, the 1.2 event and constant are not.
    Diagnostics d11("mini.xml");
    const Spec s11 = specAsOf(full, {1, 1, 0}, d11);
    CHECK(has(s11.functions, "GetGadgetCount"));
    CHECK_FALSE(has(s11.events, "GadgetLost"));
    CHECK(has(s11.errors, "JVMTI_ERROR_ABSENT_INFORMATION"));
}

TEST_CASE("specAsOf: a later capability before a kept one is reported with its line", "[api-version]") {
    const std::string text = minispec::edited({
        {"<capabilityfield id=\"can_count_gadgets\" disp1=\"count gadgets\">",
         "<capabilityfield id=\"can_count_gadgets\" disp1=\"count gadgets\" since=\"1.1\">"},
        {"<capabilityfield id=\"can_name_gadgets\" since=\"1.1\">", "<capabilityfield id=\"can_name_gadgets\">"},
    });
    const Spec full = read(text);
    Diagnostics d("mini.xml");
    specAsOf(full, {1, 0, 0}, d);
    REQUIRE(d.messages().size() == 1);
    CHECK(d.messages()[0] == "mini.xml:" + std::to_string(minispec::lineOf(text, "<capabilityfield id=\"can_name_gadgets\">")) +
                                 ": error: capability 'can_name_gadgets' (since 1.0) follows 'can_count_gadgets' (since 1.1): "
                                 "for 1.0.0 the later one cannot be left out without moving the bits after it");
}

TEST_CASE("specAsOf: a kept function whose parameter's type comes later is reported", "[api-version]") {
    const std::string text = minispec::edited("<typedef id=\"tinyGadgetInfo\" label=\"Gadget information\">",
                                              "<typedef id=\"tinyGadgetInfo\" label=\"Gadget information\" since=\"1.2\">");
    const Spec full = read(text);
    Diagnostics d("mini.xml");
    specAsOf(full, {1, 1, 0}, d);
    REQUIRE(d.messages().size() == 1);
    CHECK(d.messages()[0] == "mini.xml:" + std::to_string(minispec::lineOf(text, "<param id=\"filter\">")) +
                                 ": error: function 'GetGadgetNames' parameter 'filter' (since 1.0) uses tinyGadgetInfo, "
                                 "which comes later than 1.1.0");
}
