#include "output.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <utility>

#include <unistd.h>

namespace jvmtigen {

namespace fs = std::filesystem;

bool readWholeFile(const std::string& file, std::string& text) {
    std::ifstream in(file, std::ios::binary | std::ios::ate);
    if (!in) return false;
    const auto size = in.tellg();
    if (size < 0) return false;
    text.resize(static_cast<std::size_t>(size));
    in.seekg(0);
    if (!in.read(text.data(), size)) return false;
    // A file that grew while read: take the rest too (rare; /proc files report size 0).
    if (in.peek() != std::ifstream::traits_type::eof()) {
        std::ostringstream rest;
        rest << in.rdbuf();
        text += rest.str();
    }
    return true;
}

static bool sameContent(const fs::path& file, const std::string& text) {
    std::error_code ec;
    if (!fs::is_regular_file(file, ec) || fs::file_size(file, ec) != text.size()) return false;
    std::string old;
    return readWholeFile(file.string(), old) && old == text;
}

StagedWrite::StagedWrite(StagedWrite&& other) noexcept
    : file_(std::move(other.file_)), tmp_(std::exchange(other.tmp_, {})), result_(other.result_) {}

StagedWrite& StagedWrite::operator=(StagedWrite&& other) noexcept {
    if (this != &other) {
        discard();
        file_ = std::move(other.file_);
        tmp_ = std::exchange(other.tmp_, {});
        result_ = other.result_;
    }
    return *this;
}

StagedWrite::~StagedWrite() { discard(); }

StagedWrite StagedWrite::stage(const std::string& fileName, const std::string& text) {
    StagedWrite staged;
    staged.file_ = fileName;
    const fs::path file(fileName);
    if (sameContent(file, text)) return staged;
    std::error_code ec;
    if (file.has_parent_path()) {
        fs::create_directories(file.parent_path(), ec);
        if (ec) throw std::runtime_error(file.parent_path().string() + ": cannot create directory: " + ec.message());
    }
    static std::atomic<unsigned> count{0};
    const fs::path tmp = file.string() + ".tmp." + std::to_string(::getpid()) + "." + std::to_string(count++);
    // Created new: a link or file planted at the temporary name is never followed or reused.
    const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
    if (fd < 0) throw std::runtime_error(tmp.string() + ": cannot create: " + std::strerror(errno));
    std::FILE* f = ::fdopen(fd, "wb");
    if (!f) {
        ::close(fd);
        throw std::runtime_error(tmp.string() + ": cannot write: " + std::strerror(errno));
    }
    const bool ok = std::fwrite(text.data(), 1, text.size(), f) == text.size();
    const int err = errno;
    if (std::fclose(f) != 0 || !ok) {
        fs::remove(tmp, ec);
        throw std::runtime_error(tmp.string() + ": write failed: " + std::strerror(err));
    }
    staged.tmp_ = tmp.string();
    staged.result_ = WriteResult::Written;
    return staged;
}

WriteResult StagedWrite::commit() {
    if (tmp_.empty()) return result_;
    std::error_code ec;
    fs::rename(tmp_, file_, ec);
    if (ec) {
        discard();
        throw std::runtime_error(file_ + ": cannot replace: " + ec.message());
    }
    tmp_.clear();
    return result_;
}

void StagedWrite::discard() {
    if (tmp_.empty()) return;
    std::error_code ignore;
    fs::remove(tmp_, ignore);
    tmp_.clear();
}

WriteResult writeIfChanged(const std::string& fileName, const std::string& text) {
    return StagedWrite::stage(fileName, text).commit();
}

}  // namespace jvmtigen
