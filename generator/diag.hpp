// Diagnostics: every problem found in a spec, as FILE:LINE: error: message.
#pragma once

#include <string>
#include <vector>

namespace jvmtigen {

class Diagnostics {
public:
    explicit Diagnostics(std::string file) : file_(std::move(file)) {}

    void error(int line, const std::string& message);
    // Puts the messages of `other` (found apart, e.g. on another thread) before the message at `index`.
    void insert(size_t index, Diagnostics&& other);
    bool ok() const { return messages_.empty(); }
    const std::vector<std::string>& messages() const { return messages_; }
    const std::string& file() const { return file_; }

private:
    std::string file_;
    std::vector<std::string> messages_;
};

}  // namespace jvmtigen
