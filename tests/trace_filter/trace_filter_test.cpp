// The trace filter (runtime/trace/filter): HotSpot's -XX:TraceJVMTI descriptors, the spec
// categories, errors and warnings, against a small hand-made universe (exact expectations)
// and against the universes of spec/jvmti.xml and OpenJDK's JDK 16 jvmti.xml.
#include <catch2/catch.hpp>

#include <map>
#include <set>
#include <string>
#include <vector>

#include "spec_universe.hpp"
#include "trace/filter/trace_filter.hpp"

using namespace jvmtilayer::trace_filter;
using Traced = std::map<std::string, std::string>;

namespace {

// Nine functions (three not traced by default) in six categories, four events.
const Universe& small() {
    static const Universe u{
        {
            {"GetFrameCount", "stack", true},
            {"GetClassSignature", "class", true},
            {"Allocate", "memory", false},
            {"Deallocate", "memory", false},
            {"GetThreadState", "threadCategory", true},
            {"GetThreadInfo", "threadCategory", true},
            {"RawMonitorEnter", "RawMonitors", false},
            {"IterateOverHeap", "Heap_1_0", true},
            {"FollowReferences", "Heap", true},
        },
        {{"VMInit"}, {"ClassLoad"}, {"Breakpoint"}, {"MethodEntry"}},
    };
    return u;
}

std::string letters(FunctionFlags f) {
    std::string s;
    if (f.in) s += 'i';
    if (f.out) s += 'o';
    if (f.errors) s += 'e';
    if (f.inDetail) s += 'I';
    if (f.outDetail) s += 'O';
    return s;
}

std::string letters(EventFlags e) {
    std::string s;
    if (e.triggered) s += 't';
    if (e.sent) s += 's';
    return s;
}

// The traced functions and events of a filter, by name, with their flags as letters.
Traced functions(const Filter& f, const Universe& u = small()) {
    Traced out;
    for (std::size_t i = 0; i < u.functions.size(); ++i)
        if (f.function(i).any()) out[u.functions[i].name] = letters(f.function(i));
    return out;
}

Traced events(const Filter& f, const Universe& u = small()) {
    Traced out;
    for (std::size_t i = 0; i < u.events.size(); ++i)
        if (f.event(i).any()) out[u.events[i].name] = letters(f.event(i));
    return out;
}

// Parses what must parse, without warnings.
Filter ok(const std::string& text, const Universe& u = small()) {
    FilterResult r = parseText(text, u);
    INFO("trace=" << text << " -> " << r.message());
    REQUIRE(r);
    REQUIRE(r.errors.empty());
    CHECK(r.warnings.empty());
    return *r.filter;
}

FilterResult bad(const std::string& text, const Universe& u = small()) {
    FilterResult r = parseText(text, u);
    INFO("trace=" << text);
    REQUIRE_FALSE(r);
    REQUIRE_FALSE(r.errors.empty());
    return r;
}

Traced everyFunction(const std::string& flags, bool withNotrace, const Universe& u = small()) {
    Traced out;
    for (const auto& f : u.functions)
        if (withNotrace || f.traceByDefault) out[f.name] = flags;
    return out;
}

Traced everyEvent(const std::string& flags, const Universe& u = small()) {
    Traced out;
    for (const auto& e : u.events) out[e.name] = flags;
    return out;
}

}  // namespace

TEST_CASE("an empty filter traces nothing", "[trace_filter]") {
    for (const std::string text : {"", " ", ",", ":", ",,::, ,"}) {
        const Filter f = ok(text);
        CHECK_FALSE(f.any());
        CHECK_FALSE(f.anyFunction());
        CHECK_FALSE(f.anyEvent());
        CHECK_FALSE(f.eventController());
        CHECK(functions(f).empty());
        CHECK(events(f).empty());
        CHECK(f.functionCount() == small().functions.size());
        CHECK(f.eventCount() == small().events.size());
    }
    const FilterResult none = parse({}, small());
    REQUIRE(none);
    CHECK_FALSE(none.filter->any());
    CHECK_FALSE(Filter{}.any());
    CHECK(Filter{}.function(0) == FunctionFlags{});
}

