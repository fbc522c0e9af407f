#include "docs_support.hpp"

#include <catch2/catch.hpp>

#include "reader.hpp"

namespace docstest {

using namespace testsupport;

void generate(GeneratedPage& page, const fs::path& spec, const std::string& version) {
    std::vector<std::string> args = {"--spec", spec.string(), "--out", page.dir.path().string(), "--only", "docs"};
    if (!version.empty()) {
        args.push_back("--jvmti-version");
        args.push_back(version);
    }
    const auto r = runTool(args);
    INFO(r.err);
    REQUIRE(r.status == 0);
    REQUIRE(listFiles(page.dir.path()) == std::vector<std::string>{"docs/jvmti.html"});
    page.file = page.dir / "docs/jvmti.html";
    page.html = readFile(page.file);
}

std::vector<SpecCase> specCases() {
    return {{"spec/jvmti.xml", sourceDir() / "spec" / "jvmti.xml", ""},
            {"jdk16", upstreamSpec("jdk16"), "17.0.0"},
            {"jdk11-ea", upstreamSpec("jdk11-ea"), "11.0.0"}};
}

// Decodes the character references the generator writes in attribute values.
static std::string decode(const std::string& v) {
    static const std::pair<const char*, const char*> refs[] = {
        {"&amp;", "&"}, {"&lt;", "<"}, {"&gt;", ">"}, {"&quot;", "\""}, {"&#39;", "'"}};
    std::string out;
    for (size_t i = 0; i < v.size();) {
        bool replaced = false;
        if (v[i] == '&') {
            for (const auto& [ref, ch] : refs) {
                if (v.compare(i, std::char_traits<char>::length(ref), ref) == 0) {
                    out += ch;
                    i += std::char_traits<char>::length(ref);
                    replaced = true;
                    break;
                }
            }
        }
        if (!replaced) out += v[i++];
    }
    return out;
}

static bool isNameChar(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == ':';
}

std::vector<Tag> scanTags(const std::string& html) {
    std::vector<Tag> tags;
    size_t i = 0;
    while ((i = html.find('<', i)) != std::string::npos) {
        const size_t start = i++;
        if (i < html.size() && (html[i] == '/' || html[i] == '!')) {  // end tags, doctype, comments
            i = html.find('>', i);
            if (i == std::string::npos) break;
            continue;
        }
        Tag t{{}, {}, start};
        while (i < html.size() && isNameChar(html[i])) t.name += static_cast<char>(std::tolower(html[i++]));
        // attributes up to '>'
        while (i < html.size() && html[i] != '>') {
            if (!isNameChar(html[i])) {
                ++i;
                continue;
            }
            std::string name;
            while (i < html.size() && isNameChar(html[i])) name += html[i++];
            std::string value;
            if (i < html.size() && html[i] == '=') {
                ++i;
                const char q = html[i];
                if (q == '"' || q == '\'') {
                    const size_t end = html.find(q, i + 1);
                    if (end == std::string::npos) break;
                    value = html.substr(i + 1, end - i - 1);
                    i = end + 1;
                } else {
                    while (i < html.size() && html[i] != ' ' && html[i] != '>') value += html[i++];
                }
            }
            t.attrs[name] = decode(value);
        }
        tags.push_back(std::move(t));
        // The contents of script and style are not markup.
        if (tags.back().name == "script" || tags.back().name == "style") {
            const size_t end = html.find("</" + tags.back().name, i);
            if (end == std::string::npos) break;
            i = end;
        }
    }
    return tags;
}

std::vector<std::string> linkProblems(const std::vector<Tag>& tags) {
    std::vector<std::string> problems;
    std::set<std::string> ids;
    for (const auto& t : tags)
        if (auto id = t.attrs.find("id"); id != t.attrs.end())
            if (!ids.insert(id->second).second) problems.push_back("duplicate id=\"" + id->second + "\"");
    for (const auto& t : tags) {
        auto href = t.attrs.find("href");
        if (href == t.attrs.end() || !href->second.starts_with("#")) continue;
        const std::string target = href->second.substr(1);
        if (!ids.count(target)) problems.push_back("<" + t.name + " href=\"#" + target + "\"> leads nowhere");
    }
    return problems;
}

std::set<std::string> requiredAnchors(const jvmtigen::Spec& s) {
    std::set<std::string> a = {"FunctionSection", "FunctionIndex", "FunctionTable", "ErrorSection",
                               "EventSection",    "EventIndex",    "DataSection",   "ChangeHistory",
                               "IssuesSection",   "ConstantIndex", "CapabilityIndex", "TypeIndex",
                               "jvmtiError",      "jvmtiEvent",    "jvmtiEventCallbacks", "JNIEnv",
                               "jvmtiEnv",        "JavaVM"};
    auto params = [&](const std::string& owner, const std::vector<jvmtigen::Param>& ps) {
        for (const auto& p : ps) a.insert(owner + "." + p.id);
    };
    for (const auto& f : s.functions)
        if (!f.elided) {
            a.insert(f.id);
            params(f.id, f.params);
        }
    for (const auto& e : s.events)
        if (!e.elided) {
            a.insert(e.id);
            params(e.id, e.params);
        }
    for (const auto& c : s.callbacks)
        if (!c.elided) {
            a.insert(c.id);
            params(c.id, c.params);
        }
    for (const auto& t : s.typedefs)
        if (!t.elided) {
            a.insert(t.id);
            for (const auto& f : t.fields) a.insert(t.id + "." + f.id);
        }
    for (const auto& g : s.constants) {
        a.insert(g.id);
        for (const auto& c : g.constants) a.insert(c.id);
    }
    for (const auto& e : s.errors) a.insert(e.id);
    for (const auto& c : s.errorCategories) a.insert(c.id);
    for (const auto& t : s.capabilities) {
        a.insert(t.id);
        for (const auto& f : t.fields) a.insert(t.id + "." + f.id);
    }
    for (const auto& b : s.baseTypes) a.insert(b.id);
    for (const auto& g : s.baseTypeGroups) a.insert(g.id);
    for (const auto& c : s.categories) a.insert(c.id);
    for (const auto& i : s.intros)
        if (!i.elided && !i.id.empty()) a.insert(i.id);
    return a;
}

jvmtigen::Spec readSpec(const fs::path& spec) {
    jvmtigen::Spec s;
    jvmtigen::Diagnostics diag(spec.string());
    const bool ok = jvmtigen::readSpecFile(spec.string(), s, diag);
    for (const auto& m : diag.messages()) UNSCOPED_INFO(m);
    REQUIRE(ok);
    return s;
}

void requireTidyClean(const fs::path& file) {
    INFO("tidy is not installed: scripts/setup.sh installs Debian's package 'tidy'");
    REQUIRE(runCommand("command -v tidy").status == 0);
    // tidy's exit status: 0 clean, 1 warnings only, 2 errors.
    const auto r = runCommand("tidy -errors -q '" + file.string() + "'");
    INFO("tidy -errors -q " << file.string() << ":\n" << r.out);
    CHECK((r.status == 0 || r.status == 1));
}

}  // namespace docstest
