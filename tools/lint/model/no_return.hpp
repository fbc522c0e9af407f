// Functions that never return, found from their bodies: every path through the function ends in
// a call of a function that never returns (declared so, as exit() and abort() are, or found so
// here), or never leaves a loop. libjdwp's EXIT_ERROR calls debugInit_exit, which ends the
// process on every path but is not declared noreturn, and lives in another file than most of
// its callers: the analysis of those files cannot see that the path ends there.
//
// Each translation unit finds its own (a fixpoint over its functions' control-flow graphs, before
// the path-sensitive analysis), where path_end.cpp ends a path at their calls. A finding also
// remembers the functions called on its path; one whose path passes a call of a function that
// never returns cannot happen and is left out: in the unit itself, and over the whole program
// once every unit has named the functions it exports that never return.
#pragma once

#include <set>
#include <string>
#include <vector>

#include <clang/AST/ASTContext.h>
#include <clang/StaticAnalyzer/Core/PathSensitive/ExplodedGraph.h>

namespace jvmtilint {

struct NoReturnFacts {
    std::set<const clang::FunctionDecl*> decls;  // every function of the unit that never returns, canonical
    std::set<std::string> all;       // the same by qualified name
    std::set<std::string> exported;  // those other units can call (external linkage)
};

// The unit's functions that never return, by qualified name.
NoReturnFacts findNoReturn(clang::ASTContext& ast);

// The functions called on the path to `node` (its first predecessors back to the start) that
// returned on it, by qualified name.
std::vector<std::string> callsOnPath(const clang::ento::ExplodedNode* node);

}  // namespace jvmtilint