TEST_CASE("all: every function, even those not traced by default, and every event, with the default flags ies",
          "[trace_filter][hotspot]") {
    const Filter f = ok("all");
    CHECK(functions(f) == everyFunction("ie", true));
    CHECK(events(f) == everyEvent("s"));
    CHECK_FALSE(f.eventController());
    CHECK(f.any());
    CHECK(f.anyFunction());
    CHECK(f.anyEvent());
}

TEST_CASE("func: the functions traced by default, allfunc: every function", "[trace_filter][hotspot]") {
    const Filter func = ok("func");
    CHECK(functions(func) == everyFunction("ie", false));
    CHECK(functions(func).count("Allocate") == 0);
    CHECK(functions(func).count("RawMonitorEnter") == 0);
    CHECK(events(func).empty());
    CHECK(func.anyFunction());
    CHECK_FALSE(func.anyEvent());

    const Filter allfunc = ok("allfunc");
    CHECK(functions(allfunc) == everyFunction("ie", true));
    CHECK(events(allfunc).empty());
}

TEST_CASE("event and allevent: every event, sent by default", "[trace_filter][hotspot]") {
    for (const std::string text : {"event", "allevent"}) {
        const Filter f = ok(text);
        CHECK(functions(f).empty());
        CHECK(events(f) == everyEvent("s"));
        CHECK_FALSE(f.anyFunction());
    }
    CHECK(events(ok("event+ts")) == everyEvent("ts"));
    CHECK(events(ok("event+t")) == everyEvent("t"));
}

TEST_CASE("ec: the event controller, on with ec or ec+, off again with ec-", "[trace_filter][hotspot]") {
    for (const std::string text : {"ec", "ec+"}) {
        const Filter f = ok(text);
        CHECK(f.eventController());
        CHECK(f.any());
        CHECK(functions(f).empty());
        CHECK(events(f).empty());
    }
    CHECK_FALSE(ok("ec,ec-").eventController());
    CHECK_FALSE(ok("ec-").any());
    CHECK(ok("ec-,ec+").eventController());
}

TEST_CASE("HotSpot's examples", "[trace_filter][hotspot]") {
    SECTION("GetClassSignature+ie,ClassLoad+ts") {
        const Filter f = ok("GetClassSignature+ie,ClassLoad+ts");
        CHECK(functions(f) == Traced{{"GetClassSignature", "ie"}});
        CHECK(events(f) == Traced{{"ClassLoad", "ts"}});
        CHECK_FALSE(f.eventController());
    }
    SECTION("ec+,GetFrameCount+ie,Breakpoint+s (the usage comment's example with a JVMTI function)") {
        const Filter f = ok("ec+,GetFrameCount+ie,Breakpoint+s");
        CHECK(f.eventController());
        CHECK(functions(f) == Traced{{"GetFrameCount", "ie"}});
        CHECK(events(f) == Traced{{"Breakpoint", "s"}});
    }
    SECTION("all-s: every function with ie, no event") {
        const Filter f = ok("all-s");
        CHECK(functions(f).empty());  // '-' removes from nothing: all-s alone traces nothing
        CHECK(events(f).empty());
        const Filter g = ok("all,all-s");
        CHECK(functions(g) == everyFunction("ie", true));
        CHECK(events(g).empty());
        CHECK_FALSE(g.anyEvent());
    }
    SECTION("func+o: only the output, an explicit group replaces the default") {
        const Filter f = ok("func+o");
        CHECK(functions(f) == everyFunction("o", false));
        CHECK(events(f).empty());
    }
    SECTION("all,func+o: o added to the defaults") {
        Traced expected = everyFunction("ioe", false);
        expected["Allocate"] = expected["Deallocate"] = expected["RawMonitorEnter"] = "ie";
        CHECK(functions(ok("all,func+o")) == expected);
    }
    SECTION("all,func-i,event-s,Breakpoint+t") {
        const Filter f = ok("all,func-i,event-s,Breakpoint+t");
        Traced expected = everyFunction("e", false);
        expected["Allocate"] = expected["Deallocate"] = expected["RawMonitorEnter"] = "ie";
        CHECK(functions(f) == expected);
        CHECK(events(f) == Traced{{"Breakpoint", "t"}});
    }
    SECTION("a name without flags takes the default ies: i and e for a function, s for an event") {
        CHECK(functions(ok("GetFrameCount")) == Traced{{"GetFrameCount", "ie"}});
        CHECK(events(ok("ClassLoad")) == Traced{{"ClassLoad", "s"}});
        CHECK(functions(ok("ClassLoad")).empty());
    }
}

