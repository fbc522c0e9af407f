#include "confirm.hpp"

#include <unistd.h>

#include <cctype>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <tuple>
#include <utility>

#include "files/own_files.hpp"
#include "inject/plan.hpp"
#include "suppress.hpp"
#include "sweep/jobs.hpp"

namespace jvmtilint {

namespace {

namespace fs = std::filesystem;
using CheckSarif = nlohmann::json;  // jvmti-check's SARIF, read

constexpr std::size_t kReadLimit = 64u << 20;  // a report or log of ours larger than this is not one

// What one run left behind.
struct Evidence {
    bool crashed = false;
    std::string crashWhy;
    std::uint64_t faults = 0;
    struct Report {
        std::string rule, file;
        unsigned line = 0;
    };
    std::vector<Report> reports;  // the layer's errors and warnings with a source line
};

// The names in `dir` (one of ours); none when it cannot be read.
std::vector<std::string> entries(const std::string& dir) {
    std::vector<std::string> out;
    std::error_code ec;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) out.push_back(it->path().filename());
    return out;
}

// A file URI or a relative URI reference of SARIF as a path: "%2F"-style escapes decoded.
std::string uriToPath(std::string uri) {
    if (uri.rfind("file://", 0) == 0) uri.erase(0, 7);
    std::string out;
    for (std::size_t i = 0; i < uri.size(); ++i) {
        if (uri[i] == '%' && i + 2 < uri.size() && std::isxdigit(static_cast<unsigned char>(uri[i + 1])) &&
            std::isxdigit(static_cast<unsigned char>(uri[i + 2]))) {
            out += static_cast<char>(std::stoi(uri.substr(i + 1, 2), nullptr, 16));
            i += 2;
        } else {
            out += uri[i];
        }
    }
    return out;
}

// `a` and `b` name the same file when one is the other's tail by whole components, as inject='s
// FILE:LINE sites are matched.
bool sameFile(const std::string& a, const std::string& b) {
    return jvmtilayer::inject::fileMatches(a, b) || jvmtilayer::inject::fileMatches(b, a);
}

// Reads the run's outputs: the fatal error logs, the injection logs, jvmti-check's SARIF.
std::optional<std::string> gather(const std::string& dir, int status, Evidence& e) {
    for (const auto& name : entries(dir + "/hs-err")) {
        e.crashed = true;
        e.crashWhy = "the JVM crashed (" + name + ")";
    }
    if (!e.crashed && status >= 128 + 1 && status < 128 + 65) {
        e.crashed = true;
        e.crashWhy = "the program was ended by signal " + std::to_string(status - 128);
    }
    for (const auto& name : entries(dir)) {
        if (name.rfind("inject.", 0) != 0 || name.size() < 11 || name.compare(name.size() - 4, 4, ".log") != 0) continue;
        std::string error;
        const auto text = jvmtifiles::readOwnFile(dir + "/" + name, kReadLimit, error);
        if (!text) return name + ": " + error;
        e.faults += jvmtilayer::inject::faultLines(*text);
    }
    std::string error;
    const auto sarif = jvmtifiles::readOwnFile(dir + "/check.sarif", kReadLimit, error);
    if (!sarif) return "jvmti-check's SARIF: " + error;
    const CheckSarif log = CheckSarif::parse(*sarif, nullptr, false);
    if (!log.is_object()) return "jvmti-check's SARIF is not JSON";
    for (const auto& run : log.value("runs", CheckSarif::array()))
        for (const auto& result : run.value("results", CheckSarif::array())) {
            const std::string level = result.value("level", "warning");
            if (level != "error" && level != "warning") continue;
            for (const auto& location : result.value("locations", CheckSarif::array())) {
                const CheckSarif physical = location.value("physicalLocation", CheckSarif::object());
                const CheckSarif artifact = physical.value("artifactLocation", CheckSarif::object());
                const unsigned line = physical.value("region", CheckSarif::object()).value("startLine", 0u);
                if (!artifact.contains("uri") || line == 0) continue;
                e.reports.push_back({result.value("ruleId", ""), uriToPath(artifact.value("uri", "")), line});
            }
        }
    return std::nullopt;
}

// The verdict on `f` from what its run left.
std::pair<std::string, std::string> judge(const Finding& f, const Evidence& e, const std::string& root) {
    if (e.faults == 0) return {"not reached", "no call of " + f.failedFunction + " was made at that line"};
    if (e.crashed) return {"confirmed", e.crashWhy};
    std::vector<Place> path{f.at, f.failedAt};
    for (const auto& n : f.notes) path.push_back(n.at);
    for (const auto& r : e.reports)
        for (const auto& p : path)
            if (p.line == r.line && sameFile(p.file, r.file))
                return {"confirmed", "the layer reported " + r.rule + " at " + displayPath(p.file, root) + ":" +
                                         std::to_string(r.line)};
    return {"handled", "the fault was injected and nothing went wrong"};
}

// The last line of `text` that is not empty.
std::string lastLine(const std::string& text) {
    std::size_t end = text.find_last_not_of('\n');
    if (end == std::string::npos) return "";
    const std::size_t start = text.rfind('\n', end);
    return text.substr(start == std::string::npos ? 0 : start + 1, end - (start == std::string::npos ? 0 : start + 1) + 1);
}

}  // namespace

