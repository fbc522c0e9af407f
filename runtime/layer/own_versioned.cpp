// The runtime functions whose answers depend on api-version=: the version, the potential
// capabilities, and which events can be enabled (enabling is also noted for advice=).
#include "report/advice.hpp"
#include "jvmti_metadata.hpp"
#include "layer/api_version.hpp"
#include "layer/layer.hpp"
#include "report/violations.hpp"

namespace jvmti_runtime {

using namespace jvmtilayer;

jvmtiError GetVersionNumber(Env& env, jint* version_ptr) {
    if (!api_version::active()) return jvmti_forward::GetVersionNumber(env, version_ptr);
    *version_ptr = api_version::versionNumber();
    return JVMTI_ERROR_NONE;
}

jvmtiError GetPotentialCapabilities(Env& env, jvmtiCapabilities* capabilities_ptr) {
    const jvmtiError result = jvmti_forward::GetPotentialCapabilities(env, capabilities_ptr);
    if (result == JVMTI_ERROR_NONE) api_version::dropLaterCapabilities(*capabilities_ptr);
    return result;
}

jvmtiError SetEventNotificationMode(Env& env, jvmtiEventMode mode, jvmtiEvent event_type, jthread event_thread) {
    if (!api_version::hasEvent(event_type)) {
        reportProblem(Severity::Warning, own_rules::rule("api_version.event"), "SetEventNotificationMode", "event_type",
                      "refused with JVMTI_ERROR_INVALID_EVENT_TYPE: " +
                          std::string(jvmti_metadata::eventByNum(event_type)->name) + " came after JVMTI " + api_version::releaseName() + " (api-version=)");
        return JVMTI_ERROR_INVALID_EVENT_TYPE;
    }
    const jvmtiError result = jvmti_forward::SetEventNotificationMode(env, mode, event_type, event_thread);
    if (result == JVMTI_ERROR_NONE && mode == JVMTI_ENABLE) advice::eventEnabled(env, event_type);
    return result;
}

}  // namespace jvmti_runtime
