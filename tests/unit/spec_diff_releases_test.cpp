// jvmtigen --diff on real specs, against hand-checked lists: our spec as of JVMTI 17 against
// 25 (../shared/design/jvmti-versions.md) and 25 against 27, OpenJDK's JDK 16 file against our spec (the same
// notes, with what our spec records without a `since`), and OpenJDK's jdk11-ea file against
// its jdk16 file (the two files, read side by side).
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "support.hpp"

namespace ts = testsupport;
using nlohmann::json;

namespace {

struct Diff {
    int status;
    std::string text;
    json j;
};

Diff runDiff(std::vector<std::string> args) {
    ts::TempDir dir;
    const std::string file = (dir / "diff.json").string();
    args.insert(args.end(), {"--json", file});
    const auto r = ts::runTool(args);
    INFO(r.err);
    REQUIRE(r.err.empty());
    return {r.status, r.out, json::parse(ts::readFile(file))};
}

std::set<std::string> facts(const json& list) {
    std::set<std::string> out;
    for (const auto& f : list) out.insert(f.at("fact").get<std::string>());
    return out;
}

std::string value(const json& list, const std::string& fact) {
    for (const auto& f : list)
        if (f.at("fact") == fact) return f.at("value");
    return "(not listed)";
}

// "from -> to" of a changed fact.
std::string change(const json& changed, const std::string& fact) {
    for (const auto& c : changed)
        if (c.at("fact") == fact) return c.at("from").get<std::string>() + " -> " + c.at("to").get<std::string>();
    return "(not changed)";
}

std::string ourSpecFile() { return (ts::sourceDir() / "spec" / "jvmti.xml").string(); }

}  // namespace

TEST_CASE("diff: our spec as of 17.0.0 against 25.0.0 adds what JVMTI 19, 21 and 25 added", "[diff]") {
    const std::string ourSpec = ourSpecFile();
    const auto d = runDiff({"--spec", ourSpec, "--diff-api-version", "17.0.0", "25.0.0"});
    CHECK(d.status == 3);
    // jvmti-versions.md: two virtual-thread functions (21) and ClearAllFramePops (25), the
    // events VirtualThreadStart/End (21; Mount/Unmount are elided), the 45th capability,
    // error 73, and the header's version constants of 19 and 21 (none for 25).
    CHECK(facts(d.j["added"]) == std::set<std::string>{
                                     "capability can_support_virtual_threads",
                                     "constant JVMTI_VERSION_19",
                                     "constant JVMTI_VERSION_21",
                                     "error JVMTI_ERROR_UNSUPPORTED_OPERATION",
                                     "event VirtualThreadEnd",
                                     "event VirtualThreadStart",
                                     "function ClearAllFramePops",
                                     "function GetCurrentThreadCpuTime.error JVMTI_ERROR_UNSUPPORTED_OPERATION",
                                     "function GetThreadCpuTime.error JVMTI_ERROR_UNSUPPORTED_OPERATION",
                                     "function ResumeAllVirtualThreads",
                                     "function RunAgentThread.error JVMTI_ERROR_UNSUPPORTED_OPERATION",
                                     "function SuspendAllVirtualThreads",
                                 });
    CHECK(d.j["removed"].empty());
    CHECK(facts(d.j["changed"]) == std::set<std::string>{"version"});
    CHECK(change(d.j["changed"], "version") == "17.0.0 -> 25.0.0");
    // Slots, bits and numbers as the notes give them.
    const auto& added = d.j["added"];
    CHECK(value(added, "function ClearAllFramePops") == "num 67, phase live, since 25.0.0");
    CHECK(value(added, "function SuspendAllVirtualThreads") == "num 118, phase live, since 21.0.0");
    CHECK(value(added, "function ResumeAllVirtualThreads") == "num 119, phase live, since 21.0.0");
    CHECK(value(added, "event VirtualThreadStart") ==
          "num 87, JVMTI_EVENT_VIRTUAL_THREAD_START, phase start, since 21.0.0");
    CHECK(value(added, "event VirtualThreadEnd") ==
          "num 88, JVMTI_EVENT_VIRTUAL_THREAD_END, phase start, filtered thread, since 21.0.0");
    CHECK(value(added, "capability can_support_virtual_threads") == "bit 44, since 21.0.0");
    CHECK(value(added, "error JVMTI_ERROR_UNSUPPORTED_OPERATION") == "num 73, since 21.0.0");
    CHECK(value(added, "constant JVMTI_VERSION_21") == "0x30150000 (header version constant)");
    // The text says the same, one fact per line.
    CHECK(d.text.find("added:\n  capability can_support_virtual_threads: bit 44, since 21.0.0\n") == 0);
    CHECK(d.text.find("\nchanged:\n  version: 17.0.0 -> 25.0.0\n") != std::string::npos);
    CHECK(d.text.find("removed:") == std::string::npos);
    CHECK(d.text.find("(17.0.0) -> " + ourSpec + " (25.0.0): 12 added, 0 removed, 1 changed\n") != std::string::npos);
}

