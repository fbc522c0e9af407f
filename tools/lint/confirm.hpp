// --confirm: each finding that needs a call to fail is tried on the running program. The program
// runs once per such finding behind the layer, through jvmti-check (which finds the agents of any
// java command and puts them behind the layer) with the finding's inject= rule, each run in a
// directory of its own made new. Its outcome becomes the finding's verdict:
//   confirmed   the JVM crashed after the fault, or the layer reported an error or a warning at
//               a line of the finding's path (its place, its notes, the failed call)
//   handled     the fault was injected and nothing went wrong
//   not reached no fault was injected: the program never made the call at that line
//   hung        the program still ran at the run timeout and was killed with everything it started
#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "model/finding.hpp"

namespace jvmtilint {

struct ConfirmSetup {
    std::string checkTool;              // jvmti-check
    std::optional<std::string> layer;   // --layer, passed on
    std::vector<std::string> command;   // the program, after `--`
    std::string root;                   // the working directory: rules name files relative to it
    unsigned jobs = 1;                  // runs at a time (-j)
    double runTimeout = 0;              // seconds a run may take (--run-timeout); 0: no limit
};

// Seconds a run may take when --run-timeout does not say.
inline constexpr double kRunTimeout = 300;

// Whether the finding can be confirmed: it carries an inject= rule.
bool confirmable(const Finding& f);

// Runs the program once for each confirmable finding and sets its verdict. Progress goes to
// `log`, one line per run, as runs end. nullopt on success, else why the runs could not be made
// (no directory), why one run left no evidence to judge by (jvmti-check refused the command, its
// SARIF is missing: no verdict is guessed), or that a signal stopped them.
std::optional<std::string> confirmFindings(std::vector<Finding>& findings, const ConfirmSetup& setup, std::ostream& log);

// jvmti-check beside jvmti-lint (installed) or where the build tree has it; "" when neither.
std::string findCheckTool(const std::string& exeDir);

}  // namespace jvmtilint