TEST_CASE("the detail flags I and O are independent of i and o", "[trace_filter][hotspot]") {
    CHECK(functions(ok("GetFrameCount+I")) == Traced{{"GetFrameCount", "I"}});
    CHECK(functions(ok("GetFrameCount+iIoO")) == Traced{{"GetFrameCount", "ioIO"}});
    CHECK(functions(ok("GetFrameCount+ioeIO,GetFrameCount-io")) == Traced{{"GetFrameCount", "eIO"}});
    const FunctionFlags f = ok("GetFrameCount+IO").function(0);
    CHECK(f.inDetail);
    CHECK(f.outDetail);
    CHECK_FALSE(f.in);
    CHECK_FALSE(f.out);
    CHECK_FALSE(f.errors);
}

TEST_CASE("a name alone with flags (\"+o\", \"-i\") means the functions traced by default and every event",
          "[trace_filter][hotspot]") {
    const Filter plus = ok("+ot");
    CHECK(functions(plus) == everyFunction("o", false));
    CHECK(events(plus) == everyEvent("t"));

    const Filter minus = ok("all,-e");
    Traced expected = everyFunction("i", false);
    expected["Allocate"] = expected["Deallocate"] = expected["RawMonitorEnter"] = "ie";
    CHECK(functions(minus) == expected);
    CHECK(events(minus) == everyEvent("s"));
}

TEST_CASE("descriptors apply in order: a later one adds to or removes from an earlier one", "[trace_filter]") {
    CHECK(functions(ok("GetFrameCount+i,GetFrameCount-i")).empty());
    CHECK(functions(ok("GetFrameCount-i,GetFrameCount+i")) == Traced{{"GetFrameCount", "i"}});
    CHECK(functions(ok("func-i,GetFrameCount+i")) == Traced{{"GetFrameCount", "i"}});
    CHECK(functions(ok("func+i,GetFrameCount-i")).count("GetFrameCount") == 0);
    CHECK(functions(ok("GetFrameCount-i,func+i")).at("GetFrameCount") == "i");
    CHECK(functions(ok("GetFrameCount+o,GetFrameCount+e")) == Traced{{"GetFrameCount", "oe"}});
    CHECK(events(ok("ClassLoad+t,event,ClassLoad-s")) ==
          Traced{{"VMInit", "s"}, {"ClassLoad", "t"}, {"Breakpoint", "s"}, {"MethodEntry", "s"}});
    CHECK(events(ok("event,all-s")).empty());

    // Every order of one '+' and one '-' of the same flag ends with the last.
    for (char flag : std::string("ioeIO")) {
        const std::string add = std::string("GetClassSignature+") + flag;
        const std::string remove = std::string("GetClassSignature-") + flag;
        CHECK(functions(ok(add + "," + remove)).empty());
        CHECK(functions(ok(remove + "," + add)) == Traced{{"GetClassSignature", std::string(1, flag)}});
    }
    for (char flag : std::string("ts")) {
        const std::string add = std::string("MethodEntry+") + flag;
        const std::string remove = std::string("MethodEntry-") + flag;
        CHECK(events(ok(add + ":" + remove)).empty());
        CHECK(events(ok(remove + ":" + add)) == Traced{{"MethodEntry", std::string(1, flag)}});
    }
}