TEST_CASE("diff: our spec as of 25.0.0 against 27.0.0 changes the version alone", "[diff]") {
    // Between 25 and 27 no function, event, capability, error or constant changed; JDK 26
    // reworded the OPAQUE_FRAME cases, which leaves every function's errors as they were.
    const std::string ourSpec = ourSpecFile();
    const auto d = runDiff({"--spec", ourSpec, "--diff-api-version", "25.0.0", "27.0.0"});
    CHECK(d.status == 3);
    CHECK(d.text == "changed:\n  version: 25.0.0 -> 27.0.0\n" + ourSpec + " (25.0.0) -> " + ourSpec +
                        " (27.0.0): 0 added, 0 removed, 1 changed\n");
}

TEST_CASE("diff: our spec as of 27.0.0 against 28.0.0 adds the preview capability of value objects", "[diff]") {
    // JDK 28's early-access file: can_support_value_objects, a preview, the 46th flag, which
    // VMObjectAlloc and SampledObjectAlloc name as optional. Its notes are prose, no fact.
    const std::string ourSpec = ourSpecFile();
    const auto d = runDiff({"--spec", ourSpec, "--diff-api-version", "27.0.0", "28.0.0"});
    CHECK(d.status == 3);
    CHECK(d.text == "added:\n"
                    "  capability can_support_value_objects: bit 45, since 28.0.0, preview\n"
                    "  event SampledObjectAlloc.capability can_support_value_objects: optional\n"
                    "  event VMObjectAlloc.capability can_support_value_objects: optional\n"
                    "changed:\n"
                    "  version: 27.0.0 -> 28.0.0\n" +
                        ourSpec + " (27.0.0) -> " + ourSpec + " (28.0.0): 3 added, 0 removed, 1 changed\n");
}

TEST_CASE("diff: OpenJDK's JDK 16 file at 17.0.0 against our spec shows every change of the design notes", "[diff]") {
    const auto d = runDiff({"--diff", ts::upstreamSpec("jdk16").string() + "@17.0.0", ourSpecFile()});
    CHECK(d.status == 3);
    CHECK(d.j["removed"].empty());
    const auto added = facts(d.j["added"]);
    // "Error lists changed" of the notes, which --diff-api-version cannot show: our spec records
    // them without a `since` (only UNSUPPORTED_OPERATION is itself later than 17).
    std::set<std::string> errors;
    for (const auto& f : added)
        if (f.rfind("function ", 0) == 0 && f.find(".error ") != std::string::npos) errors.insert(f);
    std::set<std::string> expected = {
        "function StopThread.error JVMTI_ERROR_THREAD_NOT_SUSPENDED",
        "function StopThread.error JVMTI_ERROR_OPAQUE_FRAME",
        "function RunAgentThread.error JVMTI_ERROR_UNSUPPORTED_OPERATION",
        "function GetCurrentThreadCpuTime.error JVMTI_ERROR_UNSUPPORTED_OPERATION",
        "function GetThreadCpuTime.error JVMTI_ERROR_UNSUPPORTED_OPERATION",
        "function NotifyFramePop.error JVMTI_ERROR_DUPLICATE",
    };
    for (const char* f : {"GetLocalObject", "GetLocalInt", "GetLocalLong", "GetLocalFloat", "GetLocalDouble",
                          "GetLocalInstance", "SetLocalObject", "SetLocalInt", "SetLocalLong", "SetLocalFloat",
                          "SetLocalDouble"})
        expected.insert(std::string("function ") + f + ".error JVMTI_ERROR_THREAD_NOT_SUSPENDED");
    CHECK(errors == expected);
    // "a second OPAQUE_FRAME case" for PopFrame and SetLocal* was JDK 25's; JDK 26 wrote one
    // general case instead, so our spec lists it once, as the JDK 16 file did.
    for (const auto& c : d.j["changed"]) {
        const std::string fact = c.at("fact");
        CHECK(fact.find(".error JVMTI_ERROR_OPAQUE_FRAME") == std::string::npos);
    }
    // "Parameter attributes changed": impl="noconvert" on these functions' thread parameter.
    std::set<std::string> noconvert;
    for (const auto& c : d.j["changed"]) {
        const std::string fact = c.at("fact"), from = c.at("from"), to = c.at("to");
        if (fact.find(".param thread") != std::string::npos && from.find("impl=noconvert") == std::string::npos &&
            to.find("impl=noconvert") != std::string::npos)
            noconvert.insert(fact.substr(9, fact.find('.') - 9));
    }
    CHECK(noconvert == std::set<std::string>{
                           "SuspendThread", "ResumeThread", "StopThread", "GetOwnedMonitorInfo",
                           "GetOwnedMonitorStackDepthInfo", "GetCurrentContendedMonitor", "SetThreadLocalStorage",
                           "GetStackTrace", "GetFrameCount", "PopFrame", "GetFrameLocation", "NotifyFramePop",
                           "ForceEarlyReturnObject", "ForceEarlyReturnInt", "ForceEarlyReturnLong",
                           "ForceEarlyReturnFloat", "ForceEarlyReturnDouble", "ForceEarlyReturnVoid", "GetLocalObject",
                           "GetLocalInstance", "GetLocalInt", "GetLocalLong", "GetLocalFloat", "GetLocalDouble",
                           "SetLocalObject", "SetLocalInt", "SetLocalLong", "SetLocalFloat", "SetLocalDouble",
                           "GetThreadCpuTime"});
    CHECK(change(d.j["changed"], "function GetThreadCpuTime.param nanos_ptr") ==
          "2: jlong* (outptr) -> 2: jlong* (outptr, impl=nonullcheck)");
    // The same additions as between the releases of our spec.
    for (const char* f : {"function SuspendAllVirtualThreads", "function ResumeAllVirtualThreads",
                          "function ClearAllFramePops", "event VirtualThreadStart", "event VirtualThreadEnd",
                          "capability can_support_virtual_threads", "error JVMTI_ERROR_UNSUPPORTED_OPERATION",
                          "constant JVMTI_VERSION_19", "constant JVMTI_VERSION_21"})
        CHECK(added.count(f));
}

