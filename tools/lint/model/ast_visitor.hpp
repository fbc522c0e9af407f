// Clang's RecursiveASTVisitor, for the checkers that walk the AST. GCC's flow analysis warns
// from inside the header (LazyOffsetPtr::get without an external AST source, a path a visitor of
// a parsed file never takes); the header is not ours to change, so the warning is silenced here.
#pragma once

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wnonnull"
#include <clang/AST/RecursiveASTVisitor.h>
#pragma GCC diagnostic pop
