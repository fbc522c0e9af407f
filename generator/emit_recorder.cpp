// Emitter of the recording runtime: include/jvmti_recorder.hpp and src/jvmti_recorder.cpp. It
// implements the whole runtime interface by recording each call and its arguments, and can
// call any table slot from an argument vector: a test double for the checking entries, and
// for a VM's own tests of its wiring.
#include "derive.hpp"
#include "emitters.hpp"
#include "render.hpp"
#include "views.hpp"

namespace jvmtigen {

using nlohmann::json;

std::vector<Output> emitRecorder(const EmitContext& ctx) {
    json v = {{"specName", ctx.specName}, {"version", ctx.version.str()}};
    json fns = json::array();
    for (const auto* f : activeFunctions(ctx.spec)) {
        json fv = functionView(*f);
        json params = fv["params"];
        for (size_t i = 0; i < params.size(); ++i) params[i]["index"] = std::to_string(i);
        fv["params"] = params;
        fns.push_back(std::move(fv));
    }
    v["functions"] = fns;
    return {{"include/jvmti_recorder.hpp", renderTemplate("jvmti_recorder.hpp", v, Escape::None)},
            {"src/jvmti_recorder.cpp", renderTemplate("jvmti_recorder.cpp", v, Escape::None)}};
}

}  // namespace jvmtigen
