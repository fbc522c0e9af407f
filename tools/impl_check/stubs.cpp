#include "stubs.hpp"

namespace implcheck {
namespace {

// The body that makes a stub compile and say "not implemented".
std::string body(const Function& f) {
    if (f.returnType == "void") return "";
    if (f.returnType == "jvmtiError") return "    return JVMTI_ERROR_NOT_AVAILABLE;\n";
    if (!f.constReferenceTarget.empty())
        return "    static const " + f.constReferenceTarget + " none{};\n    return none;\n";
    return "    return {};\n";
}

}  // namespace

std::string stubsFile(const std::vector<const Function*>& missing, const std::string& interfaceInclude) {
    std::string text =
        "// Stubs written by jvmti-impl-check --write-stubs: the " + std::to_string(missing.size()) +
        " function(s) of the JVMTI runtime\n"
        "// interface that the runtime does not define yet. Each returns JVMTI_ERROR_NOT_AVAILABLE (a\n"
        "// query, an empty value); replace them one by one with real implementations.\n"
        "#include \"" + interfaceInclude + "\"\n\n"
        "namespace jvmti_runtime {\n";
    for (const Function* f : missing) {
        text += "\n";
        if (f->scope == Scope::Hooks) text += "namespace hooks {\n";
        text += f->returnType + " " + f->name + "(";
        for (size_t i = 0; i < f->parameterTypes.size(); ++i) text += (i ? ", " : "") + f->parameterTypes[i];
        text += f->isNoexcept ? ") noexcept {\n" : ") {\n";
        text += body(*f) + "}\n";
        if (f->scope == Scope::Hooks) text += "}  // namespace hooks\n";
    }
    text += "\n}  // namespace jvmti_runtime\n";
    return text;
}

}  // namespace implcheck
