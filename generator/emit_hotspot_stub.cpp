// Emitter of HotSpot's jvmtifiles/jvmtiEnvStub.cpp: a definition of every JvmtiEnv method that
// only refuses (JVMTI_ERROR_MUST_POSSESS_CAPABILITY), for a VM developer adding a function.
// HotSpot's jvmtiEnvFill merges such a file with the filled jvmtiEnv.cpp; it reads the line
// starting "// end file prefix", "jvmtiError" alone on a line, the method's whole signature on
// the next, and "} /* end NAME */", so the template keeps those shapes.
#include <set>

#include "emitters.hpp"
#include "hotspot_conventions.hpp"
#include "hotspot_entry.hpp"
#include "render.hpp"

namespace jvmtigen {

namespace {

// What the entry has done with a parameter before JvmtiEnv sees it, in a few words.
std::string noteOf(const hotspot::EnvParam& ep, const hotspot::Entry& entry) {
    const Param& p = *ep.param;
    const hotspot::ArgCheck* check = nullptr;
    for (const auto& c : entry.checks)
        if (c.param == &p) check = &c;
    if (check && p.type.kind == Kind::Value && p.type.base == "jthread")
        return std::string("the JavaThread of ") + p.id + ", live under the entry's ThreadsListHandle" +
               (check->currentWhenNull ? " (the current thread for NULL)" : "");
    if (check) {
        std::string errors;
        std::set<std::string> seen;
        for (const auto& t : check->tests) {
            constexpr std::string_view prefix = "JVMTI_ERROR_";
            if (t.error.compare(0, prefix.size(), prefix) != 0 || !seen.insert(t.error).second) continue;
            errors += (errors.empty() ? "" : ", ") + t.error.substr(prefix.size());
        }
        const std::string from = ep.name == p.id ? "" : "from " + p.id + ", ";
        return from + "tested by the entry (" + errors + ")";
    }
    if (p.type.kind == Kind::Value && p.type.base == "jthread") return "as the agent passed it: neither converted nor tested";
    if (p.type.kind != Kind::Value && p.type.nullok) return "may be NULL: the entry does not test it";
    return "not tested by the entry";
}

}  // namespace

std::vector<Output> emitHotspotEnvStub(const EmitContext& ctx) {
    const Spec& s = ctx.spec;
    Object v{"specName", ctx.specName, "version", ctx.version.str(), "result", std::string(hotspot::kStubResult)};
    List categories;
    for (const auto& cat : s.categories) {
        List fns;
        for (const Function* fn : hotspot::envMethodsOf(s, cat.id)) {
            const Function& f = *fn;
            const auto entry = hotspot::entryOf(f);
            const auto params = hotspot::envParams(f);
            // The class tests, once for each mirror the method takes (the stylesheet's rule).
            List tests;
            for (const auto& p : f.params) {
                const Type& t = p.type;
                if (t.kind != Kind::Value || t.base != "jclass" || t.baseAttrs.count("method") || t.baseAttrs.count("field"))
                    continue;
                for (const auto& test : hotspot::stubClassTests().tests) {
                    List declare;
                    for (auto d : test.declare) declare.push(Object{"line", std::string(d)});
                    tests.push(Object{"declare", std::move(declare), "condition", std::string(test.condition), "error",
                                      std::string(test.error), "placeholder", test.error == hotspot::kStubResult});
                }
            }
            List ps(params.size()), notes(params.size());
            for (const auto& p : params) {
                ps.push(Object{"type", p.type, "name", p.name});
                if (p.type.empty()) continue;  // varargs: nothing is passed
                notes.push(Object{"name", p.name, "note", noteOf(p, entry)});
            }
            fns.push(Object{"name", hotspot::envMethodName(f), "params", withMore(std::move(ps)), "notes",
                            std::move(notes), "tests", std::move(tests)});
        }
        categories.push(Object{"label", cat.label, "functions", std::move(fns)});
    }
    put(v, "categories", std::move(categories));
    return {{"jvmtifiles/jvmtiEnvStub.cpp", renderTemplate("hotspot_jvmtiEnvStub.cpp", v, Escape::None)}};
}

}  // namespace jvmtigen
