// Tracing on a real JVM: the tracee agent (src/tracee.cpp) and the counter agent behind
// libjvmtilayer.so with trace= in each format, read back and checked with real parsers; the
// layer's filter against HotSpot's own -XX:TraceJVMTI on the same agent.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

std::string slurp(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

std::vector<std::string> lines(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string l; std::getline(in, l);) out.push_back(l);
    return out;
}

// A directory of its own under the build tree, emptied first.
fs::path workDir(const std::string& name) {
    const fs::path dir = fs::path(TRACE_E2E_WORK) / name;
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

struct Run {
    int status;
    std::string stderrText;
};

// Runs `main` with the JVM options given; stdout and stderr go to files of `dir`.
Run java(const fs::path& dir, const std::string& jvmOptions, const std::string& main) {
    const std::string cmd = std::string("'") + TRACE_E2E_JAVA + "' " + TRACE_E2E_JVM_ARGS + " " + jvmOptions + " -cp '" +
                            TRACE_E2E_CLASSES + "' " + main + " > '" + (dir / "stdout.txt").string() + "' 2> '" +
                            (dir / "stderr.txt").string() + "'";
    const int status = std::system(cmd.c_str());
    return {status, slurp(dir / "stderr.txt")};
}

// The tracee behind the layer, with these layer settings (',' separated; lists use ':').
Run tracee(const fs::path& dir, const std::string& settings) {
    return java(dir,
                "'-agentpath:" + std::string(TRACE_E2E_LAYER) + "=" + settings + ",agent=" + TRACE_E2E_TRACEE +
                    "=out=" + (dir / "out.txt").string() + "'",
                "agenttest.Hello");
}

// The value after `key` in the agent's output ("freed 0x7f..." -> "0x7f...").
std::string agentSaid(const fs::path& dir, const std::string& key) {
    for (const auto& l : lines(slurp(dir / "out.txt")))
        if (l.rfind(key + " ", 0) == 0) return l.substr(key.size() + 1);
    return "";
}

}  // namespace

TEST_CASE("text: VMInit, GetThreadInfo and Deallocate show the thread's name and the pointer freed") {
    const fs::path dir = workDir("text");
    const Run r = tracee(dir, "check=strict,trace=VMInit:GetThreadInfo+io:Deallocate:GetFrameCount,trace-file=" +
                                  (dir / "trace.txt").string());
    INFO(r.stderrText);
    REQUIRE(r.status == 0);
    // The one violation is the agent's own NULL, reported as without tracing.
    CHECK(r.stderrText.find("jvmtilayer: error: GetFrameCount.count_ptr.null:") != std::string::npos);
    CHECK(r.stderrText.find("jvmtilayer: error") == r.stderrText.rfind("jvmtilayer: error"));
    const std::string freed = agentSaid(dir, "freed");
    REQUIRE(freed.rfind("0x", 0) == 0);
    CHECK(agentSaid(dir, "GetFrameCount(NULL) ->") == "100");

    const std::string trace = slurp(dir / "trace.txt");
    INFO(trace);
    const std::regex vmInit(R"(\[ *\d+\] event VMInit\(jni_env=0x[0-9a-f]+, thread="main"\) \(\d+\.\d{3} us\))");
    const std::regex threadInfo(R"(\[ *\d+\]   GetThreadInfo\(thread="main"\) -> info_ptr=\{name="main", )"
                                R"(priority=5, is_daemon=false, thread_group="main", context_class_loader=0x[0-9a-f]+\})");
    const std::regex deallocate(R"(\[ *\d+\]   Deallocate\(mem=)" + freed + R"(\) \(\d+\.\d{3} us\))");
    const std::regex frameCount(R"(\[ *\d+\]   GetFrameCount\(thread="main", count_ptr=NULL\) = JVMTI_ERROR_NULL_POINTER)");
    // The first line matching each, in this order (a later block may reuse the freed address).
    std::vector<int> first(4, -1);
    const std::regex* patterns[] = {&vmInit, &threadInfo, &deallocate, &frameCount};
    const auto all = lines(trace);
    for (int i = 0; i < int(all.size()); ++i)
        for (int k = 0; k < 4; ++k)
            if (first[k] < 0 && std::regex_search(all[i], *patterns[k])) first[k] = i;
    CHECK(first[0] >= 0);
    CHECK(first[0] < first[1]);
    CHECK(first[1] < first[2]);
    CHECK(first[2] < first[3]);
    // Only what the filter names: no GetPhase, no GetClassSignature.
    CHECK(trace.find("GetPhase") == std::string::npos);
    CHECK(trace.find("GetClassSignature") == std::string::npos);
    CHECK(trace.find("# thread ") != std::string::npos);
}

