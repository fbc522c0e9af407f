// The committed generated/src/jvmti_metadata.cpp, compiled and linked here, against the model
// of spec/jvmti.xml: every function's allowed and environmental errors are the generator's
// (error_kinds.hpp), by value, and what the runtime reads of them holds together.
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "jvmti_metadata.hpp"

#include "derive.hpp"
#include "diag.hpp"
#include "error_kinds.hpp"
#include "reader.hpp"
#include "support.hpp"

namespace md = jvmti_metadata;
namespace jg = jvmtigen;

namespace {

const jg::Spec& ourSpec() {
    static const jg::Spec spec = [] {
        jg::Spec s;
        jg::Diagnostics d("spec/jvmti.xml");
        const bool ok = jg::readSpecFile((testsupport::sourceDir() / "spec" / "jvmti.xml").string(), s, d);
        if (!ok) throw std::runtime_error("spec/jvmti.xml does not read");
        return s;
    }();
    return spec;
}

std::vector<std::string> names(const jvmtiError* errors, int count) {
    std::vector<std::string> out;
    for (int i = 0; i < count; ++i) {
        const char* name = md::errorName(errors[i]);
        out.push_back(name ? name : "?" + std::to_string(errors[i]));
    }
    return out;
}

std::vector<std::string> modelNames(const jg::Function& f, bool environmentalOnly) {
    std::vector<std::string> out;
    for (const auto& c : jg::classifiedErrors(ourSpec(), f))
        if (!environmentalOnly || c.kind == jg::ErrorKind::Environmental) out.push_back(c.error->id);
    return out;
}

}  // namespace

TEST_CASE("every function's allowed and environmental errors are the model's, by value") {
    const auto active = jg::activeFunctions(ourSpec());
    REQUIRE(active.size() == static_cast<size_t>(md::functionCount));
    size_t environmentalPairs = 0, allowedPairs = 0;
    for (const auto* f : active) {
        INFO(f->id);
        const md::Function* m = md::functionByName(f->id.c_str());
        REQUIRE(m != nullptr);
        CHECK(names(m->allowedErrors, m->allowedErrorCount) == modelNames(*f, false));
        CHECK(names(m->environmentalErrors, m->environmentalErrorCount) == modelNames(*f, true));
        allowedPairs += m->allowedErrorCount;
        environmentalPairs += m->environmentalErrorCount;
    }
    CHECK(allowedPairs > environmentalPairs);
    CHECK(environmentalPairs > 0);
}

TEST_CASE("allowed errors are sorted and hold the listed ones, and the environmental ones are among them") {
    for (const auto& f : md::functions) {
        INFO(f.name);
        REQUIRE(f.allowedErrorCount > 0);
        REQUIRE(f.allowedErrors != nullptr);
        const std::vector<jvmtiError> allowed(f.allowedErrors, f.allowedErrors + f.allowedErrorCount);
        CHECK(std::is_sorted(allowed.begin(), allowed.end()));
        CHECK(std::adjacent_find(allowed.begin(), allowed.end()) == allowed.end());
        CHECK(std::find(allowed.begin(), allowed.end(), JVMTI_ERROR_NONE) == allowed.end());
        for (int i = 0; i < f.errorCount; ++i)
            CHECK(std::binary_search(allowed.begin(), allowed.end(), f.errors[i]));
        CHECK((f.environmentalErrorCount == 0) == (f.environmentalErrors == nullptr));
        for (int i = 0; i < f.environmentalErrorCount; ++i) {
            CHECK(std::binary_search(allowed.begin(), allowed.end(), f.environmentalErrors[i]));
            CHECK(f.environmentalErrors[i] != JVMTI_ERROR_NULL_POINTER);
            const bool illegalArgumentMayBe =
                std::string(f.name) == "GetStackTrace" || std::string(f.name).starts_with("AddTo");
            if (!illegalArgumentMayBe) CHECK(f.environmentalErrors[i] != JVMTI_ERROR_ILLEGAL_ARGUMENT);
        }
    }
}

TEST_CASE("GetFrameCount's errors a correct agent must handle") {
    const md::Function* f = md::functionByName("GetFrameCount");
    REQUIRE(f != nullptr);
    CHECK(names(f->environmentalErrors, f->environmentalErrorCount) ==
          std::vector<std::string>{"JVMTI_ERROR_THREAD_NOT_ALIVE", "JVMTI_ERROR_OUT_OF_MEMORY",
                                   "JVMTI_ERROR_ACCESS_DENIED", "JVMTI_ERROR_WRONG_PHASE", "JVMTI_ERROR_INTERNAL"});
    const std::vector<jvmtiError> allowed(f->allowedErrors, f->allowedErrors + f->allowedErrorCount);
    CHECK(std::find(allowed.begin(), allowed.end(), JVMTI_ERROR_CLASS_NOT_PREPARED) == allowed.end());
    const md::Function* name = md::functionByName("GetMethodName");
    REQUIRE(name != nullptr);
    const std::vector<jvmtiError> env(name->environmentalErrors, name->environmentalErrors + name->environmentalErrorCount);
    CHECK(std::find(env.begin(), env.end(), JVMTI_ERROR_INVALID_METHODID) != env.end());
}