TEST_CASE("several flag groups in one descriptor apply left to right", "[trace_filter]") {
    const Filter f = ok("all+o-s");
    CHECK(functions(f) == everyFunction("o", true));
    CHECK(events(f).empty());
    CHECK(functions(ok("all-e+e")) == everyFunction("e", true));
    CHECK(functions(ok("GetFrameCount+ioe-o")) == Traced{{"GetFrameCount", "ie"}});
    CHECK(functions(ok("GetFrameCount+io-io+e")) == Traced{{"GetFrameCount", "e"}});
}

TEST_CASE("a function not traced by default is traced when named, by all and by allfunc", "[trace_filter]") {
    CHECK(functions(ok("Allocate")) == Traced{{"Allocate", "ie"}});
    CHECK(functions(ok("func,Allocate+o")) ==
          [] {
              Traced t = everyFunction("ie", false);
              t["Allocate"] = "o";
              return t;
          }());
    CHECK(functions(ok("allfunc,func-ie")) ==
          Traced{{"Allocate", "ie"}, {"Deallocate", "ie"}, {"RawMonitorEnter", "ie"}});
}

TEST_CASE("a spec category selects every function of it, also by its id without \"Category\"",
          "[trace_filter][category]") {
    const Traced threads{{"GetThreadState", "ie"}, {"GetThreadInfo", "ie"}};
    CHECK(functions(ok("threadCategory")) == threads);
    CHECK(functions(ok("thread")) == threads);
    CHECK(events(ok("thread")).empty());
    CHECK(functions(ok("thread+o")) == Traced{{"GetThreadState", "o"}, {"GetThreadInfo", "o"}});
    CHECK(functions(ok("Heap")) == Traced{{"FollowReferences", "ie"}});
    CHECK(functions(ok("Heap_1_0+i")) == Traced{{"IterateOverHeap", "i"}});
    // Functions not traced by default are in their category: memory is Allocate and Deallocate.
    CHECK(functions(ok("memory")) == Traced{{"Allocate", "ie"}, {"Deallocate", "ie"}});
    CHECK(functions(ok("RawMonitors+e")) == Traced{{"RawMonitorEnter", "e"}});
    // Combined with the rest, in order.
    CHECK(functions(ok("func,thread-i,GetThreadInfo+i")) ==
          Traced{{"GetFrameCount", "ie"}, {"GetClassSignature", "ie"}, {"GetThreadState", "e"},
                 {"GetThreadInfo", "ie"}, {"IterateOverHeap", "ie"}, {"FollowReferences", "ie"}});
    CHECK(functions(ok("all,memory-ie")) ==
          [] {
              Traced t = everyFunction("ie", true);
              t.erase("Allocate");
              t.erase("Deallocate");
              return t;
          }());
}

TEST_CASE("category names", "[trace_filter][category]") {
    CHECK(categoryNames("threadCategory") == std::vector<std::string>{"threadCategory", "thread"});
    CHECK(categoryNames("breakpointCategory") == std::vector<std::string>{"breakpointCategory", "breakpoint"});
    CHECK(categoryNames("Heap") == std::vector<std::string>{"Heap"});
    CHECK(categoryNames("Category") == std::vector<std::string>{"Category"});
    // Case matters, as in HotSpot's names.
    bad("heap");
    bad("Thread");
    bad("threadcategory");
}

