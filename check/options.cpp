#include "options.hpp"

#include <charconv>

#include "settings/settings.hpp"

namespace jvmticheck {

namespace {

// jvmti-check's options that take a value (--name VALUE or --name=VALUE), and what the value is.
struct ValueOption {
    const char* name;
    const char* what;
};
constexpr ValueOption kValueOptions[] = {
    {"--layer", "a file (the layer library)"},      {"--html", "a file (the HTML report)"},
    {"--sarif", "a file (the SARIF log)"},           {"--junit", "a file (the JUnit XML report)"},
    {"--report-dir", "a directory"},                 {"--source-root", "a directory"},
    {"--error-exitcode", "a number from 1 to 255"},  {"--fail-on", "error or warning"},
    {"--hs-err-dir", "a directory"},
};

std::optional<std::string>* target(CheckOptions& o, const std::string& name) {
    if (name == "--layer") return &o.layer;
    if (name == "--html") return &o.html;
    if (name == "--sarif") return &o.sarif;
    if (name == "--junit") return &o.junit;
    if (name == "--report-dir") return &o.reportDir;
    if (name == "--source-root") return &o.sourceRoot;
    if (name == "--hs-err-dir") return &o.hsErrDir;
    return nullptr;
}

std::optional<std::string> takeValue(const std::string& name, const std::string& value, CheckOptions& out) {
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
        *target(out, name) = value;
    }
    return std::nullopt;
}

// Settings jvmti-check gives the layer itself.
constexpr const char* kOwnSettings[][2] = {
    {"agent", "jvmti-check gives the layer the agents of the command itself"},
    {"adopt", "jvmti-check decides how each JVM's agents come behind the layer"},
    {"child-tool-options", "jvmti-check sets it to follow the JVMs the command starts"},
    {"error-exitcode", "use --error-exitcode=N: jvmti-check decides the status over every JVM of the run"},
    {"fail-on", "use --fail-on=error|warning"},
};

}  // namespace

std::optional<std::string> parseCheckOptions(const std::vector<std::string>& args, CheckOptions& out) {
    out = CheckOptions{};
    std::size_t i = 0;
    bool dashes = false;
    for (; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a == "--") {
            dashes = true;
            ++i;
            break;
        }
        const ValueOption* valued = nullptr;
        for (const auto& o : kValueOptions)
            if (a == o.name || a.rfind(std::string(o.name) + "=", 0) == 0) valued = &o;
        if (a == "--help" || a == "-h") {
            out.help = true;
        } else if (a == "--version") {
            out.version = true;
        } else if (a == "--dry-run") {
            out.dryRun = true;
        } else if (a == "--keep-work-dir") {
            out.keepWorkDir = true;
        } else if (valued) {
            const std::string name = valued->name;
            const std::string missing = name + " needs " + valued->what;
            std::string value;
            if (a == name) {
                if (i + 1 >= args.size()) return missing;
                value = args[++i];
            } else {
                value = a.substr(name.size() + 1);
            }
            if (value.empty()) return missing;
            if (auto problem = takeValue(name, value, out)) return problem;
        } else if (!a.empty() && a[0] == '-') {
            return "unknown option '" + a + "'";
        } else {
            const auto eq = a.find('=');
            const std::string key = a.substr(0, eq);
            const auto& schema = jvmtilayer::embeddedSchema();
            if (eq == std::string::npos || key.empty())
                return "'" + a + "' is not a layer setting KEY=VALUE (did you forget '--' before the command?)";
            for (const auto& [own, why] : kOwnSettings)
                if (key == own) return "'" + a + "': " + key + "= is not taken: " + why;
            const auto* spec = schema.find(key);
            if (spec == nullptr)
                return "'" + a + "': the layer has no setting '" + key + "' (settings: " + schema.nameList() + ")";
            jvmtilayer::Value value;
            if (auto problem = jvmtilayer::parseValueText(*spec, a.substr(eq + 1), value)) return "'" + a + "': " + *problem;
            out.settings.push_back(a);
        }
    }
    if (out.help || out.version) return std::nullopt;
    if (out.html) {
        if (auto format = settingValue(out.settings, "report-format"); format && format->find("html") != std::string::npos)
            return "--html " + *out.html + " and report-format=" + *format + " both ask for the HTML report: give one of them";
    }
    if (!dashes) return std::string("no command: give it after '--' (jvmti-check [OPTIONS] -- COMMAND ARGS...)");
    out.command.assign(args.begin() + static_cast<std::ptrdiff_t>(i), args.end());
    if (out.command.empty()) return std::string("no command after '--'");
    return std::nullopt;
}

std::optional<std::string> settingValue(const std::vector<std::string>& settings, const std::string& key) {
    std::optional<std::string> value;
    for (const auto& s : settings)
        if (s.rfind(key + "=", 0) == 0) value = s.substr(key.size() + 1);
    return value;
}

}  // namespace jvmticheck
