// Statistics (runtime/trace/stats.hpp): exact numbers for a known sequence, from many threads,
// as a table and as JSON.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <thread>

#include "trace/stats.hpp"
#include "trace_test_util.hpp"

using namespace jvmtilayer::trace;
using namespace trace_test;
using nlohmann::json;

namespace {

// GetPhase: 100, 300, 200 ns. GetFrameCount: 1000 ok, 50 and 70 NULL_POINTER, 30 INVALID_THREAD,
// 20 with an error that has no name. VMInit 5000 in the callback; ClassLoad 100, 300;
// heap_iteration_callback 10, 20, 30, 40 (through add(Record)).
void knownSequence(Stats& s) {
    s.addCall("GetPhase", 0, 100);
    s.addCall("GetPhase", 0, 300);
    s.addCall("GetPhase", 0, 200);
    s.addCall("GetFrameCount", 0, 1000);
    s.addCall("GetFrameCount", 100, 50);
    s.addCall("GetFrameCount", 100, 70);
    s.addCall("GetFrameCount", 10, 30);
    s.addCall("GetFrameCount", 77, 20);
    s.addEvent("VMInit", 5000);
    s.addEvent("ClassLoad", 100);
    s.addEvent("ClassLoad", 300);
    for (std::uint64_t ns : {10u, 20u, 30u, 40u}) s.add(callback("heap_iteration_callback", 1, 2, 0, ns));
}

StatsSnapshot expected() {
    StatsSnapshot e;
    e.functions["GetPhase"] = FunctionStats{3, 0, {}, 600, 300};
    e.functions["GetFrameCount"] =
        FunctionStats{5, 4, {{"JVMTI_ERROR_NULL_POINTER", 2}, {"JVMTI_ERROR_INVALID_THREAD", 1}, {"error(77)", 1}}, 1170, 1000};
    e.events["VMInit"] = EventStats{1, 5000, 5000};
    e.events["ClassLoad"] = EventStats{2, 400, 300};
    e.callbacks["heap_iteration_callback"] = EventStats{4, 100, 40};
    return e;
}

// The cells of the table row that starts with `name`.
std::vector<std::string> row(const std::string& table, const std::string& name) {
    for (const std::string& line : lines(table)) {
        if (line.rfind(name + " ", 0) != 0) continue;
        std::vector<std::string> cells;
        std::istringstream in(line.substr(name.size()));
        for (std::string cell; in >> cell;) cells.push_back(cell);
        return cells;
    }
    return {};
}

}  // namespace

TEST_CASE("stats: exact numbers for a known sequence") {
    Stats stats(errorName);
    knownSequence(stats);
    const StatsSnapshot got = stats.snapshot();
    CHECK(got == expected());
    CHECK(got.functions.at("GetPhase").meanNs() == 200.0);
    CHECK(got.functions.at("GetFrameCount").meanNs() == 234.0);
    CHECK(got.events.at("ClassLoad").meanNs() == 200.0);
    CHECK(got.callbacks.at("heap_iteration_callback").meanNs() == 25.0);
}

TEST_CASE("stats: add(Record) goes by the record's kind") {
    Stats stats(errorName);
    stats.add(call("GetTag", 1, 0, 0, 40, 100));
    stats.add(event("ThreadStart", 1, 0, 0, 70));
    stats.add(callback("agent_thread", 1, 0, 0, 90));
    const StatsSnapshot got = stats.snapshot();
    CHECK(got.functions.at("GetTag") == FunctionStats{1, 1, {{"JVMTI_ERROR_NULL_POINTER", 1}}, 40, 40});
    CHECK(got.events.at("ThreadStart") == EventStats{1, 70, 70});
    CHECK(got.callbacks.at("agent_thread") == EventStats{1, 90, 90});
}

TEST_CASE("stats: the table") {
    Stats stats(errorName);
    knownSequence(stats);
    const std::string table = statsTable(stats.snapshot());
    INFO(table);
    CHECK(lines(table)[0] == "jvmtilayer statistics (times in microseconds; of events and callbacks, the time in the agent's code)");
    CHECK(row(table, "function") == std::vector<std::string>{"calls", "errors", "total", "mean", "max"});
    CHECK(row(table, "GetPhase") == std::vector<std::string>{"3", "0", "0.600", "0.200", "0.300"});
    CHECK(row(table, "GetFrameCount") == std::vector<std::string>{"5", "4", "1.170", "0.234", "1.000"});
    CHECK(row(table, "(all functions)") == std::vector<std::string>{"8", "4", "1.770", "0.221"});
    CHECK(row(table, "VMInit") == std::vector<std::string>{"1", "5.000", "5.000", "5.000"});
    CHECK(row(table, "ClassLoad") == std::vector<std::string>{"2", "0.400", "0.200", "0.300"});
    CHECK(row(table, "heap_iteration_callback") == std::vector<std::string>{"4", "0.100", "0.025", "0.040"});
    // The errors, one row per function and error, the names left-aligned.
    std::vector<std::string> errorRows;
    for (const std::string& line : lines(table))
        if (line.rfind("GetFrameCount  ", 0) == 0 && (line.find("JVMTI_ERROR_") != std::string::npos || line.find("error(") != std::string::npos))
            errorRows.push_back(line);
    REQUIRE(errorRows.size() == 3);
    CHECK(errorRows[0] == "GetFrameCount  JVMTI_ERROR_INVALID_THREAD      1");
    CHECK(errorRows[1] == "GetFrameCount  JVMTI_ERROR_NULL_POINTER        2");
    CHECK(errorRows[2] == "GetFrameCount  error(77)                       1");
    // Aligned: the numbers of a table end in the same column.
    const auto all = lines(table);
    std::size_t headerEnd = 0, phaseEnd = 0;
    for (const auto& l : all) {
        if (headerEnd == 0 && l.rfind("function ", 0) == 0) headerEnd = l.size();
        if (l.rfind("GetPhase ", 0) == 0) phaseEnd = l.size();
    }
    CHECK(headerEnd == phaseEnd);
    CHECK(lines(statsTable(StatsSnapshot{})).back() == "nothing was traced");
}