TEST_CASE("which name wins: keywords, then function and event names, then category ids, then aliases",
          "[trace_filter][category]") {
    const Universe u{
        {
            {"GetFrameCount", "all", true},          // a category that a keyword hides
            {"Shared", "stack", true},               // a function that is also an event
            {"stack", "other", true},                // a function named like a category
            {"GetThreadState", "threadCategory", true},
            {"GetLocalInt", "thread", true},         // a category id equal to another's alias
        },
        {{"Shared"}, {"VMInit"}},
    };
    const Filter all = ok("all", u);
    CHECK(functions(all, u).size() == 5);
    CHECK(events(all, u).size() == 2);

    const Filter shared = ok("Shared+is", u);
    CHECK(functions(shared, u) == Traced{{"Shared", "i"}});
    CHECK(events(shared, u) == Traced{{"Shared", "s"}});

    CHECK(functions(ok("stack", u), u) == Traced{{"stack", "ie"}});
    CHECK(functions(ok("thread", u), u) == Traced{{"GetLocalInt", "ie"}});
    CHECK(functions(ok("threadCategory", u), u) == Traced{{"GetThreadState", "ie"}});
}

TEST_CASE("separators: ',' and ':', in one string or across the elements of a list", "[trace_filter]") {
    const Traced expectedFunctions{{"GetClassSignature", "ie"}, {"GetFrameCount", "o"}};
    const Traced expectedEvents{{"ClassLoad", "ts"}};
    for (const std::string text : {"GetClassSignature+ie,ClassLoad+ts,GetFrameCount+o",
                                   "GetClassSignature+ie:ClassLoad+ts:GetFrameCount+o",
                                   "GetClassSignature+ie:ClassLoad+ts,GetFrameCount+o",
                                   " GetClassSignature+ie , ClassLoad+ts ::GetFrameCount+o, "}) {
        const Filter f = ok(text);
        CHECK(functions(f) == expectedFunctions);
        CHECK(events(f) == expectedEvents);
    }
    const FilterResult r = parse({"GetClassSignature+ie", "ClassLoad+ts:GetFrameCount+o"}, small());
    REQUIRE(r);
    CHECK(functions(*r.filter) == expectedFunctions);
    CHECK(events(*r.filter) == expectedEvents);
    CHECK(splitDescriptors(" a ,b:: c+i-o ,") == std::vector<std::string>{"a", "b", "c+i-o"});
    CHECK(splitDescriptors("").empty());
}

TEST_CASE("an unknown name is an error naming the descriptor and the valid names", "[trace_filter][errors]") {
    const FilterResult r = bad("GetClassSignatur+ie");
    REQUIRE(r.errors.size() == 1);
    const std::string& e = r.errors[0];
    CHECK_THAT(e, Catch::Contains("unknown name 'GetClassSignatur'"));
    CHECK_THAT(e, Catch::Contains("in trace descriptor 'GetClassSignatur+ie'"));
    CHECK_THAT(e, Catch::Contains("did you mean 'GetClassSignature'?"));
    CHECK_THAT(e, Catch::Contains("all, func, allfunc, event, allevent, ec,"));
    CHECK_THAT(e, Catch::Contains("a function name (such as GetFrameCount)"));
    CHECK_THAT(e, Catch::Contains("an event name (such as VMInit)"));
    CHECK_THAT(e, Catch::Contains("or a category: stack, class, memory, threadCategory (thread), RawMonitors, "
                                  "Heap_1_0, Heap"));
    CHECK(r.message() == e);

    CHECK_THAT(bad("getframecount").errors[0], Catch::Contains("did you mean 'GetFrameCount'?"));
    CHECK_THAT(bad("classload+t").errors[0], Catch::Contains("did you mean 'ClassLoad'?"));
    CHECK_THAT(bad("threads").errors[0], Catch::Contains("did you mean 'thread'?"));
    CHECK_THAT(bad("events").errors[0], Catch::Contains("did you mean 'event'?"));
    CHECK_THAT(bad("Frobnicate").errors[0], !Catch::Contains("did you mean"));
    // HotSpot's own usage example names a function JVMTI no longer has (from JVMDI).
    CHECK_THAT(bad("ec+,GetCallerFrame+ie,Breakpoint+s").errors[0],
               Catch::Contains("unknown name 'GetCallerFrame'"));
}

