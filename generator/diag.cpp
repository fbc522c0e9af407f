#include "diag.hpp"

#include <cstddef>
#include <iterator>

namespace jvmtigen {

namespace {

// Line 0 means the problem is with the file as a whole (it cannot be opened).
std::string located(const std::string& file, int line) {
    return file + (line > 0 ? ":" + std::to_string(line) : std::string());
}

std::string counted(size_t n, const char* what) {
    return std::to_string(n) + " " + what + (n == 1 ? "" : "s");
}

}  // namespace

void Diagnostics::error(int line, const std::string& message) {
    if (demoted_ > 0) {
        warning(line, message + " (inside <elide>: never emitted, so not an error)");
        return;
    }
    messages_.push_back(located(file_, line) + ": error: " + message);
}

void Diagnostics::warning(int line, const std::string& message) {
    warnings_.push_back(located(file_, line) + ": warning: " + message);
}

void Diagnostics::insert(size_t index, Diagnostics&& other) {
    messages_.insert(messages_.begin() + static_cast<std::ptrdiff_t>(index),
                     std::make_move_iterator(other.messages_.begin()), std::make_move_iterator(other.messages_.end()));
    warnings_.insert(warnings_.end(), std::make_move_iterator(other.warnings_.begin()),
                     std::make_move_iterator(other.warnings_.end()));
    other.messages_.clear();
    other.warnings_.clear();
}

std::string diagnosticsText(const Diagnostics& d, const std::string& after) {
    std::string out;
    for (const auto& w : d.warnings()) out += w + "\n";
    for (const auto& m : d.messages()) out += m + "\n";
    if (!d.ok())
        out += counted(d.messages().size(), "error") + " in " + d.file() + after + "\n";
    else if (!d.warnings().empty())
        out += counted(d.warnings().size(), "warning") + " in " + d.file() + "\n";
    return out;
}

}  // namespace jvmtigen
