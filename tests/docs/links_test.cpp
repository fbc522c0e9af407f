// The Markdown documents' links: every relative link of README.md and docs/*.md must name a file
// or directory that exists, and its #anchor must be a heading of the Markdown file it names (its
// id as GitHub makes it), an <a id> or <a name> there, or an id="..." of the HTML file it names.
// Absolute URLs are not followed; links inside code (fenced blocks, inline spans) are not links.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <cstddef>
#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "support.hpp"

namespace fs = std::filesystem;
using testsupport::readFile;

namespace {

constexpr auto npos = std::string::npos;

// GitHub's id for a heading: links reduced to their text, lower case, every character but
// letters, digits, spaces, hyphens and underscores dropped, spaces made hyphens. Bytes of
// multi-byte characters are kept as they are.
std::string headingId(std::string_view heading) {
    std::string text;
    for (size_t i = 0; i < heading.size(); ++i) {
        if (heading.substr(i, 2) == "](") {  // skip a link's target, keep its text
            const size_t close = heading.find(')', i);
            if (close != npos) {
                i = close;
                continue;
            }
        }
        text += heading[i];
    }
    std::string id;
    for (const unsigned char c : text) {
        if (std::isalnum(c) || c == '-' || c == '_' || c >= 0x80) id += static_cast<char>(std::tolower(c));
        else if (c == ' ') id += '-';
    }
    return id;
}

bool blankLine(std::string_view line) { return line.find_first_not_of(" \t\r") == npos; }

// The lines of `text`, without their line breaks.
std::vector<std::string_view> linesOf(std::string_view text) {
    std::vector<std::string_view> lines;
    for (size_t pos = 0; pos <= text.size();) {
        size_t end = text.find('\n', pos);
        if (end == npos) end = text.size();
        lines.push_back(text.substr(pos, end - pos));
        pos = end + 1;
    }
    return lines;
}

// The document with every line of a fenced code block (fences included) turned into spaces. A
// fence is a run of three or more backticks or tildes after any indentation (list items indent
// theirs); it is closed by a run of the same character at least as long, alone on its line.
std::string withoutFences(const std::string& doc) {
    std::string out = doc;
    std::string fence;
    size_t pos = 0;
    for (const std::string_view line : linesOf(doc)) {
        const size_t indent = line.find_first_not_of(" \t");
        const std::string_view rest = indent == npos ? std::string_view() : line.substr(indent);
        const char c = rest.empty() ? '\0' : rest[0];
        const size_t run = (c == '`' || c == '~') ? std::min(rest.find_first_not_of(c), rest.size()) : 0;
        bool code = !fence.empty();
        if (fence.empty() && run >= 3) {
            fence.assign(run, c);
            code = true;
        } else if (!fence.empty() && c == fence[0] && run >= fence.size() && blankLine(rest.substr(run))) {
            fence.clear();
        }
        if (code) std::fill_n(out.begin() + static_cast<std::ptrdiff_t>(pos), line.size(), ' ');
        pos += line.size() + 1;
    }
    return out;
}

// `text` (fences already blanked) with every inline code span turned into spaces, line breaks
// kept. A span opens with a run of backticks and closes at the next run of the same length in the
// same paragraph; a run that is never closed is plain text.
std::string withoutCodeSpans(std::string text) {
    const auto paragraphBreak = [&](size_t from, size_t to) {
        for (size_t nl = text.find('\n', from); nl != npos && nl < to; nl = text.find('\n', nl + 1)) {
            const size_t next = text.find('\n', nl + 1);
            if (next != npos && next <= to && blankLine(std::string_view(text).substr(nl + 1, next - nl - 1)))
                return true;
        }
        return false;
    };
    for (size_t i = 0; i < text.size();) {
        if (text[i] != '`') {
            ++i;
            continue;
        }
        const size_t open = std::min(text.find_first_not_of('`', i), text.size());
        size_t close = text.find('`', open), closeEnd = npos;
        while (close != npos && !paragraphBreak(open, close)) {
            closeEnd = std::min(text.find_first_not_of('`', close), text.size());
            if (closeEnd - close == open - i) break;
            close = text.find('`', closeEnd);
            closeEnd = npos;
        }
        if (close == npos || closeEnd == npos) {  // unmatched: the backticks are text
            i = open;
            continue;
        }
        for (size_t k = i; k < closeEnd; ++k)
            if (text[k] != '\n') text[k] = ' ';
        i = closeEnd;
    }
    return text;
}

// The value of attribute `name` in an HTML tag's text, or nothing.
std::optional<std::string> attribute(std::string_view tag, std::string_view name) {
    for (size_t at = tag.find(name); at != npos; at = tag.find(name, at + 1)) {
        const bool wordStart = at > 0 && std::isspace(static_cast<unsigned char>(tag[at - 1]));
        const std::string_view rest = tag.substr(at + name.size());
        if (!wordStart || rest.size() < 2 || rest[0] != '=' || (rest[1] != '"' && rest[1] != '\'')) continue;
        const size_t end = rest.find(rest[1], 2);
        if (end != npos) return std::string(rest.substr(2, end - 2));
    }
    return std::nullopt;
}

// Each <a ...> tag of `text`, with the offset where it starts.
std::vector<std::pair<size_t, std::string_view>> anchorTags(std::string_view text) {
    std::vector<std::pair<size_t, std::string_view>> tags;
    for (size_t at = text.find("<a"); at != npos; at = text.find("<a", at + 2)) {
        const size_t end = text.find('>', at);
        if (end == npos) break;
        if (at + 2 < text.size() && std::isspace(static_cast<unsigned char>(text[at + 2])))
            tags.emplace_back(at, text.substr(at, end - at));
    }
    return tags;
}

std::string percentDecoded(std::string_view s) {
    std::string out;
    for (size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '%' && i + 2 < s.size() && std::isxdigit(static_cast<unsigned char>(s[i + 1])) &&
            std::isxdigit(static_cast<unsigned char>(s[i + 2]))) {
            out += static_cast<char>(std::stoi(std::string(s.substr(i + 1, 2)), nullptr, 16));
            i += 2;
        } else {
            out += s[i];
        }
    }
    return out;
}

