#include "diag.hpp"

namespace jvmtigen {

void Diagnostics::error(int line, const std::string& message) {
    // Line 0 means the problem is with the file as a whole (it cannot be opened).
    messages_.push_back(file_ + (line > 0 ? ":" + std::to_string(line) : std::string()) + ": error: " + message);
}

}  // namespace jvmtigen
