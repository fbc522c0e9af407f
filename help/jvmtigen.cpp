// jvmtigen's command line, described once for --help and jvmtigen(1).
#include "help.hpp"

namespace jvmtihelp {

ToolHelp jvmtigenHelp(const std::vector<Entry>& outputs) {
    ToolHelp h;
    h.name = "jvmtigen";
    h.purpose = "generate JVMTI headers, checking layers and documentation from a jvmti.xml";
    h.synopsis = {"[--spec FILE] [--out DIR] [--jvmti-version X.Y.Z] [--api-version X.Y.Z] [--only NAME,...] "
                  "[--dump-model FILE] [--check]",
                  "--diff A.xml[@X.Y.Z] B.xml[@X.Y.Z] [--jvmti-version X.Y.Z] [--json FILE]",
                  "[--spec FILE] [--jvmti-version X.Y.Z] --diff-api-version X.Y.Z X.Y.Z [--json FILE]",
                  "--help | --version"};
    h.description = {
        "Reads a jvmti.xml (OpenJDK's schema), validates it like a linter and writes the outputs under DIR: "
        "jvmti.h, the checking entry layer and its runtime interface, stubs, metadata tables, event thunks, "
        "tracing, a C++ API and the whole specification as one HTML page. Every problem in the spec is printed "
        "as FILE:LINE: error: message, and then nothing is written. Outputs are written atomically and only "
        "when their bytes change.",
        "What <elide> holds (OpenJDK's unpublished drafts, such as the VirtualThreadMount event) is read and "
        "checked but never emitted, as OpenJDK's own tools never look inside: a problem found only there is "
        "printed as FILE:LINE: warning: message, with a count of the warnings, and the outputs are written.",
        "Options take their value as the next argument or after '=' (--out=DIR); --diff and --diff-api-version "
        "take two, as the next two arguments."};
    h.options = {
        {"--spec FILE", "the specification to read (default: spec/jvmti.xml)"},
        {"--out DIR", "where the outputs go: DIR/include, DIR/src, DIR/docs (default: generated)"},
        {"--jvmti-version X.Y.Z",
         "the JVMTI version, for specs that declare none (OpenJDK's files since JDK 10 carry no version; their "
         "build passes it). Formerly --version X.Y.Z, which is now refused"},
        {"--api-version X.Y.Z",
         "generate the interface as that release saw it: what the spec says came later is left out (functions' "
         "slots stay reserved, capability bits padding), with that release's version constants and header "
         "conventions; a JVMTI release (1.0, 1.1, 1.2, 9.0.0, 10.0.0, ...) not after the spec's version"},
        {"--only NAME,...", "write only these outputs (see Outputs)"},
        {"--dump-model FILE",
         "write the model as JSON (schema: docs/model-schema.md); alone it writes nothing else, with --out the "
         "outputs too"},
        {"--check", "validate only; write nothing"},
        {"--diff A.xml B.xml",
         "compare two specs, each read and validated as usual: print the facts (functions, events, capabilities, "
         "errors, constants, types, each with its numbers, parameters, capabilities and since) that B adds, "
         "removes and changes against A, one per line, grouped 'added:', 'removed:', 'changed:' (A -> B), then "
         "a summary line; writes no outputs. FILE@X.Y.Z gives that file's version (OpenJDK's files declare "
         "none), --jvmti-version that of both files otherwise"},
        {"--diff-api-version X.Y.Z X.Y.Z",
         "the same for two releases of one spec (--spec), each as --api-version selects it: what the spec's "
         "since attributes tell apart. A change the spec records without a since (an error added to an older "
         "function) shows only between two files"},
        {"--json FILE",
         "with --diff or --diff-api-version: also write the differences as JSON: {\"from\": {\"spec\", "
         "\"version\"}, \"to\": {...}, \"added\": [{\"fact\", \"value\"}], \"removed\": [...], \"changed\": "
         "[{\"fact\", \"from\", \"to\"}]}"},
        {"--help", "print this text and exit"},
        {"--version", "print jvmtigen's version and exit"},
    };
    h.sections = {{"Outputs", {}, outputs}};
    h.exitStatus = "0 done (or --help, --version; warnings alone leave it 0), 1 the spec has problems (each printed "
                   "as FILE:LINE: error: ...) "
                   "or an output could not be written, 2 bad command line, 3 --diff or --diff-api-version: the specs "
                   "differ (0: identical).";
    h.seeAlso = {"jvmti-check(1)", "jvmti-abi-diff(1)", "jvmti-impl-check(1)", "jvmtilayer(7)"};
    return h;
}

}  // namespace jvmtihelp