TEST_CASE("diff: OpenJDK's jdk11-ea file against its jdk16 file", "[diff]") {
    // jdk11-ea declares 9.0.0; jdk16 declares none.
    const auto d = runDiff({"--diff", ts::upstreamSpec("jdk11-ea").string(), ts::upstreamSpec("jdk16").string() + "@16.0.0"});
    CHECK(d.status == 3);
    // Heap sampling's rename (before JDK 11's release), the class-attribute error of JDK 11
    // (nest mates; Record and PermittedSubclasses reuse it in 14 and 15) and SampledObjectAlloc
    // filtered by thread. The rest of the files' differences is prose and whitespace.
    CHECK(facts(d.j["added"]) == std::set<std::string>{
                                     "constant JVMTI_VERSION_11",  // the header of 16.0.0, not 9.0.0
                                     "error JVMTI_ERROR_UNSUPPORTED_REDEFINITION_CLASS_ATTRIBUTE_CHANGED",
                                     "function RedefineClasses.error "
                                     "JVMTI_ERROR_UNSUPPORTED_REDEFINITION_CLASS_ATTRIBUTE_CHANGED",
                                     "function RetransformClasses.error "
                                     "JVMTI_ERROR_UNSUPPORTED_REDEFINITION_CLASS_ATTRIBUTE_CHANGED",
                                     "function SetHeapSamplingInterval",
                                 });
    CHECK(facts(d.j["removed"]) == std::set<std::string>{"function SetHeapSamplingRate"});
    CHECK(facts(d.j["changed"]) == std::set<std::string>{"event SampledObjectAlloc", "version"});
    CHECK(value(d.j["added"], "function SetHeapSamplingInterval") == "num 156, phase onload, since 11.0.0");
    CHECK(value(d.j["removed"], "function SetHeapSamplingRate") == "num 156, phase onload, since 11.0.0");
    CHECK(value(d.j["added"], "error JVMTI_ERROR_UNSUPPORTED_REDEFINITION_CLASS_ATTRIBUTE_CHANGED").rfind("num 72, ", 0) == 0);
    CHECK(change(d.j["changed"], "event SampledObjectAlloc") ==
          "num 86, JVMTI_EVENT_SAMPLED_OBJECT_ALLOC, phase live, since 11.0.0 -> "
          "num 86, JVMTI_EVENT_SAMPLED_OBJECT_ALLOC, phase live, filtered thread, since 11.0.0");
    CHECK(change(d.j["changed"], "version") == "9.0.0 -> 16.0.0");
    // Facts both files hold alike are not reported: the text is exactly these lines.
    CHECK(std::count(d.text.begin(), d.text.end(), '\n') == 3 + 5 + 1 + 2 + 1);  // groups, added, removed, changed, summary
}
