#include "options.hpp"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <map>

#include "inject/plan.hpp"
#include "inject/universe.hpp"
#include "settings/settings.hpp"
#include "sweep/plan.hpp"

namespace jvmticheck {

namespace {

constexpr unsigned kRun = 1, kSweep = 2, kMerge = 4, kAll = kRun | kSweep | kMerge;

// Every option, the modes that take it and, for one with a value, what the value is.
struct Spec {
    const char* names;  // CLI11's: "-j,--jobs"
    const char* shown;  // as messages name it
    unsigned modes;
    const char* what;   // nullptr: a flag
};
constexpr Spec kSpecs[] = {
    {"--dry-run", "--dry-run", kRun, nullptr},
    {"--keep-work-dir", "--keep-work-dir", kRun, nullptr},
    {"--report-dir", "--report-dir", kRun, "a directory"},
    {"--hs-err-dir", "--hs-err-dir", kRun, "a directory"},
    {"--error-exitcode", "--error-exitcode", kRun, "a number from 1 to 255"},
    {"--layer", "--layer", kRun | kSweep, "a file (the layer library)"},
    {"--html", "--html", kAll, "a file (the HTML report)"},
    {"--sarif", "--sarif", kAll, "a file (the SARIF log)"},
    {"--junit", "--junit", kAll, "a file (the JUnit XML report)"},
    {"--source-root", "--source-root", kAll, "a directory"},
    {"--fail-on", "--fail-on", kAll, "error or warning (a run), or outcomes crash,hang,violation,leak,exit (a sweep)"},
    {"--json", "--json", kSweep | kMerge, "a file (the sweep's JSON)"},
    {"--max-runs", "--max-runs", kSweep, "a number of runs, 1 or more"},
    {"-j,--jobs", "-j", kSweep, "a number of runs at a time, 1 or more"},
    {"--run-timeout", "--run-timeout", kSweep, "a number of seconds above 0"},
    {"--sweep-dir", "--sweep-dir", kSweep, "a directory"},
    {"--one-fault-per-run", "--one-fault-per-run", kSweep, nullptr},
    {"--learning-runs", "--learning-runs", kSweep, "a number of learning runs from 1 to 16"},
    {"--rerun", "--rerun", kSweep, "planned runs' rules, RULE:RULE:... (FUNCTION@SITE/ERROR/1, as a sweep names them)"},
};

std::optional<unsigned long> number(const std::string& text) {
    unsigned long n = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
    if (ec != std::errc{} || end != text.data() + text.size()) return std::nullopt;
    return n;
}

// Settings jvmti-check gives the layer itself, and those a sweep gives every run itself.
constexpr const char* kOwnSettings[][2] = {
    {"agent", "jvmti-check gives the layer the agents of the command itself"},
    {"adopt", "jvmti-check decides how each JVM's agents come behind the layer"},
    {"child-tool-options", "jvmti-check sets it to follow the JVMs the command starts"},
    {"error-exitcode", "use --error-exitcode=N: jvmti-check decides the status over every JVM of the run"},
    {"fail-on", "use --fail-on=error|warning"},
};
constexpr const char* kSweepSettings[][2] = {
    {"inject", "the sweep injects the faults of each run itself"},
    {"inject-log", "the sweep reads each run's injection log from the run's directory"},
    {"report", "each run writes its reports into its own directory under --sweep-dir"},
};

std::optional<std::string> judgeSetting(const std::string& a, bool sweep) {
    const auto eq = a.find('=');
    const std::string key = a.substr(0, eq);
    if (eq == std::string::npos || key.empty())
        return "'" + a + "' is not a layer setting KEY=VALUE (did you forget '--' before the command?)";
    for (const auto& [own, why] : kOwnSettings)
        if (key == own) return "'" + a + "': " + key + "= is not taken: " + why;
    const auto& schema = jvmtilayer::embeddedSchema();
    const auto* spec = schema.find(key);
    if (spec == nullptr) return "'" + a + "': the layer has no setting '" + key + "' (settings: " + schema.nameList() + ")";
    jvmtilayer::Value value;
    if (auto problem = jvmtilayer::parseValueText(*spec, a.substr(eq + 1), value)) return "'" + a + "': " + *problem;
    if (sweep)
        for (const auto& [own, why] : kSweepSettings)
            if (key == own) return "'" + a + "': " + key + "= is not taken: " + why;
    return std::nullopt;
}

const char* modeName(Mode m) { return m == Mode::Sweep ? "--inject-sweep" : m == Mode::Merge ? "--sweep-merge" : "a run"; }

// The value of an option the sweep takes, into `out`.
std::optional<std::string> takeSweep(const std::string& name, const std::string& value, SweepOptions& out) {
    if (name == "--max-runs") {
        const auto n = number(value);
        if (!n || *n < 1) return "--max-runs " + value + ": expected a number of runs, 1 or more";
        out.maxRuns = *n;
    } else if (name == "-j") {
        const auto n = number(value);
        if (!n || *n < 1 || *n > 1024) return "-j " + value + ": expected a number of runs at a time from 1 to 1024";
        out.jobs = static_cast<unsigned>(*n);
    } else if (name == "--learning-runs") {
        const auto n = number(value);
        if (!n || *n < 1 || *n > 16) return "--learning-runs " + value + ": expected a number of learning runs from 1 to 16";
        out.learningRuns = static_cast<unsigned>(*n);
    } else if (name == "--rerun") {
        // inject='s own reader judges the rules (known function, site, error the function can
        // return), split at ':' as the layer splits its list; a planned run's rule is one
        // function at one site with one error at its first call.
        std::vector<std::string> items;
        for (std::size_t from = 0;;) {
            const auto colon = value.find(':', from);
            items.push_back(value.substr(from, colon == std::string::npos ? std::string::npos : colon - from));
            if (colon == std::string::npos) break;
            from = colon + 1;
        }
        constexpr const char* kRerunRule = "is not a planned run's rule FUNCTION@SITE/ERROR/1 (rules are separated by ':')";
        for (const auto& item : items)
            if (item.empty()) return std::string("--rerun: '' ") + kRerunRule;
        using namespace jvmtilayer::inject;
        const Universe universe = metadataUniverse();
        const auto plan = parse(items, universe);
        if (!plan) return "--rerun: " + plan.error;
        out.rerun.clear();
        for (const auto& rule : plan.plan->rules) {
            if (rule.functions.size() != 1 || rule.site.empty() || rule.mode != ErrorMode::Named || rule.when != When::Nth ||
                rule.n != 1)
                return "--rerun: '" + rule.text + "' " + kRerunRule;
            // Written as the sweep writes it (the error's short name), whatever spelling was given.
            const auto error = std::find_if(universe.errors.begin(), universe.errors.end(),
                                            [&](const ErrorFacts& e) { return e.value == rule.error; });
            out.rerun.push_back(universe.functions[static_cast<std::size_t>(rule.functions[0])].name + "@" + rule.site + "/" +
                                jvmticheck::shortErrorName(error != universe.errors.end() ? error->name : "") + "/1");
        }
    } else if (name == "--run-timeout") {
        double seconds = 0;
        const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), seconds);
        if (ec != std::errc{} || end != value.data() + value.size() || !(seconds > 0) || !std::isfinite(seconds))
            return "--run-timeout " + value + ": expected a number of seconds above 0";
        out.runTimeout = seconds;
    } else if (name == "--fail-on") {
        const auto failOn = parseSweepFailOn(value);
        if (!failOn)
            return "--fail-on " + value + ": expected outcomes among crash, hang, violation, leak and exit, separated by "
                   "commas (or error, the default crash,hang,violation,leak, or warning, all five)";
        out.failOn = *failOn;
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

std::optional<std::string> takeRun(const std::string& name, const std::string& value, CheckOptions& out) {
    if (name == "--error-exitcode") {
        int n = 0;
        const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
        if (ec != std::errc{} || end != value.data() + value.size() || n < 1 || n > 255)
            return "--error-exitcode " + value + ": expected a number from 1 to 255 (an exit status other than 0)";
        out.errorExitcode = n;
    } else if (name == "--fail-on") {
        if (value != "error" && value != "warning")
            return "--fail-on " + value + ": expected error or warning (the least severity that fails the run)";
        out.failOn = value;
    } else {
        std::optional<std::string>* slot = name == "--layer"       ? &out.layer
                                           : name == "--html"      ? &out.html
                                           : name == "--sarif"     ? &out.sarif
                                           : name == "--junit"     ? &out.junit
                                           : name == "--report-dir" ? &out.reportDir
                                           : name == "--hs-err-dir" ? &out.hsErrDir
                                                                    : &out.sourceRoot;
        *slot = value;
    }
    return std::nullopt;
}

}  // namespace

Variables processVariables() {
    return [](const std::string& name) -> std::optional<std::string> {
        const char* value = std::getenv(name.c_str());
        return value ? std::optional<std::string>(value) : std::nullopt;
    };
}

std::optional<SweepFailOn> parseSweepFailOn(const std::string& text) {
    if (text == "error") return SweepFailOn{};
    if (text == "warning") return SweepFailOn{true, true, true, true, true};
    SweepFailOn out{false, false, false, false, false};
    std::size_t from = 0;
    while (from <= text.size()) {
        const std::size_t comma = std::min(text.find(',', from), text.size());
        const std::string word = text.substr(from, comma - from);
        bool* slot = word == "crash"       ? &out.crash
                     : word == "hang"      ? &out.hang
                     : word == "violation" ? &out.violation
                     : word == "leak"      ? &out.leak
                     : word == "exit"      ? &out.exit
                                           : nullptr;
        if (slot == nullptr) return std::nullopt;
        *slot = true;
        from = comma + 1;
    }
    return out;
}

std::string sweepFailOnText(const SweepFailOn& f) {
    std::string out;
    for (const auto& [on, word] : {std::pair{f.crash, "crash"}, {f.hang, "hang"}, {f.violation, "violation"},
                                   {f.leak, "leak"}, {f.exit, "exit"}})
        if (on) out += (out.empty() ? "" : ",") + std::string(word);
    return out.empty() ? "none" : out;
}

std::optional<std::string> shardFromVariables(const Variables& variables, unsigned& k, unsigned& n, std::string& from) {
    struct Convention {
        const char* index;
        const char* total;
        unsigned base;  // the index of the first shard
    };
    constexpr Convention kConventions[] = {
        {"JVMTI_CHECK_SHARD", "JVMTI_CHECK_SHARDS", 1},
        {"TEST_SHARD_INDEX", "TEST_TOTAL_SHARDS", 0},  // Bazel
        {"CI_NODE_INDEX", "CI_NODE_TOTAL", 1},         // GitLab's parallel:
    };
    for (const auto& c : kConventions) {
        const auto index = variables(c.index), total = variables(c.total);
        if (!index && !total) continue;
        const std::string names = std::string(c.index) + "/" + c.total;
        if (!index || !total) return "--shard: " + names + ": only one of the two is set";
        const auto i = number(*index), t = number(*total);
        if (!i || !t || *t < 1 || *t > 100000 || *i < c.base || *i - c.base >= *t)
            return "--shard: " + names + " = " + *index + "/" + *total + ": expected an index from " +
                   std::to_string(c.base) + " and a total above it, 1 or more";
        k = static_cast<unsigned>(*i - c.base + 1);
        n = static_cast<unsigned>(*t);
        from = names;
        return std::nullopt;
    }
    return std::string("--shard without K/N reads the CI's variables, and none is set: JVMTI_CHECK_SHARD/JVMTI_CHECK_SHARDS "
                       "(1..N), Bazel's TEST_SHARD_INDEX/TEST_TOTAL_SHARDS or GitLab's CI_NODE_INDEX/CI_NODE_TOTAL");
}

std::optional<std::string> parseCommandLine(const std::vector<std::string>& args, CommandLine& out, const Variables& variables) {
    out = CommandLine{};
    // The command after "--" is the command's own; --help and --version before it win.
    std::vector<std::string> mine;
    bool dashes = false, shardGiven = false;
    std::string shardValue;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "--") {
            dashes = true;
            out.run.command.assign(args.begin() + static_cast<std::ptrdiff_t>(i) + 1, args.end());
            break;
        }
        // --shard K/N, --shard=K/N, or --shard alone when the next word does not start with a
        // digit (a setting, an option): read here, since its value is optional.
        if (args[i] == "--shard" || args[i].rfind("--shard=", 0) == 0) {
            shardGiven = true;
            if (args[i] != "--shard") {
                shardValue = args[i].substr(8);
            } else if (i + 1 < args.size() && !args[i + 1].empty() && args[i + 1][0] >= '0' && args[i + 1][0] <= '9' &&
                       args[i + 1].find('=') == std::string::npos) {
                shardValue = args[++i];
            }
            continue;
        }
        mine.push_back(args[i]);
        if (args[i] == "--help" || args[i] == "-h") out.help = true;
        if (args[i] == "--version") out.version = true;
    }
    bool sweep = false, merge = false;
    for (const auto& a : mine) {
        sweep = sweep || a == "--inject-sweep";
        merge = merge || a == "--sweep-merge";
    }
    out.mode = merge ? Mode::Merge : sweep ? Mode::Sweep : Mode::Run;
    out.run.help = out.sweep.help = out.help;
    out.run.version = out.sweep.version = out.version;
    out.sweep.merge = merge;
    if (out.help || out.version) return std::nullopt;
    if (sweep && merge) return std::string("--inject-sweep and --sweep-merge: give one of them");

    // CLI11 reads the words before "--": names, --name=VALUE, -j4, flags; the values are judged below.
    CLI::App app{"jvmti-check"};
    app.set_help_flag();
    app.allow_extras();
    app.add_flag("--inject-sweep");
    app.add_flag("--sweep-merge");
    std::vector<std::pair<const Spec*, CLI::Option*>> options;
    for (const Spec& s : kSpecs) {
        CLI::Option* o = s.what ? app.add_option(s.names)->expected(0, 1)->multi_option_policy(CLI::MultiOptionPolicy::TakeLast)
                                : app.add_flag(s.names);
        options.emplace_back(&s, o);
    }
    std::vector<std::string> words;  // KEY=VALUE (a run, a sweep) or SHARD.json (a merge)
    app.add_option("words", words);
    try {
        std::vector<std::string> reversed(mine.rbegin(), mine.rend());
        app.parse(reversed);
    } catch (const CLI::ParseError& e) {
        return std::string(e.what());
    }
    for (const auto& extra : app.remaining())
        if (!extra.empty() && extra[0] == '-') return "unknown option '" + extra.substr(0, extra.find('=')) + "'";

    const unsigned mode = out.mode == Mode::Run ? kRun : out.mode == Mode::Sweep ? kSweep : kMerge;
    for (const auto& [spec, option] : options) {
        if (option->count() == 0) continue;
        const std::string name = spec->shown;
        if ((spec->modes & mode) == 0) {
            if (out.mode == Mode::Run) return name + " is an option of --inject-sweep (a fault-injection sweep), not of a run";
            if (out.mode == Mode::Merge && (spec->modes & kSweep))
                return name + " is an option of --inject-sweep, not of --sweep-merge";
            std::string given = name;  // the word as given: --error-exitcode=3
            for (const auto& a : mine)
                if (a.rfind(name, 0) == 0) given = a;
            return "'" + given + "' is not taken with " + modeName(out.mode) +
                   " (the sweep decides its exit status and each run's report directory itself)";
        }
        if (!spec->what) {
            if (name == "--dry-run") out.run.dryRun = true;
            if (name == "--keep-work-dir") out.run.keepWorkDir = true;
            if (name == "--one-fault-per-run") out.sweep.oneFaultPerRun = true;
            continue;
        }
        const auto results = option->results();
        const std::string value = results.empty() ? std::string() : results.back();
        if (value.empty()) return name + " needs " + spec->what;
        if (auto problem = out.mode == Mode::Run ? takeRun(name, value, out.run) : takeSweep(name, value, out.sweep))
            return problem;
    }
    if (shardGiven) {
        if (out.mode == Mode::Run) return std::string("--shard is an option of --inject-sweep (a fault-injection sweep), not of a run");
        if (out.mode == Mode::Merge) return std::string("--shard is an option of --inject-sweep, not of --sweep-merge");
        const std::string& value = shardValue;
        if (value.empty()) {
            if (auto problem = shardFromVariables(variables, out.sweep.shardK, out.sweep.shardN, out.sweep.shardFrom)) return problem;
        } else {
            const auto slash = value.find('/');
            const auto k = slash == std::string::npos ? std::nullopt : number(value.substr(0, slash));
            const auto n = slash == std::string::npos ? std::nullopt : number(value.substr(slash + 1));
            if (!k || !n || *n < 1 || *n > 100000) return "--shard " + value + ": expected K/N, shard K of N (--shard 2/4)";
            if (*k < 1 || *k > *n) return "--shard " + value + ": K must be 1..N";
            out.sweep.shardK = static_cast<unsigned>(*k);
            out.sweep.shardN = static_cast<unsigned>(*n);
            out.sweep.shardFrom = "--shard";
        }
    }

    if (out.mode == Mode::Merge) {
        if (dashes) return std::string("--sweep-merge takes no command: give the shards' JSON files (IN.json...)");
        if (!out.sweep.json) return std::string("--sweep-merge needs --json OUT (the merged JSON)");
        if (words.empty()) return std::string("--sweep-merge needs the shards' JSON files (IN.json...)");
        out.sweep.inputs = words;
        return std::nullopt;
    }
    for (const auto& w : words)
        if (auto problem = judgeSetting(w, out.mode == Mode::Sweep)) return problem;
    if (out.mode == Mode::Run && out.run.html)
        if (auto format = settingValue(words, "report-format"); format && format->find("html") != std::string::npos)
            return "--html " + *out.run.html + " and report-format=" + *format + " both ask for the HTML report: give one of them";
    const std::string usage = out.mode == Mode::Sweep ? "jvmti-check --inject-sweep [OPTIONS] -- COMMAND ARGS..."
                                                      : "jvmti-check [OPTIONS] -- COMMAND ARGS...";
    if (!dashes) return "no command: give it after '--' (" + usage + ")";
    if (out.run.command.empty()) return std::string("no command after '--'");
    if (out.mode == Mode::Sweep) {
        out.sweep.settings = words;
        out.sweep.command = std::move(out.run.command);
        out.run.command.clear();
    } else {
        out.run.settings = words;
    }
    return std::nullopt;
}

std::optional<std::string> parseCheckOptions(const std::vector<std::string>& args, CheckOptions& out) {
    CommandLine line;
    auto problem = parseCommandLine(args, line);
    out = line.run;
    if (!problem && line.mode != Mode::Run && !line.help && !line.version)
        problem = std::string("--inject-sweep and --sweep-merge are not a checked run");
    return problem;
}

std::optional<std::string> parseSweepOptions(const std::vector<std::string>& args, SweepOptions& out, const Variables& variables) {
    CommandLine line;
    auto problem = parseCommandLine(args, line, variables);
    out = line.sweep;
    if (!problem && line.mode == Mode::Run && !line.help && !line.version)
        problem = std::string("neither --inject-sweep nor --sweep-merge");
    return problem;
}

std::optional<std::string> settingValue(const std::vector<std::string>& settings, const std::string& key) {
    std::optional<std::string> value;
    for (const auto& s : settings)
        if (s.rfind(key + "=", 0) == 0) value = s.substr(key.size() + 1);
    return value;
}

}  // namespace jvmticheck
