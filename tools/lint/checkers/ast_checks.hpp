// The rules judged on the AST alone, before the path-sensitive analysis, over the agent's own
// code (API and system headers left out): each adds its findings to `out`.
#pragma once

#include <string>
#include <vector>

#include <clang/AST/ASTContext.h>

#include "model/finding.hpp"

namespace jvmtilint {

void findHandleCasts(clang::ASTContext& ast, const std::string& directory, std::vector<Finding>& out);

}  // namespace jvmtilint
