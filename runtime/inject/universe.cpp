#include "inject/universe.hpp"

#include "jvmti_metadata.hpp"

namespace jvmtilayer::inject {

namespace {

std::vector<int> values(const jvmtiError* errors, int count) {
    std::vector<int> out;
    for (int i = 0; i < count; ++i) out.push_back(static_cast<int>(errors[i]));
    return out;
}

}  // namespace

Universe metadataUniverse() {
    namespace md = jvmti_metadata;
    Universe u;
    for (const auto& f : md::functions)
        u.functions.push_back({f.num, f.name, f.category, f.traceByDefault,
                               values(f.allowedErrors, f.allowedErrorCount),
                               values(f.environmentalErrors, f.environmentalErrorCount)});
    for (const auto& e : md::errors) u.errors.push_back({static_cast<int>(e.value), e.name});
    return u;
}

}  // namespace jvmtilayer::inject
