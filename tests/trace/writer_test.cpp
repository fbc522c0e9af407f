// The trace writer (runtime/trace/writer.hpp): the three formats read back with a real parser,
// nesting and order per thread, no-addr, dropping under a small buffer, many threads.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <fcntl.h>

#include <atomic>
#include <chrono>
#include <map>
#include <functional>
#include <set>
#include <thread>

#include "trace/writer.hpp"
#include "trace_test_util.hpp"

using namespace jvmtilayer::trace;
using namespace trace_test;
using nlohmann::json;

namespace {

constexpr std::uint64_t us = 1000;
constexpr std::uint64_t origin = 1'000'000'000;

// A known agent sequence on thread 7, submitted the way the layer submits it: each record when
// it ends, so what a record encloses comes before it.
//   VMInit (event)                       100 us .. 150 us
//     GetThreadInfo                      110 .. 112
//     Deallocate                         120 .. 120.5
//     IterateThroughHeap                 130 .. 140
//       heap_iteration_callback          132 .. 134
//       heap_iteration_callback          135 .. 136
//     GetFrameCount (NULL count_ptr)     145 .. 145.25
//   GetPhase                             200 .. 200.1
void submitAgentSequence(Tracer& tracer, const std::string& jniEnv = "0x7f0000001000",
                         const std::string& mem = "0x7f00000020a0") {
    Record info = call("GetThreadInfo", 7, 1, origin + 110 * us, 2 * us);
    info.in("env", "0x7f0000000100", true);
    info.in("thread", "\"main\"");
    info.out("info_ptr", "{name=\"main\", priority=5, is_daemon=false}");
    REQUIRE(tracer.submit(info));

    Record dealloc = call("Deallocate", 7, 1, origin + 120 * us, 500);
    dealloc.in("env", "0x7f0000000100", true);
    dealloc.in("mem", mem, true);
    REQUIRE(tracer.submit(dealloc));

    for (std::uint64_t at : {132u, 135u}) {
        Record cb = callback("heap_iteration_callback", 7, 2, origin + at * us, at == 132 ? 2 * us : us);
        cb.in("class_tag", "0");
        cb.in("size", "16");
        cb.out("return", "JVMTI_VISIT_OBJECTS");
        REQUIRE(tracer.submit(cb));
    }
    Record heap = call("IterateThroughHeap", 7, 1, origin + 130 * us, 10 * us);
    heap.in("heap_filter", "0");
    heap.in("klass", "NULL");
    REQUIRE(tracer.submit(heap));

    Record frames = call("GetFrameCount", 7, 1, origin + 145 * us, 250, 100);
    frames.in("thread", "\"main\"");
    frames.in("count_ptr", "NULL");
    REQUIRE(tracer.submit(frames));

    Record init = event("VMInit", 7, 0, origin + 100 * us, 50 * us);
    init.in("jni_env", jniEnv, true);
    init.in("thread", "\"main\"");
    REQUIRE(tracer.submit(init));

    Record phase = call("GetPhase", 7, 0, origin + 200 * us, 100);
    phase.out("phase_ptr", "JVMTI_PHASE_LIVE");
    REQUIRE(tracer.submit(phase));
}

std::string traceOf(Format format, const Options& options, const TempDir& dir, const std::string& name,
                    const std::function<void(Tracer&)>& submit) {
    const std::string path = dir.file(name);
    Tracer tracer;
    REQUIRE_FALSE(tracer.open(format, path, options).has_value());
    submit(tracer);
    tracer.close();
    return readFile(path);
}

std::vector<json> jsonLines(const std::string& text) {
    std::vector<json> result;
    for (const std::string& line : lines(text)) result.push_back(json::parse(line));  // throws if not JSON
    return result;
}

}  // namespace

