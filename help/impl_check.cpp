// jvmti-impl-check's command line, described once for --help and jvmti-impl-check(1).
#include "help.hpp"

namespace jvmtihelp {

ToolHelp implCheckHelp() {
    ToolHelp h;
    h.name = "jvmti-impl-check";
    h.purpose = "check a JVMTI runtime against the generated jvmti_runtime.hpp";
    h.synopsis = {"[-p BUILD_DIR] [--interface FILE] [--write-stubs FILE] PATH...", "--help | --version"};
    h.description = {
        "Parses a JVMTI runtime (the functions of namespace jvmti_runtime that jvmtigen's checking entries "
        "call) with the compile commands of its build and checks it against the generated interface "
        "jvmti_runtime.hpp: every function defined exactly once with its exact signature, nothing in the "
        "namespace that the interface does not declare, and hooks (optional) with their signatures.",
        "Each problem is one line, FILE:LINE: missing|extra|mismatched|duplicate: what, then a summary line."};
    h.options = {
        {"PATH", "the runtime: a directory (each of its files in the compilation database) or a source file"},
        {"-p BUILD_DIR", "where compile_commands.json is (default: the current directory)"},
        {"--interface FILE",
         "the interface to check against (default: the jvmti_runtime.hpp that the runtime's sources include)"},
        {"--write-stubs FILE",
         "write a definition of each missing function, returning JVMTI_ERROR_NOT_AVAILABLE (a query: an empty "
         "value)"},
        {"--help", "print this text and exit"},
        {"--version", "print jvmti-impl-check's version and exit"},
    };
    h.exitStatus = "0 all implemented, 1 problems found, 2 a source could not be parsed (Clang's messages are "
                   "printed) or bad command line.";
    h.seeAlso = {"jvmtigen(1)", "jvmti-abi-diff(1)"};
    return h;
}

}  // namespace jvmtihelp