TEST_CASE("of equally near names, \"did you mean\" proposes the first: keywords, functions, events, categories",
          "[trace_filter][errors]") {
    // "Abcd" is one edit from each name here; the shorter ones are not preferred for being shorter.
    const Universe longFirst{{{"Abcde", "x", true}, {"Abc", "x", true}}, {{"Abce"}}};
    CHECK_THAT(bad("Abcd", longFirst).errors[0], Catch::Contains("did you mean 'Abcde'?"));
    const Universe shortFirst{{{"Abc", "x", true}, {"Abcde", "x", true}}, {{"Abce"}}};
    CHECK_THAT(bad("Abcd", shortFirst).errors[0], Catch::Contains("did you mean 'Abc'?"));
    const Universe eventFirst{{{"Zzz", "x", true}}, {{"Abce"}}};
    CHECK_THAT(bad("Abcd", eventFirst).errors[0], Catch::Contains("did you mean 'Abce'?"));
    // A nearer name wins over an earlier one.
    const Universe nearerLater{{{"Abxyd", "x", true}, {"Abcdd", "x", true}}, {}};
    CHECK_THAT(bad("Abcd", nearerLater).errors[0], Catch::Contains("did you mean 'Abcdd'?"));
    // Keywords come first: "evnt" is one edit from "event" and from the function "evnts".
    const Universe keyword{{{"evnts", "x", true}}, {}};
    CHECK_THAT(bad("evnt", keyword).errors[0], Catch::Contains("did you mean 'event'?"));
}

TEST_CASE("an Index made once parses many filters as parsing against the Universe does", "[trace_filter]") {
    const Universe u = tracefiltertest::loadUniverse(tracefiltertest::projectSpec());
    const Index index(u);
    for (const std::string text : {"all", "func+o,event-s", "thread", "GetFrameCount+ie,ClassLoad+ts", "ec,ec-",
                                   "Heap_1_0+O", "getframecount", "Nope+q,all+x", "", "  : , ", "+o", "all-s"}) {
        INFO("trace=" << text);
        const FilterResult viaIndex = parseText(text, index);
        const FilterResult viaUniverse = parseText(text, u);
        CHECK(viaIndex.errors == viaUniverse.errors);
        CHECK(viaIndex.warnings == viaUniverse.warnings);
        REQUIRE(viaIndex.filter.has_value() == viaUniverse.filter.has_value());
        if (!viaIndex.filter) continue;
        CHECK(functions(*viaIndex.filter, u) == functions(*viaUniverse.filter, u));
        CHECK(events(*viaIndex.filter, u) == events(*viaUniverse.filter, u));
        CHECK(viaIndex.filter->eventController() == viaUniverse.filter->eventController());
    }
    CHECK(&index.universe() == &u);
}

TEST_CASE("an unknown flag is an error naming the descriptor and the valid flags", "[trace_filter][errors]") {
    const FilterResult r = bad("all+x");
    REQUIRE(r.errors.size() == 1);
    CHECK_THAT(r.errors[0], Catch::Contains("unknown flag 'x' in trace descriptor 'all+x'"));
    CHECK_THAT(r.errors[0], Catch::Contains("i (input), o (output), e (errors), I (input in detail), "
                                            "O (output in detail) for functions and t (triggered), s (sent)"));
    CHECK_THAT(bad("GetFrameCount+iq").errors[0], Catch::Contains("unknown flag 'q'"));
    CHECK_THAT(bad("GetFrameCount+E").errors[0], Catch::Contains("unknown flag 'E'"));  // flags are case-sensitive
    CHECK_THAT(bad("GetFrameCount+i o").errors[0], Catch::Contains("unknown flag ' '"));
    CHECK_THAT(bad("ClassLoad-S").errors[0], Catch::Contains("unknown flag 'S'"));
    CHECK_THAT(bad("ec+z").errors[0], Catch::Contains("unknown flag 'z' in trace descriptor 'ec+z'"));
}

