#include "sweep/options.hpp"

#include <charconv>
#include <cmath>

#include "../options.hpp"

namespace jvmticheck {

namespace {

// Options with a value (--name VALUE or --name=VALUE) and what the value is; `merge`: also
// taken by --sweep-merge.
struct Valued {
    const char* name;
    const char* what;
    bool merge;
};
constexpr Valued kValued[] = {
    {"--max-runs", "a number of runs, 1 or more", false},
    {"-j", "a number of runs at a time, 1 or more", false},
    {"--jobs", "a number of runs at a time, 1 or more", false},
    {"--shard", "K/N (this is shard K of N, 1 <= K <= N)", false},
    {"--run-timeout", "a number of seconds above 0", false},
    {"--sweep-dir", "a directory", false},
    {"--layer", "a file (the layer library)", false},
    {"--json", "a file (the sweep's JSON)", true},
    {"--sarif", "a file (the SARIF log)", true},
    {"--junit", "a file (the JUnit XML report)", true},
    {"--html", "a file (the HTML page)", true},
    {"--source-root", "a directory", true},
};

std::optional<unsigned long> number(const std::string& text) {
    unsigned long n = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
    if (ec != std::errc{} || end != text.data() + text.size()) return std::nullopt;
    return n;
}

std::optional<std::string> take(const std::string& name, const std::string& value, SweepOptions& out) {
    if (name == "--max-runs") {
        const auto n = number(value);
        if (!n || *n < 1) return "--max-runs " + value + ": expected a number of runs, 1 or more";
        out.maxRuns = *n;
    } else if (name == "-j" || name == "--jobs") {
        const auto n = number(value);
        if (!n || *n < 1 || *n > 1024) return name + " " + value + ": expected a number of runs at a time from 1 to 1024";
        out.jobs = static_cast<unsigned>(*n);
    } else if (name == "--shard") {
        const auto slash = value.find('/');
        const auto k = slash == std::string::npos ? std::nullopt : number(value.substr(0, slash));
        const auto n = slash == std::string::npos ? std::nullopt : number(value.substr(slash + 1));
        if (!k || !n || *n < 1 || *n > 100000) return "--shard " + value + ": expected K/N, shard K of N (--shard 2/4)";
        if (*k < 1 || *k > *n) return "--shard " + value + ": K must be 1..N";
        out.shardK = static_cast<unsigned>(*k);
        out.shardN = static_cast<unsigned>(*n);
    } else if (name == "--run-timeout") {
        double seconds = 0;
        const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), seconds);
        if (ec != std::errc{} || end != value.data() + value.size() || !(seconds > 0) || !std::isfinite(seconds))
            return "--run-timeout " + value + ": expected a number of seconds above 0";
        out.runTimeout = seconds;
    } else {
        std::optional<std::string>* slot = name == "--sweep-dir" ? &out.sweepDir
                                           : name == "--layer"   ? &out.layer
                                           : name == "--json"    ? &out.json
                                           : name == "--sarif"   ? &out.sarif
                                           : name == "--junit"   ? &out.junit
                                           : name == "--html"    ? &out.html
                                                                 : &out.sourceRoot;
        *slot = value;
    }
    return std::nullopt;
}

// Settings the sweep gives every run itself.
constexpr const char* kSweepSettings[][2] = {
    {"inject", "the sweep injects one fault per run itself"},
    {"inject-log", "the sweep reads each run's injection log from the run's directory"},
    {"report", "each run writes its reports into its own directory under --sweep-dir"},
};

}  // namespace

bool isSweepCommandLine(const std::vector<std::string>& args) {
    for (const auto& a : args) {
        if (a == "--") return false;
        if (a == "--inject-sweep" || a == "--sweep-merge") return true;
    }
    return false;
}

std::optional<std::string> parseSweepOptions(const std::vector<std::string>& args, SweepOptions& out) {
    out = SweepOptions{};
    // --help and --version before the command win over anything else.
    for (const auto& a : args) {
        if (a == "--") break;
        if (a == "--help" || a == "-h") out.help = true;
        if (a == "--version") out.version = true;
    }
    if (out.help || out.version) return std::nullopt;
    bool sweep = false, dashes = false;
    std::vector<std::string> rest;  // KEY=VALUE (sweep) or IN.json (merge)
    std::vector<std::string> sweepOnly;
    std::size_t i = 0;
    for (; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a == "--") {
            dashes = true;
            ++i;
            break;
        }
        if (a == "--inject-sweep") {
            sweep = true;
            continue;
        }
        if (a == "--sweep-merge") {
            out.merge = true;
            continue;
        }
        const Valued* valued = nullptr;
        std::string value;
        bool attached = false;
        for (const auto& o : kValued) {
            const std::string name = o.name;
            if (a == name) {
                valued = &o;
            } else if (a.rfind(name + "=", 0) == 0) {
                valued = &o;
                value = a.substr(name.size() + 1);
                attached = true;
            } else if (name == "-j" && a.size() > 2 && a.rfind("-j", 0) == 0 && a[2] != '=') {
                valued = &o;  // -j4
                value = a.substr(2);
                attached = true;
            }
            if (valued) break;
        }
        if (valued) {
            const std::string name = valued->name;
            if (!attached) {
                if (i + 1 >= args.size()) return name + " needs " + valued->what;
                value = args[++i];
            }
            if (value.empty()) return name + " needs " + valued->what;
            if (auto problem = take(name, value, out)) return problem;
            if (!valued->merge) sweepOnly.push_back(name);
            continue;
        }
        if (!a.empty() && a[0] == '-') {
            if (a == "--dry-run" || a.rfind("--error-exitcode", 0) == 0 ||
                a.rfind("--fail-on", 0) == 0 || a.rfind("--report-dir", 0) == 0)
                return "'" + a + "' is not taken with " + (out.merge ? "--sweep-merge" : "--inject-sweep") +
                       " (the sweep decides its exit status and each run's report directory itself)";
            return "unknown option '" + a + "'";
        }
        rest.push_back(a);
    }
    if (sweep && out.merge) return std::string("--inject-sweep and --sweep-merge: give one of them");

    if (out.merge) {
        if (dashes) return std::string("--sweep-merge takes no command: give the shards' JSON files (IN.json...)");
        if (!sweepOnly.empty()) return sweepOnly.front() + " is an option of --inject-sweep, not of --sweep-merge";
        if (!out.json) return std::string("--sweep-merge needs --json OUT (the merged JSON)");
        if (rest.empty()) return std::string("--sweep-merge needs the shards' JSON files (IN.json...)");
        out.inputs = rest;
        return std::nullopt;
    }

    // The settings, as jvmti-check judges them (the command is a stand-in).
    std::vector<std::string> check = rest;
    check.insert(check.end(), {"--", "COMMAND"});
    CheckOptions judged;
    if (auto problem = parseCheckOptions(check, judged)) return problem;
    for (const auto& setting : rest)
        for (const auto& [key, why] : kSweepSettings)
            if (setting.rfind(std::string(key) + "=", 0) == 0) return "'" + setting + "': " + key + "= is not taken: " + why;
    out.settings = rest;
    if (!dashes) return std::string("no command: give it after '--' (jvmti-check --inject-sweep [OPTIONS] -- COMMAND ARGS...)");
    out.command.assign(args.begin() + static_cast<std::ptrdiff_t>(i), args.end());
    if (out.command.empty()) return std::string("no command after '--'");
    return std::nullopt;
}

}  // namespace jvmticheck
