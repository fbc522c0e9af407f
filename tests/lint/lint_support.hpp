// What the jvmti-lint tests share: running the tool, reading its SARIF results back, and the
// findings a test source expects, written beside the lines as `expect: RULE[, RULE...]`.
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "support.hpp"

namespace linttest {

namespace fs = std::filesystem;

fs::path lintBinary();
fs::path casesDir();        // tests/lint/cases
fs::path jdkHome();         // the JDK whose include/ holds jvmti.h and jni.h
std::string jdkIncludes();  // "-I<jdk>/include -I<jdk>/include/linux"

// (file name, line) -> rule ids, repeats kept.
using Findings = std::multimap<std::pair<std::string, unsigned>, std::string>;

// The `expect:` markers of `source` (its file name as key).
Findings expected(const fs::path& source);

struct LintRun {
    testsupport::RunResult run;  // out: standard output; err: what the command wrote to its error file
    Findings findings;           // from the SARIF log (file name, start line, rule)
    std::string sarif;           // the log's text
};

// Runs `jvmti-lint --sarif <tmp> <arguments>` in `dir`, its standard error kept apart.
LintRun lint(const std::string& arguments, const fs::path& dir);

// "file:line rule" lines, for messages.
std::string describe(const Findings& f);

}  // namespace linttest
