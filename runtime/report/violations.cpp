#include "report/violations.hpp"

#include <array>

#include "checks/call_site.hpp"
#include "jvmti_metadata.hpp"

namespace jvmtilayer {

Reporter& reporter() noexcept {
    static Reporter r;
    return r;
}

namespace {

// "refused with NAME" for each error code, made once: a refused call past the report limit is
// only counted, and builds no text.
const std::string& refusedWith(jvmtiError error) {
    static const auto texts = [] {
        std::array<std::string, 257> t;
        for (std::size_t e = 0; e < t.size(); ++e) {
            const char* name = e + 1 < t.size() ? jvmti_metadata::errorName(static_cast<jvmtiError>(e)) : nullptr;
            t[e] = std::string("refused with ") + (name ? name : "an error");
        }
        return t;
    }();
    const auto i = static_cast<std::size_t>(error);
    return texts[i < texts.size() - 1 ? i : texts.size() - 1];
}

}  // namespace

void reportCheckFailure(Env* env, const jvmti_runtime::Violation& v) noexcept {
    (void)env;
    reporter().report(Severity::Error, v.id, v.function, v.parameter[0] ? v.parameter : nullptr, refusedWith(v.error),
                      v.rule, checks::currentCallSite());
}

void reportProblem(Severity severity, const own_rules::Rule& rule, const char* function, const char* argument,
                   const std::string& what) noexcept {
    reporter().report(severity, rule.id, function, argument, what, rule.text, function ? checks::currentCallSite() : nullptr);
}

}  // namespace jvmtilayer
