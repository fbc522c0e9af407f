#include "emitters.hpp"

namespace jvmtigen {

const std::vector<Emitter>& allEmitters() {
    static const std::vector<Emitter> list = {
        {"header", "include/jvmti.h: the C/C++ header agents and VMs compile against", emitHeader},
        {"docs", "docs/jvmti.html: the whole spec as one cross-linked page", emitDocs},
        {"runtime", "include/jvmti_runtime.hpp: the functions and queries a VM implements behind the checks",
         emitRuntimeInterface},
        {"checks", "src/jvmti_entries*.{hpp,cpp}, src/jvmti_table.cpp: the checking entries and their table",
         emitChecks},
        {"stubs", "src/jvmti_stubs.cpp: every runtime function, returning JVMTI_ERROR_NOT_AVAILABLE", emitStubs},
        {"tables", "include/jvmti_metadata.hpp, src/jvmti_metadata.cpp: names, capabilities, phases, out-parameters",
         emitTables},
        {"recorder", "include/jvmti_recorder.hpp, src/jvmti_recorder.cpp: a runtime that records calls, for tests",
         emitRecorder},
        {"forward", "include/jvmti_forward.hpp, src/jvmti_forward.cpp: a runtime forwarding to a host JVMTI",
         emitForward},
        {"events", "include/jvmti_events.hpp, src/jvmti_event_thunks.cpp: event thunks to agents' callbacks",
         emitEvents},
        {"rules", "docs/rules.md: the rule catalogue, every rule the checking layer enforces by its id", emitRules},
        {"rules-json", "docs/rules.json: the rule catalogue as JSON, for tools (SARIF writers and the like)",
         emitRulesJson},
        {"trace", "include/jvmti_trace.hpp, src/jvmti_trace_*.cpp: tracing entries, tracing event thunks, value formatters",
         emitTrace},
        {"cpp", "include/jvmti.hpp: a C++ API over jvmti.h (owning results, typed constants and events)", emitCpp},
    };
    return list;
}

}  // namespace jvmtigen
