// jvmti-lint's outputs: compiler-style lines (FILE:LINE:COL: warning: MESSAGE [rule], then the
// path's notes and, for a finding that needs a call to fail, the inject= rule that makes it
// fail there), and SARIF 2.1.0 with each finding's path as a code flow.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "catalogue.hpp"
#include "model/finding.hpp"

namespace jvmtilint {

// Places are printed relative to `root` when they lie under it.
std::string textFinding(const Finding& f, const std::string& root);

struct SarifRun {
    std::vector<std::string> commandLine;
    std::string root;                         // the working directory: %SRCROOT%
    int exitCode = 0;
    std::vector<std::string> uncompiled;      // files the compiler rejected
    std::vector<std::string> crashed;         // files whose analysis stopped, with why
    std::string version;
};

std::string sarifLog(const std::vector<Finding>& findings, const Catalogue& catalogue, const SarifRun& run);

}  // namespace jvmtilint
