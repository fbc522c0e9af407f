#include "options.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdlib>

namespace jvmtilint {

namespace {

std::optional<long> number(const std::string& text) {
    if (text.empty()) return std::nullopt;
    errno = 0;
    char* end = nullptr;
    const long v = std::strtol(text.c_str(), &end, 10);
    if (errno != 0 || *end != '\0') return std::nullopt;
    return v;
}

}  // namespace

ParsedOptions parseOptions(const std::vector<std::string>& args) {
    ParsedOptions out;
    Options& o = out.options;
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string& arg = args[i];
        if (arg == "--") {
            o.haveArgs = true;
            o.extraArgs.assign(args.begin() + static_cast<std::ptrdiff_t>(i) + 1, args.end());
            break;
        }
        // An option's value: the next word, or after '=' (long options) or glued (-p, -j).
        std::string name = arg, value;
        bool hasValue = false;
        if (arg.rfind("--", 0) == 0 && arg.find('=') != std::string::npos) {
            name = arg.substr(0, arg.find('='));
            value = arg.substr(arg.find('=') + 1);
            hasValue = true;
        } else if ((arg.rfind("-p", 0) == 0 || arg.rfind("-j", 0) == 0) && arg.size() > 2 && arg[1] != '-') {
            name = arg.substr(0, 2);
            value = arg.substr(2);
            hasValue = true;
        }
        const auto takeValue = [&]() -> bool {
            if (hasValue) return true;
            if (i + 1 >= args.size()) {
                out.error = name + " needs a value";
                return false;
            }
            value = args[++i];
            return true;
        };
        if (name == "--help" || name == "-h") {
            o.help = true;
        } else if (name == "--version") {
            o.version = true;
        } else if (name == "--list-rules") {
            o.listRules = true;
        } else if (name == "-p") {
            if (!takeValue()) return out;
            o.buildDir = value;
        } else if (name == "-j" || name == "--jobs") {
            if (!takeValue()) return out;
            const auto n = number(value);
            if (!n || *n < 1 || *n > 256) {
                out.error = name + " takes a number of processes from 1 to 256, not '" + value + "'";
                return out;
            }
            o.jobs = static_cast<unsigned>(*n);
        } else if (name == "--error-exitcode") {
            if (!takeValue()) return out;
            const auto n = number(value);
            if (!n || *n < 1 || *n > 255) {
                out.error = "--error-exitcode takes an exit status from 1 to 255, not '" + value + "'";
                return out;
            }
            o.errorExitCode = static_cast<int>(*n);
        } else if (name == "--confirm") {
            o.confirm = true;
        } else if (name == "--run-timeout") {
            if (!takeValue()) return out;
            errno = 0;
            char* end = nullptr;
            const double seconds = value.empty() ? -1 : std::strtod(value.c_str(), &end);
            if (errno != 0 || seconds < 0 || seconds > 86400 || (end != nullptr && *end != '\0')) {
                out.error = "--run-timeout takes seconds from 0 (no limit) to 86400, not '" + value + "'";
                return out;
            }
            o.runTimeout = seconds;
        } else if (name == "--layer") {
            if (!takeValue()) return out;
            if (value.empty()) {
                out.error = "--layer needs the layer's file";
                return out;
            }
            o.layer = value;
        } else if (name == "--sarif" || name == "--baseline" || name == "--write-baseline") {
            if (!takeValue()) return out;
            if (value.empty()) {
                out.error = name + " needs a file name";
                return out;
            }
            (name == "--sarif" ? o.sarif : name == "--baseline" ? o.baseline : o.writeBaseline) = value;
        } else if (arg.size() > 1 && arg[0] == '-') {
            out.error = "unknown option " + arg;
            return out;
        } else {
            o.files.push_back(arg);
        }
    }
    if (o.help || o.version || o.listRules) return out;
    if (o.confirm) {
        // The program follows the second `--` when there is one (the compiler's words are between
        // the two), else the first.
        const auto second = std::find(o.extraArgs.begin(), o.extraArgs.end(), std::string("--"));
        if (second != o.extraArgs.end()) {
            o.command.assign(second + 1, o.extraArgs.end());
            o.extraArgs.erase(second, o.extraArgs.end());
        } else {
            o.command = std::move(o.extraArgs);
            o.extraArgs.clear();
            o.haveArgs = false;
        }
        if (o.command.empty()) {
            out.error = "--confirm needs the program to run: --confirm [--layer LIB] ... -- COMMAND ARGS...";
            return out;
        }
    } else if (o.layer || o.runTimeout) {
        out.error = std::string(o.layer ? "--layer" : "--run-timeout") + " is for --confirm: " +
                    (o.layer ? "the layer the program runs behind" : "how long one of its runs may take");
        return out;
    }
    if (o.files.empty() && o.buildDir.empty())
        out.error = "no file to analyse: give FILE... -- COMPILER-ARGS, or -p BUILD_DIR";
    return out;
}

}  // namespace jvmtilint
