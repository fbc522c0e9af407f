#include "files/own_files.hpp"

#include <fcntl.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>

namespace jvmtifiles {

namespace {

std::string why(int error) { return std::strerror(error); }

std::string directoryOf(const std::string& path) {
    const auto slash = path.find_last_of('/');
    if (slash == std::string::npos) return ".";
    return slash == 0 ? "/" : path.substr(0, slash);
}

std::string baseOf(const std::string& path) {
    const auto slash = path.find_last_of('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

// Sixteen hex digits no other process is likely to pick: the kernel's random bytes, or the pid,
// the clock and a counter when they are not to be had.
std::string randomSuffix() {
    static std::atomic<unsigned> counter{0};
    std::uint64_t bits = 0;
    if (::getrandom(&bits, sizeof bits, GRND_NONBLOCK) != static_cast<ssize_t>(sizeof bits)) {
        timespec now{};
        ::clock_gettime(CLOCK_MONOTONIC, &now);
        bits = (static_cast<std::uint64_t>(::getpid()) << 40) ^ static_cast<std::uint64_t>(now.tv_nsec) ^
               (static_cast<std::uint64_t>(counter.fetch_add(1)) << 20);
    }
    char text[17];
    std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(bits));
    return text;
}

// A new file under a fresh hidden name beside `path`: its descriptor and name, or why not.
NewFile createTemporary(const std::string& path, mode_t mode, std::string& temporary) {
    NewFile out;
    if (path.empty() || path.back() == '/') {
        out.error = "\"" + path + "\" names no file";
        return out;
    }
    // ".NAME.RANDOM.tmp", NAME shortened so that the whole stays within NAME_MAX.
    const std::string dir = directoryOf(path);
    const std::string base = baseOf(path).substr(0, 200);
    for (int attempt = 0; attempt < 64; ++attempt) {
        temporary = (dir == "/" ? "" : dir) + "/." + base + "." + randomSuffix() + ".tmp";
        const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode);
        if (fd >= 0) {
            out.fd = fd;
            return out;
        }
        if (errno != EEXIST) {
            out.error = "cannot create a file in " + dir + ": " + why(errno);
            return out;
        }
    }
    out.error = "cannot create a file in " + dir + ": every temporary name tried was taken";
    return out;
}

// Puts the written temporary in place of `path`; on failure removes it and closes `fd`.
std::optional<std::string> install(int fd, const std::string& temporary, const std::string& path) {
    if (::rename(temporary.c_str(), path.c_str()) == 0) return std::nullopt;
    const int error = errno;
    ::unlink(temporary.c_str());
    ::close(fd);
    std::string message = "cannot create " + path + ": " + why(error);
    if (error == EPERM || error == EACCES)
        message += " (is a file of another user there, in a directory that protects it?)";
    return message;
}

}  // namespace

std::optional<mode_t> parseFileMode(std::string_view text) {
    if (text.empty() || text.size() > 4) return std::nullopt;
    mode_t mode = 0;
    for (const char c : text) {
        if (c < '0' || c > '7') return std::nullopt;
        mode = mode * 8 + static_cast<mode_t>(c - '0');
    }
    if (mode > 0777) return std::nullopt;
    return mode;
}

bool writeAll(int fd, std::string_view text) noexcept {
    const char* p = text.data();
    std::size_t left = text.size();
    while (left > 0) {
        const ssize_t n = ::write(fd, p, left);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            if (n == 0) errno = EIO;
            return false;
        }
        p += n;
        left -= static_cast<std::size_t>(n);
    }
    return true;
}

NewFile createFile(const std::string& path, mode_t mode) noexcept {
    try {
        std::string temporary;
        NewFile file = createTemporary(path, mode, temporary);
        if (!file.ok()) return file;
        if (auto problem = install(file.fd, temporary, path)) {
            file.fd = -1;
            file.error = *problem;
        }
        return file;
    } catch (...) {
        return NewFile{-1, "cannot create " + path + ": out of memory"};
    }
}

std::optional<std::string> writeFile(const std::string& path, std::string_view text, mode_t mode) noexcept {
    try {
        std::string temporary;
        NewFile file = createTemporary(path, mode, temporary);
        if (!file.ok()) return file.error;
        if (!writeAll(file.fd, text)) {
            const int error = errno;
            ::close(file.fd);
            ::unlink(temporary.c_str());
            return "cannot write " + path + ": " + why(error);
        }
        if (auto problem = install(file.fd, temporary, path)) return problem;
        if (::close(file.fd) != 0) return "cannot write " + path + ": " + why(errno);
        return std::nullopt;
    } catch (...) {
        return std::string("cannot write a file: out of memory");
    }
}

