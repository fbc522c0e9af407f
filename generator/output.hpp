// Writing outputs: each file atomically (temp file + rename) and only when its bytes changed.
#pragma once

#include <string>
#include <vector>

namespace jvmtigen {

struct Output {
    std::string path;  // relative to the output directory, e.g. include/jvmti.h
    std::string text;
};

enum class WriteResult { Written, Unchanged };

// Writes `text` to `file` unless it already holds exactly those bytes. Throws
// std::runtime_error with the path and the system's reason on failure; a failed write
// leaves the old file as it was.
WriteResult writeIfChanged(const std::string& file, const std::string& text);

}  // namespace jvmtigen
