// Emitter of HotSpot's jvmtifiles/jvmtiEnv.hpp: class JvmtiEnv, with one method per JVMTI
// function taking the arguments as HotSpot's entries pass them (hotspot::envParams()).
#include "emitters.hpp"
#include "hotspot_entry.hpp"
#include "render.hpp"

namespace jvmtigen {

std::vector<Output> emitHotspotEnvHpp(const EmitContext& ctx) {
    const Spec& s = ctx.spec;
    Object v{"specName", ctx.specName, "version", ctx.version.str()};
    size_t capabilityCount = 0;
    for (const auto& c : s.capabilities) capabilityCount += c.fields.size();
    put(v, "capabilityCount", std::to_string(capabilityCount));

    List categories;
    for (const auto& cat : s.categories) {
        List fns;
        for (const Function* fn : hotspot::envMethodsOf(s, cat.id)) {
            const Function& f = *fn;
            const auto params = hotspot::envParams(f);
            List ps(params.size());
            for (const auto& p : params) ps.push(Object{"type", p.type, "name", p.name});
            fns.push(Object{"name", hotspot::envMethodName(f), "params", withMore(std::move(ps))});
        }
        categories.push(Object{"label", cat.label, "functions", std::move(fns)});
    }
    put(v, "categories", std::move(categories));
    return {{"jvmtifiles/jvmtiEnv.hpp", renderTemplate("hotspot_jvmtiEnv.hpp", v, Escape::None)}};
}

}  // namespace jvmtigen
