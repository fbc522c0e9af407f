// inject='s plan (runtime/inject/plan.cpp) against a small universe of made-up facts: what each
// rule selects, how it reads its error and its calls, and what it refuses, with the message.
#include <catch2/catch.hpp>

#include "inject/plan.hpp"

using namespace jvmtilayer::inject;

namespace {

// Error values as jvmti.h has them.
constexpr int kInvalidThread = 10, kThreadNotAlive = 15, kClassNotPrepared = 22, kNullPointer = 100,
              kWrongPhase = 112, kInternal = 113;

Universe universe() {
    Universe u;
    u.errors = {{kInvalidThread, "JVMTI_ERROR_INVALID_THREAD"}, {kThreadNotAlive, "JVMTI_ERROR_THREAD_NOT_ALIVE"},
                {kClassNotPrepared, "JVMTI_ERROR_CLASS_NOT_PREPARED"}, {kNullPointer, "JVMTI_ERROR_NULL_POINTER"},
                {kWrongPhase, "JVMTI_ERROR_WRONG_PHASE"}, {kInternal, "JVMTI_ERROR_INTERNAL"}};
    u.functions = {
        {16, "GetFrameCount", "stack", true, {kInvalidThread, kThreadNotAlive, kNullPointer, kWrongPhase},
         {kThreadNotAlive, kWrongPhase}},
        {12, "GetThreadInfo", "threadCategory", true, {kInvalidThread, kNullPointer, kWrongPhase}, {kWrongPhase}},
        {47, "Deallocate", "memory", false, {kNullPointer}, {kInternal}},
        {48, "GetClassMethods", "class", true, {kClassNotPrepared, kNullPointer}, {kClassNotPrepared}},
        {49, "GetTime", "timers", true, {kNullPointer}, {}},
    };
    return u;
}

Rule only(const std::string& text) {
    const PlanResult r = parse({text}, universe());
    INFO(r.error);
    REQUIRE(r);
    REQUIRE(r.plan->rules.size() == 1);
    return r.plan->rules.front();
}

std::string refusal(const std::string& text) {
    const PlanResult r = parse({text}, universe());
    REQUIRE_FALSE(r);
    return r.error;
}

}  // namespace

TEST_CASE("inject: a function alone fails every call with each environmental error in turn", "[inject]") {
    const Rule r = only("GetFrameCount");
    CHECK(r.functions == std::vector<int>{0});
    CHECK(r.mode == ErrorMode::Each);
    CHECK(r.when == When::Always);
    CHECK(r.site.empty());
}

TEST_CASE("inject: error, calls and site", "[inject]") {
    Rule r = only("GetFrameCount/THREAD_NOT_ALIVE/3");
    CHECK(r.mode == ErrorMode::Named);
    CHECK(r.error == kThreadNotAlive);
    CHECK(r.when == When::Nth);
    CHECK(r.n == 3);
    r = only("GetFrameCount/JVMTI_ERROR_WRONG_PHASE");
    CHECK(r.error == kWrongPhase);
    CHECK(r.when == When::Always);
    r = only("GetFrameCount/%10");
    CHECK(r.mode == ErrorMode::Each);
    CHECK(r.when == When::Every);
    CHECK(r.n == 10);
    r = only("GetFrameCount/any/p0.25");
    CHECK(r.mode == ErrorMode::Any);
    CHECK(r.when == When::Probability);
    CHECK(r.probability == 0.25);
    r = only("GetFrameCount@libagent.so+0x1A2b/1");
    CHECK(r.site == "libagent.so+0x1a2b");
    CHECK(r.n == 1);
    // A caller's error may be named too: the user asks for it.
    CHECK(only("GetFrameCount/NULL_POINTER").error == kNullPointer);
}

