// A finding of jvmti-lint as its outputs see it, and one translation unit's results as a worker
// hands them to the parent process (JSON over a pipe).
#pragma once

#include <optional>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "model/capability_facts.hpp"

namespace jvmtilint {

struct Place {
    std::string file;  // absolute, normalised
    unsigned line = 0, column = 0;
    bool valid() const { return !file.empty() && line > 0; }
};

struct Note {
    Place at;
    std::string message;
};

struct Finding {
    std::string rule;
    std::string message;
    Place at;
    std::vector<Note> notes;   // the path to the finding, in order, then the checker's own notes
    std::string function;      // the agent's function it is in
    std::string severity;      // "" for the catalogue's; "warning" for the whole-program rule
    // A finding that shows only when a call fails: that call, for --confirm's inject= rule.
    std::string failedFunction, failedError;
    Place failedAt;
    // The functions called on its path (no_return.hpp): a call of one that never returns
    // leaves the finding out.
    std::vector<std::string> pathCalls;
    bool impossible = false;  // its path passes such a call: it is left out
    // --confirm's verdict on it ("confirmed", "handled", "not reached", "hung"; "" when not run), and why.
    std::string verdict, verdictWhy;

    // "GetThreadInfo@agent.c:42/THREAD_NOT_ALIVE", with the file as given; "" when none.
    std::string injectRule(const std::string& file) const;
};

struct TuResult {
    std::string file;          // as given
    bool compiled = true;      // false: the compiler's errors are in `diagnostics`
    std::string diagnostics;   // the compiler's errors, as it prints them
    std::vector<Finding> findings;
    CapabilityFacts capabilities;
    std::vector<std::string> noReturn;  // its functions other units call that never return
};

nlohmann::json toJson(const TuResult& r);
std::optional<TuResult> tuResultFromJson(const std::string& text);

nlohmann::json toJson(const Finding& f);
Finding findingFromJson(const nlohmann::json& j);

// Marks impossible the findings whose path passes a call of a function in `endless` (functions
// that never return, no_return.hpp).
void markPathsThroughNoReturn(std::vector<Finding>& findings, const std::set<std::string>& endless);

// Orders findings by file, line, column, rule, message.
bool operator<(const Finding& a, const Finding& b);

}  // namespace jvmtilint
