// How one run of a sweep ended, against the learning run (the baseline): not reached, handled,
// or one of the bad outcomes (hung, crashed, exit status changed, new violations, leaked).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "options.hpp"
#include "report/formats/jvm_report.hpp"
#include "sweep/crash.hpp"

namespace jvmticheck {

// In the order of precedence of the bad ones: a run that hung and crashed is "hung"; a changed
// exit status, the mildest (the agent stopped the program), comes last, so that a crash, a hang,
// a new violation or a leak is never hidden behind it. Declined:
// an agent returned an error from Agent_OnLoad/Agent_OnAttach after a fault at its start-up, and
// the JVM said so (the agent refused to start without what it needs): handled, at note level.
enum class Outcome { Handled, Declined, NotReached, Hung, Crashed, NewViolations, Leaked, StatusChanged };
inline constexpr Outcome kOutcomes[] = {Outcome::Handled, Outcome::Declined, Outcome::NotReached, Outcome::Hung,
                                        Outcome::Crashed, Outcome::NewViolations, Outcome::Leaked, Outcome::StatusChanged};

const char* outcomeName(Outcome o);                           // "handled", "exit status changed", ...
std::optional<Outcome> parseOutcome(const std::string& name); // the reverse
bool isBad(Outcome o);                                        // neither handled, declined nor not reached
std::string outcomeRuleId(Outcome o);                         // SARIF's rule: "sweep.exit-status-changed"

// A run's level under --fail-on: error for a bad outcome --fail-on names, warning for the other
// bad ones, note for a declined start, none for handled and not reached.
enum class RunLevel { None, Note, Warning, Error };
RunLevel levelOf(Outcome o, const SweepFailOn& failOn);
const char* levelName(RunLevel level);  // "error", "warning", "note", "none"
const char* failOnWord(Outcome o);      // --fail-on's word of a bad outcome: "crash", ...; "" for the others

// What the learning run ended with.
struct Baseline {
    int status = 0;
    std::map<std::string, std::uint64_t> rules;  // error and warning ids (not leak.*, not inject.*) -> reports
    std::map<std::string, std::uint64_t> leaks;  // leak.* ids -> reports
    std::size_t jvms = 0, unfinished = 0;
};
Baseline baselineOf(int status, const std::vector<jvmtireport::JvmReport>& jvms);

// A place in the agent where the fault showed: a crash's frame, a new report's call site.
struct Surfaced {
    std::string where;  // a site's text: "libfaulty.so!onVMInit+0x4b (/src/faulty.cpp:54)"
    std::string what;   // "crashed here (SIGSEGV)", "GetClassSignature.klass.invalid reported here"
};

// What one run left.
struct Observation {
    int status = 0;
    bool timedOut = false;
    double timeout = 0;          // seconds, for the words
    std::size_t faults = 0;      // "fault" lines of its injection logs
    std::vector<jvmtireport::JvmReport> jvms;
    std::optional<Crash> crash;  // from an hs_err file
    std::string declined;        // the JVM's line saying an agent failed to start, if the run's output has one
};

// The line of a run's output (standard error and output) in which the JVM says an agent's
// Agent_OnLoad or Agent_OnAttach returned an error: HotSpot's "agent library failed to init:
// NAME" (JDK 17), "agent library failed Agent_OnLoad: NAME" (JDK 21 on), the Attach API's
// "Agent_OnAttach failed", or the layer's own "Agent_OnLoad of PATH returned N". "" when none.
std::string declineLine(const std::string& output);

struct Verdict {
    Outcome outcome = Outcome::Handled;
    // What the outcome came to, the same text for every error that ends so at a call site: a
    // crash's signal and frame in the agent, the new rule ids, the leak ids, the exit status.
    std::string consequence;
    std::vector<std::string> details;  // every finding, the outcome's first
    std::vector<Surfaced> surfaced;
};

// `library`: the agent library of the injected site (libfaulty.so); reports and frames there
// are where the fault surfaced.
Verdict classify(const Baseline& baseline, const Observation& run, const std::string& library);

// "134 (SIGABRT)", "0".
std::string statusText(int status);

}  // namespace jvmticheck
