// Elided parts, as OpenJDK's files have them: what <elide> holds is read and checked, never
// emitted, and a problem found only there is a warning. The shapes are those of OpenJDK's
// files from JDK 19 on: elided events (VirtualThreadMount, VirtualThreadUnmount) whose prose
// links to a parameter named `thread` they do not have, dated since="99".
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "minimal_spec.hpp"
#include "support.hpp"

using minispec::edited;
using minispec::lineOf;
namespace ts = testsupport;

namespace {

// The events section's elided event, in the shape of OpenJDK's VirtualThreadMount: a thread
// filter, since="99", and a paramlink to a parameter it lacks.
const std::string kElidedEvent = R"(<event label="Gadget Polished" id="GadgetPolished" const="TINY_EVENT_GADGET_POLISHED" num="52">
        <description>A gadget was polished.</description>)";
const std::string kBrokenElidedEvent = R"(<event label="Gadget Polished" id="GadgetPolished" const="TINY_EVENT_GADGET_POLISHED" filtered="thread" num="52" phase="start" since="99">
        <description>A gadget was polished by <paramlink id="thread"></paramlink>.</description>)";
const std::string kElidedFunction = R"(<synopsis>Polish Gadget</synopsis>)";
const std::string kBrokenElidedFunction =
    R"(<synopsis>Polish Gadget</synopsis><description>See <eventlink id="GadgetBuffed"/>.</description>)";

// Every output the tool writes for `text`, as (relative path, contents).
// Messages name the spec by the path given; here it is replaced by "spec.xml".
std::vector<std::pair<std::string, std::string>> outputsOf(const std::string& text, ts::RunResult& run) {
    ts::TempDir dir;
    const std::string path = (dir / "spec.xml").string();
    ts::writeFile(path, text);
    run = ts::runTool({"--spec", path, "--out", (dir / "out").string()});
    for (size_t p = run.err.find(path); p != std::string::npos; p = run.err.find(path, p))
        run.err.replace(p, path.size(), "spec.xml");
    std::vector<std::pair<std::string, std::string>> out;
    for (const auto& f : ts::listFiles(dir / "out")) out.emplace_back(f, ts::readFile(dir / "out" / f));
    return out;
}

}  // namespace

TEST_CASE("elided: broken links inside <elide> are warnings, and the outputs are those of the spec without them",
          "[elided]") {
    const std::string broken = edited({{kElidedEvent, kBrokenElidedEvent}, {kElidedFunction, kBrokenElidedFunction}});
    // The same spec with nothing elided at all.
    std::string without = minispec::text();
    for (const char* from : {"<elide why=\"never finished\">\n        <function", "<elide why=\"never finished\">\n      <event"}) {
        const auto begin = without.find(from);
        REQUIRE(begin != std::string::npos);
        const auto end = without.find("</elide>", begin);
        without.erase(begin, end + std::string("</elide>").size() - begin);
    }
    REQUIRE(without.find("elide") == std::string::npos);

    ts::RunResult withRun, withoutRun;
    const auto withOutputs = outputsOf(broken, withRun);
    const auto withoutOutputs = outputsOf(without, withoutRun);
    CHECK(withRun.status == 0);
    CHECK(withoutRun.status == 0);
    CHECK(withoutRun.err.empty());
    // The warnings name the file and line, as OpenJDK's files trip them.
    const std::string spec = "spec.xml:";
    const auto at = [&](const std::string& snippet) { return std::to_string(lineOf(broken, snippet)); };
    const std::string expected =
        spec + at("<description>See <eventlink") +
        ": warning: <eventlink id=\"GadgetBuffed\"> links to no event (inside <elide>: never emitted, so not an error)\n" +
        spec + at("<description>A gadget was polished by") +
        ": warning: <paramlink id=\"thread\"> links to no parameter of 'GadgetPolished' (inside <elide>: never emitted, "
        "so not an error)\n" +
        "2 warnings in ";
    CHECK(withRun.err == expected + "spec.xml\n");
    REQUIRE(withOutputs.size() == withoutOutputs.size());
    CHECK(withOutputs.size() > 10);
    for (size_t i = 0; i < withOutputs.size(); ++i) {
        INFO(withOutputs[i].first);
        CHECK(withOutputs[i].first == withoutOutputs[i].first);
        CHECK(withOutputs[i].second == withoutOutputs[i].second);
    }
}

TEST_CASE("elided: --check says valid and names the warnings, and an active broken link stays an error", "[elided]") {
    ts::TempDir dir;
    const std::string path = (dir / "spec.xml").string();
    ts::writeFile(path, edited(kElidedEvent, kBrokenElidedEvent));
    auto r = ts::runTool({"--spec", path, "--check"});
    CHECK(r.status == 0);
    CHECK(r.out == path + ": valid, JVMTI 1.2.3\n");
    CHECK(r.err.find(": warning: <paramlink id=\"thread\"> links to no parameter of 'GadgetPolished'") != std::string::npos);
    CHECK(r.err.ends_with("1 warning in " + path + "\n"));

    // The same link outside <elide>: an error, with the elided warning beside it.
    const std::string both = edited({{kElidedEvent, kBrokenElidedEvent},
                                     {"<description>A gadget was made.</description>",
                                      "<description>A gadget was made for <paramlink id=\"maker\"/>.</description>"}});
    ts::writeFile(path, both);
    r = ts::runTool({"--spec", path, "--out", (dir / "out").string()});
    CHECK(r.status == 1);
    CHECK(ts::listFiles(dir / "out").empty());
    CHECK(r.err == path + ":" + std::to_string(lineOf(both, "<description>A gadget was polished by")) +
                       ": warning: <paramlink id=\"thread\"> links to no parameter of 'GadgetPolished' (inside <elide>: "
                       "never emitted, so not an error)\n" +
                       path + ":" + std::to_string(lineOf(both, "A gadget was made for")) +
                       ": error: <paramlink id=\"maker\"> links to no parameter of 'GadgetMade'\n" + "1 error in " + path +
                       "; nothing written\n");
}

