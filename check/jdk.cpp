#include "jdk.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstdio>
#include <sstream>

namespace jvmticheck {

std::vector<std::string> splitPathList(const std::string& list) {
    std::vector<std::string> dirs;
    std::istringstream in(list);
    for (std::string dir; std::getline(in, dir, ':');)
        if (!dir.empty()) dirs.push_back(dir);
    return dirs;
}

std::optional<std::string> findJdk(const std::string& program, const std::string& pathVariable, Jdk& jdk) {
    std::error_code ec;
    fs::path found;
    if (program.find('/') != std::string::npos) {
        found = program;
    } else {
        for (const auto& dir : splitPathList(pathVariable)) {
            const fs::path candidate = fs::path(dir) / program;
            if (::access(candidate.c_str(), X_OK) == 0 && fs::is_regular_file(candidate, ec)) {
                found = candidate;
                break;
            }
        }
        if (found.empty()) return "'" + program + "' is not found in PATH";
    }
    if (::access(found.c_str(), X_OK) != 0) return "'" + found.string() + "' is not an executable file";
    jdk.java = fs::canonical(found, ec);
    if (ec) return "'" + found.string() + "': " + ec.message();
    jdk.home = jdk.java.parent_path().parent_path();
    return std::nullopt;
}

std::vector<std::string> libraryPathFromSettings(const std::string& output) {
    std::vector<std::string> dirs;
    std::istringstream lines(output);
    std::string line;
    bool inList = false;
    const std::string key = "java.library.path = ";
    while (std::getline(lines, line)) {
        if (!inList) {
            const auto at = line.find(key);
            if (at == std::string::npos || line.find_first_not_of(' ') != at) continue;
            inList = true;
            if (const auto first = line.substr(at + key.size()); !first.empty()) dirs.push_back(first);
        } else if (line.rfind("        ", 0) == 0) {
            dirs.push_back(line.substr(line.find_first_not_of(' ')));  // a continuation: one more entry
        } else {
            break;
        }
    }
    return dirs;
}

std::vector<std::string> defaultLibraryPath(const Jdk& jdk, const std::optional<std::string>& ldLibraryPath) {
    int pipeFds[2];
    if (::pipe(pipeFds) != 0) return {};
    const pid_t pid = ::fork();
    if (pid < 0) {
        ::close(pipeFds[0]);
        ::close(pipeFds[1]);
        return {};
    }
    if (pid == 0) {
        ::dup2(pipeFds[1], 2);
        ::dup2(pipeFds[1], 1);
        ::close(pipeFds[0]);
        ::close(pipeFds[1]);
        // Asked without the agents the options variables may name.
        for (const char* name : {"JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS", "_JAVA_OPTIONS"}) ::unsetenv(name);
        if (ldLibraryPath) ::setenv("LD_LIBRARY_PATH", ldLibraryPath->c_str(), 1);
        else ::unsetenv("LD_LIBRARY_PATH");
        const std::string java = jdk.java.string();
        ::execl(java.c_str(), java.c_str(), "-XshowSettings:properties", "-version", static_cast<char*>(nullptr));
        ::_exit(127);
    }
    ::close(pipeFds[1]);
    std::string output;
    std::array<char, 4096> buffer;
    for (ssize_t n; (n = ::read(pipeFds[0], buffer.data(), buffer.size())) != 0;) {
        if (n < 0) {
            if (errno == EINTR) continue;
            break;
        }
        output.append(buffer.data(), static_cast<std::size_t>(n));
    }
    ::close(pipeFds[0]);
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) return {};
    return libraryPathFromSettings(output);
}

}  // namespace jvmticheck