TEST_CASE("inject: categories and all keep the functions that can fail, and say what they leave out", "[inject]") {
    PlanResult r = parse({"all/CLASS_NOT_PREPARED"}, universe());
    REQUIRE(r);
    CHECK(r.plan->rules.front().functions == std::vector<int>{3});
    REQUIRE(r.plan->warnings.size() == 1);
    CHECK(r.plan->warnings.front() ==
          "inject=all/CLASS_NOT_PREPARED: 3 function(s) of 'all' left out: they never return JVMTI_ERROR_CLASS_NOT_PREPARED");
    // each: functions without an environmental error (GetTime) are left out; Deallocate never.
    r = parse({"allfunc"}, universe());
    REQUIRE(r);
    CHECK(r.plan->rules.front().functions == std::vector<int>{0, 1, 3});
    CHECK(only("thread").functions == std::vector<int>{1});
    CHECK(only("threadCategory").functions == std::vector<int>{1});
}

TEST_CASE("inject: bad rules are refused with the rule and the reason", "[inject]") {
    CHECK(refusal("GetFrameCount/CLASS_NOT_PREPARED") ==
          "inject=GetFrameCount/CLASS_NOT_PREPARED: GetFrameCount never returns JVMTI_ERROR_CLASS_NOT_PREPARED (it may "
          "return JVMTI_ERROR_INVALID_THREAD, JVMTI_ERROR_THREAD_NOT_ALIVE, JVMTI_ERROR_NULL_POINTER, JVMTI_ERROR_WRONG_PHASE)");
    CHECK(refusal("GetFrameCount/p1.5") == "inject=GetFrameCount/p1.5: probability 1.5 is outside 0..1");
    CHECK(refusal("GetFrameCount/p-0.1") == "inject=GetFrameCount/p-0.1: probability -0.1 is outside 0..1");
    CHECK(refusal("GetFrameCount/0") == "inject=GetFrameCount/0: '0': N needs a whole number from 1 (the Nth call)");
    CHECK(refusal("GetFrameCount/%0").find("%N needs a whole number N from 1") != std::string::npos);
    CHECK(refusal("GetFrameCount/NO_SUCH_ERROR") ==
          "inject=GetFrameCount/NO_SUCH_ERROR: 'NO_SUCH_ERROR' is no JVMTI error (each, any, or a name such as THREAD_NOT_ALIVE)");
    CHECK(refusal("Deallocate").find("Deallocate is never injected") != std::string::npos);
    CHECK(refusal("GetTime") == "inject=GetTime: GetTime has no environmental error to inject");
    CHECK(refusal("GetFrameCount@agent/1").find("is not LIBRARY+0xOFFSET") != std::string::npos);
    CHECK(refusal("GetFrameCount+i").find("without trace='s flags") != std::string::npos);
    CHECK(refusal("/1").find("no function named") != std::string::npos);
    CHECK(refusal("GetFrameCount/each/1/2").find("too many parts") != std::string::npos);
    const std::string unknown = refusal("GetFrameCounts");
    CHECK(unknown.rfind("inject=GetFrameCounts: ", 0) == 0);
    CHECK(unknown.find("GetFrameCount") != std::string::npos);  // trace='s did-you-mean
}

