#include "report/formats/report_files_io.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <fstream>
#include <sstream>
#include <system_error>

namespace jvmtireport {

std::optional<std::string> writeFileAtomically(const std::string& path, const std::string& text) {
    const std::string temporary = path + ".tmp" + std::to_string(::getpid());
    const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    if (fd < 0) return "cannot write " + temporary + ": " + std::system_category().message(errno);
    const char* p = text.data();
    std::size_t left = text.size();
    while (left > 0) {
        const ssize_t n = ::write(fd, p, left);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            const std::string why = std::system_category().message(errno);
            ::close(fd);
            ::unlink(temporary.c_str());
            return "cannot write " + temporary + ": " + why;
        }
        p += n;
        left -= static_cast<std::size_t>(n);
    }
    ::close(fd);
    if (::rename(temporary.c_str(), path.c_str()) != 0) {
        const std::string why = std::system_category().message(errno);
        ::unlink(temporary.c_str());
        return "cannot replace " + path + ": " + why;
    }
    return std::nullopt;
}

std::vector<CatalogueRule> readCatalogueFile(const std::string& path) {
    std::ifstream in(path);
    if (!in) return {};
    std::ostringstream text;
    text << in.rdbuf();
    std::vector<CatalogueRule> rules;
    if (parseCatalogue(text.str(), rules)) rules.clear();
    return rules;
}

std::string percentEncode(std::string_view text, std::string_view keep) {
    static const char* const hex = "0123456789ABCDEF";
    std::string out;
    for (const char c : text) {
        const auto u = static_cast<unsigned char>(c);
        const bool unreserved = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' ||
                                c == '.' || c == '_' || c == '~';
        if (unreserved || keep.find(c) != std::string_view::npos) {
            out += c;
        } else {
            out += '%';
            out += hex[u >> 4];
            out += hex[u & 15];
        }
    }
    return out;
}

std::string fileUri(std::string_view absolutePath) { return "file://" + percentEncode(absolutePath, "/"); }

}  // namespace jvmtireport
