#include "report/report_names.hpp"

namespace jvmtilayer::report_files {

std::string mainClassOf(const std::string& javaCommand) {
    const std::string first = javaCommand.substr(0, javaCommand.find(' '));
    const auto slash = first.find_last_of('/');
    std::string name = slash == std::string::npos ? first : first.substr(slash + 1);
    if (name.size() > 4 && name.compare(name.size() - 4, 4, ".jar") == 0) name.resize(name.size() - 4);
    return name;
}

std::string expandReportName(const std::string& pattern, int pid, const std::string& mainClass) {
    // One path component: letters, digits, '.', '_' and '-', never starting with a dot (so
    // neither "." nor ".." nor a hidden name).
    std::string main;
    for (const char c : mainClass) {
        const bool keep = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                          (c == '.' && !main.empty()) || c == '_' || c == '-';
        main += keep ? c : '_';
    }
    if (main.empty()) main = "unknown";
    // Placeholders only in the file name: the directory is taken as it is written.
    const auto slash = pattern.find_last_of('/');
    const std::size_t nameStart = slash == std::string::npos ? 0 : slash + 1;
    std::string out = pattern.substr(0, nameStart);
    for (std::size_t i = nameStart; i < pattern.size(); ++i) {
        if (pattern[i] != '%' || i + 1 == pattern.size()) {
            out += pattern[i];
            continue;
        }
        const char next = pattern[i + 1];
        if (next == 'p') out += std::to_string(pid);
        else if (next == 'm') out += main;
        else if (next == '%') out += '%';
        else {
            out += '%';
            continue;
        }
        ++i;
    }
    return out;
}

}  // namespace jvmtilayer::report_files