TEST_CASE("text: one line per record, nested records indented under their event, in the order they began") {
    TempDir dir;
    Options options = fixedOptions();
    options.times = false;
    const std::string text = traceOf(Format::Text, options, dir, "t.txt", [](Tracer& t) {
        REQUIRE(t.threadName(7, "main"));
        submitAgentSequence(t);
    });
    CHECK(text ==
          "# thread 7 is \"main\"\n"
          "[     7] event VMInit(jni_env=0x7f0000001000, thread=\"main\")\n"
          "[     7]   GetThreadInfo(env=0x7f0000000100, thread=\"main\") -> info_ptr={name=\"main\", priority=5, is_daemon=false}\n"
          "[     7]   Deallocate(env=0x7f0000000100, mem=0x7f00000020a0)\n"
          "[     7]   IterateThroughHeap(heap_filter=0, klass=NULL)\n"
          "[     7]     callback heap_iteration_callback(class_tag=0, size=16) -> return=JVMTI_VISIT_OBJECTS\n"
          "[     7]     callback heap_iteration_callback(class_tag=0, size=16) -> return=JVMTI_VISIT_OBJECTS\n"
          "[     7]   GetFrameCount(thread=\"main\", count_ptr=NULL) = JVMTI_ERROR_NULL_POINTER\n"
          "[     7] GetPhase() -> phase_ptr=JVMTI_PHASE_LIVE\n");
}

TEST_CASE("text: times are seconds since the origin and durations in microseconds") {
    TempDir dir;
    const std::string text = traceOf(Format::Text, fixedOptions(), dir, "t.txt", [](Tracer& t) { submitAgentSequence(t); });
    const auto got = lines(text);
    REQUIRE(got.size() == 8);
    CHECK(got[0] == "    0.000100 [     7] event VMInit(jni_env=0x7f0000001000, thread=\"main\") (50.000 us)");
    CHECK(got[3] == "    0.000130 [     7]   IterateThroughHeap(heap_filter=0, klass=NULL) (10.000 us)");
    CHECK(got[6] == "    0.000145 [     7]   GetFrameCount(thread=\"main\", count_ptr=NULL) = JVMTI_ERROR_NULL_POINTER (0.250 us)");
    CHECK(got[7] == "    0.000200 [     7] GetPhase() -> phase_ptr=JVMTI_PHASE_LIVE (0.100 us)");
}

TEST_CASE("text: values stay on one line, unknown errors are numbered") {
    TempDir dir;
    Options options = fixedOptions();
    options.times = false;
    const std::string text = traceOf(Format::Text, options, dir, "t.txt", [](Tracer& t) {
        Record r = call("GetClassSignature", 3, 0, origin, 1, 12345);
        r.out("signature_ptr", "\"a\nb\tc\x01\x7f\"");
        t.submit(r);
    });
    CHECK(text == "[     3] GetClassSignature() -> signature_ptr=\"a\\nb\\tc\\x01\\x7f\" = error(12345)\n");
}

TEST_CASE("jsonl: every line is a JSON object of the documented schema") {
    TempDir dir;
    const std::string text = traceOf(Format::Jsonl, fixedOptions(), dir, "t.jsonl", [](Tracer& t) {
        REQUIRE(t.threadName(7, "main \"thread\""));
        submitAgentSequence(t);
    });
    const auto records = jsonLines(text);
    REQUIRE(records.size() == 9);
    CHECK(records[0] == json{{"type", "thread_name"}, {"thread", 7}, {"name", "main \"thread\""}});
    CHECK(records[1] == json::parse(R"({"type":"event","name":"VMInit","thread":7,"depth":0,"ts_ns":100000,"dur_ns":50000,
        "in":{"jni_env":"0x7f0000001000","thread":"\"main\""},"out":{}})"));
    CHECK(records[2] == json::parse(R"({"type":"call","name":"GetThreadInfo","thread":7,"depth":1,"ts_ns":110000,"dur_ns":2000,
        "in":{"env":"0x7f0000000100","thread":"\"main\""},"out":{"info_ptr":"{name=\"main\", priority=5, is_daemon=false}"},
        "error":"JVMTI_ERROR_NONE"})"));
    CHECK(records[5]["type"] == "callback");
    CHECK(records[5]["depth"] == 2);
    CHECK(records[5]["out"] == json{{"return", "JVMTI_VISIT_OBJECTS"}});
    CHECK(records[7]["name"] == "GetFrameCount");
    CHECK(records[7]["error"] == "JVMTI_ERROR_NULL_POINTER");
    CHECK(records[7]["in"]["count_ptr"] == "NULL");
    // Keys and fields in a fixed order, fields in parameter order.
    CHECK(lines(text)[2] ==
          R"({"type":"call","name":"GetThreadInfo","thread":7,"depth":1,"ts_ns":110000,"dur_ns":2000,)"
          R"("in":{"env":"0x7f0000000100","thread":"\"main\""},"out":{"info_ptr":"{name=\"main\", priority=5, is_daemon=false}"},)"
          R"("error":"JVMTI_ERROR_NONE"})");
}