TEST_CASE("inject: a site given as a source line", "[inject]") {
    Rule r = only("GetFrameCount@faulty.cpp:42/THREAD_NOT_ALIVE/1");
    CHECK(r.site.empty());
    CHECK(r.siteFile == "faulty.cpp");
    CHECK(r.siteLine == 42);
    CHECK(r.error == kThreadNotAlive);
    CHECK(r.n == 1);
    r = only("GetFrameCount@../agents/src/faulty.cpp:7");
    CHECK(r.siteFile == "agents/src/faulty.cpp");
    CHECK(r.siteLine == 7);
    CHECK(r.mode == ErrorMode::Each);
    // A path's '/' is the site's own: the parts start after the line.
    r = only("GetFrameCount@src/agents/faulty.cpp:42/THREAD_NOT_ALIVE/%2");
    CHECK(r.siteFile == "src/agents/faulty.cpp");
    CHECK(r.siteLine == 42);
    CHECK(r.error == kThreadNotAlive);
    CHECK(r.when == When::Every);
    CHECK(r.n == 2);
    // The list setting splits at ':'; the plan joins the line back to its site.
    PlanResult p = parse({"GetFrameCount@faulty.cpp", "42/THREAD_NOT_ALIVE", "GetThreadInfo@faulty.cpp", "9"}, universe());
    INFO(p.error);
    REQUIRE(p);
    REQUIRE(p.plan->rules.size() == 2);
    CHECK(p.plan->rules[0].text == "GetFrameCount@faulty.cpp:42/THREAD_NOT_ALIVE");
    CHECK(p.plan->rules[0].siteLine == 42);
    CHECK(p.plan->rules[1].siteFile == "faulty.cpp");
    CHECK(p.plan->rules[1].siteLine == 9);
    // A library site is complete: a number after it stays a rule of its own, and is refused.
    p = parse({"GetFrameCount@libagent.so+0x10", "3"}, universe());
    REQUIRE_FALSE(p);
    CHECK(p.error.rfind("inject=3: ", 0) == 0);
}

TEST_CASE("inject: bad source-line sites are refused with the rule and the reason", "[inject]") {
    CHECK(refusal("GetFrameCount@faulty.cpp:/1") ==
          "inject=GetFrameCount@faulty.cpp:/1: site 'faulty.cpp:' has no line after ':' (FILE:LINE, such as agent.cpp:42)");
    CHECK(refusal("GetFrameCount@faulty.cpp:0") ==
          "inject=GetFrameCount@faulty.cpp:0: site 'faulty.cpp:0': line 0 is out of range (lines count from 1)");
    CHECK(refusal("GetFrameCount@faulty.cpp:12345678901").find("is out of range") != std::string::npos);
    CHECK(refusal("GetFrameCount@:42") ==
          "inject=GetFrameCount@:42: site ':42' names no file before ':42' (FILE:LINE, such as agent.cpp:42)");
    CHECK(refusal("GetFrameCount@src/:42").find("names no file") != std::string::npos);
    CHECK(refusal("GetFrameCount@./:42").find("names no file") != std::string::npos);
    CHECK(refusal("GetFrameCount@faulty.cpp:4x2") ==
          "inject=GetFrameCount@faulty.cpp:4x2: site 'faulty.cpp:4x2': '4x2' is no line number (FILE:LINE, such as "
          "agent.cpp:42)");
    CHECK(refusal("GetFrameCount@faulty.cpp:-3").find("is no line number") != std::string::npos);
    CHECK(refusal(std::string("GetFrameCount@fau\x01lty.cpp:3")).find("control character") != std::string::npos);
    CHECK(refusal("GetFrameCount@faulty.cpp").find("nor FILE:LINE") != std::string::npos);
}

TEST_CASE("inject: a source-line site matches a path by whole components", "[inject]") {
    CHECK(fileMatches("/src/agents/faulty.cpp", "faulty.cpp"));
    CHECK(fileMatches("/src/agents/faulty.cpp", "agents/faulty.cpp"));
    CHECK(fileMatches("/src/agents/faulty.cpp", "/src/agents/faulty.cpp"));
    CHECK(fileMatches("faulty.cpp", "faulty.cpp"));
    CHECK_FALSE(fileMatches("/src/agents/unfaulty.cpp", "faulty.cpp"));
    CHECK_FALSE(fileMatches("/src/agents/faulty.cpp", "other/faulty.cpp"));
    CHECK_FALSE(fileMatches("/src/agents/faulty.cpp", "faulty.c"));
    CHECK_FALSE(fileMatches("", "faulty.cpp"));
    CHECK_FALSE(fileMatches("/src/agents/faulty.cpp", ""));
}

TEST_CASE("inject: sites are written one way", "[inject]") {
    CHECK(siteText("libagent.so", 0x1a2b) == "libagent.so+0x1a2b");
    CHECK(neverInjected("RawMonitorExit"));
    CHECK_FALSE(neverInjected("RawMonitorEnter"));
}