struct Link {
    int line;
    std::string target;
};

struct Problem {
    std::string file;  // relative to the checker's root
    int line;
    std::string target, why;
    std::string text() const { return file + ":" + std::to_string(line) + ": " + target + ": " + why; }
};

// The links of a Markdown document, outside code: inline links and images `[text](target)`,
// reference definitions `[name]: target`, and <a href="target">.
std::vector<Link> linksOf(const std::string& doc) {
    const std::string prose = withoutCodeSpans(withoutFences(doc));
    const auto lineAt = [&](size_t offset) {
        return 1 + static_cast<int>(std::count(prose.begin(), prose.begin() + static_cast<std::ptrdiff_t>(offset), '\n'));
    };
    std::vector<Link> links;
    for (size_t at = prose.find("]("); at != npos; at = prose.find("](", at + 2)) {
        size_t start = at + 2, end;
        if (start < prose.size() && prose[start] == '<') {  // [text](<target with spaces>)
            end = prose.find('>', ++start);
        } else {
            end = prose.find_first_of(" \t\n)", start);
        }
        if (end == npos) end = prose.size();
        links.push_back({lineAt(at), prose.substr(start, end - start)});
    }
    size_t lineStart = 0;
    for (const std::string_view line : linesOf(prose)) {
        const size_t indent = line.find_first_not_of(' ');
        const size_t close = indent != npos && indent <= 3 && line[indent] == '[' ? line.find(']', indent) : npos;
        if (close != npos && line.substr(close, 2) == "]:") {
            const size_t start = line.find_first_not_of(" \t", close + 2);
            if (start != npos) {
                const size_t end = std::min(line.find_first_of(" \t", start), line.size());
                links.push_back({lineAt(lineStart), std::string(line.substr(start, end - start))});
            }
        }
        lineStart += line.size() + 1;
    }
    for (const auto& [offset, tag] : anchorTags(prose))
        if (const auto href = attribute(tag, "href")) links.push_back({lineAt(offset), *href});
    return links;
}