TEST_CASE("jsonl: without times there are no ts_ns and dur_ns") {
    TempDir dir;
    Options options = fixedOptions();
    options.times = false;
    const auto records = jsonLines(traceOf(Format::Jsonl, options, dir, "t.jsonl", [](Tracer& t) { submitAgentSequence(t); }));
    REQUIRE(records.size() == 8);
    for (const json& r : records) {
        CHECK_FALSE(r.contains("ts_ns"));
        CHECK_FALSE(r.contains("dur_ns"));
    }
}

TEST_CASE("chrome: a JSON array of complete events, callbacks nested under their event, monotonic per thread") {
    TempDir dir;
    const std::string text = traceOf(Format::Chrome, fixedOptions(), dir, "t.json", [](Tracer& t) {
        REQUIRE(t.threadName(7, "main"));
        submitAgentSequence(t);
        Record other = call("GetTag", 8, 0, origin + 50 * us, us);
        other.in("object", "0x10", true);
        other.out("tag_ptr", "42");
        t.submit(other);
    });
    const json doc = json::parse(text);  // the whole document
    REQUIRE(doc.is_array());
    std::map<std::uint64_t, double> lastTs;
    std::vector<json> events;
    for (const json& e : doc) {
        REQUIRE(e.contains("ph"));
        REQUIRE(e["pid"] == 4242);
        const std::string ph = e["ph"];
        if (ph == "M") {
            CHECK((e["name"] == "thread_name" || e["name"] == "process_name"));
            continue;
        }
        // Every other event is complete: a begin time and a duration.
        REQUIRE(ph == "X");
        REQUIRE(e["ts"].is_number());
        REQUIRE(e["dur"].is_number());
        CHECK(e["dur"].get<double>() >= 0);
        const std::set<std::string> cats{"call", "event", "callback"};
        CHECK(cats.count(e["cat"].get<std::string>()) == 1);
        const std::uint64_t tid = e["tid"];
        if (lastTs.count(tid)) CHECK(e["ts"].get<double>() >= lastTs[tid]);
        lastTs[tid] = e["ts"];
        events.push_back(e);
    }
    CHECK(doc[0] == json{{"ph", "M"}, {"name", "process_name"}, {"pid", 4242}, {"tid", 0}, {"args", {{"name", "JVMTI trace (jvmtilayer)"}}}});
    CHECK(doc[1] == json{{"ph", "M"}, {"name", "thread_name"}, {"pid", 4242}, {"tid", 7}, {"args", {{"name", "main"}}}});
    REQUIRE(events.size() == 9);
    std::vector<json> t7;
    for (const json& e : events)
        if (e["tid"] == 7) t7.push_back(e);
    REQUIRE(t7.size() == 8);
    const json& init = t7[0];
    CHECK(init["name"] == "VMInit");
    CHECK(init["cat"] == "event");
    CHECK(init["ts"].get<double>() == Approx(100.0));
    CHECK(init["dur"].get<double>() == Approx(50.0));
    auto inside = [](const json& inner, const json& outer) {
        const double s = inner["ts"], e = s + inner["dur"].get<double>();
        const double os = outer["ts"], oe = os + outer["dur"].get<double>();
        return s >= os && e <= oe;
    };
    // Everything the event enclosed lies inside it; the callbacks inside the heap iteration.
    for (int i = 1; i <= 6; ++i) CHECK(inside(t7[std::size_t(i)], init));
    CHECK(t7[3]["name"] == "IterateThroughHeap");
    CHECK(t7[4]["cat"] == "callback");
    CHECK(t7[5]["cat"] == "callback");
    CHECK(inside(t7[4], t7[3]));
    CHECK(inside(t7[5], t7[3]));
    CHECK_FALSE(inside(t7[7], init));
    CHECK(t7[4]["args"] == json{{"in", {{"class_tag", "0"}, {"size", "16"}}}, {"out", {{"return", "JVMTI_VISIT_OBJECTS"}}}});
    CHECK(t7[6]["args"]["error"] == "JVMTI_ERROR_NULL_POINTER");
    CHECK_FALSE(t7[1]["args"].contains("error"));  // succeeded
    CHECK(t7[7]["ts"].get<double>() == Approx(200.0));
    CHECK(t7[7]["dur"].get<double>() == Approx(0.1));
    // Fractions of a microsecond are written exactly.
    CHECK(text.find("\"ts\":145.000,\"dur\":0.250") != std::string::npos);
}

