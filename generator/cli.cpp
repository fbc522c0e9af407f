#include "cli.hpp"

#include <cctype>
#include <charconv>
#include <sstream>

#include "api_version.hpp"
#include "emitters.hpp"
#include "help.hpp"

namespace jvmtigen {

std::optional<Version> parseVersion(const std::string& text) {
    Version v;
    int* parts[] = {&v.major, &v.minor, &v.micro};
    const char* p = text.data();
    const char* end = text.data() + text.size();
    for (int i = 0; i < 3; ++i) {
        auto [next, ec] = std::from_chars(p, end, *parts[i]);
        if (ec != std::errc() || next == p || *parts[i] < 0) return std::nullopt;
        p = next;
        if (i < 2) {
            if (p == end || *p != '.') return std::nullopt;
            ++p;
        }
    }
    if (p != end) return std::nullopt;
    return v;
}

std::vector<jvmtihelp::Entry> outputEntries() {
    std::vector<jvmtihelp::Entry> entries;
    for (const auto& e : allEmitters()) entries.push_back({e.name, e.description});
    return entries;
}

std::string usage() { return jvmtihelp::formatHelp(jvmtihelp::jvmtigenHelp(outputEntries())); }

// The message for the old spelling `--version X.Y.Z`: --version now means the tool's version.
static std::string oldVersionSpelling(const std::string& value) {
    return "--version takes no value ('" + value + "'): the JVMTI version of a spec is given with --jvmti-version " +
           "X.Y.Z (--version prints jvmtigen's own version)";
}

// "A.xml" or "A.xml@X.Y.Z": the text after the last '@' is a version when it starts with a digit
// (and holds no '/': a directory's name may have an '@').
static std::optional<std::string> parseDiffInput(const std::string& word, DiffInput& in) {
    in.file = word;
    const auto at = word.rfind('@');
    if (at == std::string::npos || at + 1 >= word.size() || !std::isdigit(static_cast<unsigned char>(word[at + 1])) ||
        word.find('/', at) != std::string::npos)
        return std::nullopt;
    in.file = word.substr(0, at);
    in.version = parseVersion(word.substr(at + 1));
    if (in.file.empty()) return "--diff: '" + word + "' names no file before '@'";
    if (!in.version) return "--diff: '" + word.substr(at + 1) + "' after '@' in '" + word + "' is not a version X.Y.Z";
    if (auto why = versionEncodingProblem(*in.version)) return "--diff " + word + ": " + *why;
    return std::nullopt;
}

// What --diff and --diff-api-version cannot be combined with: they write no outputs.
static std::optional<std::string> diffConflicts(const Options& o) {
    const bool diff = !o.diff.empty();
    const bool apiDiff = !o.diffApiVersions.empty();
    if (!diff && !apiDiff) {
        if (!o.json.empty()) return std::string("--json goes with --diff or --diff-api-version");
        return std::nullopt;
    }
    const std::string name = diff ? "--diff" : "--diff-api-version";
    if (diff && apiDiff) return std::string("--diff and --diff-api-version exclude each other");
    if (diff && o.specGiven) return std::string("--diff names both specs itself; --spec goes with --diff-api-version");
    if (o.apiVersion) return name + " and --api-version exclude each other";
    if (o.outGiven || !o.only.empty() || !o.dumpModel.empty() || o.check)
        return name + " writes no outputs: leave out --out, --only, --dump-model and --check";
    return std::nullopt;
}

std::optional<std::string> parseOptions(const std::vector<std::string>& args, Options& o) {
    for (size_t i = 0; i < args.size(); ++i) {
        std::string a = args[i];
        std::string value;
        bool hasInline = false;
        if (a.rfind("--", 0) == 0) {
            if (auto eq = a.find('='); eq != std::string::npos) {
                value = a.substr(eq + 1);
                a = a.substr(0, eq);
                hasInline = true;
            }
        }
        auto take = [&]() -> std::optional<std::string> {
            if (hasInline) return value;
            if (i + 1 >= args.size()) return std::nullopt;
            return args[++i];
        };
        auto missing = [&](const char* what) { return a + " needs " + what; };
        if (a == "--help" || a == "-h") {
            o.help = true;
        } else if (a == "--check") {
            o.check = true;
        } else if (a == "--spec") {
            auto v = take();
            if (!v || v->empty()) return missing("a file");
            o.spec = *v;
            o.specGiven = true;
        } else if (a == "--out") {
            auto v = take();
            if (!v || v->empty()) return missing("a directory");
            o.out = *v;
            o.outGiven = true;
        } else if (a == "--version") {
            if (hasInline) return oldVersionSpelling(value);
            if (i + 1 < args.size() && !args[i + 1].empty() && args[i + 1][0] != '-')
                return oldVersionSpelling(args[i + 1]);
            o.showVersion = true;
        } else if (a == "--jvmti-version") {
            auto v = take();
            if (!v) return missing("a version X.Y.Z");
            o.version = parseVersion(*v);
            if (!o.version) return "--jvmti-version '" + *v + "' is not a version X.Y.Z (three non-negative integers)";
            if (auto why = versionEncodingProblem(*o.version)) return "--jvmti-version " + *v + ": " + *why;
        } else if (a == "--api-version") {
            auto v = take();
            if (!v) return missing("a version X.Y.Z");
            o.apiVersion = parseVersion(*v);
            if (!o.apiVersion) return "--api-version '" + *v + "' is not a version X.Y.Z (three non-negative integers)";
            if (auto why = notAJvmtiRelease(*o.apiVersion)) return "--api-version " + *v + " names no JVMTI release: " + *why;
        } else if (a == "--dump-model") {
            auto v = take();
            if (!v || v->empty()) return missing("a file");
            o.dumpModel = *v;
        } else if (a == "--diff" || a == "--diff-api-version") {
            const bool files = a == "--diff";
            const std::string what =
                files ? "two specs: --diff A.xml B.xml" : "two versions: --diff-api-version X.Y.Z X.Y.Z";
            if (hasInline) return a + " takes " + what + " (as two arguments, without '=')";
            if (!(files ? o.diff.empty() : o.diffApiVersions.empty())) return a + " is given twice";
            std::vector<std::string> words;
            while (words.size() < 2 && i + 1 < args.size() && args[i + 1].rfind("--", 0) != 0)
                words.push_back(args[++i]);
            if (words.size() < 2) return a + " needs " + what + " (" + std::to_string(words.size()) + " given)";
            for (const auto& w : words) {
                if (files) {
                    DiffInput in;
                    if (auto problem = parseDiffInput(w, in)) return problem;
                    o.diff.push_back(std::move(in));
                    continue;
                }
                const auto v = parseVersion(w);
                if (!v) return a + " '" + w + "' is not a version X.Y.Z (three non-negative integers)";
                if (auto why = notAJvmtiRelease(*v)) return a + " " + w + " names no JVMTI release: " + *why;
                o.diffApiVersions.push_back(*v);
            }
        } else if (a == "--json") {
            auto v = take();
            if (!v || v->empty()) return missing("a file");
            o.json = *v;
        } else if (a == "--only") {
            auto v = take();
            if (!v || v->empty()) return missing("output names");
            std::stringstream ss(*v);
            for (std::string name; std::getline(ss, name, ',');) {
                bool known = false;
                for (const auto& e : allEmitters()) known = known || e.name == name;
                if (!known) {
                    std::string names;
                    for (const auto& e : allEmitters()) names += (names.empty() ? "" : ", ") + e.name;
                    return "--only: unknown output '" + name + "'; the outputs are: " + names;
                }
                o.only.push_back(name);
            }
        } else {
            return "unknown option '" + args[i] + "'";
        }
    }
    return diffConflicts(o);
}

}  // namespace jvmtigen
