// The layer's settings: the schema, the three text/JSON readers, the precedence of sources
// and the binding of values to Settings. See settings.hpp for the rules.
#include "settings/settings.hpp"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <set>
#include <system_error>
#include <utility>

#include <nlohmann/json.hpp>

#include "files/own_files.hpp"

namespace jvmtilayer {

namespace generated {
// The text of runtime/settings/settings_schema.json (written by runtime/settings/settings.cmake).
std::string_view settingsSchemaJson();
}  // namespace generated

namespace {

using json = nlohmann::json;

constexpr std::pair<const char*, CheckMode> kCheckModes[] = {
    {"spec", CheckMode::Spec}, {"strict", CheckMode::Strict}, {"off", CheckMode::Off}};
constexpr std::pair<const char*, TraceFormat> kTraceFormats[] = {
    {"text", TraceFormat::Text}, {"jsonl", TraceFormat::Jsonl}, {"chrome", TraceFormat::Chrome}};
constexpr std::pair<const char*, ReportFormat> kReportFormats[] = {{"text", ReportFormat::Text}, {"html", ReportFormat::Html},
                                                                   {"sarif", ReportFormat::Sarif}, {"junit", ReportFormat::Junit},
                                                                   {"json", ReportFormat::Json}};
constexpr std::pair<const char*, FailOn> kFailOn[] = {{"error", FailOn::Error}, {"warning", FailOn::Warning}};
constexpr std::pair<const char*, bool> kReportCommand[] = {{"redacted", false}, {"full", true}};
constexpr std::pair<const char*, SettingType> kTypes[] = {
    {"enum", SettingType::Enum}, {"string", SettingType::String}, {"path", SettingType::Path},
    {"bool", SettingType::Bool}, {"int", SettingType::Int},       {"list", SettingType::List},
    {"agent", SettingType::Agent}, {"release", SettingType::Release}};

constexpr const char* kReleaseRule = "a JVMTI release: X.Y.Z, 1.0.0 to 1.2.x or N.0.0 with N from 9 on";

// The key of a config file that holds the agent list as an array of objects.
constexpr const char* kAgentsKey = "agents";

std::string inQuotes(std::string_view s) { return "\"" + std::string(s) + "\""; }

std::string joined(const std::vector<std::string>& items, std::string_view separator) {
    std::string out;
    for (const auto& item : items) {
        if (!out.empty()) out += separator;
        out += item;
    }
    return out;
}

// A JSON pointer segment (RFC 6901): '~' -> "~0", '/' -> "~1".
std::string pointerSegment(std::string_view key) {
    std::string out = "/";
    for (char c : key) {
        if (c == '~') out += "~0";
        else if (c == '/') out += "~1";
        else out += c;
    }
    return out;
}

// "an integer >= 0", "an integer from 1 to 5", ...: what an int setting accepts.
std::string rangeText(const SettingSpec& spec) {
    const bool low = spec.min != INT_MIN, high = spec.max != INT_MAX;
    if (low && high) return "an integer from " + std::to_string(spec.min) + " to " + std::to_string(spec.max);
    if (low) return "an integer >= " + std::to_string(spec.min);
    if (high) return "an integer <= " + std::to_string(spec.max);
    return "an integer";
}

std::string invalidValue(const SettingSpec& spec, std::string_view text, const std::string& accepted) {
    return "invalid value " + inQuotes(text) + " for " + spec.name + " (" + accepted + ")";
}

std::string choicesText(const SettingSpec& spec) { return "valid choices: " + joined(spec.choices, ", "); }

bool isChoice(const SettingSpec& spec, std::string_view text) {
    return std::find(spec.choices.begin(), spec.choices.end(), text) != spec.choices.end();
}

std::optional<std::string> checkInt(const SettingSpec& spec, std::string_view text, std::int64_t v) {
    if (v < spec.min || v > spec.max) return invalidValue(spec, text, "expected " + rangeText(spec));
    return std::nullopt;
}

// PATH[=OPTIONS] as one agent.
std::optional<std::string> parseAgentText(const SettingSpec& spec, std::string_view text, AgentSpec& out) {
    const auto eq = text.find('=');
    out.path = std::string(text.substr(0, eq));
    out.options.reset();
    if (eq != std::string_view::npos) out.options = std::string(text.substr(eq + 1));
    if (out.path.empty()) return invalidValue(spec, text, "the agent's path is empty");
    if (out.path.find(',') != std::string::npos)
        return invalidValue(spec, text, "the path " + inQuotes(out.path) +
                                            " contains ','; agent=PATH[=OPTIONS] must be the last setting");
    return std::nullopt;
}

// A JSON value of a setting's type. An empty string means the default, as in text; with
// `forDefault` (reading the schema's own default) it does not.
std::optional<std::string> valueFromJson(const SettingSpec& spec, const json& j, Value& out, bool forDefault) {
    if (!forDefault && j.is_string() && j.get_ref<const std::string&>().empty() && spec.type != SettingType::Agent) {
        out = spec.defaultValue;
        return std::nullopt;
    }
    switch (spec.type) {
    case SettingType::Enum: {
        if (!j.is_string()) return "expected a string (" + choicesText(spec) + ")";
        const auto& s = j.get_ref<const std::string&>();
        if (!isChoice(spec, s)) return invalidValue(spec, s, choicesText(spec));
        out = s;
        return std::nullopt;
    }
    case SettingType::String:
    case SettingType::Path:
        if (!j.is_string()) return std::string("expected a string");
        out = j.get<std::string>();
        return std::nullopt;
    case SettingType::Release: {
        if (!j.is_string()) return std::string("expected a string (") + kReleaseRule + ")";
        const auto& s = j.get_ref<const std::string&>();
        if (!s.empty() && !parseRelease(s)) return invalidValue(spec, s, kReleaseRule);
        out = s;
        return std::nullopt;
    }
    case SettingType::Bool:
        if (!j.is_boolean()) return std::string("expected true or false");
        out = j.get<bool>();
        return std::nullopt;
    case SettingType::Int: {
        if (!j.is_number_integer()) return "expected " + rangeText(spec);
        if (j.is_number_unsigned() && j.get<std::uint64_t>() > static_cast<std::uint64_t>(INT64_MAX))
            return invalidValue(spec, j.dump(), "expected " + rangeText(spec));
        const auto v = j.get<std::int64_t>();
        if (auto e = checkInt(spec, j.dump(), v)) return e;
        out = v;
        return std::nullopt;
    }
    case SettingType::List: {
        if (!j.is_array()) return std::string("expected an array of strings");
        std::vector<std::string> items;
        for (const auto& item : j) {
            if (!item.is_string() || item.get_ref<const std::string&>().empty())
                return std::string("expected an array of non-empty strings");
            if (!spec.choices.empty() && !isChoice(spec, item.get_ref<const std::string&>()))
                return invalidValue(spec, item.get<std::string>(), choicesText(spec));
            items.push_back(item.get<std::string>());
        }
        out = std::move(items);
        return std::nullopt;
    }
    case SettingType::Agent: {
        if (forDefault) {
            if (!j.is_null()) return std::string("the default of an agent setting must be null");
            out = std::vector<AgentSpec>{};
            return std::nullopt;
        }
        if (!j.is_string()) return std::string("expected a string PATH[=OPTIONS] (or use \"agents\")");
        const auto& s = j.get_ref<const std::string&>();
        if (s.empty()) {
            out = spec.defaultValue;
            return std::nullopt;
        }
        AgentSpec agent;
        if (auto e = parseAgentText(spec, s, agent)) return e;
        out = std::vector<AgentSpec>{std::move(agent)};
        return std::nullopt;
    }
    }
    return std::string("unknown setting type");
}

// Parses JSON, reporting a key given twice in one object (nlohmann keeps the last silently).
class DuplicateKeyFinder {
public:
    bool operator()(int, json::parse_event_t event, json& parsed) {
        switch (event) {
        case json::parse_event_t::object_start: stack_.push_back({true, {}, {}, 0}); break;
        case json::parse_event_t::array_start: stack_.push_back({false, {}, {}, 0}); break;
        case json::parse_event_t::key: {
            auto& top = stack_.back();
            top.key = parsed.get<std::string>();
            if (!top.keys.insert(top.key).second && error_.empty())
                error_ = containerPointer() + pointerSegment(top.key) + ": key given twice";
            break;
        }
        case json::parse_event_t::object_end:
        case json::parse_event_t::array_end:
            stack_.pop_back();
            elementDone();
            break;
        case json::parse_event_t::value: elementDone(); break;
        }
        return true;
    }

