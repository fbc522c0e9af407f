#include "diag.hpp"

#include <cstddef>
#include <iterator>

namespace jvmtigen {

void Diagnostics::error(int line, const std::string& message) {
    // Line 0 means the problem is with the file as a whole (it cannot be opened).
    messages_.push_back(file_ + (line > 0 ? ":" + std::to_string(line) : std::string()) + ": error: " + message);
}

void Diagnostics::insert(size_t index, Diagnostics&& other) {
    messages_.insert(messages_.begin() + static_cast<std::ptrdiff_t>(index),
                     std::make_move_iterator(other.messages_.begin()), std::make_move_iterator(other.messages_.end()));
    other.messages_.clear();
}

}  // namespace jvmtigen
