#include "model/place.hpp"

#include <filesystem>

#include <clang/Basic/SourceManager.h>

namespace jvmtilint {

using namespace clang;

Place placeOf(SourceLocation loc, const SourceManager& sm, const std::string& directory) {
    Place p;
    if (loc.isInvalid()) return p;
    const SourceLocation expansion = sm.getExpansionLoc(loc);
    const PresumedLoc presumed = sm.getPresumedLoc(expansion);
    if (presumed.isInvalid()) return p;
    std::filesystem::path file = presumed.getFilename();
    if (file.is_relative()) file = std::filesystem::path(directory) / file;
    p.file = file.lexically_normal().string();
    p.line = presumed.getLine();
    p.column = presumed.getColumn();
    return p;
}

}  // namespace jvmtilint