TEST_CASE("every bad descriptor is reported, and none yields a filter", "[trace_filter][errors]") {
    const FilterResult r = bad("all,Nope,GetFrameCount+k,func,Nada+k");
    REQUIRE(r.errors.size() == 4);
    CHECK_THAT(r.errors[0], Catch::Contains("'Nope'"));
    CHECK_THAT(r.errors[1], Catch::Contains("unknown flag 'k' in trace descriptor 'GetFrameCount+k'"));
    CHECK_THAT(r.errors[2], Catch::Contains("unknown flag 'k' in trace descriptor 'Nada+k'"));
    CHECK_THAT(r.errors[3], Catch::Contains("unknown name 'Nada'"));
    CHECK_FALSE(r.filter.has_value());
    CHECK(r.message() == r.errors[0] + "; " + r.errors[1] + "; " + r.errors[2] + "; " + r.errors[3]);
}

TEST_CASE("descriptors that change nothing are warnings, not errors", "[trace_filter][warnings]") {
    const auto warns = [](const std::string& text, const std::string& what) {
        const FilterResult r = parseText(text, small());
        INFO("trace=" << text);
        REQUIRE(r);
        REQUIRE(r.warnings.size() == 1);
        const std::string descriptor = text.substr(text.find_last_of(',') + 1);
        CHECK_THAT(r.warnings[0], Catch::Contains("trace descriptor '" + descriptor + "'"));
        CHECK_THAT(r.warnings[0], Catch::Contains(what));
        return *r.filter;
    };
    CHECK(events(warns("ClassLoad+i", "flag i does nothing: it selects only events")).empty());
    CHECK(functions(warns("GetFrameCount+t", "flag t does nothing: it selects only functions")).empty());
    CHECK(functions(warns("func+ts", "flags ts do nothing")).empty());
    CHECK(events(warns("event-ie", "flags ie do nothing")).empty());
    CHECK(functions(warns("GetFrameCount+ios", "flag s does nothing")) == Traced{{"GetFrameCount", "io"}});
    CHECK(warns("ec+ie", "ec (the event controller) takes no flags").eventController());
    CHECK(functions(warns("GetFrameCount+", "a '+' without flags changes nothing")).empty());
    CHECK(functions(warns("all,GetFrameCount-", "a '-' without flags changes nothing")).size() == 9);
    // The default "ies" and flags that reach something are silent.
    for (const std::string text : {"all", "GetFrameCount", "ClassLoad", "ec", "thread", "all+t", "all+i",
                                   "+o", "-s", "ec+", "ec-"}) {
        INFO("trace=" << text);
        CHECK(parseText(text, small()).warnings.empty());
    }
}

TEST_CASE("lookups outside the universe trace nothing", "[trace_filter]") {
    const Filter f = ok("all+ioeIOts,ec");
    CHECK(f.function(small().functions.size()) == FunctionFlags{});
    CHECK(f.event(small().events.size()) == EventFlags{});
    CHECK(f.function(static_cast<std::size_t>(-1)) == FunctionFlags{});
    CHECK(f.function(0) == FunctionFlags{true, true, true, true, true});
    CHECK(f.event(3) == EventFlags{true, true});
}

TEST_CASE("an empty universe: keywords are valid and trace nothing, names are unknown", "[trace_filter]") {
    const Universe empty;
    const FilterResult all = parseText("all,func,event", empty);
    REQUIRE(all);
    CHECK_FALSE(all.filter->any());
    CHECK(parseText("ec", empty).filter->any());
    const FilterResult named = parseText("GetFrameCount", empty);
    REQUIRE_FALSE(named);
    CHECK_THAT(named.errors[0], Catch::Contains("a function name, an event name"));
}

