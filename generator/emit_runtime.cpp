// Emitters of the runtime interface (include/jvmti_runtime.hpp), the contract a VM implements
// behind the checking entries, and of stubs for all of it (src/jvmti_stubs.cpp).
#include "derive.hpp"
#include "emitters.hpp"
#include "render.hpp"
#include "views.hpp"

namespace jvmtigen {

using nlohmann::json;

static json runtimeView(const EmitContext& ctx) {
    json v = {{"specName", ctx.specName}, {"version", ctx.version.str()}};
    json fns = json::array();
    for (const auto* f : activeFunctions(ctx.spec)) fns.push_back(functionView(*f));
    v["functions"] = fns;
    return v;
}

std::vector<Output> emitRuntimeInterface(const EmitContext& ctx) {
    return {{"include/jvmti_runtime.hpp", renderTemplate("jvmti_runtime.hpp", runtimeView(ctx), Escape::None)}};
}

std::vector<Output> emitStubs(const EmitContext& ctx) {
    return {{"src/jvmti_stubs.cpp", renderTemplate("jvmti_stubs.cpp", runtimeView(ctx), Escape::None)}};
}

}  // namespace jvmtigen
