// The emitters: one per output, like TableGen's backends. Adding an output is adding an
// emitter here and a template in templates/.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "model.hpp"
#include "output.hpp"

namespace jvmtigen {

struct EmitContext {
    const Spec& spec;
    Version version;       // the spec's own, or --jvmti-version
    std::string specName;  // file name of the spec, for banners
};

struct Emitter {
    std::string name;         // what --only takes
    std::string description;  // for --help
    std::function<std::vector<Output>(const EmitContext&)> run;
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
std::vector<Output> emitRecorder(const EmitContext& ctx);
std::vector<Output> emitForward(const EmitContext& ctx);
std::vector<Output> emitEvents(const EmitContext& ctx);
std::vector<Output> emitTrace(const EmitContext& ctx);
std::vector<Output> emitCpp(const EmitContext& ctx);
std::vector<Output> emitRules(const EmitContext& ctx);
std::vector<Output> emitRulesJson(const EmitContext& ctx);

}  // namespace jvmtigen
