// Which of a translation unit's functions the path-sensitive analysis starts from: those with a
// role (roles.hpp), and those that call JVMTI, JNI or the C library's allocators, themselves or
// through the functions of the same file they call. The others cannot break a JVMTI rule on
// their own, and a path through them from a function that can is still followed (the analyzer
// inlines them there); leaving them out is most of the analysis time of a file such as libjdwp's
// utf_util.c, which calls no JVMTI function at all.
#pragma once

#include <set>

#include <clang/AST/ASTContext.h>

#include "model/roles.hpp"

namespace jvmtilint {

std::set<const clang::FunctionDecl*> functionsOfInterest(clang::ASTContext& ast, const TuContext& tu);

}  // namespace jvmtilint
