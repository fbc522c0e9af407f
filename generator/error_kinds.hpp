// Which of a function's errors a correct agent must handle. Every error the spec allows a
// function (derive.hpp's allowedErrors) is of one of two kinds:
//
//   environmental  the VM's state can cause it when the arguments are right: a thread that
//                  ended, a class unloaded under a saved ID, the dead phase, memory, frames,
//                  information the VM did not keep, what this VM supports;
//   caller         only a caller's mistake causes it: the arguments (a NULL, a bad value, a
//                  reference that is not one) and the agent's own earlier calls (the
//                  capabilities it added, the breakpoints it set) decide it.
//
// The rule is a table of error name -> kind (errorKindRules), refined in two ways: WRONG_PHASE
// is caller-only for a function the VM lets agents call in every phase it can be in when the
// call can be made (phase any, or OnLoad only), and a small table of (function, error)
// exceptions where the function's own description decides against the rule. An error the table
// does not know (a newer spec) is environmental, and validation warns about it by name.
// docs/generator.md states the rule and the exceptions with the reasons.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "model.hpp"

namespace jvmtigen {

enum class ErrorKind { Environmental, Caller };
const char* errorKindName(ErrorKind k);  // "environmental", "caller"

// One row of the rule: an error name and its kind wherever the spec allows it.
struct ErrorKindRule {
    const char* error;
    ErrorKind kind;
};
std::span<const ErrorKindRule> errorKindRules();  // sorted by name

// One exception: the kind of `error` when `function` returns it, against the rule.
struct ErrorKindException {
    const char* function;
    const char* error;
    ErrorKind kind;
};
std::span<const ErrorKindException> errorKindExceptions();

// The rule's kind of an error name; nullopt when the table does not know it.
std::optional<ErrorKind> ruleKind(const std::string& error);

// The kind of `error` when `f` returns it: an exception, else WRONG_PHASE by f's phase, else
// the rule, else environmental.
ErrorKind errorKind(const Function& f, const std::string& error);

// The errors the spec allows `f` that the spec defines (allowedErrors, without any name it
// never declares), each with its kind and number, sorted by number.
struct ClassifiedError {
    const ErrorCode* error;
    ErrorKind kind;
};
std::vector<ClassifiedError> classifiedErrors(const Spec& spec, const Function& f);

// The errors of `spec` (success, num 0, aside) that the rule does not know, in spec order.
std::vector<const ErrorCode*> unclassifiedErrors(const Spec& spec);

}  // namespace jvmtigen
