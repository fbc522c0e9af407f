// How a checker's finding reaches jvmti-lint's output. The analyzer's bug reports carry one
// description string; ours is a small JSON payload with the rule id, the message and what the
// output needs beyond the analyzer's path: the place in the agent's code when the analyzer's
// own lies inside jvmti.hpp, and, for a finding that shows only when a call fails, that call
// (for its inject= rule). The collector (collector.cpp) decodes it.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <clang/Basic/SourceLocation.h>
#include <clang/StaticAnalyzer/Core/BugReporter/BugReporter.h>
#include <clang/StaticAnalyzer/Core/BugReporter/BugType.h>
#include <clang/StaticAnalyzer/Core/PathSensitive/CheckerContext.h>

namespace jvmtilint {

struct Payload {
    std::string rule;     // the catalogue's id: "GetThreadInfo.phase", "leak.GetClassSignature"
    std::string message;
    unsigned at = 0;      // raw SourceLocation in the agent's code; 0: where the analyzer puts it
    // The call whose failure the finding needs (out_value.unchecked), for --confirm's inject=.
    std::string failedFunction, failedError;
    unsigned failedAt = 0;
    // Notes of the checker's own, each at a raw SourceLocation.
    std::vector<std::pair<unsigned, std::string>> notes;
    // The functions called on the path (no_return.hpp); emitPathReport fills it.
    std::vector<std::string> calls;
};

std::string encode(const Payload& payload);
std::optional<Payload> decode(const std::string& text);

// The category every JVMTI bug type has.
inline constexpr const char* kCategory = "JVMTI";

// Emits a path-sensitive report ending at `node`; `uniqueAt` (with `uniqueDecl`) merges the
// reports of the same mistake on several paths (a leak's allocation). `interesting` symbols
// are marked so that the call model's notes show on its path.
void emitPathReport(clang::ento::CheckerContext& c, const clang::ento::BugType& type, clang::ento::ExplodedNode* node,
                    const Payload& payload, std::vector<clang::ento::SymbolRef> interesting = {},
                    const clang::Stmt* uniqueAt = nullptr);

// Emits a report of the AST alone (no path) at `stmt`, in `decl`.
void emitAstReport(clang::ento::BugReporter& reporter, const clang::ento::CheckerBase* checker,
                   clang::AnalysisDeclContext* context, const clang::Decl* decl, const clang::Stmt* stmt,
                   const Payload& payload);

}  // namespace jvmtilint