    const std::string& error() const { return error_; }

private:
    struct Frame {
        bool object;
        std::set<std::string> keys;
        std::string key;     // the key being read (objects)
        std::size_t index;   // the element being read (arrays)
    };

    void elementDone() {
        if (!stack_.empty() && !stack_.back().object) ++stack_.back().index;
    }

    std::string containerPointer() const {
        std::string out;
        for (std::size_t i = 0; i + 1 < stack_.size(); ++i)
            out += stack_[i].object ? pointerSegment(stack_[i].key) : "/" + std::to_string(stack_[i].index);
        return out;
    }

    std::vector<Frame> stack_;
    std::string error_;
};

// Parses `text` into `out`; on failure returns "invalid JSON: ..." or the duplicate key.
std::optional<std::string> parseJsonText(std::string_view text, json& out) {
    DuplicateKeyFinder finder;
    try {
        out = json::parse(text.begin(), text.end(), std::ref(finder));
    } catch (const json::parse_error& e) {
        std::string what = e.what();
        const auto bracket = what.find("] ");
        if (bracket != std::string::npos) what.erase(0, bracket + 2);
        return "invalid JSON: " + what;
    }
    if (!finder.error().empty()) return finder.error();
    return std::nullopt;
}

std::optional<std::string> parseAgentsArray(const json& j, std::vector<AgentSpec>& out) {
    const std::string where = pointerSegment(kAgentsKey);
    if (!j.is_array()) return where + ": expected an array of {\"path\": ..., \"options\": ...} objects";
    for (std::size_t i = 0; i < j.size(); ++i) {
        const std::string at = where + "/" + std::to_string(i);
        const json& item = j[i];
        if (!item.is_object()) return at + ": expected an object {\"path\": ..., \"options\": ...}";
        AgentSpec agent;
        for (const auto& [key, value] : item.items()) {
            if (key == "path") {
                if (!value.is_string() || value.get_ref<const std::string&>().empty())
                    return at + "/path: expected a non-empty string";
                agent.path = value.get<std::string>();
            } else if (key == "options") {
                if (value.is_string()) agent.options = value.get<std::string>();
                else if (!value.is_null()) return at + "/options: expected a string or null";
            } else {
                return at + pointerSegment(key) + ": unknown key " + inQuotes(key) + " (valid keys: path, options)";
            }
        }
        if (agent.path.empty()) return at + ": the agent's \"path\" is missing";
        out.push_back(std::move(agent));
    }
    return std::nullopt;
}

std::optional<std::string> readFile(const std::string& path, std::string& text) {
    // A regular file only (a FIFO would stall the JVM's start), of a size a config file has.
    std::string problem;
    auto read = jvmtifiles::readNamedFile(path, 16u << 20, problem);
    if (!read) return "cannot read: " + problem.substr(std::min(problem.size(), path.size() + 2));
    text = std::move(*read);
    return std::nullopt;
}

// ---- Binding of schema names to Settings fields.

template <typename E, std::size_t N>
bool enumFromName(const std::pair<const char*, E> (&table)[N], const std::string& name, E& out) {
    for (const auto& [n, e] : table)
        if (name == n) {
            out = e;
            return true;
        }
    return false;
}

template <typename E, std::size_t N>
const char* nameOfEnum(const std::pair<const char*, E> (&table)[N], E value) {
    for (const auto& [n, e] : table)
        if (e == value) return n;
    return "?";
}

template <auto Member>
bool bindString(const Value& v, Settings& s) {
    const auto* p = std::get_if<std::string>(&v);
    if (p) s.*Member = *p;
    return p != nullptr;
}

template <auto Member>
bool bindList(const Value& v, Settings& s) {
    const auto* p = std::get_if<std::vector<std::string>>(&v);
    if (p) s.*Member = *p;
    return p != nullptr;
}

template <auto Member>
bool bindBool(const Value& v, Settings& s) {
    const auto* p = std::get_if<bool>(&v);
    if (p) s.*Member = *p;
    return p != nullptr;
}

template <auto Member>
bool bindInt(const Value& v, Settings& s) {
    const auto* p = std::get_if<std::int64_t>(&v);
    if (!p || *p < INT_MIN || *p > INT_MAX) return false;
    s.*Member = static_cast<int>(*p);
    return true;
}

template <auto Member, auto& Table>
bool bindEnum(const Value& v, Settings& s) {
    const auto* p = std::get_if<std::string>(&v);
    return p && enumFromName(Table, *p, s.*Member);
}

// A list of enum names, each once, in the order first given.
template <auto Member, auto& Table>
bool bindEnumList(const Value& v, Settings& s) {
    const auto* p = std::get_if<std::vector<std::string>>(&v);
    if (!p) return false;
    auto& out = s.*Member;
    out.clear();
    for (const auto& name : *p) {
        typename std::remove_reference_t<decltype(out)>::value_type e{};
        if (!enumFromName(Table, name, e)) return false;
        if (std::find(out.begin(), out.end(), e) == out.end()) out.push_back(e);
    }
    return true;
}

bool bindAgents(const Value& v, Settings& s) {
    const auto* p = std::get_if<std::vector<AgentSpec>>(&v);
    if (p) s.agents = *p;
    return p != nullptr;
}

struct Binding {
    const char* name;
    bool (*apply)(const Value&, Settings&);
};

// One line per setting of the schema.
constexpr Binding kBindings[] = {
    {"check", bindEnum<&Settings::check, kCheckModes>},
    {"report", bindString<&Settings::report>},
    {"report-limit", bindInt<&Settings::reportLimit>},
    {"report-ignore", bindList<&Settings::reportIgnore>},
    {"report-format", bindEnumList<&Settings::reportFormat, kReportFormats>},
    {"error-exitcode", bindInt<&Settings::errorExitcode>},
    {"fail-on", bindEnum<&Settings::failOn, kFailOn>},
    {"docs-url", bindString<&Settings::docsUrl>},
    {"trace", bindList<&Settings::trace>},
    {"trace-file", bindString<&Settings::traceFile>},
    {"trace-format", bindEnum<&Settings::traceFormat, kTraceFormats>},
    {"stats", bindString<&Settings::stats>},
    {"trace-no-addr", bindBool<&Settings::traceNoAddr>},
    {"trace-times", bindBool<&Settings::traceTimes>},
    {"trace-renumber-threads", bindBool<&Settings::traceRenumberThreads>},
    {"trace-buffer-mb", bindInt<&Settings::traceBufferMb>},
    {"adopt", bindBool<&Settings::adopt>},
    {"child-tool-options", bindString<&Settings::childToolOptions>},
    {"api-version", bindString<&Settings::apiVersion>},
    {"advice", bindBool<&Settings::advice>},
    {"inject", bindList<&Settings::inject>},
    {"inject-seed", bindInt<&Settings::injectSeed>},
    {"inject-log", bindString<&Settings::injectLog>},
    {"file-mode", bindString<&Settings::fileMode>},
    {"report-command", bindEnum<&Settings::reportCommandFull, kReportCommand>},
    {"config", bindString<&Settings::config>},
    {"agent", bindAgents},
};

SettingsResult failure(std::string message) {
    SettingsResult r;
    r.error = std::move(message);
    return r;
}

// The schema defaults over Settings' own initialisers: the schema decides.
std::optional<std::string> defaults(const Schema& schema, Settings& out) {
    SettingValues values;
    for (const auto& spec : schema.settings()) values.emplace(spec.name, spec.defaultValue);
    return applyValues(values, out);
}

// The failure of the embedded schema, if any, as a message for the user.
std::optional<std::string> schemaProblem() {
    if (embeddedSchemaError().empty()) return std::nullopt;
    return "internal error: the embedded settings schema is invalid: " + embeddedSchemaError();
}

SettingsResult loadSettingsUnguarded(const char* options, const EnvLookup& getenv) {
    if (auto e = schemaProblem()) return failure(*e);
    const Schema& schema = embeddedSchema();

    SettingValues command, envOptions, envVars, file;
    if (auto e = parseOptionValues(schema, options ? options : "", command)) return failure("layer options: " + *e);
    if (const char* text = getenv(kOptionsVariable); text && *text)
        if (auto e = parseOptionValues(schema, text, envOptions)) return failure(std::string(kOptionsVariable) + ": " + *e);
    if (auto e = parseEnvironmentValues(schema, getenv, envVars)) return failure(*e);

    // The config file named by the source of highest precedence that names one.
    std::string configPath;
    for (const SettingValues* source : {&command, &envOptions, &envVars})
        if (auto it = source->find("config"); it != source->end()) {
            configPath = std::get<std::string>(it->second);
            break;
        }
    if (!configPath.empty()) {
        std::string text;
        if (auto e = readFile(configPath, text)) return failure(configPath + ": " + *e);
        if (auto e = parseJsonValues(schema, text, file)) return failure(configPath + ": " + *e);
    }

    SettingsResult result;
    for (const auto& spec : schema.settings()) result.values.insert_or_assign(spec.name, spec.defaultValue);
    for (const SettingValues* source : {&file, &envVars, &envOptions, &command})
        for (const auto& [name, value] : *source) result.values.insert_or_assign(name, value);
    if (auto e = applyValues(result.values, result.settings)) return failure(*e);
    result.settings.config = configPath;
    // What this option string says itself: its own settings, and those of a config file it names.
    for (const auto& [name, value] : command) result.given.insert(name);
    if (command.count("config"))
        for (const auto& [name, value] : file) result.given.insert(name);
    if (auto e = combinationProblem(result.settings)) return failure(*e);
    return result;
}

template <typename F>
SettingsResult guarded(F&& body) noexcept {
    try {
        return body();
    } catch (const std::bad_alloc&) {
        return failure("out of memory while reading the settings");
    } catch (const std::exception& e) {
        return failure(std::string("internal error while reading the settings: ") + e.what());
    } catch (...) {
        return failure("internal error while reading the settings");
    }
}

struct EmbeddedSchema {
    Schema schema;
    std::string error;