bool confirmable(const Finding& f) { return !f.injectRule(f.failedAt.file).empty(); }

std::string findCheckTool(const std::string& exeDir) {
    for (const char* relative : {"jvmti-check", "../check/jvmti-check"}) {
        const fs::path candidate = fs::path(exeDir) / relative;
        if (::access(candidate.c_str(), X_OK) == 0) return candidate.lexically_normal().string();
    }
    return "";
}

std::optional<std::string> confirmFindings(std::vector<Finding>& findings, const ConfirmSetup& setup, std::ostream& log) {
    std::string error;
    const auto work = jvmtifiles::makeWorkDirectory("jvmti-lint-confirm", error);
    if (!work) return "no directory for the runs: " + error;
    // One run per confirmable finding, in the order of the findings.
    struct Run {
        Finding* finding;
        std::string rule, dir;
    };
    std::vector<Run> runs;
    for (Finding& f : findings)
        if (confirmable(f))
            runs.push_back({&f, f.injectRule(displayPath(f.failedAt.file, setup.root)),
                            *work + "/" + std::to_string(runs.size() + 1)});
    std::optional<std::string> failure;  // the first run that left nothing to judge by
    std::size_t given = 0;
    const auto next = [&](jvmticheck::Job& job) {
        while (given < runs.size() && !failure) {
            const Run& r = runs[given++];
            std::optional<std::string> problem = jvmtifiles::makeOwnDirectory(r.dir);
            if (!problem) problem = jvmtifiles::makeOwnDirectory(r.dir + "/hs-err");
            if (problem) {
                failure = "inject=" + r.rule + ": " + *problem;
                return false;
            }
            job.argv = {setup.checkTool};
            if (setup.layer) job.argv.insert(job.argv.end(), {"--layer", *setup.layer});
            job.argv.insert(job.argv.end(), {"--report-dir", r.dir + "/reports", "--hs-err-dir", r.dir + "/hs-err", "--sarif",
                                             r.dir + "/check.sarif", "inject=" + r.rule,
                                             "inject-log=" + r.dir + "/inject.%p.log", "--"});
            job.argv.insert(job.argv.end(), setup.command.begin(), setup.command.end());
            job.dir = r.dir;
            job.timeout = setup.runTimeout;
            return true;
        }
        return false;
    };
    const auto ended = [&](std::size_t n, const jvmticheck::JobEnd& end) {
        const Run& r = runs[n];
        Finding& f = *r.finding;
        Evidence evidence;
        if (end.timedOut) {
            char seconds[32];
            std::snprintf(seconds, sizeof seconds, "%g", setup.runTimeout);
            f.verdict = "hung";
            f.verdictWhy = std::string("the program still ran after ") + seconds + " s and was killed (--run-timeout)";
        } else if (auto problem = end.status == 127 ? std::optional<std::string>(setup.checkTool + " could not be run")
                                                     : gather(r.dir, end.status, evidence)) {
            // A run that left no evidence fails the whole confirmation: no verdict is guessed.
            std::string said;
            if (const auto text = jvmtifiles::readOwnFile(r.dir + "/command.err", kReadLimit, error); text && !text->empty())
                said = "; it said: " + lastLine(*text);
            if (!failure)
                failure = "inject=" + r.rule + ": the run of jvmti-check (status " + std::to_string(end.status) +
                          ") left no verdict: " + *problem + said;
            return;
        } else {
            std::tie(f.verdict, f.verdictWhy) = judge(f, evidence, setup.root);
        }
        log << "jvmti-lint: --confirm: inject=" << r.rule << ": " << f.verdict << " (" << f.verdictWhy << ")\n";
        log.flush();
    };
    const bool whole = jvmticheck::runQueue(setup.jobs, next, ended);
    jvmtifiles::removeTree(*work);
    if (failure) return failure;
    if (!whole) return std::string("interrupted: the runs were stopped");
    return std::nullopt;
}

}  // namespace jvmtilint