TEST_CASE("no-addr: values marked as addresses are left out, so identical runs compare equal") {
    TempDir dir;
    Options options = fixedOptions();
    options.noAddr = true;
    options.times = false;
    auto run = [&](Format format, const std::string& name, const std::string& env, const std::string& mem) {
        return traceOf(format, options, dir, name, [&](Tracer& t) { submitAgentSequence(t, env, mem); });
    };
    const std::string a = run(Format::Text, "a.txt", "0x7f0000001000", "0x7f00000020a0");
    const std::string b = run(Format::Text, "b.txt", "0x55aa00001000", "0x55aa000030f0");
    CHECK(a == b);
    CHECK(a.find("0x") == std::string::npos);
    CHECK(a.find("Deallocate(env=<addr>, mem=<addr>)") != std::string::npos);
    CHECK(a.find("event VMInit(jni_env=<addr>, thread=\"main\")") != std::string::npos);

    const std::string ja = run(Format::Jsonl, "a.jsonl", "0x7f0000001000", "0x7f00000020a0");
    const std::string jb = run(Format::Jsonl, "b.jsonl", "0x55aa00001000", "0x55aa000030f0");
    CHECK(ja == jb);
    const auto records = jsonLines(ja);
    CHECK(records[2]["in"]["mem"].is_null());
    CHECK(records[0]["in"]["thread"] == "\"main\"");

    // Without no-addr the two differ.
    options.noAddr = false;
    CHECK(run(Format::Text, "c.txt", "0x7f0000001000", "0x7f00000020a0") != run(Format::Text, "d.txt", "0x55aa00001000", "0x55aa000030f0"));
}

TEST_CASE("renumbered threads: ids in order of first appearance, consistently in every part") {
    TempDir dir;
    Options options = fixedOptions();
    options.renumberThreads = true;
    options.times = false;
    const std::string text = traceOf(Format::Text, options, dir, "t.txt", [](Tracer& t) {
        t.submit(call("GetPhase", 31337, 0, origin, 1));
        t.submit(call("GetPhase", 777, 0, origin + 5, 1));
        t.threadName(31337, "main");
        t.submit(call("GetTime", 31337, 0, origin + 9, 1));
    });
    CHECK(text ==
          "[     1] GetPhase()\n"
          "[     2] GetPhase()\n"
          "# thread 1 is \"main\"\n"
          "[     1] GetTime()\n");
}