// The ids a Markdown document's links can land on: its headings' ids as GitHub makes them (a
// repeated id gets -1, -2, ... in order) and the id or name of each <a> tag. Setext headings
// (underlined with === or ---) are not recognised.
std::set<std::string> markdownAnchors(const std::string& doc) {
    std::set<std::string> ids;
    std::map<std::string, int> seen;
    const std::string text = withoutFences(doc);  // the lines below are views into it
    for (std::string_view line : linesOf(text)) {
        const size_t indent = line.find_first_not_of(' ');
        if (indent == npos || indent > 3 || line[indent] != '#') continue;
        line.remove_prefix(indent);
        const size_t level = line.find_first_not_of('#');  // npos (a line of # alone) is skipped too
        if (level > 6 || (line[level] != ' ' && line[level] != '\t')) continue;
        std::string_view heading = line.substr(level);
        heading.remove_prefix(std::min(heading.find_first_not_of(" \t"), heading.size()));
        const size_t last = heading.find_last_not_of(" \t#\r");  // a closing run of #
        heading = last == npos ? std::string_view() : heading.substr(0, last + 1);
        const std::string base = headingId(heading);
        std::string id = base;
        if (seen.count(base)) {
            do id = base + "-" + std::to_string(++seen[base]);
            while (seen.count(id));
        }
        seen[id] = 0;
        ids.insert(id);
    }
    const std::string prose = withoutCodeSpans(text);
    for (const auto& [offset, tag] : anchorTags(prose))
        for (const char* name : {"id", "name"})
            if (const auto value = attribute(tag, name)) ids.insert(*value);
    return ids;
}

class LinkChecker {
public:
    explicit LinkChecker(fs::path root) : root_(std::move(root)) {}

    // Checks every link of `doc`; returns the problems found. `links` counts the links checked.
    std::vector<Problem> check(const fs::path& doc) {
        std::vector<Problem> problems;
        const std::string name = doc.lexically_relative(root_).generic_string();
        for (const Link& link : linksOf(readFile(doc))) {
            ++links;
            const auto problem = whyBroken(doc, link.target);
            if (!problem.empty()) problems.push_back({name, link.line, link.target, problem});
        }
        return problems;
    }

    int links = 0;

private:
    // Why `target`, written in `doc`, does not resolve; empty when it does or is not ours to check.
    std::string whyBroken(const fs::path& doc, const std::string& target) {
        if (target.empty()) return "an empty link";
        const size_t colon = target.find(':');
        if (colon != npos && target.find_first_of("/?#") > colon) return "";  // scheme: an absolute URL
        const size_t hash = target.find('#');
        const std::string path = percentDecoded(target.substr(0, hash));
        fs::path file = doc;
        if (path.starts_with('/')) file = root_ / path.substr(1);  // GitHub: from the repository's root
        else if (!path.empty()) file = doc.parent_path() / path;
        if (!fs::exists(file))
            return "no such file or directory: " + file.lexically_normal().lexically_relative(root_).generic_string();
        if (hash == npos) return "";
        const std::string anchor = percentDecoded(target.substr(hash + 1));
        const std::string ext = file.extension().string();
        if (fs::is_directory(file) || (ext != ".md" && ext != ".html" && ext != ".htm"))
            return "an anchor into a file that is neither Markdown nor HTML";
        if (ext == ".md") {
            auto [it, fresh] = anchors_.try_emplace(file.lexically_normal());
            if (fresh) it->second = markdownAnchors(readFile(file));
            if (it->second.count(anchor)) return "";
            return "no heading or <a id> gives #" + anchor;
        }
        const std::string html = readFile(file);
        for (const char* name : {"id=\"", "name=\""})
            if (html.find(name + anchor + "\"") != npos) return "";
        return "no id=\"" + anchor + "\" in the page";
    }

