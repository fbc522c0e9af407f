// jvmti-check's command line, described once for --help and jvmti-check(1).
#include "help.hpp"

namespace jvmtihelp {

ToolHelp jvmtiCheckHelp() {
    ToolHelp h;
    h.name = "jvmti-check";
    h.purpose = "run a Java program with each of its JVMTI agents behind the checking layer";
    h.synopsis = {"[--dry-run] [--layer FILE] [KEY=VALUE]... -- java ARGS...", "--help | --version"};
    h.description = {
        "Runs the java command after '--' with every agent it names moved behind libjvmtilayer.so, which "
        "checks each JVMTI call of the agents against the specification, forwards it to the JVM and reports "
        "what breaks a rule. The agents are -agentlib:NAME[=OPTIONS], -agentpath:PATH[=OPTIONS] and "
        "-javaagent:JAR[=OPTIONS], on the command line, in @argfiles and in the environment variables "
        "JAVA_TOOL_OPTIONS, JDK_JAVA_OPTIONS and _JAVA_OPTIONS. They are all loaded by one instance of the "
        "layer, in the order the JVM would load them, given as one -agentpath right after java.",
        "When the program ends, jvmti-check prints the layer's summary (the count of each violation id) and "
        "one line saying where the full report, and the trace or statistics when asked for, went; its exit "
        "status is the program's."};
    h.options = {
        {"KEY=VALUE",
         "a setting of the layer, as in its option string: check=strict, trace=all, report=FILE, ... (see "
         "jvmtilayer(7)); agent= and config= are not taken, the agents come from the java command"},
        {"--dry-run", "print the rewritten command (environment changes first), shell-quoted, and exit"},
        {"--layer FILE",
         "the layer library to use (default: the libjvmtilayer.so installed with jvmti-check, found from "
         "jvmti-check's own location)"},
        {"--help", "print this text and exit"},
        {"--version", "print jvmti-check's version and exit"},
    };
    h.sections = {
        {"Agents",
         {"java is looked up in PATH and followed through symbolic links to its JDK: JDK/bin/java. Each agent "
          "must exist, or jvmti-check stops with an error naming it."},
         {{"-agentlib:NAME[=OPTIONS]",
           "found as the JVM finds it: JDK/lib/libNAME.so, then each directory of -Djava.library.path, or "
           "without one of the JVM's default java.library.path (LD_LIBRARY_PATH, then the system's)"},
          {"-agentpath:PATH[=OPTIONS]", "PATH itself, made absolute"},
          {"-javaagent:JAR[=OPTIONS]",
           "JDK/lib/libinstrument.so with the options JAR[=OPTIONS], as the JVM loads it; --add-modules "
           "java.instrument is added so that modular programs (-m) keep the module it needs"}}},
        {"Files",
         {"Unless report= is given, the layer reports into jvmti-check.PID.report in the current directory "
          "(PID: jvmti-check's process id). With more than one agent the layer reads them from "
          "jvmti-check.PID.agents.json, or FILE.agents.json with report=FILE, which is kept, so that the printed or run command "
          "can be run again."},
         {}},
        {"Quoting",
         {"Arguments go to java as they are: no shell runs in between. --dry-run quotes each word for a POSIX "
          "shell ('...' where needed). An @argfile that names an agent is expanded in place, its words read "
          "as the java launcher reads them (white space separates, '...' and \"...\" quote, \\ escapes inside "
          "quotes, # starts a comment); an @argfile without agents stays as it is. The environment variables "
          "are split at white space, with '...' and \"...\" quoting, as the JVM splits them, and written back "
          "the same way without the agents; one left empty is unset."},
         {}},
        {"Environment",
         {},
         {{"JAVA_TOOL_OPTIONS, JDK_JAVA_OPTIONS, _JAVA_OPTIONS", "read for agents and rewritten without them"},
          {"PATH", "where java is found when it is given without a directory"},
          {"JVMTI_LAYER_*", "settings of the layer (jvmtilayer(7)); they reach the layer unchanged"}}},
    };
    h.exitStatus = "the program's exit status, or 128+N when a signal N ended it; 2 a bad command line, an "
                   "agent or the layer not found, or nothing to check; 127 java could not be run.";
    h.seeAlso = {"jvmtilayer(7)", "jvmtigen(1)", "java(1)"};
    return h;
}

}  // namespace jvmtihelp
