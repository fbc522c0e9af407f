// The runtime against the interface: every function of jvmti_runtime implemented exactly
// once with the interface's signature; hooks optional, but when defined, with theirs.
#pragma once

#include <string>
#include <vector>

#include "functions.hpp"

namespace implcheck {

enum class Problem { Missing, Extra, Mismatched, Duplicate };

struct Finding {
    Problem problem;
    Location where;       // the definition, or for a missing function its declaration
    std::string message;  // what is wrong, without the location
};

struct Report {
    std::vector<Finding> findings;           // grouped by problem, then by file and line
    std::vector<const Function*> missing;    // interface functions without a definition
    size_t required = 0, implemented = 0;    // functions of the interface (hooks not counted)
    size_t hooksDeclared = 0, hooksDefined = 0;
};

Report check(const Collected& collected);

// "FILE:LINE: missing: jvmtiError GetLocalInt(Env &, jthread, jint, jint, jint *)"; FILE is
// relative to `cwd` when it lies beneath it.
std::string format(const Finding& finding, const std::string& cwd);

// One line: what was checked and what was found.
std::string summary(const Report& report, const Collected& collected);

}  // namespace implcheck