TEST_CASE("records a thread submits without an id carry the submitting thread's") {
    TempDir dir;
    const auto records = jsonLines(traceOf(Format::Jsonl, fixedOptions(), dir, "t.jsonl", [](Tracer& t) {
        t.submit(call("GetPhase", 0, 0, origin, 1));
    }));
    REQUIRE(records.size() == 1);
    CHECK(records[0]["thread"] == currentThread());
    CHECK(currentThread() != 0);
}

TEST_CASE("nesting: enclosed records wait for their enclosing record, within the limits") {
    TempDir dir;
    Options options = fixedOptions();
    options.times = false;

    SECTION("a record whose enclosing record was lost is written before the next outermost one") {
        const std::string text = traceOf(Format::Text, options, dir, "t.txt", [](Tracer& t) {
            t.submit(call("GetTag", 1, 1, origin + 100, 5));       // its VMObjectAlloc was dropped
            t.submit(call("GetPhase", 1, 0, origin + 200, 5));     // begins after it: not its parent
        });
        CHECK(text == "[     1]   GetTag()\n[     1] GetPhase()\n");
    }
    SECTION("holdRecords: more nested records than that are written as they are") {
        options.holdRecords = 2;
        const std::string text = traceOf(Format::Text, options, dir, "t.txt", [](Tracer& t) {
            t.submit(call("A", 1, 1, origin + 10, 1));
            t.submit(call("B", 1, 1, origin + 20, 1));
            t.submit(call("C", 1, 1, origin + 30, 1));
            t.submit(event("ThreadStart", 1, 0, origin + 5, 100));
        });
        CHECK(text == "[     1]   A()\n[     1]   B()\n[     1] event ThreadStart()\n[     1]   C()\n");
    }
    SECTION("holdMs: nested records do not wait for ever for a long-running callback") {
        options.holdMs = 30;
        options.flushMs = 5;
        const std::string path = dir.file("t.txt");
        Tracer tracer;
        REQUIRE_FALSE(tracer.open(Format::Text, path, options));
        tracer.submit(call("RawMonitorWait", 1, 1, origin + 10, 1));
        std::string text;
        for (int i = 0; i < 400 && text.empty(); ++i) {
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
            text = readFile(path);
        }
        CHECK(text == "[     1]   RawMonitorWait()\n");
        tracer.submit(callback("agent_thread", 1, 0, origin, 1000));
        tracer.close();
        CHECK(readFile(path) == "[     1]   RawMonitorWait()\n[     1] callback agent_thread()\n");
    }
    SECTION("close writes what still waits") {
        const std::string text = traceOf(Format::Text, options, dir, "t.txt", [](Tracer& t) {
            t.submit(call("GetTag", 1, 2, origin + 100, 5));
            t.submit(call("SetTag", 1, 1, origin + 50, 100));
        });
        CHECK(text == "[     1]   SetTag()\n[     1]     GetTag()\n");
    }
}

TEST_CASE("dropping: a small buffer drops records, counts them, and says how many at the end") {
    TempDir dir;
    const int total = 20000;
    for (Format format : {Format::Text, Format::Jsonl, Format::Chrome}) {
        Options options = fixedOptions();
        options.bufferBytes = 4096;
        options.chunkBytes = 2048;
        options.flushMs = 50;
        const std::string path = dir.file(std::string("t.") + formatName(format));
        Tracer tracer;
        REQUIRE_FALSE(tracer.open(format, path, options));
        int accepted = 0;
        for (int i = 0; i < total; ++i) {
            Record r = call("GetPhase", 1, 0, origin + std::uint64_t(i) * 10, 5);
            r.out("phase_ptr", "JVMTI_PHASE_LIVE");
            accepted += tracer.submit(r) ? 1 : 0;
        }
        tracer.close();
        const auto c = tracer.counters();
        INFO(formatName(format) << ": accepted " << accepted << ", written " << c.written << ", dropped " << c.dropped);
        CHECK(c.dropped > 0);
        CHECK(c.written == std::uint64_t(accepted));
        CHECK(c.written + c.dropped == std::uint64_t(total));
        CHECK(c.late == 0);
        const std::string text = readFile(path);
        const auto got = lines(text);
        if (format == Format::Text) {
            REQUIRE(got.size() == c.written + 1);
            CHECK(got.back() == "# dropped " + std::to_string(c.dropped) + " records: the trace buffer was full");
        } else if (format == Format::Jsonl) {
            REQUIRE(got.size() == c.written + 1);
            CHECK(json::parse(got.back()) == json{{"type", "dropped"}, {"count", c.dropped}});
        } else {
            const json doc = json::parse(text);
            REQUIRE(doc.size() == c.written + 2);  // + process_name, + the dropped event
            const json& last = doc.back();
            CHECK(last["ph"] == "i");
            CHECK(last["name"] == "dropped records");
            CHECK(last["args"]["count"] == c.dropped);
        }
    }
}

