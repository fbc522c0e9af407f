#include "emitters.hpp"

namespace jvmtigen {

const std::vector<Emitter>& allEmitters() {
    static const std::vector<Emitter> list = {
        {"header", "include/jvmti.h: the C/C++ header agents and VMs compile against", emitHeader,
         {{"jvmti.h", Escape::None}}},
        {"docs", "docs/jvmti.html: the whole spec as one cross-linked page", emitDocs,
         {{"jvmti-category.html", Escape::Html}, {"jvmti.html", Escape::Html}, {"jvmti-constants.html", Escape::Html}}},
        {"runtime", "include/jvmti_runtime.hpp: the functions and queries a VM implements behind the checks",
         emitRuntimeInterface, {{"jvmti_runtime.hpp", Escape::None}}},
        {"checks", "src/jvmti_entries*.{hpp,cpp}, src/jvmti_table.cpp: the checking entries and their table",
         emitChecks,
         {{"jvmti_entries.hpp", Escape::None}, {"jvmti_entries.cpp", Escape::None}, {"jvmti_table.cpp", Escape::None}}},
        {"stubs", "src/jvmti_stubs.cpp: every runtime function, returning JVMTI_ERROR_NOT_AVAILABLE", emitStubs,
         {{"jvmti_stubs.cpp", Escape::None}}},
        {"tables", "include/jvmti_metadata.hpp, src/jvmti_metadata.cpp: names, capabilities, phases, out-parameters",
         emitTables, {{"jvmti_metadata.hpp", Escape::None}, {"jvmti_metadata.cpp", Escape::None}}},
        {"lint", "include/jvmti_lint_tables.hpp, src/jvmti_lint_tables.cpp: what jvmti-lint's checkers know beyond the tables",
         emitLint, {{"jvmti_lint_tables.hpp", Escape::None}, {"jvmti_lint_tables.cpp", Escape::None}}},
        {"recorder", "include/jvmti_recorder.hpp, src/jvmti_recorder.cpp: a runtime that records calls, for tests",
         emitRecorder, {{"jvmti_recorder.hpp", Escape::None}, {"jvmti_recorder.cpp", Escape::None}}},
        {"forward", "include/jvmti_forward.hpp, src/jvmti_forward.cpp: a runtime forwarding to a host JVMTI",
         emitForward, {{"jvmti_forward.hpp", Escape::None}, {"jvmti_forward.cpp", Escape::None}}},
        {"events", "include/jvmti_events.hpp, src/jvmti_event_thunks.cpp: event thunks to agents' callbacks",
         emitEvents, {{"jvmti_events.hpp", Escape::None}, {"jvmti_event_thunks.cpp", Escape::None}}},
        {"rules", "docs/rules.md: the rule catalogue, every rule the checking layer enforces by its id", emitRules,
         {{"jvmti_rules.md", Escape::None}}},
        {"rules-json", "docs/rules.json: the rule catalogue as JSON, for tools (SARIF writers and the like)",
         emitRulesJson, {{"jvmti_rules.json", Escape::None}}},
        {"trace", "include/jvmti_trace.hpp, src/jvmti_trace_*.cpp: tracing entries, tracing event thunks, value formatters",
         emitTrace,
         {{"jvmti_trace.hpp", Escape::None}, {"jvmti_trace_entries.cpp", Escape::None},
          {"jvmti_trace_events.cpp", Escape::None}, {"jvmti_trace_values.cpp", Escape::None}}},
        {"cpp", "include/jvmti.hpp: a C++ API over jvmti.h (owning results, typed constants and events)", emitCpp,
         {{"jvmti.hpp", Escape::None}}},
        // HotSpot's entry layer (docs/hotspot.md): only with --only, for HotSpot's build.
        {"hotspot-enter", "jvmtifiles/jvmtiEnter.cpp: HotSpot's JVMTI entries and their table (only with --only)",
         emitHotspotEnter, {{"hotspot_jvmtiEnter.cpp", Escape::None}}, true},
        {"hotspot-enter-trace",
         "jvmtifiles/jvmtiEnterTrace.cpp: HotSpot's entries that log for -XX:TraceJVMTI (only with --only)",
         emitHotspotEnterTrace, {{"hotspot_jvmtiEnterTrace.cpp", Escape::None}}, true},
        {"hotspot-env-hpp", "jvmtifiles/jvmtiEnv.hpp: HotSpot's class JvmtiEnv behind the entries (only with --only)",
         emitHotspotEnvHpp, {{"hotspot_jvmtiEnv.hpp", Escape::None}}, true},
        {"hotspot-jvmti-h", "jvmtifiles/jvmti.h: the header, where HotSpot's build keeps it (only with --only)",
         emitHotspotJvmtiH, {{"jvmti.h", Escape::None}}, true},
        {"hotspot-jvmti-html", "jvmtifiles/jvmti.html: the spec's page, where HotSpot's build keeps it (only with --only)",
         emitHotspotJvmtiHtml,
         {{"jvmti-category.html", Escape::Html}, {"jvmti.html", Escape::Html}, {"jvmti-constants.html", Escape::Html}}, true},
        {"hotspot-env-stub",
         "jvmtifiles/jvmtiEnvStub.cpp: every JvmtiEnv method refusing, for HotSpot's developers (only with --only)",
         emitHotspotEnvStub, {{"hotspot_jvmtiEnvStub.cpp", Escape::None}}, true},
    };
    return list;
}

}  // namespace jvmtigen
