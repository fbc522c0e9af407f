#include "diag.hpp"

namespace jvmtigen {

void Diagnostics::error(int line, const std::string& message) {
    messages_.push_back(file_ + ":" + std::to_string(line) + ": error: " + message);
}

}  // namespace jvmtigen