TEST_CASE("dropping: nothing is said when nothing was dropped") {
    TempDir dir;
    const std::string text = traceOf(Format::Jsonl, fixedOptions(), dir, "t.jsonl", [](Tracer& t) { submitAgentSequence(t); });
    CHECK(text.find("dropped") == std::string::npos);
}

TEST_CASE("8 threads x 10000 records: nothing lost, each thread's records in order") {
    TempDir dir;
    const int threads = 8, perThread = 10000;
    const std::string path = dir.file("t.jsonl");
    Tracer tracer;
    Options options = fixedOptions();
    REQUIRE_FALSE(tracer.open(Format::Jsonl, path, options));
    std::atomic<int> refused{0};
    std::vector<std::thread> workers;
    for (int t = 0; t < threads; ++t) {
        workers.emplace_back([&, t] {
            for (int i = 0; i < perThread; ++i) {
                Record r = call("GetTag", 0, 0, nowNs(), 1);
                r.in("object", std::to_string(t) + ":" + std::to_string(i));
                if (!tracer.submit(r)) ++refused;
            }
        });
    }
    for (auto& w : workers) w.join();
    tracer.close();
    CHECK(refused == 0);
    CHECK(tracer.counters().written == std::uint64_t(threads * perThread));
    CHECK(tracer.counters().dropped == 0);
    std::map<std::uint64_t, std::vector<std::string>> byThread;
    std::size_t n = 0;
    for (const std::string& line : lines(readFile(path))) {
        const json r = json::parse(line);
        byThread[r["thread"]].push_back(r["in"]["object"]);
        ++n;
    }
    CHECK(n == std::size_t(threads * perThread));
    REQUIRE(byThread.size() == std::size_t(threads));
    for (auto& [tid, objects] : byThread) {
        REQUIRE(objects.size() == std::size_t(perThread));
        const std::string prefix = objects[0].substr(0, objects[0].find(':') + 1);
        for (int i = 0; i < perThread; ++i) REQUIRE(objects[std::size_t(i)] == prefix + std::to_string(i));
    }
}

TEST_CASE("threads that exit: their records are written and their queues given back") {
    TempDir dir;
    const std::string path = dir.file("t.jsonl");
    Tracer tracer;
    Options options = fixedOptions();
    options.flushMs = 1;
    options.bufferBytes = 256 << 10;  // less than 300 threads' first chunks: they must be returned
    REQUIRE_FALSE(tracer.open(Format::Jsonl, path, options));
    for (int t = 0; t < 300; ++t) {
        std::thread([&] {
            for (int i = 0; i < 20; ++i) tracer.submit(call("GetTime", 0, 0, nowNs(), 1));
        }).join();
        if (t % 50 == 49) std::this_thread::sleep_for(std::chrono::milliseconds(20));  // the writer's turn
    }
    tracer.close();
    CHECK(tracer.counters().written == 6000);
    CHECK(tracer.counters().dropped == 0);
    CHECK(lines(readFile(path)).size() == 6000);
}