TEST_CASE("jsonl: every line is a JSON object of the documented schema") {
    const fs::path dir = workDir("jsonl");
    const Run r = tracee(dir, "trace=all+ioes,trace-format=jsonl,trace-file=" + (dir / "trace.jsonl").string());
    INFO(r.stderrText);
    REQUIRE(r.status == 0);
    int records = 0;
    bool sawThreadInfo = false, sawMethodName = false, sawError = false;
    for (const auto& l : lines(slurp(dir / "trace.jsonl"))) {
        INFO(l);
        const json j = json::parse(l);  // throws on a bad line
        REQUIRE(j.is_object());
        const std::string type = j.at("type");
        if (type == "thread_name") continue;
        REQUIRE((type == "call" || type == "event"));
        ++records;
        CHECK(j.at("name").is_string());
        CHECK(j.at("thread").is_number_integer());
        CHECK(j.at("depth").is_number_integer());
        CHECK(j.at("ts_ns").is_number_integer());
        CHECK(j.at("dur_ns").get<std::int64_t>() >= 0);
        CHECK(j.at("in").is_object());
        CHECK(j.at("out").is_object());
        if (type == "call") CHECK(j.at("error").is_string());
        if (j["name"] == "GetThreadInfo") {
            sawThreadInfo = true;
            CHECK(j["depth"] == 1);
            CHECK(j["in"]["thread"] == "\"main\"");
            CHECK(j["out"]["info_ptr"].get<std::string>().rfind("{name=\"main\", priority=5", 0) == 0);
        }
        if (j["name"] == "GetMethodName") {
            sawMethodName = true;
            CHECK(j["in"]["method"].get<std::string>().rfind("java.lang.Object.", 0) == 0);
        }
        if (j["name"] == "GetFrameCount") {
            sawError = true;
            CHECK(j["error"] == "JVMTI_ERROR_NULL_POINTER");
            CHECK(j["in"]["count_ptr"] == "NULL");
            CHECK(j["out"].empty());
        }
    }
    CHECK(records >= 12);
    CHECK(sawThreadInfo);
    CHECK(sawMethodName);
    CHECK(sawError);
}

TEST_CASE("chrome: complete events, monotonic per thread, calls nested in their event") {
    const fs::path dir = workDir("chrome");
    const Run r = tracee(dir, "trace=all+ioes,trace-format=chrome,trace-file=" + (dir / "trace.json").string());
    INFO(r.stderrText);
    REQUIRE(r.status == 0);
    const json doc = json::parse(slurp(dir / "trace.json"));
    REQUIRE(doc.is_array());
    std::map<std::int64_t, double> lastTs;
    std::map<std::int64_t, std::string> threadNames;
    json vmInit, threadInfo;
    int complete = 0;
    for (const auto& e : doc) {
        INFO(e.dump());
        const std::string ph = e.at("ph");
        REQUIRE((ph == "X" || ph == "M"));
        const std::int64_t tid = e.at("tid");
        CHECK(e.at("pid").is_number_integer());
        if (ph == "M") {
            if (e["name"] == "thread_name") threadNames[tid] = e["args"]["name"];
            continue;
        }
        ++complete;
        const double ts = e.at("ts"), dur = e.at("dur");
        CHECK(dur >= 0);
        if (lastTs.count(tid)) CHECK(ts >= lastTs[tid]);
        lastTs[tid] = ts;
        CHECK((e["cat"] == "call" || e["cat"] == "event"));
        if (e["name"] == "VMInit") vmInit = e;
        if (e["name"] == "GetThreadInfo") threadInfo = e;
    }
    CHECK(complete >= 12);
    REQUIRE(vmInit.is_object());
    REQUIRE(threadInfo.is_object());
    CHECK(threadInfo["tid"] == vmInit["tid"]);
    CHECK(threadInfo["ts"].get<double>() >= vmInit["ts"].get<double>());
    CHECK(threadInfo["ts"].get<double>() + threadInfo["dur"].get<double>() <=
          vmInit["ts"].get<double>() + vmInit["dur"].get<double>() + 0.001);
    CHECK(threadNames[vmInit["tid"].get<std::int64_t>()] == "main");
}