namespace {

std::optional<std::string> readFile(const std::string& path, std::size_t limit, bool own, std::string& error) noexcept {
    try {
        error.clear();
        const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | (own ? O_NOFOLLOW : 0));
        if (fd < 0) {
            error = path + ": " + (own && errno == ELOOP ? std::string("a symbolic link, not read") : why(errno));
            return std::nullopt;
        }
        struct stat st {};
        std::string text;
        if (::fstat(fd, &st) != 0) error = path + ": " + why(errno);
        else if (!S_ISREG(st.st_mode)) error = path + ": not a regular file, not read";
        else if (own && st.st_uid != ::geteuid()) error = path + ": owned by another user, not read";
        else if (static_cast<std::uint64_t>(st.st_size) > limit)
            error = path + ": larger than " + std::to_string(limit) + " bytes, not read";
        if (!error.empty()) {
            ::close(fd);
            return std::nullopt;
        }
        char buffer[65536];
        for (;;) {
            const ssize_t n = ::read(fd, buffer, sizeof buffer);
            if (n < 0 && errno == EINTR) continue;
            if (n < 0) {
                error = path + ": " + why(errno);
                break;
            }
            if (n == 0) break;
            text.append(buffer, static_cast<std::size_t>(n));
            if (text.size() > limit) {
                error = path + ": larger than " + std::to_string(limit) + " bytes, not read";
                break;
            }
        }
        ::close(fd);
        if (!error.empty()) return std::nullopt;
        return text;
    } catch (...) {
        error = path + ": out of memory";
        return std::nullopt;
    }
}

}  // namespace

std::optional<std::string> readOwnFile(const std::string& path, std::size_t limit, std::string& error) noexcept {
    return readFile(path, limit, true, error);
}

std::optional<std::string> readNamedFile(const std::string& path, std::size_t limit, std::string& error) noexcept {
    return readFile(path, limit, false, error);
}

std::optional<std::string> notOwnDirectory(const std::string& path) noexcept {
    try {
        struct stat st {};
        if (::lstat(path.c_str(), &st) != 0) return path + ": " + why(errno);
        if (S_ISLNK(st.st_mode)) return path + " is a symbolic link";
        if (!S_ISDIR(st.st_mode)) return path + " is not a directory";
        if (st.st_uid != ::geteuid()) return path + " belongs to another user";
        if ((st.st_mode & S_IWOTH) != 0) return path + " may be written by every user";
        if ((st.st_mode & S_IWGRP) != 0 && st.st_gid != ::getegid())
            return path + " may be written by the members of another group";
        return std::nullopt;
    } catch (...) {
        return std::string("out of memory");
    }
}

std::optional<std::string> makeOwnDirectory(const std::string& path) noexcept {
    try {
        if (::mkdir(path.c_str(), 0700) != 0)
            return "cannot make the directory " + path + ": " + why(errno);
        return std::nullopt;
    } catch (...) {
        return std::string("out of memory");
    }
}

std::optional<std::string> makeFreshDirectory(const std::string& prefix, std::string& error) noexcept {
    try {
        std::string pattern = prefix + ".XXXXXX";
        if (::mkdtemp(pattern.data()) == nullptr) {
            error = "cannot make a directory " + prefix + ".XXXXXX: " + why(errno);
            return std::nullopt;
        }
        return pattern;
    } catch (...) {
        error = "out of memory";
        return std::nullopt;
    }
}

std::optional<std::string> makeWorkDirectory(const std::string& name, std::string& error) noexcept {
    try {
        std::string parent;
        if (const char* runtime = std::getenv("XDG_RUNTIME_DIR"); runtime && runtime[0] == '/' && !notOwnDirectory(runtime))
            parent = runtime;
        else if (const char* tmp = std::getenv("TMPDIR"); tmp && tmp[0] == '/')
            parent = tmp;
        else
            parent = "/tmp";
        return makeFreshDirectory(parent + "/" + name, error);
    } catch (...) {
        error = "out of memory";
        return std::nullopt;
    }
}

void removeTree(const std::string& path) noexcept {
    try {
        std::error_code ec;
        std::filesystem::remove_all(path, ec);
    } catch (...) {
    }
}

}  // namespace jvmtifiles
