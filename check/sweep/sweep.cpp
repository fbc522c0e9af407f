#include "sweep/sweep.hpp"


#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <iostream>
#include <map>
#include <set>
#include <sstream>
#include <thread>
#include <tuple>

#include <nlohmann/json.hpp>

#include "collect.hpp"
#include "java_words.hpp"
#include "files/own_files.hpp"
#include "inject/plan.hpp"
#include "report/formats/report_files_io.hpp"
#include "report/formats/text_encoding.hpp"
#include "sweep/plan.hpp"
#include "run.hpp"
#include "sweep/report.hpp"
#include "sweep/chain.hpp"
#include "sweep/jobs.hpp"

namespace jvmticheck {

namespace fs = std::filesystem;

namespace {

// The most faults one chained run arms (each an inject= rule in the run's settings).
constexpr std::size_t kMaxChain = 48;

int fail(const std::string& message) {
    std::cerr << "jvmti-check: " << message << "\n";
    return 2;
}

std::optional<std::string> checkOutputs(const SweepOptions& o) {
    for (const auto& [option, file] : {std::pair{"--json", o.json}, std::pair{"--sarif", o.sarif},
                                       std::pair{"--junit", o.junit}, std::pair{"--html", o.html}})
        if (file)
            if (auto problem = writable(option, *file)) return problem;
    return std::nullopt;
}

// A file one of the sweep's own runs wrote ("" when it is not a file of ours, or too large).
std::string readText(const fs::path& file) {
    std::string problem;
    return jvmtifiles::readOwnFile(file.string(), kLogLimit, problem).value_or("");
}

// Whether report-command=full is among the settings: the command is shown as given.
bool commandFull(const std::vector<std::string>& settings) {
    return std::find(settings.begin(), settings.end(), "report-command=full") != settings.end();
}
std::vector<std::string> shownCommand(const std::vector<std::string>& settings, const std::vector<std::string>& command) {
    return commandFull(settings) ? command : jvmtireport::redactCommand(command);
}

// A run directory's injection logs (PID.inject.log), in the order of its JVMs (`jvms`: by start).
std::vector<fs::path> injectionLogs(const fs::path& dir, const std::vector<jvmtireport::JvmReport>& jvms) {
    std::vector<std::pair<std::pair<std::size_t, long>, fs::path>> found;
    std::error_code ec;
    static const std::string suffix = ".inject.log";
    for (const auto& entry : fs::directory_iterator(dir, ec)) {
        const std::string name = entry.path().filename().string();
        if (name.size() <= suffix.size() || name.compare(name.size() - suffix.size(), suffix.size(), suffix) != 0) continue;
        long pid = 0;
        try {
            pid = std::stol(name);
        } catch (...) {
        }
        std::size_t order = jvms.size();
        for (std::size_t i = 0; i < jvms.size(); ++i)
            if (jvms[i].pid == pid) order = i;
        found.push_back({{order, pid}, entry.path()});
    }
    std::sort(found.begin(), found.end());
    std::vector<fs::path> out;
    for (auto& f : found) out.push_back(f.second);
    return out;
}

std::size_t faultLines(const std::vector<fs::path>& logs, std::set<int>& pids) {
    std::size_t faults = 0;
    for (const auto& log : logs) {
        try {
            pids.insert(std::stoi(log.filename().string()));
        } catch (...) {
        }
        faults += jvmtilayer::inject::faultLines(readText(log));
    }
    return faults;
}

std::string quoted(const std::vector<std::string>& words) {
    std::string out;
    for (const auto& w : words) out += (out.empty() ? "" : " ") + shellQuote(w);
    return out;
}

std::string libraryOf(const std::string& site) { return site.substr(0, site.find('+')); }

// What a finished run left in `dir`: reports, injection logs, and the hs_err files of its JVMs
// (--hs-err-dir sends them there), each matched to a pid the run's reports or logs name.
Observation observe(const fs::path& dir, const JobEnd& end, double timeout, const std::set<std::string>& agents) {
    Observation o;
    o.status = end.status;
    o.timedOut = end.timedOut;
    o.timeout = timeout;
    auto collected = collectReports(dir, {}, {});
    o.jvms = std::move(collected.jvms);
    std::set<int> pids;
    o.faults = faultLines(injectionLogs(dir, o.jvms), pids);
    for (const auto& j : o.jvms) pids.insert(j.pid);
    const std::vector<fs::path> crashes = hsErrFiles(dir, pids);
    if (!crashes.empty()) o.crash = parseHsErr(readText(crashes.front()), crashes.front().string(), agents);
    if (o.status != 0) o.declined = declineLine(readText(dir / "command.err") + readText(dir / "command.out"));
    return o;
}

struct Progress {
    bool terminal = ::isatty(2) != 0;
    std::size_t total = 0, done = 0, bad = 0;
    std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
    void show() const {
        if (!terminal) return;
        const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        std::fprintf(stderr, "\rjvmti-check: inject sweep: %zu/%zu runs done, %zu bad, %.0f s   ", done, total, bad, s);
        std::fflush(stderr);
    }
    void end() const {
        if (terminal && total > 0) std::fputc('\n', stderr);
    }
};

int writeOutputs(const SweepResult& result, const SweepOptions& o, const std::string& version) {
    // Every output is tried; one that cannot be written fails the sweep (status 2).
    std::size_t unwritten = 0;
    const auto write = [&](const std::optional<std::string>& file, const char* what, const std::function<std::string()>& text) {
        if (!file) return;
        std::string problem;
        try {
            if (auto p = jvmtireport::writeFileAtomically(*file, text())) problem = *p;
        } catch (const std::exception& e) {
            problem = e.what();
        }
        if (problem.empty()) {
            std::cerr << "jvmti-check: " << what << ": " << *file << "\n";
        } else {
            std::cerr << "jvmti-check: " << *file << ": " << problem << "\n";
            ++unwritten;
        }
    };
    write(o.json, "JSON", [&] { return jvmtireport::jsonText(toJson(result)) + "\n"; });
    write(o.sarif, "SARIF", [&] {
        std::error_code ec;
        SweepSarifContext context;
        context.toolVersion = version;
        context.sourceRoot = fs::absolute(o.sourceRoot ? fs::path(*o.sourceRoot) : fs::current_path(ec), ec).lexically_normal().string();
        return sweepSarif(result, context);
    });
    write(o.junit, "JUnit XML", [&] { return sweepJunit(result); });
    write(o.html, "HTML", [&] { return sweepHtml(result); });
    std::cout << sweepSummary(result) << std::flush;
    if (unwritten > 0) return fail(std::to_string(unwritten) + " output(s) could not be written: the sweep fails");
    return errorRuns(result) > 0 ? 1 : 0;
}

}  // namespace

int runInjectSweep(const SweepOptions& o, const std::string& argv0, const std::string& version) {
    if (auto problem = checkOutputs(o)) return fail(*problem);
    std::error_code ec;
    const fs::path cwd = fs::current_path(ec);
    const fs::path self = selfExecutable();
    if (self.empty()) return fail("cannot find this executable (/proc/self/exe)");
    fs::path sweepDir;
    if (auto problem = runDirectory(o.sweepDir, cwd / ("jvmti-check.sweep." + std::to_string(::getpid())), "--sweep-dir", sweepDir))
        return fail(*problem);

    std::vector<std::string> base{self.string()};
    if (o.layer) base.insert(base.end(), {"--layer", fs::absolute(*o.layer, ec).string()});
    base.insert(base.end(), o.settings.begin(), o.settings.end());
    const auto runArgs = [&](const std::string& rule, const fs::path& dir) {
        std::vector<std::string> argv = base;
        argv.insert(argv.end(), {"inject=" + rule, "inject-log=" + (dir / "%p.inject.log").string(), "--report-dir",
                                 dir.string(), "--hs-err-dir", dir.string(), "--"});
        argv.insert(argv.end(), o.command.begin(), o.command.end());
        return argv;
    };
    // A run's directory, made new inside the sweep's own; one an earlier sweep left there goes first.
    const auto prepare = [&](const fs::path& dir) {
        if (!jvmtifiles::notOwnDirectory(dir.string())) jvmtifiles::removeTree(dir.string());
        return !jvmtifiles::makeOwnDirectory(dir.string());
    };

    // The learning runs: every function that can fail, at probability 0, logs its call sites.
    // Several at once (as many as -j, at most 4, or --learning-runs): a site that only some runs
    // reach (a thread that races the VM's end) is still found. The first is the baseline.
    const unsigned jobs = o.jobs ? o.jobs : std::max(1u, std::thread::hardware_concurrency());
    const unsigned learners = o.learningRuns ? o.learningRuns : std::min(4u, jobs);
    std::vector<Job> learnJobs;
    for (unsigned k = 0; k < learners; ++k) {
        const fs::path dir = sweepDir / (k == 0 ? std::string("learn") : "learn-" + std::to_string(k + 1));
        if (!prepare(dir)) return fail("cannot make " + dir.string());
        learnJobs.push_back(Job{runArgs("all/p0", dir), dir, o.runTimeout});
    }
    const fs::path learnDir = learnJobs.front().dir;
    std::cerr << "jvmti-check: inject sweep: " << (learners == 1 ? "the learning run" : std::to_string(learners) + " learning runs")
              << " (files in " << learnDir.string() << (learners == 1 ? "" : " and learn-N") << ")\n";
    std::vector<JobEnd> learnEnds(learners);
    runJobs(learnJobs, std::min(learners, jobs), [&](std::size_t k, const JobEnd& end) { learnEnds[k] = end; });
    const JobEnd& learned = learnEnds.front();
    auto collected = collectReports(learnDir, {}, {});
    if (collected.jvms.empty()) {
        std::cerr << readText(learnDir / "command.err");
        return fail("the learning run checked no JVM (exit status " + statusText(learned.status) +
                    "): nothing to sweep; its output is in " + learnDir.string());
    }
    SweepResult result;
    result.version = version;
    result.command = shownCommand(o.settings, o.command);
    result.settings = o.settings;
    result.shardK = o.shardK;
    result.shardN = o.shardN;
    result.failOn = o.failOn;
    result.sweepDir = sweepDir.string();
    result.learningSeconds = learned.seconds;
    result.learningRuns = learners;
    result.baseline = baselineOf(learned.status, collected.jvms);
    std::size_t unnamed = 0;
    result.sites = readSites(injectionLogs(learnDir, collected.jvms), unnamed);
    // The other learning runs add the sites the first did not reach, in the order they saw them.
    // A site outside any library is an address of its own process, so only the first run's count.
    std::vector<fs::path> otherLogs;
    for (std::size_t k = 1; k < learnJobs.size(); ++k) {
        const auto logs = injectionLogs(learnJobs[k].dir, collectReports(learnJobs[k].dir, {}, {}).jvms);
        otherLogs.insert(otherLogs.end(), logs.begin(), logs.end());
    }
    std::size_t otherUnnamed = 0;
    joinSites(result.sites, readSites(otherLogs, otherUnnamed));
    auto all = planRuns(result.sites, metadataErrors());
    if (!o.rerun.empty()) {
        std::vector<std::string> unknown;
        all = selectRuns(all, o.rerun, unknown);
        for (const auto& rule : unknown)
            std::cerr << "jvmti-check: inject sweep: --rerun " << rule
                      << ": not a planned run of this sweep (the learning runs saw no such site, or its function has no such error)\n";
        if (all.empty()) return fail("--rerun: none of its " + std::to_string(o.rerun.size()) + " rule(s) is a planned run of this sweep");
    }
    result.possibleRuns = all.size();
    const auto planned = sampleRuns(all, o.maxRuns);
    result.plannedRuns = planned.size();
    for (const auto& r : planned) result.plannedRules.push_back(r.rule());
    const auto mine = shardRuns(planned, o.shardK, o.shardN);
    result.jobs = jobs;
    const double timeout = o.runTimeout > 0 ? o.runTimeout : std::max(60.0, 10 * learned.seconds);
    std::cerr << "jvmti-check: inject sweep: " << result.sites.size() << " call sites, " << result.plannedRuns << " runs";
    if (result.plannedRuns < result.possibleRuns) std::cerr << " of " << result.possibleRuns << " (--max-runs)";
    if (o.shardN > 1) std::cerr << ", " << mine.size() << " in shard " << o.shardK << "/" << o.shardN;
    std::cerr << "; -j " << result.jobs << ", at most " << static_cast<long>(timeout) << " s each";
    if (unnamed > 0) std::cerr << "; " << unnamed << " call site(s) outside any library left out";
    std::cerr << "\n";

    std::set<std::string> agents;
    for (const auto& s : result.sites) agents.insert(libraryOf(s.site));
    result.runs.resize(mine.size());
    std::map<std::tuple<std::string, std::string, std::string>, std::size_t> position;  // (function, site, error) -> run
    for (std::size_t i = 0; i < mine.size(); ++i) {
        auto& r = result.runs[i];
        r.run = mine[i];
        position[{mine[i].site.function, mine[i].site.site, mine[i].errorName}] = i;
        std::vector<std::string> replay{argv0};
        if (o.layer) replay.insert(replay.end(), {"--layer", *o.layer});
        replay.insert(replay.end(), o.settings.begin(), o.settings.end());
        replay.insert(replay.end(), {"inject=" + mine[i].rule(), "--"});
        const auto shown = shownCommand(o.settings, o.command);
        replay.insert(replay.end(), shown.begin(), shown.end());
        r.replay = quoted(replay);
    }
    result.chained = !o.oneFaultPerRun;
    Chains chains(mine, kMaxChain, result.chained);
    std::vector<Batch> batches;  // by job number
    std::vector<fs::path> dirs;
    std::string problem;
    Progress progress;
    progress.total = mine.size();
    progress.show();
    const auto started = std::chrono::steady_clock::now();
    const auto next = [&](Job& job) {
        Batch b;
        if (!problem.empty() || !chains.next(b)) return false;
        char name[32];
        if (b.alone()) std::snprintf(name, sizeof name, "run-%04zu", mine[b.runs.front()].index);
        else std::snprintf(name, sizeof name, "chain-%04zu", b.id);
        const fs::path dir = sweepDir / name;
        if (!prepare(dir)) {
            problem = "cannot make " + dir.string();
            return false;
        }
        job = Job{runArgs(chains.rule(b), dir), dir, timeout};
        batches.push_back(b);
        dirs.push_back(dir);
        return true;
    };
    const bool complete = runQueue(result.jobs, next, [&](std::size_t n, const JobEnd& end) {
        const Batch& b = batches[n];
        const Observation seen = observe(dirs[n], end, timeout, agents);
        // Which of the batch's faults were injected: its logs' fault lines.
        std::set<std::size_t> injected;
        for (const auto& log : injectionLogs(dirs[n], seen.jvms)) {
            std::istringstream lines(readText(log));
            for (std::string line; std::getline(lines, line);) {
                std::istringstream words(line);
                std::string fault, number, function, site, error;
                if (!(words >> fault >> number >> function >> site >> error) || fault != "fault") continue;
                if (const auto it = position.find({function, site, error}); it != position.end()) injected.insert(it->second);
            }
        }
        const std::size_t fired = injected.size();
        // The library of the one fault injected (where a crash or report surfaced), if one.
        const std::string library = fired == 1 ? libraryOf(mine[*injected.begin()].site.site)
                                    : b.alone() ? libraryOf(mine[b.runs.front()].site.site)
                                                : std::string();
        const Verdict v = classify(result.baseline, seen, library);
        const bool clean = v.outcome == Outcome::Handled || v.outcome == Outcome::NotReached;
        std::vector<std::size_t> settled;
        chains.done(b, injected, clean, settled);
        for (std::size_t i : settled) {
            auto& r = result.runs[i];
            r.crash = seen.crash;
            r.outcome = v.outcome;
            r.consequence = v.consequence;
            r.details = v.details;
            r.surfaced = v.surfaced;
            if (!b.alone()) {
                if (clean) r.outcome = Outcome::Handled;
                r.details.push_back("in a chained run of " + std::to_string(b.runs.size()) + " armed faults, " +
                                    std::to_string(fired) + " injected");
            }
            r.status = end.status;
            r.seconds = end.seconds;
            r.dir = dirs[n].string();
            ++progress.done;
            progress.bad += isBad(r.outcome) ? 1 : 0;
        }
        progress.show();
    });
    result.jvmStarts = learners + chains.batches();
    if (!problem.empty()) return fail(problem);
    progress.end();
    result.wallSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    if (!complete) {
        std::cerr << "jvmti-check: inject sweep interrupted: " << progress.done << " of " << mine.size() << " runs done\n";
        return 130;
    }
    return writeOutputs(result, o, version);
}

int runSweepMerge(const SweepOptions& o, const std::string& version) {
    if (auto problem = checkOutputs(o)) return fail(*problem);
    std::vector<SweepResult> shards;
    for (const auto& file : o.inputs) {
        std::string problem;
        const auto text = jvmtifiles::readNamedFile(file, kLogLimit, problem);
        if (!text) return fail("cannot read " + problem);
        const auto json = nlohmann::json::parse(*text, nullptr, false);
        if (json.is_discarded()) return fail(file + ": not JSON");
        SweepResult shard;
        if (auto problem = fromJson(json, shard)) return fail(file + ": " + *problem);
        shards.push_back(std::move(shard));
    }
    SweepResult merged;
    std::vector<std::string> warnings;
    if (auto problem = mergeResults(shards, merged, warnings)) return fail(*problem);
    for (const auto& w : warnings) std::cerr << "jvmti-check: warning: " << w << "\n";
    merged.version = version;
    merged.failOn = o.failOn;
    return writeOutputs(merged, o, version);
}

}  // namespace jvmticheck
