// Emitter of the recording runtime: include/jvmti_recorder.hpp and src/jvmti_recorder.cpp. It
// implements the whole runtime interface by recording each call and its arguments, and can
// call any table slot from an argument vector: a test double for the checking entries, and
// for a VM's own tests of its wiring.
#include "derive.hpp"
#include "emitters.hpp"
#include "render.hpp"
#include "views.hpp"

namespace jvmtigen {

std::vector<Output> emitRecorder(const EmitContext& ctx) {
    Object v{"specName", ctx.specName, "version", ctx.version.str()};
    const auto active = activeFunctions(ctx.spec);
    List fns(active.size());
    for (const auto* f : active) {
        Object fv = functionView(*f);
        // Each parameter's position in the argument vector.
        auto& params = elements(*const_cast<Data*>(fv.get("params")));
        for (size_t i = 0; i < params.size(); ++i) put(params[i], "index", std::to_string(i));
        fns.push(std::move(fv));
    }
    put(v, "functions", std::move(fns));
    return {{"include/jvmti_recorder.hpp", renderTemplate("jvmti_recorder.hpp", v, Escape::None)},
            {"src/jvmti_recorder.cpp", renderTemplate("jvmti_recorder.cpp", v, Escape::None)}};
}

}  // namespace jvmtigen
