// Emitters of the runtime interface (include/jvmti_runtime.hpp), the contract a VM implements
// behind the checking entries, and of stubs for all of it (src/jvmti_stubs.cpp).
#include "derive.hpp"
#include "emitters.hpp"
#include "render.hpp"
#include "views.hpp"

namespace jvmtigen {

static Data runtimeView(const EmitContext& ctx) {
    Object v{"specName", ctx.specName, "version", ctx.version.str()};
    const auto active = activeFunctions(ctx.spec);
    List fns(active.size());
    for (const auto* f : active) fns.push(functionView(*f));
    put(v, "functions", std::move(fns));
    return v;
}

std::vector<Output> emitRuntimeInterface(const EmitContext& ctx) {
    return {{"include/jvmti_runtime.hpp", renderTemplate("jvmti_runtime.hpp", runtimeView(ctx), Escape::None)}};
}

std::vector<Output> emitStubs(const EmitContext& ctx) {
    return {{"src/jvmti_stubs.cpp", renderTemplate("jvmti_stubs.cpp", runtimeView(ctx), Escape::None)}};
}

}  // namespace jvmtigen
