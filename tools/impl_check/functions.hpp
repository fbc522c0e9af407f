// What jvmti-impl-check knows about a function of namespace jvmti_runtime (or of
// jvmti_runtime::hooks): declared by the interface, or defined by the runtime. Nothing here
// knows Clang: collect.cpp fills these in, check.cpp and stubs.cpp read them.
#pragma once

#include <set>
#include <string>
#include <vector>

namespace implcheck {

enum class Scope { Runtime, Hooks };  // namespace jvmti_runtime, namespace jvmti_runtime::hooks

struct Location {
    std::string file;  // absolute, symbolic links resolved
    unsigned line = 0;
};

struct Function {
    Scope scope = Scope::Runtime;
    std::string name;
    std::string canonical;  // the canonical function type: what "the exact signature" compares
    std::string shown;      // as a reader knows it: "jvmtiError GetFrameCount(Env &, jthread, jint *)"
    Location where;
    // The pieces a stub is written from, as the interface spells them.
    std::string returnType;
    std::vector<std::string> parameterTypes;
    bool isNoexcept = false;
    std::string constReferenceTarget;  // "T" when the function returns `const T&`
};

// Identifies a function by scope, name and canonical type.
inline std::string signatureKey(const Function& f) {
    return (f.scope == Scope::Hooks ? "hooks::" : "") + f.name + " " + f.canonical;
}

struct Collected {
    std::vector<Function> interface;    // declarations in the interface file, in its order
    std::vector<Function> definitions;  // definitions in the runtime's files, one per location
    std::vector<std::string> sources;   // the translation units parsed
    std::string interfaceFile;          // the interface file the declarations came from
    // signatureKey of every function that a header other than the interface declares (in any
    // translation unit): helpers the runtime's headers, or other generated headers, declare on
    // purpose. Defining one is not an extra function.
    std::set<std::string> declaredInHeaders;
};

}  // namespace implcheck
