#include "violations.hpp"

#include "checks/call_site.hpp"
#include "jvmti_metadata.hpp"

namespace jvmtilayer {

Reporter& reporter() noexcept {
    static Reporter r;
    return r;
}

void reportCheckFailure(Env* env, const jvmti_runtime::Violation& v) noexcept {
    (void)env;
    const char* name = jvmti_metadata::errorName(v.error);
    reporter().report(Severity::Error, v.id, v.function, v.parameter[0] ? v.parameter : nullptr,
                      std::string("refused with ") + (name ? name : "an error"), v.rule, checks::currentCallSite());
}

void reportProblem(Severity severity, const char* id, const char* function, const char* argument,
                   const std::string& what, const char* rule) noexcept {
    reporter().report(severity, id, function, argument, what, rule, function ? checks::currentCallSite() : nullptr);
}

}  // namespace jvmtilayer
