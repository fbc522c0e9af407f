#include "sweep/classify.hpp"

#include <algorithm>
#include <csignal>
#include <cstring>

namespace jvmticheck {

using jvmtireport::JvmReport;
using jvmtireport::Level;

namespace {

struct Names {
    Outcome outcome;
    const char* name;
    const char* ruleId;
};
constexpr Names kNames[] = {
    {Outcome::Handled, "handled", "sweep.handled"},
    {Outcome::NotReached, "not reached", "sweep.not-reached"},
    {Outcome::Hung, "hung", "sweep.hung"},
    {Outcome::Crashed, "crashed", "sweep.crashed"},
    {Outcome::StatusChanged, "exit status changed", "sweep.exit-status-changed"},
    {Outcome::NewViolations, "new violations", "sweep.new-violations"},
    {Outcome::Leaked, "leaked", "sweep.leaked"},
};

bool startsWith(const std::string& s, const char* start) { return s.rfind(start, 0) == 0; }

// The ids a run's JVMs reported at warning or error (not ignored), with their reports, and
// the first site of each in `library`, if any.
struct Seen {
    std::map<std::string, std::uint64_t> rules, leaks;
    std::map<std::string, std::string> siteIn;
};

Seen seenIn(const std::vector<JvmReport>& jvms, const std::string& library) {
    Seen out;
    for (const auto& jvm : jvms)
        for (const auto& r : jvm.rules) {
            if (r.ignored || r.level < Level::Warning || startsWith(r.id, "inject.")) continue;
            (startsWith(r.id, "leak.") ? out.leaks : out.rules)[r.id] += r.reported;
            if (out.siteIn.count(r.id) || library.empty()) continue;
            for (const auto& s : r.sites)
                if (jvmtireport::parseSite(s.text).module == library) {
                    out.siteIn[r.id] = s.text;
                    break;
                }
        }
    return out;
}

bool signalStatus(int status) { return status > 128 && status <= 128 + 64; }

}  // namespace

const char* outcomeName(Outcome o) {
    for (const auto& n : kNames)
        if (n.outcome == o) return n.name;
    return "?";
}

std::optional<Outcome> parseOutcome(const std::string& name) {
    for (const auto& n : kNames)
        if (name == n.name) return n.outcome;
    return std::nullopt;
}

bool isBad(Outcome o) { return o != Outcome::Handled && o != Outcome::NotReached; }

std::string outcomeRuleId(Outcome o) {
    for (const auto& n : kNames)
        if (n.outcome == o) return n.ruleId;
    return "sweep.unknown";
}

std::string statusText(int status) {
    std::string out = std::to_string(status);
    if (signalStatus(status)) {
        const char* abbrev = sigabbrev_np(status - 128);
        out += abbrev ? " (SIG" + std::string(abbrev) + ")" : " (signal " + std::to_string(status - 128) + ")";
    }
    return out;
}

Baseline baselineOf(int status, const std::vector<JvmReport>& jvms) {
    Baseline b;
    b.status = status;
    const Seen seen = seenIn(jvms, "");
    b.rules = seen.rules;
    b.leaks = seen.leaks;
    b.jvms = jvms.size();
    for (const auto& j : jvms) b.unfinished += j.finished ? 0 : 1;
    return b;
}

Verdict classify(const Baseline& baseline, const Observation& run, const std::string& library) {
    Verdict v;
    std::vector<std::pair<Outcome, std::size_t>> found;  // each finding and its detail's index
    const auto note = [&](Outcome o, const std::string& detail) {
        found.emplace_back(o, v.details.size());
        v.details.push_back(detail);
    };
    if (run.timedOut) note(Outcome::Hung, "no end after " + std::to_string(static_cast<long>(run.timeout)) +
                                              " s: its process group was killed");
    std::size_t unfinished = 0;
    for (const auto& j : run.jvms) unfinished += j.finished ? 0 : 1;
    if (run.crash) {
        const Crash& c = *run.crash;
        std::string what = "the JVM crashed";
        if (!c.signal.empty()) what += ": " + c.signal;
        if (!c.problematicFrame.empty()) what += "; problematic frame: " + c.problematicFrame;
        note(Outcome::Crashed, what);
        v.details.push_back("hs_err: " + c.hsErr);
        for (const auto& f : c.frames) v.details.push_back("  " + f.text);
        for (const auto& f : c.frames)
            if (!f.where.empty()) {
                const std::string sig = c.signal.substr(0, c.signal.find(' '));
                v.surfaced.push_back({f.where, std::string(f.fromStack ? "crashed in a function called here" : "crashed here") +
                                                   (sig.empty() ? std::string() : " (" + sig + ")")});
                break;
            }
    } else if (!run.timedOut && signalStatus(run.status) && run.status != baseline.status) {
        note(Outcome::Crashed, "ended by a signal: status " + statusText(run.status) + " (no hs_err file)");
    }
    if (!run.timedOut && unfinished > baseline.unfinished)
        v.details.push_back(std::to_string(unfinished) + " JVM(s) did not end normally (the learning run: " +
                            std::to_string(baseline.unfinished) + ")");
    if (!run.timedOut && run.status != baseline.status)
        note(Outcome::StatusChanged, "exit status " + statusText(run.status) + ", the learning run's " + statusText(baseline.status));

    const Seen seen = seenIn(run.jvms, library);
    for (const auto& [id, count] : seen.rules)
        if (!baseline.rules.count(id)) {
            const auto site = seen.siteIn.find(id);
            note(Outcome::NewViolations, id + ": " + std::to_string(count) + " report(s)" +
                                             (site != seen.siteIn.end() ? ", from " + site->second : std::string()));
            if (site != seen.siteIn.end()) v.surfaced.push_back({site->second, id + " reported here"});
        }
    for (const auto& [id, count] : seen.leaks) {
        const auto before = baseline.leaks.find(id);
        const std::uint64_t was = before == baseline.leaks.end() ? 0 : before->second;
        if (count <= was) continue;
        const auto site = seen.siteIn.find(id);
        note(Outcome::Leaked, id + ": " + std::to_string(count) + " report(s), the learning run's " + std::to_string(was) +
                                  (site != seen.siteIn.end() ? ", from " + site->second : std::string()));
        if (site != seen.siteIn.end()) v.surfaced.push_back({site->second, id + " reported here"});
    }

    if (found.empty()) {
        v.outcome = run.faults == 0 ? Outcome::NotReached : Outcome::Handled;
        v.details.insert(v.details.begin(), run.faults == 0 ? "no fault injected: the site's function was not called there"
                                                            : "the same exit status and reports as the learning run");
        return v;
    }
    auto worst = found.front();
    for (const auto& f : found)
        if (static_cast<int>(f.first) < static_cast<int>(worst.first)) worst = f;
    v.outcome = worst.first;
    // Its words first.
    std::rotate(v.details.begin(), v.details.begin() + static_cast<std::ptrdiff_t>(worst.second),
                v.details.begin() + static_cast<std::ptrdiff_t>(worst.second) + 1);
    if (run.faults == 0) v.details.push_back("no fault was injected in this run: the difference is the command's own");
    return v;
}

}  // namespace jvmticheck
