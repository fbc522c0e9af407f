#include "views.hpp"

namespace jvmtigen {

Data fixedParams(const std::vector<Param>& params) {
    List a(params.size());
    for (const auto* p : signatureParams(params))
        if (p->type.kind != Kind::Varargs) {
            std::string ctype = p->type.cType();
            a.push(Object{"decl", ctype + " " + p->id, "name", p->id, "ctype", std::move(ctype)});
        }
    return withMore(std::move(a));
}

Object functionHead(const Function& f) {
    bool varargs = false;
    for (const auto& p : f.params) varargs = varargs || p.type.kind == Kind::Varargs;
    return Object{"num", std::to_string(f.num), "id", f.id, "synopsis", f.synopsis, "varargs", varargs};
}

Object functionView(const Function& f) {
    Object v = functionHead(f);
    put(v, "params", fixedParams(f.params));
    return v;
}

}  // namespace jvmtigen