TEST_CASE("a record larger than a chunk is written whole") {
    TempDir dir;
    Options options = fixedOptions();
    options.chunkBytes = 4096;
    const std::string big(100000, 'x');
    const auto records = jsonLines(traceOf(Format::Jsonl, options, dir, "t.jsonl", [&](Tracer& t) {
        Record r = call("GetLoadedClasses", 1, 0, origin, 1);
        r.out("classes_ptr", big);
        REQUIRE(t.submit(r));
        REQUIRE(t.submit(call("GetPhase", 1, 0, origin + 1, 1)));
    }));
    REQUIRE(records.size() == 2);
    CHECK(records[0]["out"]["classes_ptr"] == big);
}

TEST_CASE("a record larger than the whole buffer is dropped") {
    TempDir dir;
    Options options = fixedOptions();
    options.bufferBytes = 8192;
    const std::string path = dir.file("t.txt");
    Tracer tracer;
    REQUIRE_FALSE(tracer.open(Format::Text, path, options));
    Record r = call("GetLoadedClasses", 1, 0, origin, 1);
    r.out("classes_ptr", std::string(10000, 'x'));
    CHECK_FALSE(tracer.submit(r));
    tracer.close();
    CHECK(tracer.counters().dropped == 1);
    CHECK(readFile(path) == "# dropped 1 record: the trace buffer was full\n");
}

TEST_CASE("open, close and late records") {
    TempDir dir;
    Tracer tracer;
    CHECK_FALSE(tracer.submit(call("GetPhase", 1, 0, origin, 1)));  // not open: refused
    CHECK_FALSE(tracer.isOpen());
    auto error = tracer.open(Format::Text, dir.file("no/such/dir/t.txt"));
    REQUIRE(error);
    CHECK(error->find("cannot create a file in") != std::string::npos);
    REQUIRE_FALSE(tracer.open(Format::Text, dir.file("t.txt"), fixedOptions()));
    CHECK(tracer.isOpen());
    CHECK(tracer.open(Format::Text, dir.file("u.txt")) == std::optional<std::string>("the tracer was opened already"));
    CHECK(tracer.submit(call("GetPhase", 1, 0, origin, 1)));
    tracer.close();
    tracer.close();  // idempotent
    CHECK_FALSE(tracer.isOpen());
    CHECK_FALSE(tracer.submit(call("GetPhase", 1, 0, origin, 1)));
    CHECK(tracer.counters().late == 1);
    CHECK(tracer.counters().written == 1);
    CHECK_FALSE(tracer.counters().writeFailed);
    CHECK(lines(readFile(dir.file("t.txt"))).size() == 1);
}

TEST_CASE("format names") {
    CHECK(parseFormat("text") == Format::Text);
    CHECK(parseFormat("jsonl") == Format::Jsonl);
    CHECK(parseFormat("chrome") == Format::Chrome);
    CHECK_FALSE(parseFormat("json"));
    CHECK(std::string(formatName(Format::Chrome)) == "chrome");
    CHECK(std::string(kindName(Record::Kind::Callback)) == "callback");
}

TEST_CASE("several tracers at once, each with its own queues") {
    TempDir dir;
    std::vector<std::unique_ptr<Tracer>> tracers;
    for (int i = 0; i < 6; ++i) {  // more than the per-thread cache holds
        tracers.push_back(std::make_unique<Tracer>());
        REQUIRE_FALSE(tracers.back()->open(Format::Text, dir.file("t" + std::to_string(i)), fixedOptions()));
    }
    for (int round = 0; round < 100; ++round)
        for (int i = 0; i < 6; ++i) REQUIRE(tracers[std::size_t(i)]->submit(call("GetPhase", std::uint32_t(i + 1), 0, origin, 1)));
    for (auto& t : tracers) t->close();
    for (int i = 0; i < 6; ++i) {
        const auto got = lines(readFile(dir.file("t" + std::to_string(i))));
        CHECK(got.size() == 100);
        CHECK(got.front().find("[     " + std::to_string(i + 1) + "] GetPhase()") != std::string::npos);
    }
}

