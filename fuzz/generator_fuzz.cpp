// Fuzz target: the whole generator in memory. Each input is a spec file's text; it is read,
// validated and, when valid, given to every emitter and to --dump-model. An input must either
// be refused with diagnostics or produce every output. A crash, a sanitizer report, a leak, a
// hang or an exception out of an emitter for a spec that validated is a finding.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>

#include "api_version.hpp"
#include "diag.hpp"
#include "emitters.hpp"
#include "model_json.hpp"
#include "reader.hpp"
#include "validate.hpp"

namespace {

[[noreturn]] void finding(const char* what, const std::string& detail) {
    std::fprintf(stderr, "generator_fuzz: %s: %s\n", what, detail.c_str());
    std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    using namespace jvmtigen;
    const std::string text(reinterpret_cast<const char*>(data), size);
    Spec spec;
    Diagnostics diag("fuzz.xml");
    if (!readSpecText(text, spec, diag) || !validateSpec(spec, diag)) {
        if (diag.ok()) finding("refused without a diagnostic", "reader or validation returned false");
        return 0;
    }
    // A spec without a version needs --jvmti-version; the fuzzer plays that role with 25.0.0.
    const Version version = spec.version ? *spec.version : Version{25, 0, 0};
    try {
        const EmitContext ctx{spec, version, "fuzz.xml"};
        for (const auto& e : allEmitters())
            for (const auto& o : e.run(ctx))
                if (o.path.empty()) finding("an output without a path", e.name);
        (void)modelJson(spec, version).dump(1);
        // The interface of the first release, from the same spec, as --api-version 1.0.0.
        Diagnostics asOf("fuzz.xml");
        const Spec first = specAsOf(Spec(spec), Version{1, 0, 0}, asOf);
        if (asOf.ok()) {
            const EmitContext firstCtx{first, Version{1, 0, 0}, "fuzz.xml"};
            for (const auto& e : allEmitters()) (void)e.run(firstCtx);
        }
    } catch (const std::exception& e) {
        finding("an emitter threw for a spec that validated", e.what());
    }
    return 0;
}
