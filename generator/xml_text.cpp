#include "xml_text.hpp"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstring>
#include <sstream>
#include <vector>

namespace jvmtigen {

static bool declaresLatin1(const std::string& raw) {
    if (raw.rfind("<?xml", 0) != 0) return false;
    const auto end = raw.find("?>");
    if (end == std::string::npos) return false;
    std::string decl = raw.substr(0, end);
    std::transform(decl.begin(), decl.end(), decl.begin(), [](unsigned char c) { return std::tolower(c); });
    return decl.find("iso-8859-1") != std::string::npos || decl.find("latin1") != std::string::npos;
}

bool needsUtf8Conversion(const std::string& raw) {
    if (!declaresLatin1(raw)) return false;
    // Any byte with its high bit set, eight bytes at a time; plain ASCII reads the same in
    // both encodings.
    size_t i = 0;
    for (; i + 8 <= raw.size(); i += 8) {
        uint64_t word;
        std::memcpy(&word, raw.data() + i, 8);
        if (word & 0x8080808080808080ull) return true;
    }
    for (; i < raw.size(); ++i)
        if (static_cast<unsigned char>(raw[i]) >= 0x80) return true;
    return false;
}

std::string toUtf8(const std::string& raw) {
    if (!declaresLatin1(raw)) return raw;
    std::string out;
    out.reserve(raw.size() + raw.size() / 16);
    size_t from = 0;  // start of the run of ASCII not copied yet
    for (size_t i = 0; i < raw.size(); ++i) {
        const auto c = static_cast<unsigned char>(raw[i]);
        if (c < 0x80) continue;
        out.append(raw, from, i - from);
        out += static_cast<char>(0xC0 | (c >> 6));
        out += static_cast<char>(0x80 | (c & 0x3F));
        from = i + 1;
    }
    out.append(raw, from);
    return out;
}

std::string trimLines(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string l; std::getline(in, l);) {
        while (!l.empty() && (l.back() == ' ' || l.back() == '\t' || l.back() == '\r')) l.pop_back();
        lines.push_back(l);
    }
    while (!lines.empty() && lines.front().empty()) lines.erase(lines.begin());
    while (!lines.empty() && lines.back().empty()) lines.pop_back();
    size_t indent = std::string::npos;
    for (const auto& l : lines)
        if (!l.empty()) indent = std::min(indent, l.find_first_not_of(" \t"));
    std::string out;
    for (size_t i = 0; i < lines.size(); ++i) {
        if (i) out += '\n';
        if (lines[i].size() > indent && indent != std::string::npos) out += lines[i].substr(indent);
        else if (!lines[i].empty()) out += lines[i];
    }
    return out;
}

}  // namespace jvmtigen