TEST_CASE("elided: an id an elided item shares with an active one is a warning, and links go to the active one",
          "[elided]") {
    // OpenJDK's elided GetRawMonitorUse and GetRawMonitors share nums with active functions;
    // an id shared the same way is the elided part's problem, not the spec's.
    const std::string text = edited("<function id=\"PolishGadget\" num=\"3\">", "<function id=\"GetGadgetNames\" num=\"3\">");
    ts::TempDir dir;
    ts::writeFile(dir / "spec.xml", text);
    const auto r = ts::runTool({"--spec", (dir / "spec.xml").string(), "--out", (dir / "out").string(), "--only", "header"});
    CHECK(r.status == 0);
    CHECK(r.err.find(":" + std::to_string(lineOf(text, "<function id=\"GetGadgetNames\" num=\"3\">")) +
                     ": warning: duplicate function id 'GetGadgetNames' (inside <elide>") != std::string::npos);
    const std::string header = ts::readFile(dir / "out" / "include" / "jvmti.h");
    CHECK(header.find("GetGadgetNames") != std::string::npos);
}

TEST_CASE("elided: problems the reader finds inside <elide> are warnings too", "[elided]") {
    const std::string text = edited(kElidedFunction, "<synopsis>Polish Gadget</synopsis><shine/>");
    ts::TempDir dir;
    ts::writeFile(dir / "spec.xml", text);
    const auto r = ts::runTool({"--spec", (dir / "spec.xml").string(), "--check"});
    CHECK(r.status == 0);
    CHECK(r.err.find(":" + std::to_string(lineOf(text, "<shine/>")) +
                     ": warning: unknown element <shine> in <function> (inside <elide>") != std::string::npos);
}

TEST_CASE("elided: our spec with OpenJDK's broken links in VirtualThreadMount/Unmount reads with two warnings, "
          "and gives the outputs of the spec without those events",
          "[elided]") {
    // The exact shape of OpenJDK's files from JDK 19 on: each elided event links to a parameter
    // `thread` it lacks (its parameter is virtual_thread).
    const std::string spec = ts::readFile(ts::sourceDir() / "spec" / "jvmti.xml");
    const std::string mount = "<description>The virtual thread being mounted.</description>";
    const std::string unmount = "<description>The virtual thread being unmounted.</description>";
    std::string broken = minispec::replaceOnce(spec, mount,
                                               "<description>The virtual thread being mounted; see <paramlink "
                                               "id=\"thread\"></paramlink>.</description>");
    broken = minispec::replaceOnce(broken, unmount,
                                   "<description>The virtual thread being unmounted; see <paramlink "
                                   "id=\"thread\"></paramlink>.</description>");
    // The same spec without the <elide> that holds both events.
    std::string without = spec;
    const auto event = without.find("<event label=\"Virtual Thread Mount\"");
    REQUIRE(event != std::string::npos);
    const auto begin = without.rfind("<elide>", event);
    const auto end = without.find("</elide>", event);
    REQUIRE(begin != std::string::npos);
    REQUIRE(end != std::string::npos);
    without.erase(begin, end + std::string("</elide>").size() - begin);
    REQUIRE(without.find("VirtualThreadMount") == std::string::npos);

    ts::RunResult withRun, withoutRun;
    const auto withOutputs = outputsOf(broken, withRun);
    const auto withoutOutputs = outputsOf(without, withoutRun);
    REQUIRE(withRun.status == 0);
    REQUIRE(withoutRun.status == 0);
    CHECK(withoutRun.err.empty());
    CHECK(withRun.err ==
          "spec.xml:" + std::to_string(lineOf(broken, "The virtual thread being mounted; see")) +
              ": warning: <paramlink id=\"thread\"> links to no parameter of 'VirtualThreadMount' (inside <elide>: never "
              "emitted, so not an error)\n"
              "spec.xml:" +
              std::to_string(lineOf(broken, "The virtual thread being unmounted; see")) +
              ": warning: <paramlink id=\"thread\"> links to no parameter of 'VirtualThreadUnmount' (inside <elide>: "
              "never emitted, so not an error)\n"
              "2 warnings in spec.xml\n");
    REQUIRE(withOutputs.size() == withoutOutputs.size());
    CHECK(withOutputs.size() > 20);
    for (size_t i = 0; i < withOutputs.size(); ++i) {
        INFO(withOutputs[i].first);
        CHECK(withOutputs[i].first == withoutOutputs[i].first);
        CHECK(withOutputs[i].second == withoutOutputs[i].second);
    }
}