    fs::path root_;
    std::map<fs::path, std::set<std::string>> anchors_;
};

}  // namespace

TEST_CASE("markdown links: every relative link and anchor of README.md and docs/*.md resolves", "[docs][links]") {
    const fs::path root = testsupport::sourceDir();
    std::vector<fs::path> docs{root / "README.md"};
    for (const auto& entry : fs::directory_iterator(root / "docs"))
        if (entry.path().extension() == ".md") docs.push_back(entry.path());
    std::sort(docs.begin() + 1, docs.end());
    REQUIRE(docs.size() > 10);

    LinkChecker checker(root);
    for (const fs::path& doc : docs)
        for (const Problem& p : checker.check(doc)) FAIL_CHECK(p.text());
    CHECK(checker.links > 50);  // links were found at all: the README alone has dozens
}

TEST_CASE("markdown links: heading ids follow GitHub's rules", "[docs][links]") {
    CHECK(headingId("What changed between two specs: `--diff`") == "what-changed-between-two-specs---diff");
    CHECK(headingId("`libjvmtilayer.so`: any agent behind a checked layer on a real JVM") ==
          "libjvmtilayerso-any-agent-behind-a-checked-layer-on-a-real-jvm");
    CHECK(headingId("Advice: `advice=true`") == "advice-advicetrue");
    CHECK(headingId("snake_case, C++ and [a link](x.md)") == "snake_case-c-and-a-link");
    CHECK(markdownAnchors("# A\n## A\n### A\n## A-1\n```\n# not a heading\n```\n#nor this\n# Closed ##\n") ==
          std::set<std::string>{"a", "a-1", "a-2", "a-1-1", "closed"});
}

TEST_CASE("markdown links: broken files and anchors are reported, code and absolute URLs are not", "[docs][links]") {
    testsupport::TempDir dir;
    fs::create_directory(dir / "sub");
    testsupport::writeFile(dir / "b.md", "# Part one\n\n## Part two\n");
    testsupport::writeFile(dir / "page.html", "<p id=\"here\">here</p>\n");
    testsupport::writeFile(dir / "a.md",
                           "# Title\n"                                                          // 1
                           "## Same\n"                                                          // 2
                           "## Same\n"                                                          // 3
                           "[b](b.md), [part](b.md#part-two), [dup](#same-1), [top](#title)\n"  // 4
                           "[web](https://example.com/x.md#y), [mail](mailto:a@b.c), [dir](sub/)\n"
                           "A [missing file](nope.md) and [a missing anchor](b.md#part-three).\n"  // 6
                           "[no such duplicate](#same-2)\n"                                        // 7
                           "`[in code](nowhere.md)` and ``a ` [still code](nowhere.md)``\n"
                           "```sh\n"
                           "[in a fence](nowhere.md)\n"
                           "```\n"
                           "<a href=\"page.html#here\">here</a> <a href=\"page.html#gone\">gone</a>\n"  // 12
                           "<a id=\"explicit\"></a>[explicit](#explicit) ![image](sub)\n"
                           "A link whose text [runs over\n"
                           "two lines](missing/two.md) and `code that\n"  // 15
                           "runs over two](nowhere.md)`.\n"
                           "\n"
                           "[ref]: b.md#part-one\n"
                           "[gone]: b.md#part-nine\n");  // 19
    LinkChecker checker(dir.path());
    std::set<std::pair<int, std::string>> found;
    for (const Problem& p : checker.check(dir / "a.md")) {
        INFO(p.text());
        CHECK(p.text().starts_with("a.md:" + std::to_string(p.line) + ": " + p.target + ": "));
        found.emplace(p.line, p.target);
    }
    CHECK(found == std::set<std::pair<int, std::string>>{{6, "nope.md"},
                                                           {6, "b.md#part-three"},
                                                           {7, "#same-2"},
                                                           {12, "page.html#gone"},
                                                           {15, "missing/two.md"},
                                                           {19, "b.md#part-nine"}});
}
