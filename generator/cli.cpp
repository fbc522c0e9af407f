#include "cli.hpp"

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
    return std::nullopt;
}

}  // namespace jvmtigen
