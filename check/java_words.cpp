#include "java_words.hpp"

namespace jvmticheck {

namespace {

bool isArgFileSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'; }
bool isVariableSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

}  // namespace

std::vector<std::string> splitArgFile(std::string_view text) {
    std::vector<std::string> words;
    std::string word;
    bool inWord = false;
    char quote = 0;
    std::size_t i = 0;
    auto finish = [&] {
        if (inWord) words.push_back(word);
        word.clear();
        inWord = false;
        quote = 0;
    };
    while (i < text.size()) {
        const char c = text[i];
        if (quote) {
            if (c == quote) {
                quote = 0;
                ++i;
            } else if (c == '\n' || c == '\r') {
                finish();  // a line end closes the word, quoted or not
                ++i;
            } else if (c == '\\' && i + 1 < text.size()) {
                const char e = text[i + 1];
                i += 2;
                if (e == '\n' || e == '\r') {
                    // Continued on the next line: skip the line end and that line's leading blanks.
                    if (e == '\r' && i < text.size() && text[i] == '\n') ++i;
                    while (i < text.size() && isArgFileSpace(text[i])) ++i;
                } else {
                    word += e == 'n' ? '\n' : e == 'r' ? '\r' : e == 't' ? '\t' : e == 'f' ? '\f' : e;
                }
            } else {
                word += c;
                ++i;
            }
        } else if (isArgFileSpace(c)) {
            finish();
            ++i;
        } else if (c == '#') {
            finish();
            while (i < text.size() && text[i] != '\n' && text[i] != '\r') ++i;
        } else if (c == '\'' || c == '"') {
            quote = c;
            inWord = true;
            ++i;
        } else {
            word += c;
            inWord = true;
            ++i;
        }
    }
    finish();
    return words;
}

std::optional<std::string> splitOptionsVariable(std::string_view text, std::vector<std::string>& words) {
    std::size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && isVariableSpace(text[i])) ++i;
        if (i == text.size()) break;
        std::string word;
        while (i < text.size() && !isVariableSpace(text[i])) {
            const char c = text[i++];
            if (c == '\'' || c == '"') {
                const auto close = text.find(c, i);
                if (close == std::string_view::npos)
                    return std::string("unmatched ") + c + " at character " + std::to_string(i) + " (a quote opened there is never closed)";
                word.append(text.substr(i, close - i));
                i = close + 1;
            } else {
                word += c;
            }
        }
        words.push_back(std::move(word));
    }
    return std::nullopt;
}

std::optional<std::string> joinOptionsVariable(const std::vector<std::string>& words, std::string& text) {
    text.clear();
    for (const auto& w : words) {
        bool space = w.empty(), single = false, dbl = false;
        for (char c : w) {
            space = space || isVariableSpace(c);
            single = single || c == '\'';
            dbl = dbl || c == '"';
        }
        if (!text.empty()) text += ' ';
        if (!space && !single && !dbl) {
            text += w;
        } else if (!dbl) {
            text += '"' + w + '"';
        } else if (!single) {
            text += '\'' + w + '\'';
        } else {
            return "the option '" + w + "' holds both kinds of quote, so it cannot be written back into a variable";
        }
    }
    return std::nullopt;
}

std::string shellQuote(std::string_view word) {
    bool safe = !word.empty();
    for (char c : word) {
        const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                        std::string_view("_-+=:,./@%^").find(c) != std::string_view::npos;
        safe = safe && ok;
    }
    if (safe) return std::string(word);
    std::string out = "'";
    for (char c : word) {
        if (c == '\'') out += "'\\''";
        else out += c;
    }
    return out + "'";
}

}  // namespace jvmticheck
