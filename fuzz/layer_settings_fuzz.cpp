// Fuzz target: the layer's settings, from each of the three places they come from. The first
// byte of an input picks the source, the rest is its text:
//   0  the option string (-agentpath:libjvmtilayer.so=<text>)
//   1  a config file's JSON
//   2  the environment, one NAME=VALUE per line (JVMTI_LAYER_OPTIONS, JVMTI_LAYER_<SETTING>)
// Each must give settings or an error message; a config file named inside is recorded, not read
// (reading it is loadSettings' business, and the fuzzer must not open arbitrary paths).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <string_view>

#include "settings/settings.hpp"

namespace {

[[noreturn]] void finding(const char* what) {
    std::fprintf(stderr, "layer_settings_fuzz: %s\n", what);
    std::abort();
}

std::map<std::string, std::string> environmentOf(std::string_view text) {
    std::map<std::string, std::string> env;
    while (!text.empty()) {
        const auto end = text.find('\n');
        const std::string_view line = text.substr(0, end);
        const auto eq = line.find('=');
        if (eq != std::string_view::npos) env[std::string(line.substr(0, eq))] = std::string(line.substr(eq + 1));
        if (end == std::string_view::npos) break;
        text.remove_prefix(end + 1);
    }
    return env;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    using namespace jvmtilayer;
    if (size == 0) return 0;
    const std::string text(reinterpret_cast<const char*>(data) + 1, size - 1);
    switch (data[0] % 3) {
        case 0: {
            // The JVM hands the option string over as a C string: it ends at the first NUL.
            const SettingsResult r = parseOptionString(text.c_str());
            if (r.ok() == !r.error.empty()) finding("option string: ok() disagrees with the error");
            break;
        }
        case 1: {
            const SettingsResult r = parseConfigJson(text, "fuzz.json");
            if (r.ok() == !r.error.empty()) finding("config JSON: ok() disagrees with the error");
            break;
        }
        default: {
            const auto env = environmentOf(text);
            SettingValues values;
            const auto lookup = [&](const char* name) -> const char* {
                const auto it = env.find(name);
                return it == env.end() ? nullptr : it->second.c_str();
            };
            if (!parseEnvironmentValues(embeddedSchema(), lookup, values)) {
                Settings settings;
                (void)applyValues(values, settings);
            }
            break;
        }
    }
    return 0;
}