TEST_CASE("no-addr: the same agent run twice gives the same text trace") {
    const std::string settings = "trace=all+ioes,trace-no-addr=true,trace-times=false,trace-renumber-threads=true";
    std::string traces[2];
    for (int i = 0; i < 2; ++i) {
        const fs::path dir = workDir("noaddr" + std::to_string(i));
        const Run r = tracee(dir, settings + ",trace-file=" + (dir / "trace.txt").string());
        INFO(r.stderrText);
        REQUIRE(r.status == 0);
        traces[i] = slurp(dir / "trace.txt");
    }
    INFO(traces[0]);
    CHECK(traces[0] == traces[1]);
    CHECK(traces[0].find("0x") == std::string::npos);
    CHECK(traces[0].find("<addr>") != std::string::npos);
    CHECK(traces[0].find("GetThreadInfo(thread=\"main\") -> info_ptr={name=\"main\"") != std::string::npos);
}

TEST_CASE("statistics: calls and events counted, as JSON") {
    const fs::path dir = workDir("stats");
    const Run r = tracee(dir, "stats=" + (dir / "stats.json").string());
    INFO(r.stderrText);
    REQUIRE(r.status == 0);
    const json s = json::parse(slurp(dir / "stats.json"));
    INFO(s.dump(1));
    CHECK(s.at("functions").at("GetPhase").at("calls") == 2);
    CHECK(s.at("functions").at("GetFrameCount").at("errors") == 1);
    CHECK(s.at("events").at("VMInit").at("count") == 1);
    CHECK(!fs::exists(dir / "trace.txt"));
}

TEST_CASE("a HotSpot filter string selects what HotSpot's -XX:TraceJVMTI selects") {
    // The counter agent calls GetClassSignature for every class it is told of by ClassLoad.
    const std::string agentOptions = "prefix=agenttest/counter/,class=agenttest/counter/Work";
    const fs::path ours = workDir("filter-layer");
    const Run layer = java(ours,
                           "'-agentpath:" + std::string(TRACE_E2E_LAYER) +
                               "=trace=GetClassSignature+ie:ClassLoad+ts,trace-file=" + (ours / "trace.txt").string() +
                               ",agent=" + TRACE_E2E_COUNTER + "=out=" + (ours / "out.txt").string() + "," +
                               agentOptions + "'",
                           "agenttest.counter.Main");
    INFO(layer.stderrText);
    REQUIRE(layer.status == 0);
    const fs::path theirs = workDir("filter-hotspot");
    const Run hotspot =
        java(theirs,
             "-XX:TraceJVMTI=GetClassSignature+ie,ClassLoad+ts '-Xlog:jvmti=trace:file=" +
                 (theirs / "trace.txt").string() + "::filecount=0' '-agentpath:" + TRACE_E2E_COUNTER +
                 "=out=" + (theirs / "out.txt").string() + "," + agentOptions + "'",
             "agenttest.counter.Main");
    INFO(hotspot.stderrText);
    REQUIRE(hotspot.status == 0);

    // What each traced, by name: ours one record per call or event; HotSpot one line per call
    // (i), per posted event (t, "Trg") and per event sent to the agent (s, "Evt").
    std::map<std::string, int> mine, hs;
    const std::regex ourRecord(R"(\] +(?:event )?([A-Za-z]+)\()");
    for (const auto& l : lines(slurp(ours / "trace.txt"))) {
        std::smatch m;
        if (std::regex_search(l, m, ourRecord)) ++mine[m[1]];
    }
    for (const auto& l : lines(slurp(theirs / "trace.txt"))) {
        if (l.find("Tracing the ") != std::string::npos) continue;  // HotSpot's list of what it traces
        if (l.find(" GetClassSignature") != std::string::npos) ++hs["GetClassSignature"];
        if (l.find("Class Load") != std::string::npos && l.find(" Evt ") != std::string::npos) ++hs["ClassLoad"];
        if (l.find("] [") != std::string::npos && l.find(" {") != std::string::npos &&
            l.find("GetClassSignature") == std::string::npos)
            ++hs["other functions"];
    }
    INFO(slurp(theirs / "trace.txt").substr(0, 4000));
    CHECK(mine.size() == 2);
    CHECK(hs.count("other functions") == 0);
    REQUIRE(mine.count("GetClassSignature") == 1);
    REQUIRE(mine.count("ClassLoad") == 1);
    REQUIRE(hs.count("GetClassSignature") == 1);
    REQUIRE(hs.count("ClassLoad") == 1);
    // The same program and agent: the same classes, the same calls.
    CHECK(mine["GetClassSignature"] == hs["GetClassSignature"]);
    CHECK(mine["ClassLoad"] == hs["ClassLoad"]);
    CHECK(slurp(ours / "out.txt") == slurp(theirs / "out.txt"));
}
