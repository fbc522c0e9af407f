#include "views.hpp"

namespace jvmtigen {

using nlohmann::json;

json withMore(json list) {
    for (size_t i = 0; i < list.size(); ++i) list[i]["more"] = i + 1 < list.size();
    return list;
}

json fixedParams(const std::vector<Param>& params) {
    json a = json::array();
    for (const auto* p : signatureParams(params))
        if (p->type.kind != Kind::Varargs)
            a.push_back({{"decl", p->type.cType() + " " + p->id}, {"name", p->id}, {"ctype", p->type.cType()}});
    return withMore(a);
}

json functionView(const Function& f) {
    bool varargs = false;
    for (const auto& p : f.params) varargs = varargs || p.type.kind == Kind::Varargs;
    return {{"num", std::to_string(f.num)}, {"id", f.id}, {"synopsis", f.synopsis},
            {"params", fixedParams(f.params)}, {"varargs", varargs}};
}

}  // namespace jvmtigen
