// The emitters: one per output, like TableGen's backends. Adding an output is adding an
// emitter here and a template in templates/.
#pragma once

#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "model.hpp"
#include "output.hpp"
#include "render.hpp"
#include "rules.hpp"

namespace jvmtigen {

struct EmitContext {
    EmitContext(const Spec& s, Version v, std::string name) : spec(s), version(v), specName(std::move(name)) {}

    const Spec& spec;
    Version version;       // the spec's own, or --jvmti-version
    std::string specName;  // file name of the spec, for banners

    // allRules(spec), made once for the run by whichever emitter asks first (the rule
    // catalogues in Markdown, JSON and the docs share it; emitters run on several threads).
    const std::vector<Rule>& rules() const {
        std::call_once(cache_->once, [this] { cache_->rules = allRules(spec); });
        return cache_->rules;
    }

private:
    struct Cache {
        std::once_flag once;
        std::vector<Rule> rules;
    };
    std::shared_ptr<Cache> cache_ = std::make_shared<Cache>();
};

struct Emitter {
    std::string name;         // what --only takes
    std::string description;  // for --help
    std::function<std::vector<Output>(const EmitContext&)> run;
    std::vector<TemplateName> templates;  // what it renders, to parse ahead (prepareTemplates)
    // Written only when --only names it: outputs for one particular VM's sources (HotSpot's),
    // not for every user of the spec, so not part of a plain run or of generated/.
    bool optIn = false;
};

const std::vector<Emitter>& allEmitters();

// The checking entries are split into this many files, src/jvmti_entries_1.cpp and on; the
// build (CMake) lists them by name, so the number is fixed whatever the spec.
inline constexpr size_t kEntryFiles = 4;

// The emitter functions, one per output.
std::vector<Output> emitHeader(const EmitContext& ctx);
std::vector<Output> emitDocs(const EmitContext& ctx);
std::vector<Output> emitRuntimeInterface(const EmitContext& ctx);
std::vector<Output> emitChecks(const EmitContext& ctx);
std::vector<Output> emitStubs(const EmitContext& ctx);
std::vector<Output> emitTables(const EmitContext& ctx);
std::vector<Output> emitLint(const EmitContext& ctx);
std::vector<Output> emitRecorder(const EmitContext& ctx);
std::vector<Output> emitForward(const EmitContext& ctx);
std::vector<Output> emitEvents(const EmitContext& ctx);
std::vector<Output> emitTrace(const EmitContext& ctx);
std::vector<Output> emitCpp(const EmitContext& ctx);
std::vector<Output> emitRules(const EmitContext& ctx);
std::vector<Output> emitRulesJson(const EmitContext& ctx);
std::vector<Output> emitHotspotEnter(const EmitContext& ctx);
std::vector<Output> emitHotspotEnterTrace(const EmitContext& ctx);
std::vector<Output> emitHotspotEnvHpp(const EmitContext& ctx);
std::vector<Output> emitHotspotJvmtiH(const EmitContext& ctx);
std::vector<Output> emitHotspotJvmtiHtml(const EmitContext& ctx);
std::vector<Output> emitHotspotEnvStub(const EmitContext& ctx);

}  // namespace jvmtigen