TEST_CASE("nesting: random call trees on 4 threads come out in the order they began") {
    // Each thread makes random trees of calls, events and callbacks up to depth 5, submitting
    // each record when it ends; per thread the output must be the trees in pre-order, which
    // is the order of their start times.
    TempDir dir;
    const std::string path = dir.file("t.jsonl");
    Tracer tracer;
    REQUIRE_FALSE(tracer.open(Format::Jsonl, path, fixedOptions()));
    static const char* const names[] = {"A", "B", "C", "D", "E", "F", "G", "H"};
    std::vector<std::vector<std::pair<std::uint64_t, int>>> expected(4);  // (start, depth) in pre-order
    std::vector<std::thread> workers;
    for (int t = 0; t < 4; ++t) {
        workers.emplace_back([&, t] {
            std::uint64_t seed = 0x9e3779b97f4a7c15ull * std::uint64_t(t + 1);
            auto rnd = [&](std::uint64_t n) {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                return seed % n;
            };
            std::uint64_t clock = origin;
            auto& order = expected[std::size_t(t)];
            // Returns after submitting the record and everything inside it.
            std::function<void(int)> node = [&](int depth) {
                const std::uint64_t start = clock++;
                order.emplace_back(start, depth);
                const std::uint64_t children = depth < 5 ? rnd(4) : 0;
                for (std::uint64_t c = 0; c < children; ++c) node(depth + 1);
                Record r = call(names[rnd(8)], std::uint32_t(100 + t), depth, start, ++clock - start);
                r.kind = Record::Kind(rnd(3));
                tracer.submit(r);
            };
            for (int i = 0; i < 400; ++i) node(0);
        });
    }
    for (auto& w : workers) w.join();
    tracer.close();
    CHECK(tracer.counters().dropped == 0);
    std::vector<std::vector<std::pair<std::uint64_t, int>>> got(4);
    for (const std::string& line : lines(readFile(path))) {
        const json r = json::parse(line);
        got[std::size_t(r["thread"].get<int>() - 100)].emplace_back(r["ts_ns"].get<std::uint64_t>() + origin, r["depth"].get<int>());
    }
    for (int t = 0; t < 4; ++t) {
        INFO("thread " << t);
        CHECK(got[std::size_t(t)].size() == expected[std::size_t(t)].size());
        CHECK(got[std::size_t(t)] == expected[std::size_t(t)]);
    }
}

TEST_CASE("records reach the file while the tracer runs") {
    TempDir dir;
    Options options = fixedOptions();
    options.flushMs = 5;
    options.times = false;
    const std::string path = dir.file("t.txt");
    Tracer tracer;
    REQUIRE_FALSE(tracer.open(Format::Text, path, options));
    REQUIRE(tracer.submit(call("GetPhase", 1, 0, origin, 1)));
    std::string text;
    for (int i = 0; i < 400 && text.empty(); ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
        text = readFile(path);
    }
    CHECK(text == "[     1] GetPhase()\n");
    tracer.close();
}

TEST_CASE("stderr as the target") {
    TempDir dir;
    const std::string path = dir.file("stderr.txt");
    const int saved = ::dup(2);
    REQUIRE(saved >= 0);
    {
        std::FILE* f = std::fopen(path.c_str(), "w");
        REQUIRE(f != nullptr);
        ::dup2(::fileno(f), 2);
        std::fclose(f);
    }
    Options options = fixedOptions();
    options.times = false;
    Tracer tracer;
    const bool opened = !tracer.open(Format::Text, "stderr", options).has_value();
    tracer.submit(call("GetPhase", 1, 0, origin, 1));
    tracer.close();
    ::dup2(saved, 2);
    ::close(saved);
    CHECK(opened);
    CHECK(readFile(path) == "[     1] GetPhase()\n");
    CHECK(::fcntl(2, F_GETFD) != -1);  // standard error is still open
}
