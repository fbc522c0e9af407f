#include "report/formats/report_files_io.hpp"

#include <fstream>
#include <sstream>

#include "files/own_files.hpp"

namespace jvmtireport {

std::optional<std::string> writeFileAtomically(const std::string& path, const std::string& text, mode_t mode) {
    return jvmtifiles::writeFile(path, text, mode);
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

namespace {

// NAME=VALUE with NAME a shell variable's name: where VALUE starts, or npos.
std::size_t assignmentValue(const std::string& word) {
    const auto eq = word.find('=');
    if (eq == std::string::npos || eq == 0) return std::string::npos;
    for (std::size_t i = 0; i < eq; ++i) {
        const char c = word[i];
        const bool ok = c == '_' || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (i > 0 && c >= '0' && c <= '9');
        if (!ok) return std::string::npos;
    }
    return eq + 1;
}

}  // namespace

std::vector<std::string> redactCommand(const std::vector<std::string>& words) {
    static const std::string hidden = "***";
    std::vector<std::string> out;
    out.reserve(words.size());
    bool assignments = true;  // still among the leading NAME=VALUE words (of the command, or of env)
    for (const auto& word : words) {
        std::string shown = word;
        const std::size_t property = word.rfind("-D", 0) == 0 ? 2 : word.rfind("-J-D", 0) == 0 ? 4 : std::string::npos;
        if (property != std::string::npos) {
            if (const auto eq = word.find('=', property); eq != std::string::npos) shown = word.substr(0, eq + 1) + hidden;
        } else if (assignments && assignmentValue(word) != std::string::npos) {
            shown = word.substr(0, assignmentValue(word)) + hidden;
        } else {
            // `env` and its options keep the assignments coming; anything else ends them.
            const std::string name = word.substr(word.find_last_of('/') == std::string::npos ? 0 : word.find_last_of('/') + 1);
            assignments = name == "env" || (word.rfind("-", 0) == 0 && assignments && !out.empty());
        }
        out.push_back(std::move(shown));
    }
    return out;
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
