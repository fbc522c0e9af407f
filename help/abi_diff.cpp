// jvmti-abi-diff's command line, described once for --help and jvmti-abi-diff(1).
#include "help.hpp"

namespace jvmtihelp {

ToolHelp abiDiffHelp() {
    ToolHelp h;
    h.name = "jvmti-abi-diff";
    h.purpose = "compare two jvmti.h headers as the compiler sees them";
    h.synopsis = {"REF.h CANDIDATE.h [-I DIR]... [--json FILE]", "--help | --version"};
    h.description = {
        "Parses both headers with Clang, as C (C11) and as C++ (C++17), and compares what the compiler sees: "
        "enumerators and their values, structs and unions (size, alignment, field offsets and types, "
        "bit-fields), the slots of jvmtiInterface_1_, typedefs, function declarations, the C++ methods of "
        "_jvmtiEnv and object-like macros. Only what the headers themselves declare counts, not jni.h.",
        "Prints one line per difference, grouped by kind, marked [C only] or [C++ only] when one language "
        "alone sees it, then a summary line."};
    h.options = {
        {"-I DIR",
         "where the headers' includes are (jni.h, jni_md.h); a header's own directory and its linux/ "
         "subdirectory are searched first. Also -IDIR"},
        {"--json FILE", "also write the differences as JSON. Also --json=FILE"},
        {"--help", "print this text and exit"},
        {"--version", "print jvmti-abi-diff's version and exit"},
    };
    h.exitStatus = "0 identical, 1 different, 2 a header could not be parsed (Clang's messages are printed) or bad "
                   "command line.";
    h.seeAlso = {"jvmtigen(1)", "jvmti-impl-check(1)"};
    return h;
}

}  // namespace jvmtihelp