TEST_CASE("the universe of spec/jvmti.xml and of OpenJDK's JDK 16 file", "[trace_filter][spec]") {
    for (const std::string& path : {tracefiltertest::projectSpec(), tracefiltertest::upstreamJdk16Spec()}) {
        INFO(path);
        const Universe u = tracefiltertest::loadUniverse(path);
        REQUIRE(u.functions.size() > 100);
        REQUIRE(u.events.size() > 30);

        // func leaves out exactly the functions marked impl="notrace".
        const std::set<std::string> notrace{"Allocate",
                                            "Deallocate",
                                            "SetThreadLocalStorage",
                                            "GetThreadLocalStorage",
                                            "RawMonitorEnter",
                                            "RawMonitorExit",
                                            "RawMonitorWait",
                                            "RawMonitorNotify",
                                            "RawMonitorNotifyAll",
                                            "GetCurrentThreadCpuTimerInfo",
                                            "GetCurrentThreadCpuTime",
                                            "SetEnvironmentLocalStorage",
                                            "GetEnvironmentLocalStorage"};
        const Filter func = ok("func", u);
        std::set<std::string> untraced;
        for (std::size_t i = 0; i < u.functions.size(); ++i)
            if (!func.function(i).any()) untraced.insert(u.functions[i].name);
        CHECK(untraced == notrace);
        CHECK(functions(ok("allfunc", u), u).size() == u.functions.size());
        CHECK(functions(ok("all", u), u).size() == u.functions.size());
        CHECK(events(ok("all", u), u).size() == u.events.size());

        // HotSpot's examples, with real names.
        const Filter example = ok("GetClassSignature+ie,ClassLoad+ts", u);
        CHECK(functions(example, u) == Traced{{"GetClassSignature", "ie"}});
        CHECK(events(example, u) == Traced{{"ClassLoad", "ts"}});
        CHECK(events(ok("all-s", u), u).empty());
        CHECK(functions(ok("func+o", u), u).size() == u.functions.size() - notrace.size());

        // Every category resolves, by its id and its alias, to exactly its functions.
        std::set<std::string> categories;
        for (const auto& f : u.functions) categories.insert(f.category);
        CHECK(categories.count("threadCategory") == 1);
        CHECK(categories.count("Heap") == 1);
        for (const auto& c : categories) {
            Traced expected;
            for (const auto& f : u.functions)
                if (f.category == c) expected[f.name] = "ie";
            for (const auto& name : categoryNames(c)) {
                INFO("category " << c << " as " << name);
                CHECK(functions(ok(name, u), u) == expected);
            }
        }
        CHECK(functions(ok("thread", u), u).count("GetThreadState") == 1);
        CHECK(functions(ok("Heap", u), u).count("FollowReferences") == 1);
        CHECK(functions(ok("Heap", u), u).count("IterateOverHeap") == 0);
        CHECK(functions(ok("breakpoint", u), u) == Traced{{"SetBreakpoint", "ie"}, {"ClearBreakpoint", "ie"}});

        // No name of the spec is shadowed: each function and event selects itself.
        for (std::size_t i = 0; i < u.functions.size(); ++i) {
            const Filter f = ok(u.functions[i].name + "+o", u);
            CHECK(functions(f, u) == Traced{{u.functions[i].name, "o"}});
        }
        for (std::size_t i = 0; i < u.events.size(); ++i) {
            const Filter f = ok(u.events[i].name + "+t", u);
            CHECK(events(f, u) == Traced{{u.events[i].name, "t"}});
        }
    }
}

TEST_CASE("a filter of 100,000 opening parentheses or 100,000 descriptors: refused or read, with a message, never deep", "[trace_filter]") {
    // The syntax has no nesting: nothing in it recurses on the input's shape.
    const FilterResult parens = bad(std::string(100000, '('));
    CHECK_FALSE(parens.message().empty());
    std::string many;
    for (int i = 0; i < 100000; ++i) many += (i ? "," : "") + std::string("all");
    const FilterResult wide = parseText(many, small());
    CHECK(wide);
}
