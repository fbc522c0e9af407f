// Emitter of the rule catalogue as Markdown: docs/rules.md. The rows are allRules() (rules.hpp),
// the same list the checks emitter writes kViolations from and the docs emitter shows in its
// "Rule catalogue" section.
#include "emitters.hpp"
#include "render.hpp"
#include "rules.hpp"

namespace jvmtigen {

namespace {

// A Markdown table cell: '|' would end it, a newline the row.
std::string cell(const std::string& s) {
    std::string out;
    for (const char c : s) {
        if (c == '|') out += "\\|";
        else if (c == '\n' || c == '\r') out += ' ';
        else out += c;
    }
    return out;
}

}  // namespace

std::vector<Output> emitRules(const EmitContext& ctx) {
    const auto& rules = ctx.rules();
    List entry, layer;
    for (const auto& r : rules) {
        Object v{"id", r.id, "anchor", ruleAnchor(r.id), "function", cell(r.function), "parameter", cell(r.parameter),
                 "text", cell(r.text), "severity", r.severity, "error", r.error, "outcome", cell(r.outcome),
                 "underSpec", r.underSpec, "underStrict", r.underStrict};
        (r.layer ? layer : entry).push(std::move(v));
    }
    const size_t entryCount = entry.size(), layerCount = layer.size();
    const Object view{"specName", ctx.specName, "version", ctx.version.str(),
                      "entryCount", std::to_string(entryCount), "layerCount", std::to_string(layerCount),
                      "total", std::to_string(entryCount + layerCount),
                      "entryRules", std::move(entry), "layerRules", std::move(layer)};
    return {{"docs/rules.md", renderTemplate("jvmti_rules.md", view, Escape::None)}};
}

}  // namespace jvmtigen