TEST_CASE("stats: JSON") {
    Stats stats(errorName);
    knownSequence(stats);
    const json doc = json::parse(stats.toJson());
    CHECK(doc["functions"]["GetFrameCount"] == json::parse(R"J({"calls":5,"errors":4,
        "errors_by_name":{"JVMTI_ERROR_INVALID_THREAD":1,"JVMTI_ERROR_NULL_POINTER":2,"error(77)":1},
        "total_ns":1170,"mean_ns":234,"max_ns":1000})J"));
    CHECK(doc["functions"]["GetPhase"]["errors_by_name"] == json::object());
    CHECK(doc["events"]["ClassLoad"] == json::parse(R"({"count":2,"total_ns":400,"mean_ns":200,"max_ns":300})"));
    CHECK(doc["callbacks"]["heap_iteration_callback"]["mean_ns"] == 25);
    Stats thirds;
    thirds.addCall("GetTime", 0, 1);
    thirds.addCall("GetTime", 0, 1);
    thirds.addCall("GetTime", 0, 2);
    CHECK(json::parse(thirds.toJson())["functions"]["GetTime"]["mean_ns"].get<double>() == Approx(1.333));
    CHECK(json::parse(Stats().toJson()) == json::parse(R"({"functions":{},"events":{},"callbacks":{}})"));
}

TEST_CASE("stats: written to a file as JSON or as the table") {
    TempDir dir;
    Stats stats(errorName);
    knownSequence(stats);
    REQUIRE_FALSE(stats.writeTo(dir.file("stats.json")));
    CHECK(json::parse(readFile(dir.file("stats.json"))) == json::parse(stats.toJson()));
    REQUIRE_FALSE(stats.writeTo(dir.file("stats.txt")));
    CHECK(readFile(dir.file("stats.txt")) == statsTable(stats.snapshot()));
    const auto error = stats.writeTo(dir.file("missing/stats.txt"));
    REQUIRE(error);
    CHECK(error->find("cannot create a file in") != std::string::npos);
}

TEST_CASE("stats: many threads, exact totals, also after the threads have exited") {
    Stats stats(errorName);
    const int threads = 8, perThread = 10000;
    std::vector<std::thread> workers;
    for (int t = 0; t < threads; ++t)
        workers.emplace_back([&, t] {
            for (int i = 0; i < perThread; ++i) {
                stats.addCall("GetTag", i % 10 == 0 ? 100 : 0, std::uint64_t(t + 1));
                if (i % 100 == 0) stats.addEvent("ObjectFree", 7);
            }
        });
    for (auto& w : workers) w.join();
    const std::uint64_t calls = threads * perThread;
    const std::uint64_t total = perThread * (1 + 2 + 3 + 4 + 5 + 6 + 7 + 8);
    const FunctionStats tag{calls, calls / 10, {{"JVMTI_ERROR_NULL_POINTER", calls / 10}}, total, 8};
    CHECK(stats.snapshot().functions.at("GetTag") == tag);
    CHECK(stats.snapshot().events.at("ObjectFree") == EventStats{800, 5600, 7});
    // A new thread folds the exited threads' shards into the totals: nothing changes.
    std::thread([&] { stats.addCall("GetTag", 0, 1); }).join();
    FunctionStats plusOne = tag;
    plusOne.calls += 1;
    plusOne.totalNs += 1;
    CHECK(stats.snapshot().functions.at("GetTag") == plusOne);
    CHECK(stats.snapshot().events.at("ObjectFree") == EventStats{800, 5600, 7});
}

TEST_CASE("stats: snapshots while threads add and exit count everything once") {
    Stats stats;
    std::atomic<bool> done{false};
    std::atomic<int> wentBack{0};  // Catch's assertions are for the test's own thread
    std::thread reader([&] {
        std::uint64_t last = 0;
        while (!done) {
            const auto s = stats.snapshot();
            const auto it = s.functions.find("GetTime");
            const std::uint64_t now = it == s.functions.end() ? 0 : it->second.calls;
            if (now < last) ++wentBack;  // counted twice, then once
            last = now;
        }
    });
    for (int t = 0; t < 200; ++t)
        std::thread([&] {
            for (int i = 0; i < 50; ++i) stats.addCall("GetTime", 0, 1);
        }).join();
    done = true;
    reader.join();
    CHECK(wentBack == 0);
    CHECK(stats.snapshot().functions.at("GetTime").calls == 10000);
}