    EmbeddedSchema() {
        try {
            if (auto e = Schema::parse(generated::settingsSchemaJson(), schema)) error = *e;
        } catch (...) {
            error = "cannot read it (out of memory)";
        }
        if (error.empty())
            for (const auto& spec : schema.settings())
                if (std::none_of(std::begin(kBindings), std::end(kBindings),
                                 [&](const Binding& b) { return spec.name == b.name; }))
                    error = "setting " + inQuotes(spec.name) + " has no field in Settings (add one to kBindings)";
        if (!error.empty()) schema = Schema{};
    }
};

const EmbeddedSchema& embedded() {
    static const EmbeddedSchema instance;
    return instance;
}

bool validName(std::string_view name) {
    if (name.empty() || name.front() < 'a' || name.front() > 'z') return false;
    return std::all_of(name.begin(), name.end(),
                       [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-'; });
}

bool oneLine(std::string_view s) {
    return std::none_of(s.begin(), s.end(), [](char c) { return static_cast<unsigned char>(c) < 0x20; });
}

std::optional<std::string> parseSchemaEntry(const json& entry, SettingSpec& spec) {
    if (!entry.is_object()) return std::string(": expected an object");
    static const std::set<std::string> known = {"name", "type", "choices", "default", "description", "min", "max"};
    for (const auto& [key, value] : entry.items())
        if (!known.count(key)) return pointerSegment(key) + ": unknown key (valid keys: name, type, choices, default, description, min, max)";

    const auto stringField = [&](const char* key, std::string& out) -> std::optional<std::string> {
        if (!entry.contains(key) || !entry[key].is_string()) return pointerSegment(key) + ": expected a string";
        out = entry[key].get<std::string>();
        return std::nullopt;
    };
    if (auto e = stringField("name", spec.name)) return e;
    if (!validName(spec.name)) return "/name: " + inQuotes(spec.name) + " is not of the form [a-z][a-z0-9-]*";
    std::string type;
    if (auto e = stringField("type", type)) return e;
    std::vector<std::string> typeNames;
    for (const auto& [n, t] : kTypes) typeNames.push_back(n);
    if (!enumFromName(kTypes, type, spec.type))
        return "/type: unknown type " + inQuotes(type) + " (valid types: " + joined(typeNames, ", ") + ")";
    if (auto e = stringField("description", spec.description)) return e;
    if (spec.description.empty() || !oneLine(spec.description)) return std::string("/description: expected one non-empty line");

    if (spec.type == SettingType::Enum && !entry.contains("choices"))
        return std::string("/choices: missing (an enum setting needs its choices)");
    if (entry.contains("choices") && spec.type != SettingType::Enum && spec.type != SettingType::List)
        return std::string("/choices: given only for enum and list settings");
    if (entry.contains("choices")) {
        const json& choices = entry["choices"];
        if (!choices.is_array() || choices.empty()) return std::string("/choices: expected a non-empty array of names");
        for (const auto& c : choices) {
            if (!c.is_string() || !validName(c.get<std::string>()))
                return std::string("/choices: expected names of the form [a-z][a-z0-9-]*");
            if (isChoice(spec, c.get<std::string>())) return "/choices: " + inQuotes(c.get<std::string>()) + " given twice";
            spec.choices.push_back(c.get<std::string>());
        }
    }

    spec.min = INT_MIN;
    spec.max = INT_MAX;
    for (const auto& [key, bound] : {std::pair{"min", &spec.min}, std::pair{"max", &spec.max}}) {
        if (!entry.contains(key)) continue;
        if (spec.type != SettingType::Int) return pointerSegment(key) + ": given only for int settings";
        const json& j = entry[key];
        if (!j.is_number_integer() || j.get<std::int64_t>() < INT_MIN || j.get<std::int64_t>() > INT_MAX)
            return pointerSegment(key) + ": expected an integer within the range of int";
        *bound = j.get<std::int64_t>();
    }
    if (spec.min > spec.max) return std::string("/min: greater than max");

    if (!entry.contains("default")) return std::string("/default: missing");
    if (auto e = valueFromJson(spec, entry["default"], spec.defaultValue, true)) return "/default: " + *e;

    spec.envVar = envVarName(spec.name);
    if (spec.envVar == kOptionsVariable) return "/name: its variable would be " + std::string(kOptionsVariable);
    return std::nullopt;
}

std::string typeColumn(const SettingSpec& spec) {
    switch (spec.type) {
    case SettingType::Enum: {
        std::string out;
        for (const auto& c : spec.choices) out += (out.empty() ? "`" : " \\| `") + c + "`";
        return out;
    }
    case SettingType::Bool: return "`true` \\| `false`";
    case SettingType::Int: return rangeText(spec).substr(3);  // without "an "
    case SettingType::List: {
        std::string out = "list";
        for (const auto& c : spec.choices) out += (c == spec.choices.front() ? " of `" : " \\| `") + c + "`";
        return out;
    }
    case SettingType::Agent: return "`PATH[=OPTIONS]`";
    case SettingType::Release: return "`X.Y.Z`";
    case SettingType::String:
    case SettingType::Path: return settingTypeName(spec.type);
    }
    return "";
}

std::string defaultColumn(const SettingSpec& spec) {
    if (const auto* agents = std::get_if<std::vector<AgentSpec>>(&spec.defaultValue))
        return agents->empty() ? "*none*" : "?";
    const std::string text = valueText(spec.defaultValue);
    return text.empty() ? "*empty*" : "`" + text + "`";
}

std::string tableCell(std::string_view text) {
    std::string out;
    for (char c : text) {
        if (c == '|') out += '\\';
        out += c;
    }
    return out;
}

}  // namespace

const char* checkModeName(CheckMode mode) { return nameOfEnum(kCheckModes, mode); }
const char* traceFormatName(TraceFormat format) { return nameOfEnum(kTraceFormats, format); }
const char* reportFormatName(ReportFormat format) { return nameOfEnum(kReportFormats, format); }
const char* failOnName(FailOn level) { return nameOfEnum(kFailOn, level); }

unsigned fileModeOf(const Settings& settings) {
    return jvmtifiles::parseFileMode(settings.fileMode).value_or(jvmtifiles::kDefaultFileMode);
}

std::string valueText(const Value& value) {
    struct Visitor {
        std::string operator()(const std::string& s) const { return s; }
        std::string operator()(std::int64_t v) const { return std::to_string(v); }
        std::string operator()(bool b) const { return b ? "true" : "false"; }
        std::string operator()(const std::vector<std::string>& items) const { return joined(items, ":"); }
        std::string operator()(const std::vector<AgentSpec>& agents) const {
            std::vector<std::string> paths;
            for (const auto& a : agents) paths.push_back(a.options ? a.path + "=" + *a.options : a.path);
            return joined(paths, ":");
        }
    };
    return std::visit(Visitor{}, value);
}

std::optional<std::string> joinProblem(const SettingsResult& running, const SettingsResult& later) {
    for (const std::string& name : later.given) {
        // Each load names its own agents (and may read them from its own config file).
        if (name == "agent" || name == "config") continue;
        const auto mine = later.values.find(name);
        const auto theirs = running.values.find(name);
        if (mine == later.values.end() || theirs == running.values.end() || mine->second == theirs->second) continue;
        const auto shown = [](const Value& v) {
            const std::string text = valueText(v);
            return text.empty() ? std::string("(empty)") : text;
        };
        return "this load of the layer sets " + name + "=" + shown(mine->second) +
               ", but the layer already runs in this JVM with " + name + "=" + shown(theirs->second) +
               " from an earlier load; every load of libjvmtilayer.so in one JVM joins the same layer, so give " +
               name + " the same value in each, or only in the first";
    }
    return std::nullopt;
}

bool hasFormat(const Settings& settings, ReportFormat format) {
    return std::find(settings.reportFormat.begin(), settings.reportFormat.end(), format) != settings.reportFormat.end();
}

std::optional<std::string> combinationProblem(const Settings& settings) {
    const bool onlyText = settings.reportFormat.empty() ||
                          (settings.reportFormat.size() == 1 && settings.reportFormat.front() == ReportFormat::Text);
    if (!onlyText && settings.report == "stderr") {
        std::string names;
        for (const auto f : settings.reportFormat) names += (names.empty() ? "" : ":") + std::string(reportFormatName(f));
        static const char* const what[] = {"text", "HTML page", "SARIF log", "JUnit XML", "JSON data"};
        return "report-format=" + names + " needs report=FILE: " +
               (settings.reportFormat.size() == 1
                    ? "the " + std::string(what[static_cast<int>(settings.reportFormat.front())]) +
                          " is written to a file at exit (its text lines go to FILE.txt)"
                    : std::string("each format is written to FILE plus its extension (.txt, .html, .sarif, .xml, .json)")) +
               ", not to stderr";
    }
    if (!jvmtifiles::parseFileMode(settings.fileMode))
        return "file-mode=" + settings.fileMode + ": expected the octal mode bits of the files the layer creates, " +
               "such as 0600 or 0644 (at most 0777)";
    if (settings.check == CheckMode::Off && (!settings.apiVersion.empty() || settings.advice || !settings.inject.empty()))
        return std::string(!settings.apiVersion.empty() ? "api-version=" : settings.advice ? "advice=" : "inject=") +
               " needs the checking layer: with check=off agents get the JVM's own environments";
    return std::nullopt;
}

std::optional<int> parseRelease(std::string_view text) {
    int part[3] = {0, 0, 0};
    std::size_t at = 0;
    for (int i = 0; i < 3; ++i) {
        const std::size_t begin = at;
        while (at < text.size() && at - begin < 6 && text[at] >= '0' && text[at] <= '9')
            part[i] = part[i] * 10 + (text[at++] - '0');
        if (at == begin) return std::nullopt;
        if (i < 2 && (at >= text.size() || text[at++] != '.')) return std::nullopt;
    }
    if (at != text.size()) return std::nullopt;
    const bool first = part[0] == 1 && part[1] <= 2 && part[2] <= 255;
    const bool later = part[0] >= 9 && part[0] <= 4095 && part[1] == 0 && part[2] == 0;
    if (!first && !later) return std::nullopt;
    return part[0] << 16 | part[1] << 8 | part[2];
}

std::string reportFile(const Settings& settings, ReportFormat format) {
    const auto& formats = settings.reportFormat;
    if (formats.size() <= 1) {
        const ReportFormat only = formats.empty() ? ReportFormat::Text : formats.front();
        if (format == only) return settings.report;
        if (format == ReportFormat::Text) return settings.report + ".txt";
    }
    // Several formats: report= is a base name, without the extension of any format.
    static constexpr std::pair<ReportFormat, std::string_view> kExtensions[] = {
        {ReportFormat::Text, ".txt"}, {ReportFormat::Html, ".html"}, {ReportFormat::Sarif, ".sarif"},
        {ReportFormat::Junit, ".xml"}, {ReportFormat::Json, ".json"}};
    std::string base = settings.report;
    for (const auto& [f, ext] : kExtensions)
        if (base.size() > ext.size() && base.compare(base.size() - ext.size(), ext.size(), ext) == 0) {
            base.resize(base.size() - ext.size());
            break;
        }
    for (const auto& [f, ext] : kExtensions)
        if (f == format) return base + std::string(ext);
    return settings.report;
}

std::string textReportTarget(const Settings& settings) { return reportFile(settings, ReportFormat::Text); }
const char* settingTypeName(SettingType type) { return nameOfEnum(kTypes, type); }

std::string envVarName(std::string_view settingName) {
    std::string out = "JVMTI_LAYER_";
    for (char c : settingName) {
        if (c == '-') out += '_';
        else if (c >= 'a' && c <= 'z') out += static_cast<char>(c - 'a' + 'A');
        else out += c;
    }
    return out;
}

std::optional<std::string> Schema::parse(std::string_view text, Schema& out) {
    try {
        json doc;
        if (auto e = parseJsonText(text, doc)) return "settings schema: " + *e;
        if (!doc.is_object() || !doc.contains("settings") || !doc["settings"].is_array())
            return std::string("settings schema: expected an object with a \"settings\" array");
        for (const auto& [key, value] : doc.items())
            if (key != "settings" && key != "$comment")
                return "settings schema: " + pointerSegment(key) + ": unknown key (valid keys: $comment, settings)";
        Schema schema;
        const json& settings = doc["settings"];
        for (std::size_t i = 0; i < settings.size(); ++i) {
            SettingSpec spec;
            const std::string where = "settings schema: /settings/" + std::to_string(i);
            if (auto e = parseSchemaEntry(settings[i], spec)) return where + *e;
            if (schema.find(spec.name)) return where + "/name: " + inQuotes(spec.name) + " given twice";
            if (spec.name == kAgentsKey) return where + "/name: \"agents\" is the config file's list of agents";
            schema.settings_.push_back(std::move(spec));
        }
        out = std::move(schema);
        return std::nullopt;
    } catch (const std::exception& e) {
        return std::string("settings schema: ") + e.what();
    }
}

const SettingSpec* Schema::find(std::string_view name) const {
    for (const auto& spec : settings_)
        if (spec.name == name) return &spec;
    return nullptr;
}

std::string Schema::nameList() const {
    std::vector<std::string> names;
    for (const auto& spec : settings_) names.push_back(spec.name);
    return joined(names, ", ");
}

const Schema& embeddedSchema() { return embedded().schema; }
const std::string& embeddedSchemaError() { return embedded().error; }
std::string_view embeddedSchemaText() { return generated::settingsSchemaJson(); }

std::optional<std::string> parseValueText(const SettingSpec& spec, std::string_view text, Value& out) {
    if (text.empty()) {
        out = spec.defaultValue;
        return std::nullopt;
    }
    switch (spec.type) {
    case SettingType::Enum:
        if (!isChoice(spec, text)) return invalidValue(spec, text, choicesText(spec));
        out = std::string(text);
        return std::nullopt;
    case SettingType::String:
    case SettingType::Path: out = std::string(text); return std::nullopt;
    case SettingType::Release:
        if (!parseRelease(text)) return invalidValue(spec, text, kReleaseRule);
        out = std::string(text);
        return std::nullopt;
    case SettingType::Bool:
        if (text != "true" && text != "false") return invalidValue(spec, text, "expected true or false");
        out = text == "true";
        return std::nullopt;
    case SettingType::Int: {
        std::int64_t v = 0;
        const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
        if (ec != std::errc{} || end != text.data() + text.size())
            return invalidValue(spec, text, "expected " + rangeText(spec));
        if (auto e = checkInt(spec, text, v)) return e;
        out = v;
        return std::nullopt;
    }
    case SettingType::List: {
        std::vector<std::string> items;
        std::size_t start = 0;
        while (true) {
            const auto sep = text.find_first_of(":,", start);
            const auto item = text.substr(start, sep == std::string_view::npos ? std::string_view::npos : sep - start);
            if (item.empty()) return invalidValue(spec, text, "an empty item; items are separated by ':' or ','");
            if (!spec.choices.empty() && !isChoice(spec, item)) return invalidValue(spec, item, choicesText(spec));
            items.emplace_back(item);
            if (sep == std::string_view::npos) break;
            start = sep + 1;
        }
        out = std::move(items);
        return std::nullopt;
    }
    case SettingType::Agent: {
        AgentSpec agent;
        if (auto e = parseAgentText(spec, text, agent)) return e;
        out = std::vector<AgentSpec>{std::move(agent)};
        return std::nullopt;
    }
    }
    return std::string("unknown setting type");
}

std::optional<std::string> parseOptionValues(const Schema& schema, std::string_view options, SettingValues& out) {
    if (options.empty()) return std::nullopt;
    for (std::size_t pos = 0;;) {
        const auto comma = options.find(',', pos);
        const auto item = options.substr(pos, comma == std::string_view::npos ? std::string_view::npos : comma - pos);
        if (item.empty()) return std::string("empty setting (two commas in a row, or a comma at the start or end)");
        const auto eq = item.find('=');
        if (eq == std::string_view::npos) return "expected KEY=VALUE, found " + inQuotes(item);
        const auto key = item.substr(0, eq);
        const SettingSpec* spec = schema.find(key);
        if (!spec) return "unknown setting " + inQuotes(key) + " (valid settings: " + schema.nameList() + ")";
        if (out.count(key)) return "setting " + inQuotes(key) + " given twice";
        // An agent's value is the rest of the string: its options may hold commas.
        const bool rest = spec->type == SettingType::Agent;
        const auto text = rest ? options.substr(pos + eq + 1) : item.substr(eq + 1);
        Value value;
        if (auto e = parseValueText(*spec, text, value)) return e;
        out.emplace(spec->name, std::move(value));
        if (rest || comma == std::string_view::npos) break;
        pos = comma + 1;
    }
    return std::nullopt;
}

std::optional<std::string> parseEnvironmentValues(const Schema& schema, const EnvLookup& getenv, SettingValues& out) {
    for (const auto& spec : schema.settings()) {
        const char* text = getenv(spec.envVar.c_str());
        if (!text || !*text) continue;
        Value value;
        if (auto e = parseValueText(spec, text, value)) return spec.envVar + ": " + *e;
        out.insert_or_assign(spec.name, std::move(value));
    }
    return std::nullopt;
}

std::optional<std::string> parseJsonValues(const Schema& schema, std::string_view text, SettingValues& out) {
    json doc;
    if (auto e = parseJsonText(text, doc)) return e;
    if (!doc.is_object()) return std::string("expected a JSON object of settings at the top level");
    const SettingSpec* agentSpec = nullptr;
    for (const auto& spec : schema.settings())
        if (spec.type == SettingType::Agent) agentSpec = &spec;
    if (agentSpec && doc.contains(agentSpec->name) && doc.contains(kAgentsKey))
        return pointerSegment(kAgentsKey) + ": give either " + inQuotes(agentSpec->name) + " or \"agents\", not both";

    for (const auto& [key, value] : doc.items()) {
        const std::string where = pointerSegment(key);
        if (key == kAgentsKey && agentSpec) {
            std::vector<AgentSpec> agents;
            if (auto e = parseAgentsArray(value, agents)) return e;
            out.insert_or_assign(agentSpec->name, std::move(agents));
            continue;
        }
        const SettingSpec* spec = schema.find(key);
        if (!spec)
            return where + ": unknown setting " + inQuotes(key) + " (valid settings: " + schema.nameList() +
                   (agentSpec ? ", agents)" : ")");
        if (key == "config") return where + ": a config file cannot name another config file";
        Value v;
        if (auto e = valueFromJson(*spec, value, v, false)) return where + ": " + *e;
        out.insert_or_assign(spec->name, std::move(v));
    }
    return std::nullopt;
}

std::optional<std::string> applyValues(const SettingValues& values, Settings& settings) {
    for (const auto& [name, value] : values) {
        const Binding* binding = std::begin(kBindings);
        while (binding != std::end(kBindings) && name != binding->name) ++binding;
        if (binding == std::end(kBindings))
            return "internal error: setting " + inQuotes(name) + " has no field in Settings";
        if (!binding->apply(value, settings))
            return "internal error: the value of setting " + inQuotes(name) + " does not fit its field in Settings";
    }
    return std::nullopt;
}

std::vector<std::string> boundSettingNames() {
    std::vector<std::string> names;
    for (const auto& b : kBindings) names.emplace_back(b.name);
    return names;
}

SettingsResult parseOptionString(const char* options) {
    return guarded([&] {
        if (auto e = schemaProblem()) return failure(*e);
        SettingValues values;
        if (auto e = parseOptionValues(embeddedSchema(), options ? options : "", values))
            return failure("layer options: " + *e);
        SettingsResult result;
        if (auto e = defaults(embeddedSchema(), result.settings)) return failure(*e);
        if (auto e = applyValues(values, result.settings)) return failure(*e);
        return result;
    });
}

SettingsResult loadSettings(const char* options) {
    return loadSettings(options, [](const char* name) -> const char* { return std::getenv(name); });
}

SettingsResult loadSettings(const char* options, const EnvLookup& getenv) {
    return guarded([&] { return loadSettingsUnguarded(options, getenv); });
}

SettingsResult parseConfigJson(std::string_view text, const std::string& fileName) {
    return guarded([&] {
        if (auto e = schemaProblem()) return failure(*e);
        SettingValues values;
        if (auto e = parseJsonValues(embeddedSchema(), text, values)) return failure(fileName + ": " + *e);
        SettingsResult result;
        if (auto e = defaults(embeddedSchema(), result.settings)) return failure(*e);
        if (auto e = applyValues(values, result.settings)) return failure(*e);
        result.settings.config = fileName;
        return result;
    });
}

SettingsResult parseConfigFile(const std::string& path) {
    return guarded([&] {
        std::string text;
        if (auto e = readFile(path, text)) return failure(path + ": " + *e);
        return parseConfigJson(text, path);
    });
}

std::string renderSettingsTable(const Schema& schema) {
    std::string out =
        "| setting | environment variable | type | default | description |\n"
        "| --- | --- | --- | --- | --- |\n";
    for (const auto& spec : schema.settings())
        out += "| `" + spec.name + "` | `" + spec.envVar + "` | " + typeColumn(spec) + " | " + tableCell(defaultColumn(spec)) +
               " | " + tableCell(spec.description) + " |\n";
    return out;
}

}  // namespace jvmtilayer
