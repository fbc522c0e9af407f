// jvmti-check --inject-sweep without a JVM: its command line, the plan (sites from injection
// logs, runs, --max-runs, --shard), the verdicts, hs_err files, and the JSON round trip and
// merge of shards.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "sweep/classify.hpp"
#include "sweep/crash.hpp"
#include "options.hpp"
#include "sweep/plan.hpp"
#include "sweep/report.hpp"
#include "sweep/result.hpp"
#include "sweep/jobs.hpp"

using namespace jvmticheck;
using Words = std::vector<std::string>;

namespace {

std::string fileText(const std::filesystem::path& file) {
    std::ifstream in(file);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

std::string problem(const Words& args) {
    SweepOptions o;
    const auto p = parseSweepOptions(args, o);
    return p.value_or("");
}

}  // namespace

TEST_CASE("sweep options: every option, settings and the command") {
    // One parser for the three modes: the mode is read before "--" only.
    const auto mode = [](const Words& args) {
        CommandLine line;
        parseCommandLine(args, line);
        return line.mode;
    };
    CHECK(mode({"--inject-sweep", "--", "java"}) == Mode::Sweep);
    CHECK(mode({"check=strict", "--sweep-merge", "a.json"}) == Mode::Merge);
    CHECK(mode({"--", "java", "--inject-sweep"}) == Mode::Run);
    CHECK(mode({"check=strict", "--", "java"}) == Mode::Run);

    SweepOptions o;
    REQUIRE_FALSE(parseSweepOptions({"--inject-sweep", "--max-runs", "12", "-j", "3", "--shard=2/4", "--run-timeout", "2.5",
                                     "--sweep-dir", "d", "--json", "s.json", "--sarif=s.sarif", "--junit", "s.xml", "--html",
                                     "s.html", "check=strict", "inject-seed=3", "--", "java", "-cp", "x", "Main"},
                                    o));
    CHECK_FALSE(o.merge);
    CHECK(o.maxRuns == 12);
    CHECK(o.jobs == 3);
    CHECK(o.shardK == 2);
    CHECK(o.shardN == 4);
    CHECK(o.runTimeout == 2.5);
    CHECK(*o.sweepDir == "d");
    CHECK(*o.json == "s.json");
    CHECK(*o.sarif == "s.sarif");
    CHECK(*o.junit == "s.xml");
    CHECK(*o.html == "s.html");
    CHECK(o.settings == Words{"check=strict", "inject-seed=3"});
    CHECK(o.command == Words{"java", "-cp", "x", "Main"});

    REQUIRE_FALSE(parseSweepOptions({"--inject-sweep", "--learning-runs", "3", "--rerun",
                                     "GetFrameCount@liba.so+0x20/INTERNAL/1:Allocate@libb.so+0x3/OUT_OF_MEMORY/1", "--", "java"},
                                    o));
    CHECK(o.learningRuns == 3);
    CHECK(o.rerun == Words{"GetFrameCount@liba.so+0x20/INTERNAL/1", "Allocate@libb.so+0x3/OUT_OF_MEMORY/1"});
    // inject='s reader judges them; an error given by its whole name is written as the sweep writes it.
    REQUIRE_FALSE(parseSweepOptions({"--inject-sweep", "--rerun", "GetFrameCount@liba.so+0x20/JVMTI_ERROR_INTERNAL/1", "--", "java"}, o));
    CHECK(o.rerun == Words{"GetFrameCount@liba.so+0x20/INTERNAL/1"});

    REQUIRE_FALSE(parseSweepOptions({"--inject-sweep", "--shard", "9/2", "--help"}, o));
    CHECK(o.help);
    REQUIRE_FALSE(parseSweepOptions({"--inject-sweep", "-j4", "--", "sh"}, o));
    CHECK(o.jobs == 4);
    CHECK(o.shardK == 1);
    CHECK(o.shardN == 1);

    REQUIRE_FALSE(parseSweepOptions({"--sweep-merge", "--json", "all.json", "--junit", "all.xml", "a.json", "b.json"}, o));
    CHECK(o.merge);
    CHECK(o.inputs == Words{"a.json", "b.json"});
}

TEST_CASE("sweep options: what is wrong is named") {
    CHECK(problem({"--inject-sweep", "--shard", "3/2", "--", "java"}) == "--shard 3/2: K must be 1..N");
    CHECK(problem({"--inject-sweep", "--shard", "0/2", "--", "java"}) == "--shard 0/2: K must be 1..N");
    CHECK(problem({"--inject-sweep", "--shard", "2", "--", "java"}) ==
          "--shard 2: expected K/N, shard K of N (--shard 2/4)");
    CHECK(problem({"--inject-sweep", "--shard", "1/0", "--", "java"}) ==
          "--shard 1/0: expected K/N, shard K of N (--shard 2/4)");
    CHECK(problem({"--inject-sweep", "--max-runs", "0", "--", "java"}) ==
          "--max-runs 0: expected a number of runs, 1 or more");
    CHECK(problem({"--inject-sweep", "--max-runs", "x", "--", "java"}) ==
          "--max-runs x: expected a number of runs, 1 or more");
    CHECK(problem({"--inject-sweep", "-j", "0", "--", "java"}) == "-j 0: expected a number of runs at a time from 1 to 1024");
    CHECK(problem({"--inject-sweep", "--run-timeout", "-1", "--", "java"}) ==
          "--run-timeout -1: expected a number of seconds above 0");
    CHECK(problem({"--inject-sweep", "--max-runs"}) == "--max-runs needs a number of runs, 1 or more");
    CHECK(problem({"--inject-sweep", "--learning-runs", "0", "--", "java"}) ==
          "--learning-runs 0: expected a number of learning runs from 1 to 16");
    CHECK(problem({"--inject-sweep", "--learning-runs", "17", "--", "java"}) ==
          "--learning-runs 17: expected a number of learning runs from 1 to 16");
    CHECK(problem({"--inject-sweep", "--rerun", "GetFrameCount@liba.so+0x20/INTERNAL/1:", "--", "java"}) ==
          "--rerun: '' is not a planned run's rule FUNCTION@SITE/ERROR/1 (rules are separated by ':')");
    CHECK(problem({"--inject-sweep", "--rerun", "GetFrameCount", "--", "java"}) ==
          "--rerun: 'GetFrameCount' is not a planned run's rule FUNCTION@SITE/ERROR/1 (rules are separated by ':')");
    CHECK(problem({"--inject-sweep", "--rerun", "GetFrameCount@liba.so+0x20/ABSENT_INFORMATION/1", "--", "java"})
              .rfind("--rerun: inject=GetFrameCount@liba.so+0x20/ABSENT_INFORMATION/1: GetFrameCount never returns "
                     "JVMTI_ERROR_ABSENT_INFORMATION", 0) == 0);
    CHECK(problem({"--inject-sweep", "--rerun", "GetFrameCount@liba.so+0x20/INTERNAL/%2", "--", "java"}) ==
          "--rerun: 'GetFrameCount@liba.so+0x20/INTERNAL/%2' is not a planned run's rule FUNCTION@SITE/ERROR/1 (rules are separated by ':')");
    CHECK(problem({"--sweep-merge", "--json", "o.json", "--rerun", "A@b+0x1/INTERNAL/1", "a.json"}) ==
          "--rerun is an option of --inject-sweep, not of --sweep-merge");
    CHECK(problem({"--inject-sweep", "--frobnicate", "--", "java"}) == "unknown option '--frobnicate'");
    CHECK(problem({"--inject-sweep", "--error-exitcode=3", "--", "java"}) ==
          "'--error-exitcode=3' is not taken with --inject-sweep (the sweep decides its exit status and each run's "
          "report directory itself)");
    CHECK(problem({"--inject-sweep", "inject=all", "--", "java"}) ==
          "'inject=all': inject= is not taken: the sweep injects the faults of each run itself");  // chained runs: several
    CHECK(problem({"--inject-sweep", "inject-log=x", "--", "java"}).rfind("'inject-log=x': inject-log= is not taken", 0) == 0);
    CHECK(problem({"--inject-sweep", "nosuch=1", "--", "java"}).rfind("'nosuch=1': the layer has no setting 'nosuch'", 0) == 0);
    CHECK(problem({"--inject-sweep", "agent=x", "--", "java"}).rfind("'agent=x': agent= is not taken", 0) == 0);
    CHECK(problem({"--inject-sweep", "check=strict"}) ==
          "no command: give it after '--' (jvmti-check --inject-sweep [OPTIONS] -- COMMAND ARGS...)");
    CHECK(problem({"--inject-sweep", "--"}) == "no command after '--'");
    CHECK(problem({"--inject-sweep", "--sweep-merge", "--json", "x", "a.json"}) == "--inject-sweep and --sweep-merge: give one of them");
    CHECK(problem({"--sweep-merge", "a.json"}) == "--sweep-merge needs --json OUT (the merged JSON)");
    CHECK(problem({"--sweep-merge", "--json", "o.json"}) == "--sweep-merge needs the shards' JSON files (IN.json...)");
    CHECK(problem({"--sweep-merge", "--json", "o.json", "--shard", "1/2", "a.json"}) ==
          "--shard is an option of --inject-sweep, not of --sweep-merge");
    CHECK(problem({"--sweep-merge", "--json", "o.json", "a.json", "--", "java"}) ==
          "--sweep-merge takes no command: give the shards' JSON files (IN.json...)");
}

TEST_CASE("one parser, three modes: an option of another mode is refused by name") {
    CheckOptions run;
    CHECK(parseCheckOptions({"--max-runs", "3", "--", "java"}, run) ==
          "--max-runs is an option of --inject-sweep (a fault-injection sweep), not of a run");
    CHECK(parseCheckOptions({"--shard", "1/2", "--", "java"}, run) ==
          "--shard is an option of --inject-sweep (a fault-injection sweep), not of a run");
    CHECK(problem({"--sweep-merge", "--json", "o.json", "--one-fault-per-run", "a.json"}) ==
          "--one-fault-per-run is an option of --inject-sweep, not of --sweep-merge");
    CHECK(problem({"--inject-sweep", "--keep-work-dir", "--", "java"}).rfind("'--keep-work-dir' is not taken with --inject-sweep", 0) == 0);
    // --fail-on: a severity in a run, outcomes in a sweep.
    CHECK(parseCheckOptions({"--fail-on=crash", "--", "java"}, run) ==
          "--fail-on crash: expected error or warning (the least severity that fails the run)");
    SweepOptions o;
    REQUIRE_FALSE(parseSweepOptions({"--inject-sweep", "--fail-on", "crash,exit", "--", "java"}, o));
    CHECK(o.failOn == SweepFailOn{true, false, false, false, true});
    REQUIRE_FALSE(parseSweepOptions({"--inject-sweep", "--", "java"}, o));
    CHECK(sweepFailOnText(o.failOn) == "crash,hang,violation,leak");
    REQUIRE_FALSE(parseSweepOptions({"--sweep-merge", "--fail-on=warning", "--json", "o.json", "a.json"}, o));
    CHECK(sweepFailOnText(o.failOn) == "crash,hang,violation,leak,exit");
    CHECK(problem({"--inject-sweep", "--fail-on", "crash,fatal", "--", "java"}).rfind("--fail-on crash,fatal: expected outcomes among", 0) == 0);
}

TEST_CASE("sweep options: --shard alone takes shard K of N from the CI's variables") {
    const auto from = [](std::map<std::string, std::string> vars) {
        return [vars](const std::string& name) -> std::optional<std::string> {
            const auto it = vars.find(name);
            return it == vars.end() ? std::nullopt : std::optional<std::string>(it->second);
        };
    };
    SweepOptions o;
    // Bazel counts from 0, GitLab and jvmti-check's own variables from 1.
    const auto bazel = parseSweepOptions({"--inject-sweep", "--shard", "check=strict", "--", "java"}, o,
                                         from({{"TEST_SHARD_INDEX", "0"}, {"TEST_TOTAL_SHARDS", "3"}}));
    INFO(bazel.value_or(""));
    REQUIRE_FALSE(bazel);
    CHECK(o.shardK == 1);
    CHECK(o.shardN == 3);
    CHECK(o.shardFrom == "TEST_SHARD_INDEX/TEST_TOTAL_SHARDS");
    CHECK(o.settings == Words{"check=strict"});
    REQUIRE_FALSE(parseSweepOptions({"--inject-sweep", "--shard", "--", "java"}, o, from({{"CI_NODE_INDEX", "3"}, {"CI_NODE_TOTAL", "3"}})));
    CHECK(o.shardK == 3);
    CHECK(o.shardN == 3);
    REQUIRE_FALSE(parseSweepOptions({"--inject-sweep", "--shard", "--", "java"}, o,
                                    from({{"JVMTI_CHECK_SHARD", "2"}, {"JVMTI_CHECK_SHARDS", "4"}, {"CI_NODE_INDEX", "1"}, {"CI_NODE_TOTAL", "9"}})));
    CHECK(o.shardK == 2);  // jvmti-check's own variables first
    CHECK(o.shardN == 4);
    REQUIRE_FALSE(parseSweepOptions({"--inject-sweep", "--shard", "2/5", "--", "java"}, o, from({{"CI_NODE_INDEX", "1"}, {"CI_NODE_TOTAL", "9"}})));
    CHECK(o.shardK == 2);  // a value given wins
    CHECK(o.shardN == 5);
    CHECK(parseSweepOptions({"--inject-sweep", "--shard", "--", "java"}, o, from({})).value_or("").rfind(
              "--shard without K/N reads the CI's variables, and none is set", 0) == 0);
    CHECK(parseSweepOptions({"--inject-sweep", "--shard", "--", "java"}, o, from({{"CI_NODE_INDEX", "4"}, {"CI_NODE_TOTAL", "3"}})) ==
          "--shard: CI_NODE_INDEX/CI_NODE_TOTAL = 4/3: expected an index from 1 and a total above it, 1 or more");
    CHECK(parseSweepOptions({"--inject-sweep", "--shard", "--", "java"}, o, from({{"TEST_SHARD_INDEX", "0"}})) ==
          "--shard: TEST_SHARD_INDEX/TEST_TOTAL_SHARDS: only one of the two is set");
}

TEST_CASE("sweep plan: sites in first-seen order, errors by value, a sample spread over sites, shards") {
    std::vector<SweepSite> sites;
    std::size_t unnamed = 0;
    sitesFromLog("# jvmtilayer injection log: inject-seed=0\n"
                 "# rule all/p0\n"
                 "site SetEventCallbacks liba.so+0x10 liba.so!Agent_OnLoad+0x10 (a.cpp:5)\n"
                 "site GetFrameCount liba.so+0x20 liba.so!f+0x4\n"
                 "site GetFrameCount liba.so+0x20 liba.so!f+0x4\n"
                 "site GetThreadInfo 0x7f0011 0x7f0011\n"
                 "fault 1 GetFrameCount liba.so+0x20 JVMTI_ERROR_INTERNAL 1\n",
                 sites, unnamed);
    sitesFromLog("site GetFrameCount liba.so+0x20 liba.so!f+0x4\nsite Allocate libb.so+0x3\n", sites, unnamed);
    REQUIRE(sites.size() == 3);
    CHECK(unnamed == 1);
    CHECK(sites[0].function == "SetEventCallbacks");
    CHECK(sites[0].where == "liba.so!Agent_OnLoad+0x10 (a.cpp:5)");
    CHECK(sites[1].site == "liba.so+0x20");
    CHECK(sites[2].where == "libb.so+0x3");  // no WHERE: the site itself
    // Another learning run's sites: only those not yet held, in their order.
    std::vector<SweepSite> joined = sites;
    joinSites(joined, {{"Allocate", "libb.so+0x3", "again"}, {"ResumeThread", "liba.so+0x40", "liba.so!r+0x4"},
                       {"GetFrameCount", "liba.so+0x20", "again"}});
    REQUIRE(joined.size() == 4);
    CHECK(joined[2].where == "libb.so+0x3");
    CHECK(joined[3].function == "ResumeThread");

    const ErrorsOf errors = [](const std::string& f) {
        std::vector<std::pair<int, std::string>> e;
        if (f == "SetEventCallbacks") e = {{112, "JVMTI_ERROR_WRONG_PHASE"}};
        if (f == "GetFrameCount") e = {{113, "JVMTI_ERROR_INTERNAL"}, {15, "JVMTI_ERROR_THREAD_NOT_ALIVE"}, {110, "JVMTI_ERROR_OUT_OF_MEMORY"}};
        if (f == "Allocate") e = {{110, "JVMTI_ERROR_OUT_OF_MEMORY"}, {112, "JVMTI_ERROR_WRONG_PHASE"}};
        return e;
    };
    const auto runs = planRuns(sites, errors);
    REQUIRE(runs.size() == 6);
    CHECK(runs[0].rule() == "SetEventCallbacks@liba.so+0x10/WRONG_PHASE/1");
    CHECK(runs[1].rule() == "GetFrameCount@liba.so+0x20/THREAD_NOT_ALIVE/1");
    CHECK(runs[2].rule() == "GetFrameCount@liba.so+0x20/OUT_OF_MEMORY/1");
    CHECK(runs[3].rule() == "GetFrameCount@liba.so+0x20/INTERNAL/1");
    CHECK(runs[5].index == 5);

    // Every site's first error, then the second ones.
    const auto sample = sampleRuns(runs, 4);
    REQUIRE(sample.size() == 4);
    CHECK(sample[0].rule() == "SetEventCallbacks@liba.so+0x10/WRONG_PHASE/1");
    CHECK(sample[1].rule() == "GetFrameCount@liba.so+0x20/THREAD_NOT_ALIVE/1");
    CHECK(sample[2].rule() == "GetFrameCount@liba.so+0x20/OUT_OF_MEMORY/1");
    CHECK(sample[3].rule() == "Allocate@libb.so+0x3/OUT_OF_MEMORY/1");
    CHECK(sample[3].index == 3);
    CHECK(sampleRuns(runs, 100).size() == 6);
    CHECK(sampleRuns(runs, 0).size() == 6);

    // Shards: every run in exactly one, chosen by its rule alone, so that a job whose learning
    // runs missed a site still puts each run it shares with the others in the same shard.
    const auto one = shardRuns(runs, 1, 2), two = shardRuns(runs, 2, 2);
    CHECK(one.size() + two.size() == 6);
    std::set<std::string> inOne, inTwo;
    for (const auto& r : one) inOne.insert(r.rule());
    for (const auto& r : two) inTwo.insert(r.rule());
    for (const auto& r : runs) CHECK(inOne.count(r.rule()) + inTwo.count(r.rule()) == 1);
    const std::vector<SweepRun> fewer(runs.begin() + 1, runs.end());  // a job that missed the first site
    for (const auto& r : shardRuns(fewer, 1, 2)) CHECK(inOne.count(r.rule()) == 1);
    for (const auto& r : shardRuns(fewer, 2, 2)) CHECK(inTwo.count(r.rule()) == 1);
    CHECK(shardRuns(runs, 1, 1).size() == 6);

    // --rerun: the runs named, in the plan's order, numbered again; the names no run has, kept.
    std::vector<std::string> unknown;
    const auto again = selectRuns(runs, {"Allocate@libb.so+0x3/OUT_OF_MEMORY/1", "GetFrameCount@liba.so+0x20/OUT_OF_MEMORY/1",
                                         "GetFrameCount@liba.so+0x99/OUT_OF_MEMORY/1", "Allocate@libb.so+0x3/OUT_OF_MEMORY/1"},
                                  unknown);
    REQUIRE(again.size() == 2);
    CHECK(again[0].rule() == "GetFrameCount@liba.so+0x20/OUT_OF_MEMORY/1");
    CHECK(again[0].index == 0);
    CHECK(again[1].rule() == "Allocate@libb.so+0x3/OUT_OF_MEMORY/1");
    CHECK(again[1].index == 1);
    CHECK(unknown == std::vector<std::string>{"GetFrameCount@liba.so+0x99/OUT_OF_MEMORY/1"});
    CHECK(selectRuns(runs, {"X@y.so+0x1/INTERNAL/1"}, unknown).empty());
    CHECK(unknown.size() == 1);
}

TEST_CASE("sweep verdicts: against the learning run") {
    jvmtireport::JvmReport clean;
    clean.pid = 10;
    clean.finished = true;
    jvmtireport::JvmReport leak = clean;
    leak.rules.push_back({"leak.Allocate", jvmtireport::Level::Warning, "", "", "", 2, 2, false, {}, 0, 0});
    const Baseline base = baselineOf(0, {leak});
    CHECK(base.leaks.at("leak.Allocate") == 2);

    Observation run;
    run.jvms = {leak};
    CHECK(classify(base, run, "liba.so").outcome == Outcome::NotReached);
    run.faults = 1;
    CHECK(classify(base, run, "liba.so").outcome == Outcome::Handled);

    Observation more = run;
    more.jvms[0].rules[0].reported = 3;
    more.jvms[0].rules[0].sites.push_back({"liba.so!f+0x10 (/src/a.cpp:12)", 3});
    const Verdict leaked = classify(base, more, "liba.so");
    CHECK(leaked.outcome == Outcome::Leaked);
    REQUIRE(leaked.surfaced.size() == 1);
    CHECK(leaked.surfaced[0].where == "liba.so!f+0x10 (/src/a.cpp:12)");

    Observation violated = run;
    violated.jvms[0].rules.push_back({"GetClassSignature.klass.invalid", jvmtireport::Level::Error, "", "", "", 1, 1, false,
                                      {{"liba.so!f+0x20 (/src/a.cpp:14)", 1}}, 0, 0});
    violated.jvms[0].rules.push_back({"inject.fault", jvmtireport::Level::Info, "", "", "", 1, 1, false, {}, 0, 0});
    const Verdict v = classify(base, violated, "liba.so");
    CHECK(v.outcome == Outcome::NewViolations);
    CHECK(v.details.front() == "GetClassSignature.klass.invalid: 1 report(s), from liba.so!f+0x20 (/src/a.cpp:14)");

    Observation status = run;
    status.status = 3;
    CHECK(classify(base, status, "liba.so").outcome == Outcome::StatusChanged);
    CHECK(classify(base, status, "liba.so").consequence == "exit status 3");
    CHECK(levelOf(Outcome::StatusChanged, SweepFailOn{}) == RunLevel::Warning);
    CHECK(levelOf(Outcome::StatusChanged, *parseSweepFailOn("exit")) == RunLevel::Error);
    CHECK(levelOf(Outcome::Crashed, *parseSweepFailOn("exit")) == RunLevel::Warning);
    // The JVM says the agent failed to start after the fault: declined, a note.
    Observation declined = status;
    declined.status = 1;
    declined.declined = declineLine("Error occurred during initialization of VM\nagent library failed to init: /x/liba.so\n");
    CHECK(declined.declined == "agent library failed to init: /x/liba.so");
    const Verdict d = classify(base, declined, "liba.so");
    CHECK(d.outcome == Outcome::Declined);
    CHECK(d.details.front() == "the agent declined to start: agent library failed to init: /x/liba.so");
    CHECK(levelOf(d.outcome, *parseSweepFailOn("warning")) == RunLevel::Note);
    CHECK(declineLine("agent library failed Agent_OnLoad: jdwp") == "agent library failed Agent_OnLoad: jdwp");
    CHECK(declineLine("jvmtilayer: error: Agent_OnLoad of /a/liba.so returned -1") ==
          "jvmtilayer: error: Agent_OnLoad of /a/liba.so returned -1");
    CHECK(declineLine("Exception in thread \"main\" java.lang.Error\n").empty());
    // A leak or a crash in a declined run stays what it is.
    Observation declinedLeak = more;
    declinedLeak.status = 1;
    declinedLeak.declined = declined.declined;
    CHECK(classify(base, declinedLeak, "liba.so").outcome == Outcome::Leaked);
    Observation signal = violated;
    signal.status = 134;
    const Verdict crashed = classify(base, signal, "liba.so");
    CHECK(crashed.outcome == Outcome::Crashed);
    CHECK(crashed.details.front() == "ended by a signal: status 134 (SIGABRT) (no hs_err file)");
    Observation hung = signal;
    hung.timedOut = true;
    hung.timeout = 5;
    CHECK(classify(base, hung, "liba.so").outcome == Outcome::Hung);

    for (Outcome o : kOutcomes) CHECK(parseOutcome(outcomeName(o)) == o);
    CHECK(outcomeRuleId(Outcome::StatusChanged) == "sweep.exit-status-changed");
}

TEST_CASE("sweep: an hs_err file's signal, problematic frame and native frames") {
    const std::string text =
        "#\n# A fatal error has been detected by the Java Runtime Environment:\n#\n"
        "#  SIGSEGV (0xb) at pc=0x00007f3c5e8b7b7d, pid=4711, tid=4712\n#\n"
        "# Problematic frame:\n# C  [libc.so.6+0x15db7d]  __strlen_avx2+0x1d\n#\n"
        "Native frames: (J=compiled Java code, j=interpreted, Vv=VM code, C=native code)\n"
        "C  [libc.so.6+0x15db7d]  __strlen_avx2+0x1d\n"
        "C  [libfaulty.so+0x1234]  (anonymous namespace)::onVMInit(_jvmtiEnv*, JNIEnv_*, _jobject*)+0x44\n"
        "V  [libjvm.so+0x8d2f11]  JvmtiExport::post_vm_initialized()+0x1f1\n"
        "\nDynamic libraries:\n"
        "7f3c5e000000-7f3c5e001000 r--p 00000000 08:01 123  /nonexistent/libfaulty.so\n\n";
    const Crash c = parseHsErr(text, "hs_err_pid4711.log", {"libfaulty.so"});
    CHECK(c.signal == "SIGSEGV (0xb) at pc=0x00007f3c5e8b7b7d, pid=4711, tid=4712");
    CHECK(c.problematicFrame == "C  [libc.so.6+0x15db7d]  __strlen_avx2+0x1d");
    REQUIRE(c.frames.size() == 3);
    CHECK(c.frames[1].library == "libfaulty.so");
    CHECK(c.frames[1].offset == 0x1234);
    // The library cannot be read: the symbol HotSpot printed, without its parameters.
    CHECK(c.frames[1].where == "libfaulty.so!(anonymous namespace)::onVMInit+0x44");
    CHECK(c.frames[0].where.empty());

    // Cut short before "Dynamic libraries" (a FatalError aborting the JVM while another thread
    // writes its crash report): HotSpot's symbol still names the frame, so the crash is the same
    // finding as in a whole file.
    const std::string cut =
        "#  SIGSEGV (0xb) at pc=0x00007fe0331e9124, pid=1767, tid=1850\n#\n"
        "# Problematic frame:\n# C  [libjdwp.so+0x2a124]  debugMonitorEnter+0x24\n#\n"
        "Native frames: (J=compiled Java code, j=interpreted, Vv=VM code, C=native code)\n"
        "C  [libjdwp.so+0x2a124]  debugMonitorEnter+0x24\n"
        "C  [libjdwp.so+0x1b1b7]  ns::Loop::run(int) const [clone .lto_priv.0]+0x47\n"
        "C  [libjdwp.so+0x1b2c0]\n";
    const Crash k = parseHsErr(cut, "hs_err_pid1767.log", {"libjdwp.so"});
    REQUIRE(k.frames.size() == 3);
    CHECK(k.frames[0].where == "libjdwp.so!debugMonitorEnter+0x24");
    CHECK(k.frames[1].where == "libjdwp.so!ns::Loop::run+0x47");
    CHECK(k.frames[2].where == "libjdwp.so+0x1b2c0");  // no symbol printed: the offset
}

TEST_CASE("sweep results: JSON round trip, the merge of shards, the formats") {
    SweepResult r;
    r.command = {"java", "-cp", "a b", "Main"};
    r.settings = {"check=strict"};
    r.plannedRuns = 3;
    r.possibleRuns = 3;
    r.sites = {{"GetFrameCount", "liba.so+0x20", "liba.so!f+0x4 (/src/a.cpp:7)"}};
    for (std::size_t i = 0; i < 3; ++i) {
        SweepRunResult x;
        x.run.index = i;
        x.run.site = r.sites[0];
        x.run.errorName = i == 0 ? "JVMTI_ERROR_THREAD_NOT_ALIVE" : i == 1 ? "JVMTI_ERROR_INTERNAL" : "JVMTI_ERROR_WRONG_PHASE";
        x.run.error = i == 0 ? 15 : i == 1 ? 113 : 112;
        x.outcome = i == 1 ? Outcome::Crashed : Outcome::Handled;
        x.details = {"detail " + std::to_string(i)};
        if (i == 1) x.surfaced = {{"liba.so!f+0x9 (/src/a.cpp:8)", "crashed here (SIGSEGV)"}};
        x.replay = "jvmti-check inject=GetFrameCount@liba.so+0x20/INTERNAL/1 -- java";
        r.runs.push_back(x);
    }
    SweepResult back;
    REQUIRE_FALSE(fromJson(nlohmann::json::parse(toJson(r).dump()), back));
    CHECK(toJson(back).dump() == toJson(r).dump());

    SweepResult a = r, b = r, merged;
    a.shardN = b.shardN = 2;
    b.shardK = 2;
    a.runs = {r.runs[0], r.runs[2]};
    b.runs = {r.runs[1]};
    std::vector<std::string> warnings;
    REQUIRE_FALSE(mergeResults({b, a}, merged, warnings));
    CHECK(warnings.empty());
    CHECK(toJson(merged).dump() == toJson(r).dump());
    REQUIRE_FALSE(mergeResults({a}, merged, warnings));
    REQUIRE(warnings.size() == 1);
    CHECK(warnings[0].rfind("1 of 3 planned runs are in no input (a shard missing", 0) == 0);

    // Shards whose learning runs saw different call sites: joined by rule, in the plan's order.
    SweepResult p = r, q = r;
    p.plannedRules = {r.runs[0].run.rule(), r.runs[1].run.rule(), r.runs[2].run.rule()};
    q.plannedRules = {r.runs[0].run.rule(), r.runs[1].run.rule()};  // its learning runs missed the third
    q.plannedRuns = 2;
    p.runs = {r.runs[0]};
    q.runs = {r.runs[1]};
    q.runs[0].run.index = 1;
    warnings.clear();
    REQUIRE_FALSE(mergeResults({p, q}, merged, warnings));
    CHECK(merged.plannedRuns == 3);
    REQUIRE(merged.runs.size() == 2);
    CHECK(merged.runs[0].run.rule() == r.runs[0].run.rule());
    CHECK(merged.runs[1].run.rule() == r.runs[1].run.rule());
    CHECK(merged.runs[1].run.index == 1);
    REQUIRE(warnings.size() == 2);
    CHECK(warnings[0].rfind("1 of 3 planned runs are in no input", 0) == 0);
    CHECK(warnings[1] == "input 2 planned 2 runs, input 1 3: their learning runs saw different call sites");
    SweepResult back2;
    REQUIRE_FALSE(fromJson(nlohmann::json::parse(toJson(merged).dump()), back2));
    CHECK(back2.plannedRules == merged.plannedRules);
    SweepResult other = b;
    other.command = {"java", "Other"};
    CHECK(mergeResults({a, other}, merged, warnings).value_or("") ==
          "input 2 swept another command or other settings than input 1");

    CHECK(badRuns(r) == 1);
    const auto sarif = nlohmann::json::parse(sweepSarif(r, {"1.0.0", "", "/src"}));
    const auto& results = sarif["runs"][0]["results"];
    REQUIRE(results.size() == 1);
    CHECK(results[0]["ruleId"] == "sweep.crashed");
    CHECK(results[0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "a.cpp");
    CHECK(results[0]["locations"][0]["physicalLocation"]["region"]["startLine"] == 7);
    CHECK(results[0]["relatedLocations"][0]["physicalLocation"]["region"]["startLine"] == 8);
    const std::string junit = sweepJunit(r);
    CHECK_THAT(junit, Catch::Contains("<testsuite name=\"jvmti.sweep\" tests=\"3\" failures=\"1\""));
    CHECK_THAT(junit, Catch::Contains("<testcase classname=\"jvmti.sweep.GetFrameCount\" name=\"liba.so+0x20 INTERNAL\""));
    CHECK_THAT(sweepHtml(r), Catch::Contains("<td>crashed</td>"));
    // The summary counts the error-level runs and the findings (issue 43).
    CHECK_THAT(sweepSummary(r), Catch::Contains("jvmti-check: 1 bad outcome (1 at error level, --fail-on crash,hang,violation,leak) in 1 finding"));

    // Two errors ending the same way at one site: one finding, one SARIF result naming both;
    // the runs table still counts runs.
    SweepResult two = r;
    two.runs[0].outcome = Outcome::Crashed;
    two.runs[0].run.errorName = "JVMTI_ERROR_OUT_OF_MEMORY";
    two.runs[0].surfaced = two.runs[1].surfaced;
    two.runs[0].consequence = two.runs[1].consequence = "SIGSEGV crashed here: liba.so!f+0x9 (/src/a.cpp:8)";
    REQUIRE(findings(two).size() == 1);
    CHECK(findings(two)[0].runs.size() == 2);
    const auto grouped = nlohmann::json::parse(sweepSarif(two, {"1.0.0", "", "/src"}));
    REQUIRE(grouped["runs"][0]["results"].size() == 1);
    const auto& one = grouped["runs"][0]["results"][0];
    CHECK(one["properties"]["errors"].size() == 2);
    CHECK(one["relatedLocations"].size() == 3);  // where it surfaced, once; each error's run
    CHECK_THAT(one["message"]["text"].get<std::string>(), Catch::Contains("JVMTI_ERROR_OUT_OF_MEMORY, JVMTI_ERROR_INTERNAL"));
    CHECK_THAT(sweepSummary(two), Catch::Contains("2 bad outcomes (2 at error level"));
    CHECK_THAT(sweepSummary(two), Catch::Contains("errors: OUT_OF_MEMORY, INTERNAL"));
    CHECK(outcomeCounts(two)[4] == std::pair{Outcome::Crashed, std::size_t{2}});

    // --fail-on decides the levels: an exit status change is a warning by default, a declined
    // start a note; neither fails the sweep.
    SweepResult soft = r;
    soft.runs[1].outcome = Outcome::StatusChanged;
    soft.runs[1].consequence = "exit status 1";
    soft.runs[2].outcome = Outcome::Declined;
    soft.runs[2].consequence = "declined to start";
    CHECK(errorRuns(soft) == 0);
    const auto levels = nlohmann::json::parse(sweepSarif(soft, {"1.0.0", "", "/src"}));
    REQUIRE(levels["runs"][0]["results"].size() == 2);
    CHECK(levels["runs"][0]["results"][0]["level"] == "warning");
    CHECK(levels["runs"][0]["results"][1]["level"] == "note");
    CHECK(levels["runs"][0]["results"][1]["ruleId"] == "sweep.declined");
    CHECK_THAT(sweepJunit(soft), Catch::Contains("failures=\"0\""));
    soft.failOn = *parseSweepFailOn("warning");
    CHECK(errorRuns(soft) == 1);
    CHECK_THAT(sweepJunit(soft), Catch::Contains("failures=\"1\""));
}

TEST_CASE("sweep runs: N at a time, each exit status, a timeout kills the whole process group") {
    const auto root = std::filesystem::temp_directory_path() / ("check_sweep_test." + std::to_string(::getpid()));
    std::vector<Job> jobs;
    for (const char* script : {"echo out; echo err >&2; exit 3", "sleep 30 & wait", "kill -SEGV $$", "exit 0"}) {
        const auto sub = root / std::to_string(jobs.size());
        std::filesystem::create_directories(sub);
        jobs.push_back({{"/bin/sh", "-c", script}, sub, 0.5});
    }
    std::vector<JobEnd> ends(jobs.size());
    std::vector<std::size_t> order;
    const auto start = std::chrono::steady_clock::now();
    CHECK(runJobs(jobs, 2, [&](std::size_t i, const JobEnd& end) {
        ends[i] = end;
        order.push_back(i);
    }));
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    CHECK(seconds < 10);  // the sleep in the background was killed with its shell
    REQUIRE(order.size() == 4);
    CHECK(ends[0].status == 3);
    CHECK_FALSE(ends[0].timedOut);
    CHECK(fileText(jobs[0].dir / "command.out") == "out\n");
    CHECK(fileText(jobs[0].dir / "command.err") == "err\n");
    CHECK(ends[1].timedOut);
    CHECK(ends[1].seconds >= 0.5);
    CHECK(ends[2].status == 128 + 11);
    CHECK(ends[3].status == 0);
    std::filesystem::remove_all(root);
}
