#include "sweep/classify.hpp"

#include <algorithm>
#include <csignal>
#include <cstring>
#include <string_view>

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
    {Outcome::Declined, "declined", "sweep.declined"},
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

// The ids of `seen` the baseline had fewer reports of (none, for rules), joined by ", ".
std::string newIds(const std::map<std::string, std::uint64_t>& seen, const std::map<std::string, std::uint64_t>& before) {
    std::string out;
    for (const auto& [id, count] : seen) {
        const auto it = before.find(id);
        if (count > (it == before.end() ? 0 : it->second)) out += (out.empty() ? "" : ", ") + id;
    }
    return out;
}

std::string consequenceOf(Outcome o, const Observation& run, const Verdict& v, const Baseline& baseline, const std::string& library) {
    switch (o) {
    case Outcome::Hung: return "no end within the run's timeout";
    case Outcome::StatusChanged: return "exit status " + statusText(run.status);
    case Outcome::Crashed: {
        if (!run.crash) return "ended by a signal: status " + statusText(run.status);
        const std::string sig = run.crash->signal.substr(0, run.crash->signal.find(' '));
        for (const auto& s : v.surfaced)
            if (s.what.rfind("crashed", 0) == 0) return sig + " " + s.what + ": " + s.where;
        // No frame in the agent: the problematic frame, without the library's address.
        std::string frame = run.crash->problematicFrame;
        if (const auto bracket = frame.find(']'); bracket != std::string::npos) {
            const auto plus = frame.rfind('+', bracket);
            const auto open = frame.find('[');
            if (plus != std::string::npos && open != std::string::npos && plus > open) frame.erase(plus, bracket - plus);
        }
        return sig + " in " + frame;
    }
    case Outcome::NewViolations: {
        const Seen seen = seenIn(run.jvms, library);
        return "new rule ids: " + newIds(seen.rules, baseline.rules);
    }
    case Outcome::Leaked: {
        const Seen seen = seenIn(run.jvms, library);
        return "more reports of " + newIds(seen.leaks, baseline.leaks);
    }
    default: return outcomeName(o);
    }
}

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

bool isBad(Outcome o) { return o != Outcome::Handled && o != Outcome::NotReached && o != Outcome::Declined; }

const char* failOnWord(Outcome o) {
    switch (o) {
    case Outcome::Crashed: return "crash";
    case Outcome::Hung: return "hang";
    case Outcome::NewViolations: return "violation";
    case Outcome::Leaked: return "leak";
    case Outcome::StatusChanged: return "exit";
    default: return "";
    }
}

RunLevel levelOf(Outcome o, const SweepFailOn& f) {
    switch (o) {
    case Outcome::Crashed: return f.crash ? RunLevel::Error : RunLevel::Warning;
    case Outcome::Hung: return f.hang ? RunLevel::Error : RunLevel::Warning;
    case Outcome::NewViolations: return f.violation ? RunLevel::Error : RunLevel::Warning;
    case Outcome::Leaked: return f.leak ? RunLevel::Error : RunLevel::Warning;
    case Outcome::StatusChanged: return f.exit ? RunLevel::Error : RunLevel::Warning;
    case Outcome::Declined: return RunLevel::Note;
    default: return RunLevel::None;
    }
}

const char* levelName(RunLevel level) {
    switch (level) {
    case RunLevel::Error: return "error";
    case RunLevel::Warning: return "warning";
    case RunLevel::Note: return "note";
    default: return "none";
    }
}

std::string declineLine(const std::string& output) {
    static const char* const kSaid[] = {"agent library failed to init: ", "agent library failed Agent_OnLoad: ",
                                        "agent library failed Agent_OnAttach: ", "Agent_OnAttach failed"};
    std::size_t from = 0;
    while (from < output.size()) {
        const std::size_t end = std::min(output.find('\n', from), output.size());
        const std::string_view line(output.data() + from, end - from);
        for (const char* said : kSaid)
            if (line.find(said) != std::string_view::npos) return std::string(line.substr(0, 400));
        // The layer's line when the agent it loaded returned an error: "... Agent_OnLoad of PATH returned N".
        if (line.find("jvmtilayer: error: Agent_On") != std::string_view::npos && line.find(" returned ") != std::string_view::npos)
            return std::string(line.substr(0, 400));
        from = end + 1;
    }
    return "";
}

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

    // Only a changed exit status, and the JVM says an agent refused to start after a fault: the
    // agent declined, as the spec lets it (Agent_OnLoad's error ends the VM's start).
    const bool onlyStatus = !found.empty() && std::all_of(found.begin(), found.end(), [](const auto& f) {
        return f.first == Outcome::StatusChanged;
    });
    if (onlyStatus && !run.declined.empty() && run.faults > 0) {
        v.outcome = Outcome::Declined;
        v.consequence = "declined to start";
        v.details.insert(v.details.begin(), "the agent declined to start: " + run.declined);
        return v;
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
    v.consequence = consequenceOf(v.outcome, run, v, baseline, library);
    // Its words first.
    std::rotate(v.details.begin(), v.details.begin() + static_cast<std::ptrdiff_t>(worst.second),
                v.details.begin() + static_cast<std::ptrdiff_t>(worst.second) + 1);
    if (run.faults == 0) v.details.push_back("no fault was injected in this run: the difference is the command's own");
    return v;
}

}  // namespace jvmticheck
