// jvmti-check's command line, described once for --help and jvmti-check(1).
#include "help.hpp"

namespace jvmtihelp {

ToolHelp jvmtiCheckHelp() {
    ToolHelp h;
    h.name = "jvmti-check";
    h.purpose = "run a command with the JVMTI agents of every JVM it starts behind the checking layer, and gate CI on the result";
    h.synopsis = {"[--dry-run] [--layer FILE] [--error-exitcode=N] [--fail-on=error|warning] [--sarif FILE] [--junit FILE] "
                  "[--html FILE] [--report-dir DIR] [--source-root DIR] [KEY=VALUE]... -- COMMAND ARGS...",
                  "--help | --version"};
    h.description = {
        "Runs COMMAND (java, a script, ant, mvn, gradle, or a program that starts JVMs) so that the JVMTI agents "
        "of every JVM it starts, at any depth, run behind libjvmtilayer.so, which checks each JVMTI call of the "
        "agents against the specification, forwards it to the JVM and reports what breaks a rule. Each JVM that "
        "loads an agent writes its own report; when the command ends, jvmti-check merges them into one summary "
        "and, when asked, one SARIF log, one JUnit XML file and one HTML page.",
        "A java command naming agents (-agentlib:NAME[=OPTIONS], -agentpath:PATH[=OPTIONS], "
        "-javaagent:JAR[=OPTIONS], on the command line, in @argfiles or in JAVA_TOOL_OPTIONS) is rewritten: its "
        "agents are loaded by one instance of the layer, in the order the JVM would load them, given as one "
        "-agentpath right after java, and its output stays exactly as without jvmti-check. Every other JVM (those "
        "the command starts, or all of them when the command is not such a java) is followed through "
        "JAVA_TOOL_OPTIONS, which every JVM reads: the layer is loaded first with adopt=true and puts the agents "
        "the JVM loads itself behind it. Such a JVM prints the JVM's own line 'Picked up JAVA_TOOL_OPTIONS: ...' "
        "on standard error; one that loads no agent writes no report and is otherwise unchanged.",
        "The exit status is the command's, or N with --error-exitcode=N when any JVM reported at the --fail-on "
        "severity or above (ids silenced with report-ignore= do not count).",
        "A command that already loads libjvmtilayer.so as one of its agents is refused: jvmti-check would "
        "put the layer behind itself."};
    h.options = {
        {"KEY=VALUE",
         "a setting of the layer, as in its option string: check=strict, trace=all, report-ignore=ID, ... (see "
         "jvmtilayer(7)); checked before anything runs. agent=, adopt=, child-tool-options=, error-exitcode= and "
         "fail-on= are not taken (jvmti-check sets them, or has options for them); config=FILE is read as the "
         "layer reads it and must not name agents; report=FILE names the text report of the rewritten java command"},
        {"--error-exitcode=N",
         "exit with N (1 to 255) when any JVM of the run reported at the --fail-on severity or above; the "
         "command's own status otherwise (Valgrind's option of the same name)"},
        {"--fail-on=error|warning", "the least severity that counts as a failure (default error)"},
        {"--sarif FILE",
         "write one SARIF 2.1.0 log of every JVM: the rules from the rule catalogue, one result per rule and call "
         "site with its count, located at the agent's source file and line where it has debug information"},
        {"--junit FILE",
         "write JUnit XML: one testsuite per JVM, one testcase per rule id, failing with its count and call sites; "
         "one passing testcase for a JVM that reported nothing"},
        {"--html FILE",
         "each JVM also writes an HTML page (report-format=html): the rules broken with their call sites and links "
         "to the rule catalogue, leaks by call site, call and event statistics, in sortable tables; FILE is the "
         "page of the one JVM, or an index linking each JVM's page when there are several"},
        {"--report-dir DIR",
         "where each JVM writes its report files, PID-MAIN.txt and PID-MAIN.json (and .html), named by its process "
         "id and main class (default: jvmti-check.PID in the current directory)"},
        {"--source-root DIR",
         "SARIF locations under DIR are written relative to it, as %SRCROOT% (default: the current directory)"},
        {"--dry-run", "print the command as it would run (environment changes first), shell-quoted, and exit"},
        {"--layer FILE",
         "the layer library to use (default: the libjvmtilayer.so installed with jvmti-check, found from "
         "jvmti-check's own location)"},
        {"--help", "print this text and exit"},
        {"--version", "print jvmti-check's version and exit"},
    };
    h.sections = {
        {"Agents",
         {"COMMAND is looked up in PATH and followed through symbolic links; when it is a JDK's bin/java, its agents "
          "are found as the JVM finds them, and each must exist, or jvmti-check stops with an error naming it."},
         {{"-agentlib:NAME[=OPTIONS]",
           "found as the JVM finds it: JDK/lib/libNAME.so, then each directory of -Djava.library.path, or "
           "without one of the JVM's default java.library.path (LD_LIBRARY_PATH, then the system's)"},
          {"-agentpath:PATH[=OPTIONS]", "PATH itself, made absolute"},
          {"-javaagent:JAR[=OPTIONS]",
           "JDK/lib/libinstrument.so with the options JAR[=OPTIONS], as the JVM loads it; --add-modules "
           "java.instrument is added so that modular programs (-m) keep the module it needs"},
          {"agents attached later", "jcmd PID JVMTI.agent_load and the Attach API: behind the layer too in a "
           "followed JVM (the layer is already loaded there and hands them layer environments)"}}},
        {"Files",
         {"Each checked JVM writes DIR/PID-MAIN.txt (the text lines) and DIR/PID-MAIN.json (the data jvmti-check "
          "merges), and DIR/PID-MAIN.html with --html. With report=FILE the rewritten java command's text goes to "
          "FILE and its data beside it (FILE without .txt, plus .json). A JVM that did not end normally leaves "
          "its text lines without data: jvmti-check reads the rules from them and marks the JVM unfinished. With "
          "more than one agent the rewritten command's layer reads them from jvmti-check.PID.agents.json, or "
          "FILE.agents.json with report=FILE, which is kept, so that the printed or run command can be run again; "
          "the settings of a config=FILE go into it too, since the layer reads one config file."},
         {}},
        {"Quoting",
         {"Arguments go to the command as they are: no shell runs in between. --dry-run quotes each word for a "
          "POSIX shell ('...' where needed). An @argfile that names an agent is expanded in place, its words read "
          "as the java launcher reads them (white space separates, '...' and \"...\" quote, \\ escapes inside "
          "quotes, # starts a comment); an @argfile without agents stays as it is. The environment variables "
          "are split at white space, with '...' and \"...\" quoting, as the JVM splits them, and written back "
          "the same way without the agents; one left empty is unset."},
         {}},
        {"Environment",
         {},
         {{"JAVA_TOOL_OPTIONS",
           "read for agents; the layer's word is put first for every followed JVM (JVMTI_LAYER_CHILD_TOOL_OPTIONS "
           "carries it past a rewritten java command, whose layer sets it for the processes that JVM starts)"},
          {"JDK_JAVA_OPTIONS, _JAVA_OPTIONS", "read for agents; a java command with agents there is followed, not rewritten"},
          {"PATH", "where COMMAND is found when it is given without a directory"},
          {"JVMTI_LAYER_*", "settings of the layer (jvmtilayer(7)); they reach every layer unchanged"}}},
    };
    h.exitStatus = "the command's exit status, or 128+N when a signal N ended it; N of --error-exitcode=N when a JVM "
                   "reported at the --fail-on severity or above; 2 a bad command line, an agent or the layer not found, "
                   "an output file that cannot be written, or the layer among the command's agents; 127 the command "
                   "could not be found or run.";
    h.seeAlso = {"jvmtilayer(7)", "jvmtigen(1)", "java(1)"};
    return h;
}

}  // namespace jvmtihelp
