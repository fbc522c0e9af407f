// The layer's own rules, the ones no generated entry checks (memory, environments, extension
// functions, native binding, api-version=, advice, its own files): id, where they apply, the
// rule in words, severity, the JVMTI error a refusal returns and what happens. The one list:
// the layer reports by it (rule("id") fails to compile for an id not here) and the generator's
// rule catalogue (generator/layer_rules.cpp) documents it in docs/jvmti.html and rules.json.
#pragma once

#include <string_view>

namespace jvmtilayer::own_rules {

// What breaking a rule does in one check mode (check=off checks nothing): the call is
// refused and never reaches the VM; reported and passed on to the VM; reported, where no
// agent call is involved (the layer's own work, or at exit); or not checked in that mode.
enum class Outcome { Refused, Forwarded, Reported, NotChecked };

constexpr const char* outcomeName(Outcome o) {
    switch (o) {
    case Outcome::Refused: return "refused";
    case Outcome::Forwarded: return "reported, forwarded";
    case Outcome::Reported: return "reported";
    case Outcome::NotChecked: return "not checked";
    }
    return "";
}

struct Rule {
    const char* id;  // "leak.{function}" stands for one rule per function that allocates
    const char* function;
    const char* parameter;
    const char* text;      // what the report prints after "rule:"
    const char* severity;  // as the catalogue shows it: "error", "warning, error", "advice", ...
    const char* error;     // the error a refused call returns, or ""
    const char* outcome;
    Outcome underSpec;     // check=spec
    Outcome underStrict;   // check=strict
};

inline constexpr const char* kBindRule =
    "the VM links a native method to the Java_ function an agent library exports for it (JNI name "
    "resolution; SetNativeMethodPrefix for prefixed names)";

inline constexpr const char* kCostlyRule =
    "hold a costly capability only while it is needed; add it in the live phase where the VM allows";

inline constexpr const char* kFoundInSource =
    "found by jvmti-lint in the agent's source (docs/static-analysis.md); the layer does not check it at run time";

inline constexpr const char* kCorruptingFree =
    "refused in every check mode: the VM would free memory it does not own and corrupt its heap";

inline constexpr Rule kRules[] = {
    {"Deallocate.mem.double", "Deallocate", "mem", "Deallocate frees memory JVMTI allocated, once", "error",
     "JVMTI_ERROR_ILLEGAL_ARGUMENT", kCorruptingFree,
     Outcome::Refused, Outcome::Refused},
    {"Deallocate.mem.unknown", "Deallocate", "mem",
     "Deallocate frees only memory that Allocate or a JVMTI function returned", "error",
     "JVMTI_ERROR_ILLEGAL_ARGUMENT", kCorruptingFree,
     Outcome::Refused, Outcome::Refused},
    {"leak.{function}", "{function}", "", "JVMTI memory must be freed with Deallocate", "warning, error", "",
     "reported at exit, one report per call site, with the blocks and bytes never deallocated: a warning under "
     "check=spec (agents often keep blocks until the JVM ends), an error under check=strict",
     Outcome::Reported, Outcome::Reported},
    {"GetEnv.too_many", "GetEnv", "", "the layer keeps a bounded number of environments", "error", "",
     "GetEnv returns JNI_ENOMEM",
     Outcome::Refused, Outcome::Refused},
    {"extension.floating_point_arguments", "GetExtensionFunctions", "",
     "the layer forwards only extension functions whose arguments are integers or pointers", "error",
     "JVMTI_ERROR_NOT_AVAILABLE", "the extension function refuses to run",
     Outcome::Refused, Outcome::Refused},
    {"extension.pool_full", "GetExtensionFunctions", "",
     "the layer wraps a bounded number of extension functions", "warning", "JVMTI_ERROR_NOT_AVAILABLE",
     "the extension functions beyond the pool refuse to run",
     Outcome::Refused, Outcome::Refused},
    {"natives.bind_failed", "", "", kBindRule, "error, warning", "",
     "the agent library's native methods stay unbound (a warning when no JNI environment is attached)",
     Outcome::Reported, Outcome::Reported},
    {"natives.library_unreadable", "", "", kBindRule, "warning", "",
     "the layer cannot list the agent library's Java_ functions and binds none of them",
     Outcome::Reported, Outcome::Reported},
    {"layer.trace_check_off", "", "", "trace= and stats= need the checking layer (check= other than off)", "warning",
     "", "reported at start-up under check=off, the only mode it applies to: no trace and no statistics are written",
     Outcome::NotChecked, Outcome::NotChecked},
    {"layer.trace_filter", "", "", "the trace= filter names known functions and events", "warning", "",
     "the unknown names are ignored",
     Outcome::Reported, Outcome::Reported},
    {"layer.trace_dropped", "", "", "the trace buffer holds every record (trace-buffer-mb)", "warning", "",
     "the trace misses the dropped records",
     Outcome::Reported, Outcome::Reported},
    {"layer.trace_write", "", "", "the trace file accepts every record", "error", "", "the trace is incomplete",
     Outcome::Reported, Outcome::Reported},
    {"layer.stats_write", "", "", "the stats= target can be written", "error", "", "no statistics are written",
     Outcome::Reported, Outcome::Reported},
    {"layer.child_tool_options", "", "", "child-tool-options= is applied when the layer loads with the JVM (Agent_OnLoad)",
     "warning", "",
     "reported when the layer is attached to a running JVM: it leaves the process environment unchanged (other threads "
     "read it, and changing it under them is not safe), so the JVMs this one starts are not followed",
     Outcome::Reported, Outcome::Reported},
    {"api_version.get_env", "GetEnv", "", "under api-version=, GetEnv knows only the versions up to that release",
     "info", "", "GetEnv returns JNI_EVERSION, as that release's VM does",
     Outcome::Refused, Outcome::Refused},
    {"api_version.capability", "AddCapabilities", "capabilities_ptr",
     "under api-version=, only the capabilities of that release exist", "warning", "JVMTI_ERROR_NOT_AVAILABLE",
     "refused; GetPotentialCapabilities does not offer them either",
     Outcome::Refused, Outcome::Refused},
    {"api_version.event", "SetEventNotificationMode", "event_type",
     "under api-version=, only the events of that release exist", "warning", "JVMTI_ERROR_INVALID_EVENT_TYPE",
     "refused",
     Outcome::Refused, Outcome::Refused},
    {"advice.capability_unused", "AddCapabilities", "",
     "add only the capabilities the agent uses: some make the VM slower for as long as they are held", "advice", "",
     "reported at exit (advice=true) for each capability an environment added that no call and no enabled event "
     "of it needed",
     Outcome::Reported, Outcome::Reported},
    {"advice.event_without_callback", "SetEventNotificationMode", "",
     "an enabled event costs the VM its posting even when no callback receives it", "advice", "",
     "reported at exit (advice=true) for each event an environment enabled without ever setting its callback",
     Outcome::Reported, Outcome::Reported},
    {"advice.callback_without_event", "SetEventCallbacks", "",
     "a callback runs only for events enabled with SetEventNotificationMode", "advice", "",
     "reported at exit (advice=true) for each callback an environment set for an event it never enabled",
     Outcome::Reported, Outcome::Reported},
    {"advice.costly.locals", "AddCapabilities", "", kCostlyRule, "advice", "",
     "reported at exit (advice=true) when an environment added can_access_local_variables, "
     "can_generate_breakpoint_events, can_generate_frame_pop_events or can_pop_frame in the OnLoad phase: HotSpot's "
     "compilers then keep every local variable alive (ciEnv::should_retain_local_variables, "
     "src/hotspot/share/ci/ciEnv.hpp; set by src/hotspot/share/prims/jvmtiManageCapabilities.cpp)",
     Outcome::Reported, Outcome::Reported},
    {"advice.costly.exceptions", "AddCapabilities", "", kCostlyRule, "advice", "",
     "reported at exit (advice=true) when an environment added can_generate_exception_events, "
     "can_generate_frame_pop_events or can_generate_method_exit_events in the OnLoad phase: HotSpot's compiled "
     "throws then leave their fast paths to check for exception events (ciEnv::jvmti_can_post_on_exceptions, "
     "src/hotspot/share/opto/graphKit.cpp, src/hotspot/share/c1/c1_LIRGenerator.cpp)",
     Outcome::Reported, Outcome::Reported},
    {"advice.costly.dependencies", "AddCapabilities", "", kCostlyRule, "advice", "",
     "reported at exit (advice=true) when an environment added can_generate_breakpoint_events, "
     "can_redefine_classes or can_retransform_classes in the OnLoad phase: HotSpot's compilers then record a "
     "dependency on every inlined method (ciEnv::jvmti_can_hotswap_or_post_breakpoint, "
     "src/hotspot/share/c1/c1_GraphBuilder.cpp, src/hotspot/share/opto/parse1.cpp)",
     Outcome::Reported, Outcome::Reported},
    {"inject.fault", "", "", "a correct agent handles every error the spec lets the VM's state cause",
     "info", "",
     "inject= only: the call named fails with the error, without reaching the VM, and its out-parameters hold "
     "the poison 0x0badbad0; reported before the call returns, so a crash that follows is attributed",
     Outcome::Reported, Outcome::Reported},
    {"inject.plan", "", "", "each inject= rule fails only functions that can return its error", "warning", "",
     "reported at start-up: the functions of a category the rule cannot fail are left out of it",
     Outcome::Reported, Outcome::Reported},
    {"layer.report_write", "", "", "the report= file of report-format=html can be written at exit", "error", "",
     "the page written at start-up stays, saying that the run did not end normally",
     Outcome::Reported, Outcome::Reported},
    // jvmti-lint's rules that no check of the layer shares (where one does, jvmti-lint reports
    // by the layer's id: Deallocate.mem.double, leak.{function}, the entries' X.phase, ...).
    {"out_value.unchecked", "", "",
     "an out-value holds what the call returned only after the call returned JVMTI_ERROR_NONE", "error", "",
     kFoundInSource, Outcome::NotChecked, Outcome::NotChecked},
    {"free.jvmti_memory", "Deallocate", "mem", "JVMTI memory is given back with Deallocate, never with free()", "error",
     "", kFoundInSource, Outcome::NotChecked, Outcome::NotChecked},
    {"Deallocate.mem.used_after", "Deallocate", "mem", "JVMTI memory is not used after Deallocate gave it back",
     "error", "", kFoundInSource, Outcome::NotChecked, Outcome::NotChecked},
    {"callback.jni", "", "",
     "heap iteration callbacks and the handlers of the restricted events (GarbageCollectionStart, "
     "GarbageCollectionFinish, ObjectFree) call no JNI function",
     "error", "", kFoundInSource, Outcome::NotChecked, Outcome::NotChecked},
    {"local_ref.escape", "", "",
     "an event handler's local references die when it returns: only a global reference (NewGlobalRef) may be kept",
     "error", "", kFoundInSource, Outcome::NotChecked, Outcome::NotChecked},
    {"raw_monitor.destroyed", "DestroyRawMonitor", "monitor", "a raw monitor is not used after DestroyRawMonitor",
     "error", "", kFoundInSource, Outcome::NotChecked, Outcome::NotChecked},
    {"handle.from_integer", "", "",
     "jmethodID, jfieldID and JNI references come from the VM, never from an integer", "error", "",
     kFoundInSource, Outcome::NotChecked, Outcome::NotChecked},
    {"local_storage.unset", "SetEnvironmentLocalStorage", "data",
     "an environment whose SetEnvironmentLocalStorage failed is not kept in use: whoever reads its local storage "
     "gets NULL",
     "error", "", kFoundInSource, Outcome::NotChecked, Outcome::NotChecked},
    {"event.capability", "SetEventNotificationMode", "event_type",
     "an event is enabled only after the capabilities it needs were added", "warning", "",
     "found by jvmti-lint over all the files it analyses together (docs/static-analysis.md); at run time the VM "
     "refuses the event with JVMTI_ERROR_MUST_POSSESS_CAPABILITY",
     Outcome::NotChecked, Outcome::NotChecked},
};

// The rule with this id; an id not in the list is a compile-time error.
consteval const Rule& rule(std::string_view id) {
    for (const Rule& r : kRules)
        if (id == r.id) return r;
    throw "not a rule of the layer: add it to kRules";
}

}  // namespace jvmtilayer::own_rules
