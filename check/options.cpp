#include "options.hpp"

#include "settings.hpp"

namespace jvmticheck {

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
        if (a == "--help" || a == "-h") {
            out.help = true;
        } else if (a == "--version") {
            out.version = true;
        } else if (a == "--dry-run") {
            out.dryRun = true;
        } else if (a == "--layer" || a.rfind("--layer=", 0) == 0) {
            std::string value;
            if (a == "--layer") {
                if (i + 1 >= args.size()) return std::string("--layer needs a file (the layer library)");
                value = args[++i];
            } else {
                value = a.substr(8);
            }
            if (value.empty()) return std::string("--layer needs a file (the layer library)");
            out.layer = value;
        } else if (!a.empty() && a[0] == '-') {
            return "unknown option '" + a + "'";
        } else {
            const auto eq = a.find('=');
            const std::string key = a.substr(0, eq);
            const auto& schema = jvmtilayer::embeddedSchema();
            if (eq == std::string::npos || key.empty())
                return "'" + a + "' is not a layer setting KEY=VALUE (did you forget '--' before the java command?)";
            if (key == "agent" || key == "config")
                return "'" + a + "': " + key + "= is not taken: jvmti-check gives the layer the agents of the java "
                       "command itself; put the other settings here as KEY=VALUE";
            if (schema.find(key) == nullptr)
                return "'" + a + "': the layer has no setting '" + key + "' (settings: " + schema.nameList() + ")";
            out.settings.push_back(a);
        }
    }
    if (out.help || out.version) return std::nullopt;
    if (!dashes) return std::string("no java command: give it after '--' (jvmti-check [OPTIONS] -- java ARGS...)");
    out.command.assign(args.begin() + static_cast<std::ptrdiff_t>(i), args.end());
    if (out.command.empty()) return std::string("no java command after '--'");
    return std::nullopt;
}

std::optional<std::string> settingValue(const std::vector<std::string>& settings, const std::string& key) {
    std::optional<std::string> value;
    for (const auto& s : settings)
        if (s.rfind(key + "=", 0) == 0) value = s.substr(key.size() + 1);
    return value;
}

}  // namespace jvmticheck
