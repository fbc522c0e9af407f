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

std::optional<size_t> firstInvalidUtf8(const std::string& text) {
    const auto* b = reinterpret_cast<const unsigned char*>(text.data());
    const size_t n = text.size();
    size_t i = 0;
    while (i < n) {
        if (i + 8 <= n) {
            uint64_t word;
            std::memcpy(&word, b + i, 8);
            if (!(word & 0x8080808080808080ull)) {
                i += 8;
                continue;
            }
        }
        const unsigned char c = b[i];
        if (c < 0x80) {
            ++i;
            continue;
        }
        // The sequence's length and the range its second byte must fall in (which rules out
        // overlong forms, surrogates and values past U+10FFFF).
        size_t len;
        unsigned char lo = 0x80, hi = 0xBF;
        if (c >= 0xC2 && c <= 0xDF) len = 2;
        else if (c == 0xE0) len = 3, lo = 0xA0;
        else if (c == 0xED) len = 3, hi = 0x9F;
        else if (c >= 0xE1 && c <= 0xEF) len = 3;
        else if (c == 0xF0) len = 4, lo = 0x90;
        else if (c >= 0xF1 && c <= 0xF3) len = 4;
        else if (c == 0xF4) len = 4, hi = 0x8F;
        else return i;
        if (i + 1 >= n || b[i + 1] < lo || b[i + 1] > hi) return i;
        for (size_t k = 2; k < len; ++k)
            if (i + k >= n || (b[i + k] & 0xC0) != 0x80) return i;
        i += len;
    }
    return std::nullopt;
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
