// jvmti-conform's command line, described once for --help and jvmti-conform(1).
#include "help.hpp"

namespace jvmtihelp {

ToolHelp conformHelp() {
    ToolHelp h;
    h.name = "jvmti-conform";
    h.purpose = "put the answers the JVMTI spec predicts to a real JVM";
    h.synopsis = {"[--java PATH] [--jvm-arg ARG]... [--json FILE] [--html FILE] [--all] [--expect FILE] [--unsafe] "
                  "[--agent PATH]",
                  "--help | --version"};
    h.description = {
        "Runs the JVM with its agent, libjvmticonform.so, which makes every call whose answer the spec "
        "predicts straight to the JVM's own environments: a well-formed call of each function, and calls with "
        "one thing wrong each (a wrong phase, a missing capability with every other held, NULL for a required "
        "pointer, an integer below its minimum, a value of no enum constant, a String passed as a thread or "
        "a class), in the OnLoad phase, at VMStart and at VMInit. The cases come from the generated metadata "
        "of JVMTI 25.",
        "Prints per kind of case how many answers the spec allows, then each deviation (the JVM's answer and "
        "the spec's), then every call not made with its reason: calls that would harm the run, and calls "
        "known to crash a JVM (made with --unsafe)."};
    h.options = {
        {"--java PATH", "the java to run (default: $JAVA_HOME/bin/java, else java on PATH)"},
        {"--jvm-arg ARG", "an option for the JVM, before the agent (repeatable)"},
        {"--json FILE", "write every row, skip and total as JSON"},
        {"--html FILE", "write a page of every row, each linking its rule in jvmti.html"},
        {"--all", "print the passing calls too"},
        {"--expect FILE", "the deviations expected, one line each as printed (# starts a comment): exit 1 "
                          "naming each new and each vanished one"},
        {"--unsafe", "also make the calls listed as crashing a JVM"},
        {"--agent PATH", "the agent library (default: libjvmticonform.so beside the tool's lib dir)"},
        {"--help", "print this text and exit"},
        {"--version", "print jvmti-conform's version and exit"},
    };
    h.exitStatus = "0 the suite ran (deviations are findings), 1 --expect differs, 2 bad command line or no java, "
                   "3 the JVM did not finish the suite (a crash: the last call made is named).";
    h.seeAlso = {"jvmtigen(1)", "jvmti-check(1)"};
    return h;
}

}  // namespace jvmtihelp
