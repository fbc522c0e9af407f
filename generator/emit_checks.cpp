// Emitter of the checking entries: src/jvmti_entries.hpp (their declarations),
// src/jvmti_entries_<n>.cpp (the entries, split into kEntryFiles units) and src/jvmti_table.cpp
// (the jvmtiInterface_1_ instance). The checks and their order come from entryChecks().
#include <stdexcept>

#include "derive.hpp"
#include "emitters.hpp"
#include "render.hpp"
#include "rules.hpp"
#include "views.hpp"

namespace jvmtigen {

namespace {

Object checkView(const EntryCheck& c, size_t violation, const Function& f) {
    using W = EntryCheck::What;
    Object v{"violation", std::to_string(violation), "environment", c.what == W::Environment,
             "phase", c.what == W::Phase, "capability", c.what == W::Capability,
             "nullPointer", c.what == W::NullPointer, "minimum", c.what == W::Minimum,
             "enumValue", c.what == W::EnumValue, "callbackUnsafe", c.what == W::CallbackUnsafe,
             "handle", c.what == W::Handle};
    if (c.param) put(v, "param", c.param->id);
    // The lists only their own kind of check shows; no enclosing view has these names.
    if (c.what == W::Phase) {
        const auto names = phaseRule(f).phases;
        List phases(names.size());
        for (const auto& p : names) phases.push(Object{"name", p});
        put(v, "phaseNames", withMore(std::move(phases)));
    }
    if (!c.capability.empty()) put(v, "capabilityName", c.capability);
    if (c.what == W::Handle) {
        put(v, "handleKind", c.handleKind);
        put(v, "staleViolation", std::to_string(violation + 1));  // emitChecks lists it right after
    }
    if (!c.minimum.empty()) put(v, "min", c.minimum);
    if (c.what == W::EnumValue) {
        List values(c.enumValues.size());
        for (const auto& e : c.enumValues) values.push(Object{"name", e});
        put(v, "values", std::move(values));
    }
    return v;
}

// A parameter through which a function hands back what it wrote (the values an injected
// error leaves undefined): jvmti_runtime.hpp's inject() gets these, in signature order.
bool isInjectOut(Kind k) {
    return k == Kind::OutPtr || k == Kind::AllocBuf || k == Kind::AllocAllocBuf || k == Kind::OutBuf;
}

// What every file's view starts with.
Object baseView(const EmitContext& ctx) {
    return Object{"specName", ctx.specName, "version", ctx.version.str(), "files", std::to_string(kEntryFiles)};
}

}  // namespace

std::vector<Output> emitChecks(const EmitContext& ctx) {
    const Spec& s = ctx.spec;
    const auto fns = activeFunctions(s);
    std::vector<Output> out;

    Object header = baseView(ctx);
    List all(fns.size());
    for (const auto* f : fns) all.push(functionView(*f));
    put(header, "functions", std::move(all));
    out.push_back({"src/jvmti_entries.hpp", renderTemplate("jvmti_entries.hpp", header, Escape::None)});

    // Contiguous runs of functions, as even as possible, one per file.
    Template entries("jvmti_entries.cpp", Escape::None);  // parsed once for all the files
    for (size_t file = 0; file < kEntryFiles; ++file) {
        const size_t from = fns.size() * file / kEntryFiles, to = fns.size() * (file + 1) / kEntryFiles;
        Object view = baseView(ctx);
        put(view, "file", std::to_string(file + 1));
        List functions(to - from), violations;
        for (size_t i = from; i < to; ++i) {
            const Function& f = *fns[i];
            Object fv = functionView(f);
            const auto entry = entryChecks(s, f);
            List checks(entry.size());
            // A check's first row is this many rows on (a handle check has two, see entryRules()).
            size_t row = violations.size();
            for (const auto& c : entry) {
                checks.push(checkView(c, row, f));
                row += c.what == EntryCheck::What::Handle ? 2 : 1;
            }
            // The table's rows are the catalogue's (rules.hpp), so the two cannot differ.
            for (const auto& r : entryRules(s, f))
                violations.push(Object{"id", r.id, "function", r.function, "parameter", r.parameter,
                                       "rule", r.text, "error", r.error});
            if (row != violations.size()) throw std::logic_error("entryRules() and entryChecks() disagree for " + f.id);
            put(fv, "checks", std::move(checks));
            // Fault injection poisons what the function writes: its out-parameters, in order.
            List outs;
            for (const Param* p : signatureParams(f.params))
                if (isInjectOut(p->type.kind)) outs.push(Object{"name", p->id});
            put(fv, "hasInjectOuts", !outs.empty());
            put(fv, "injectOuts", withMore(std::move(outs)));
            functions.push(std::move(fv));
        }
        put(view, "functions", std::move(functions));
        put(view, "violations", std::move(violations));
        out.push_back({"src/jvmti_entries_" + std::to_string(file + 1) + ".cpp",
                       entries.render(view)});
    }

    const auto table = functionTable(s);
    List slots(table.size());
    for (const auto& slot : table) {
        Object sv{"num", std::to_string(slot.num), "index", std::to_string(slot.num - 1), "function", slot.fn != nullptr};
        if (slot.fn) put(sv, "id", slot.fn->id);
        slots.push(std::move(sv));
    }
    Object tableView = baseView(ctx);
    put(tableView, "slots", withMore(std::move(slots)));
    out.push_back({"src/jvmti_table.cpp", renderTemplate("jvmti_table.cpp", tableView, Escape::None)});
    return out;
}

}  // namespace jvmtigen
