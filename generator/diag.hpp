// Diagnostics: every problem found in a spec, as FILE:LINE: error: message, and the problems
// that do not stop generation (those inside <elide>) as FILE:LINE: warning: message.
#pragma once

#include <string>
#include <vector>

namespace jvmtigen {

class Diagnostics {
public:
    explicit Diagnostics(std::string file) : file_(std::move(file)) {}

    // An error, or a warning while a Demoted scope is open.
    void error(int line, const std::string& message);
    void warning(int line, const std::string& message);
    // Puts the messages of `other` (found apart, e.g. on another thread) before the message at `index`.
    void insert(size_t index, Diagnostics&& other);
    bool ok() const { return messages_.empty(); }
    const std::vector<std::string>& messages() const { return messages_; }  // the errors
    const std::vector<std::string>& warnings() const { return warnings_; }
    const std::string& file() const { return file_; }

    // While one is alive, error() reports a warning that says why: the problem lies in an
    // elided part of the spec, which no output ever shows (OpenJDK's own tools never read it).
    class Demoted {
    public:
        Demoted(Diagnostics& d, bool on) : d_(d), on_(on) { d_.demoted_ += on_ ? 1 : 0; }
        ~Demoted() { d_.demoted_ -= on_ ? 1 : 0; }
        Demoted(const Demoted&) = delete;
        Demoted& operator=(const Demoted&) = delete;

    private:
        Diagnostics& d_;
        bool on_;
    };

private:
    std::string file_;
    std::vector<std::string> messages_;
    std::vector<std::string> warnings_;
    int demoted_ = 0;
};

// How each front end prints what a spec had: warnings, then errors, then a summary line of the
// errors when there were any; a summary of the warnings alone otherwise. `after` ends the
// errors' summary ("; nothing written").
std::string diagnosticsText(const Diagnostics& d, const std::string& after);

}  // namespace jvmtigen
