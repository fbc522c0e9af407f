#include "output.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include <unistd.h>

namespace jvmtigen {

namespace fs = std::filesystem;

static bool sameContent(const fs::path& file, const std::string& text) {
    std::error_code ec;
    if (!fs::is_regular_file(file, ec) || fs::file_size(file, ec) != text.size()) return false;
    std::ifstream in(file, std::ios::binary);
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str() == text;
}

WriteResult writeIfChanged(const std::string& fileName, const std::string& text) {
    const fs::path file(fileName);
    if (sameContent(file, text)) return WriteResult::Unchanged;
    std::error_code ec;
    if (file.has_parent_path()) {
        fs::create_directories(file.parent_path(), ec);
        if (ec) throw std::runtime_error(file.parent_path().string() + ": cannot create directory: " + ec.message());
    }
    const fs::path tmp = file.string() + ".tmp." + std::to_string(::getpid());
    {
        std::FILE* f = std::fopen(tmp.c_str(), "wb");
        if (!f) throw std::runtime_error(tmp.string() + ": cannot write: " + std::strerror(errno));
        const bool ok = std::fwrite(text.data(), 1, text.size(), f) == text.size();
        const int err = errno;
        if (std::fclose(f) != 0 || !ok) {
            fs::remove(tmp, ec);
            throw std::runtime_error(tmp.string() + ": write failed: " + std::strerror(err));
        }
    }
    fs::rename(tmp, file, ec);
    if (ec) {
        std::error_code ignore;
        fs::remove(tmp, ignore);
        throw std::runtime_error(file.string() + ": cannot replace: " + ec.message());
    }
    return WriteResult::Written;
}

}  // namespace jvmtigen
