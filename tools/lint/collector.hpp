// The analyzer's reports as jvmti-lint's findings: a PathDiagnosticConsumer (the analyzer's
// interface for an output format) that decodes each report's payload (model/report.hpp) and
// turns the path's events into notes. Reports placed in jvmti.hpp or jvmti.h are moved to the
// agent's call that led there.
#pragma once

#include <string>
#include <vector>

#include <clang/Analysis/PathDiagnostic.h>

#include "model/finding.hpp"
#include "model/place.hpp"

namespace jvmtilint {

class Collector : public clang::ento::PathDiagnosticConsumer {
public:
    // Findings go to `out`; relative file names are taken from `directory`.
    Collector(std::vector<Finding>& out, std::string directory) : out_(out), directory_(std::move(directory)) {}

    void FlushDiagnosticsImpl(std::vector<const clang::ento::PathDiagnostic*>& diagnostics, FilesMade*) override;
    llvm::StringRef getName() const override { return "jvmti-lint"; }
    PathGenerationScheme getGenerationScheme() const override { return Minimal; }
    bool supportsLogicalOpControlFlow() const override { return true; }
    bool supportsCrossFileDiagnostics() const override { return true; }

private:
    std::vector<Finding>& out_;
    std::string directory_;
};

}  // namespace jvmtilint
