// The plan of inject=: which calls of the agents fail, and with which error. This part knows no
// JVM and no generated code: the caller describes the functions (an Universe), parse() checks
// every rule against it and compiles it, and the injector (injector.cpp) follows the plan.
//
// A rule is FUNCTIONS[@SITE][/ERROR][/WHEN] (a FILE:LINE site may hold '/': it ends at its line):
//   FUNCTIONS  what trace= selects by name: a function, a category (thread, threadCategory),
//              func, allfunc or all; no flags
//   SITE       one call site of an agent, LIBRARY+0xOFFSET (the library's file name and the
//              offset of the return address in it, as the injection log and the sweep print it);
//              or the calls of one source line, FILE:LINE (FILE a base name or the tail of a
//              path, matched by whole path components against the line the agent's DWARF
//              names; jvmti-lint prints its findings' rules so). The list of rules is split at
//              ':' before the plan sees it: an item starting with a digit after a rule whose
//              site has no line yet is that site's LINE, joined back.
//   ERROR      JVMTI_ERROR_NAME or NAME: one error, which the function must be able to return;
//              each: the function's environmental errors in turn (the default); any: one of
//              them drawn with the seed
//   WHEN       N: the Nth call only; %N: every Nth call; pP: each call with probability P
//              (0 to 1); every call when left out
// The Nth call counts the calls of one function that the rule matches (at its site, if it
// names one).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace jvmtilayer::inject {

struct FunctionFacts {
    int num = 0;                    // the function's number in the table
    std::string name;
    std::string category;           // the spec's category id
    bool traceByDefault = true;     // as trace= knows it (func leaves the others out)
    std::vector<int> allowed;       // every error the spec allows it
    std::vector<int> environmental; // those the VM's state causes with right arguments
};

struct ErrorFacts {
    int value = 0;
    std::string name;  // JVMTI_ERROR_...
};

struct Universe {
    std::vector<FunctionFacts> functions;
    std::vector<ErrorFacts> errors;
};

// Functions never failed on purpose: their failure would keep memory or a VM resource the agent
// means to give back (Deallocate, DisposeEnvironment, DestroyRawMonitor, RelinquishCapabilities)
// or hold a monitor for ever (RawMonitorExit).
bool neverInjected(const std::string& function);

enum class ErrorMode { Named, Each, Any };
enum class When { Always, Nth, Every, Probability };

struct Rule {
    std::string text;             // as given
    std::vector<int> functions;   // indexes into Universe::functions
    std::string site;             // LIBRARY+0xOFFSET; "" for any site
    std::string siteFile;         // FILE:LINE sites: the file's path tail ("" for none)
    int siteLine = 0;             //   and its line, from 1
    ErrorMode mode = ErrorMode::Each;
    int error = 0;                // ErrorMode::Named
    When when = When::Always;
    std::uint64_t n = 0;          // Nth, Every
    double probability = 0;       // Probability
};

struct Plan {
    std::vector<Rule> rules;
    std::vector<std::string> warnings;  // rules that leave some selected functions out
};

struct PlanResult {
    std::optional<Plan> plan;
    std::string error;  // what is wrong, naming the rule; empty on success
    explicit operator bool() const noexcept { return plan.has_value(); }
};

PlanResult parse(const std::vector<std::string>& rules, const Universe& universe);

// Whether `path` (a source file as the DWARF names it) is the file of a FILE:LINE site: the
// same path, or one ending in '/' and then `tail`.
bool fileMatches(const std::string& path, const std::string& tail);

// How many faults an injection log (inject-log=) records: its lines that start "fault ".
std::size_t faultLines(std::string_view log);

// A site written as the plan expects it: LIBRARY+0xOFFSET with the offset in lower-case hex.
std::string siteText(const std::string& library, std::uintptr_t offset);

}  // namespace jvmtilayer::inject
