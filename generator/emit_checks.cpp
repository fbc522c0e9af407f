// Emitter of the checking entries: src/jvmti_entries.hpp (their declarations),
// src/jvmti_entries_<n>.cpp (the entries, split into kEntryFiles units) and src/jvmti_table.cpp
// (the jvmtiInterface_1_ instance). The checks and their order come from entryChecks().
#include "derive.hpp"
#include "emitters.hpp"
#include "render.hpp"
#include "views.hpp"

namespace jvmtigen {

using nlohmann::json;

namespace {

json checkView(const EntryCheck& c, size_t violation, const Function& f) {
    using W = EntryCheck::What;
    json v = {{"violation", std::to_string(violation)}, {"environment", c.what == W::Environment},
              {"phase", c.what == W::Phase}, {"capability", c.what == W::Capability},
              {"nullPointer", c.what == W::NullPointer}, {"minimum", c.what == W::Minimum},
              {"enumValue", c.what == W::EnumValue}, {"callbackUnsafe", c.what == W::CallbackUnsafe}};
    if (c.param) v["param"] = c.param->id;
    json phases = json::array();
    for (const auto& p : phaseRule(f).phases) phases.push_back({{"name", p}});
    v["phaseNames"] = withMore(phases);
    if (!c.capability.empty()) v["capabilityName"] = c.capability;
    if (!c.minimum.empty()) v["min"] = c.minimum;
    json values = json::array();
    for (const auto& e : c.enumValues) values.push_back({{"name", e}});
    v["values"] = values;
    return v;
}

}  // namespace

std::vector<Output> emitChecks(const EmitContext& ctx) {
    const Spec& s = ctx.spec;
    const auto fns = activeFunctions(s);
    const json base = {{"specName", ctx.specName}, {"version", ctx.version.str()},
                       {"files", std::to_string(kEntryFiles)}};
    std::vector<Output> out;

    json all = json::array();
    for (const auto* f : fns) all.push_back(functionView(*f));
    json header = base;
    header["functions"] = all;
    out.push_back({"src/jvmti_entries.hpp", renderTemplate("jvmti_entries.hpp", header, Escape::None)});

    // Contiguous runs of functions, as even as possible, one per file.
    for (size_t file = 0; file < kEntryFiles; ++file) {
        const size_t from = fns.size() * file / kEntryFiles, to = fns.size() * (file + 1) / kEntryFiles;
        json view = base;
        view["file"] = std::to_string(file + 1);
        json functions = json::array(), violations = json::array();
        for (size_t i = from; i < to; ++i) {
            const Function& f = *fns[i];
            json fv = functionView(f);
            json checks = json::array();
            for (const auto& c : entryChecks(s, f)) {
                checks.push_back(checkView(c, violations.size(), f));
                violations.push_back({{"id", c.id}, {"function", f.id}, {"parameter", c.param ? c.param->id : ""},
                                      {"rule", c.rule}, {"error", c.error}});
            }
            fv["checks"] = checks;
            functions.push_back(std::move(fv));
        }
        view["functions"] = functions;
        view["violations"] = violations;
        out.push_back({"src/jvmti_entries_" + std::to_string(file + 1) + ".cpp",
                       renderTemplate("jvmti_entries.cpp", view, Escape::None)});
    }

    json slots = json::array();
    for (const auto& slot : functionTable(s)) {
        json sv = {{"num", std::to_string(slot.num)}, {"index", std::to_string(slot.num - 1)},
                   {"function", slot.fn != nullptr}};
        if (slot.fn) sv["id"] = slot.fn->id;
        slots.push_back(std::move(sv));
    }
    json table = base;
    table["slots"] = withMore(slots);
    out.push_back({"src/jvmti_table.cpp", renderTemplate("jvmti_table.cpp", table, Escape::None)});
    return out;
}

}  // namespace jvmtigen
