#include "cli.hpp"

#include <charconv>
#include <sstream>

#include "api_version.hpp"
#include "emitters.hpp"

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

std::string usage() {
    std::ostringstream s;
    s << "usage: jvmtigen [--spec FILE] [--out DIR] [--version X.Y.Z] [--api-version X.Y.Z]\n"
         "                [--only NAME,...] [--dump-model FILE] [--check] [--help]\n"
         "\n"
         "Reads a jvmti.xml (OpenJDK's schema), validates it and writes the outputs under DIR.\n"
         "\n"
         "  --spec FILE        the specification to read (default: spec/jvmti.xml)\n"
         "  --out DIR          where outputs go (default: generated)\n"
         "  --version X.Y.Z    the JVMTI version, for specs that declare none (OpenJDK's since JDK 10)\n"
         "  --api-version X.Y.Z\n"
         "                     generate the interface as that release saw it: what the spec says came\n"
         "                     later is left out (functions' slots stay reserved, capability bits\n"
         "                     padding), with that release's version constants and header conventions;\n"
         "                     a JVMTI release (1.0, 1.1, 1.2, 9.0.0, 10.0.0, ...) not after the spec's\n"
         "  --only NAME,...    write only these outputs\n"
         "  --dump-model FILE  write the model as JSON (schema: docs/model-schema.md); alone, writes\n"
         "                     nothing else unless --out is given too\n"
         "  --check            validate only; write nothing\n"
         "  --help             this text\n"
         "\n"
         "Outputs:\n";
    for (const auto& e : allEmitters()) s << "  " << e.name << std::string(12 - std::min<size_t>(11, e.name.size()), ' ') << e.description << "\n";
    s << "\nExit status: 0 done, 1 the spec has problems (each printed as FILE:LINE: error: ...) or an\n"
         "output could not be written, 2 bad command line.\n";
    return s.str();
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
            auto v = take();
            if (!v) return missing("a version X.Y.Z");
            o.version = parseVersion(*v);
            if (!o.version) return "--version '" + *v + "' is not a version X.Y.Z (three non-negative integers)";
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
