#include "xml_text.hpp"

#include <algorithm>
#include <cctype>
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
    for (unsigned char c : raw)
        if (c >= 0x80) return true;
    return false;  // plain ASCII reads the same in both encodings
}

std::string toUtf8(const std::string& raw) {
    if (!declaresLatin1(raw)) return raw;
    std::string out;
    out.reserve(raw.size() + raw.size() / 16);
    for (unsigned char c : raw) {
        if (c < 0x80) {
            out += static_cast<char>(c);
        } else {
            out += static_cast<char>(0xC0 | (c >> 6));
            out += static_cast<char>(0x80 | (c & 0x3F));
        }
    }
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
