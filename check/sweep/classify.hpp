// How one run of a sweep ended, against the learning run (the baseline): not reached, handled,
// or one of the bad outcomes (hung, crashed, exit status changed, new violations, leaked).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "report/formats/jvm_report.hpp"
#include "sweep/crash.hpp"

namespace jvmticheck {

// In the order of precedence of the bad ones: a run that hung and crashed is "hung".
enum class Outcome { Handled, NotReached, Hung, Crashed, StatusChanged, NewViolations, Leaked };
inline constexpr Outcome kOutcomes[] = {Outcome::Handled, Outcome::NotReached, Outcome::Hung, Outcome::Crashed,
                                        Outcome::StatusChanged, Outcome::NewViolations, Outcome::Leaked};

const char* outcomeName(Outcome o);                           // "handled", "exit status changed", ...
std::optional<Outcome> parseOutcome(const std::string& name); // the reverse
bool isBad(Outcome o);                                        // neither handled nor not reached
std::string outcomeRuleId(Outcome o);                         // SARIF's rule: "sweep.exit-status-changed"

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
};

struct Verdict {
    Outcome outcome = Outcome::Handled;
    std::vector<std::string> details;  // every finding, the outcome's first
    std::vector<Surfaced> surfaced;
};

// `library`: the agent library of the injected site (libfaulty.so); reports and frames there
// are where the fault surfaced.
Verdict classify(const Baseline& baseline, const Observation& run, const std::string& library);

// "134 (SIGABRT)", "0".
std::string statusText(int status);

}  // namespace jvmticheck
