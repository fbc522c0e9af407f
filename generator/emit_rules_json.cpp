// Emitter of the rule catalogue as JSON: docs/rules.json, for tools that read it (SARIF writers
// and the like). The rules are allRules() (rules.hpp), in its order: the same list docs/rules.md
// and the "Rule catalogue" of docs/jvmti.html show. Every value is encoded here as a JSON
// literal; the template only places them.
#include <nlohmann/json.hpp>

#include "emitters.hpp"
#include "render.hpp"
#include "rules.hpp"
#include "xml_text.hpp"

namespace jvmtigen {

namespace {

// A JSON string literal, quotes included, as nlohmann::json's dump() writes it: '"' and '\\'
// escaped, \b \f \n \r \t short, other control characters as \u00xx, the rest as it is. Bytes
// that are not UTF-8 (a spec can carry them into a rule's text) go to nlohmann, which makes them
// U+FFFD rather than stopping the run.
std::string jsonString(const std::string& s) {
    if (firstInvalidUtf8(s))
        return nlohmann::json(s).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    std::string out;
    out.reserve(s.size() + 2);
    out += '"';
    for (const char c : s) {
        switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\b': out += "\\b"; break;
        case '\f': out += "\\f"; break;
        case '\n': out += "\\n"; break;
        case '\r': out += "\\r"; break;
        case '\t': out += "\\t"; break;
        default:
            if (static_cast<unsigned char>(c) < 0x20) {
                static const char hex[] = "0123456789abcdef";
                out += "\\u00";
                out += hex[(c >> 4) & 0xf];
                out += hex[c & 0xf];
            } else {
                out += c;
            }
        }
    }
    out += '"';
    return out;
}

}  // namespace

std::vector<Output> emitRulesJson(const EmitContext& ctx) {
    const auto& rules = ctx.rules();
    List list(rules.size());
    for (const auto& r : rules)
        list.push(Object{"id", jsonString(r.id), "function", jsonString(r.function), "parameter", jsonString(r.parameter),
                         "text", jsonString(r.text), "severity", jsonString(r.severity), "error", jsonString(r.error),
                         "outcome", jsonString(r.outcome), "spec", jsonString(r.underSpec),
                         "strict", jsonString(r.underStrict), "layer", r.layer ? "true" : "false"});
    const Object view{"version", jsonString(ctx.version.str()), "rules", withMore(std::move(list))};
    return {{"docs/rules.json", renderTemplate("jvmti_rules.json", view, Escape::None)}};
}

}  // namespace jvmtigen
