// Where a source location is, as jvmti-lint names places: the file absolute, the line and column
// of its expansion (a macro's use, not its definition).
#pragma once

#include <string>

#include <clang/Basic/SourceLocation.h>

#include "model/finding.hpp"

namespace jvmtilint {

// Relative file names are taken from `directory`, the compilation's.
Place placeOf(clang::SourceLocation loc, const clang::SourceManager& sm, const std::string& directory);

}  // namespace jvmtilint
