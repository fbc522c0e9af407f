// jvmti-lint's command line, described once for --help and jvmti-lint(1).
#include "help.hpp"

namespace jvmtihelp {

ToolHelp lintHelp() {
    ToolHelp h;
    h.name = "jvmti-lint";
    h.purpose = "find JVMTI misuse in an agent's C and C++ source by Clang's path-sensitive static analysis";
    h.synopsis = {"[-j N] [--sarif FILE] [--error-exitcode N] [--baseline FILE] [--write-baseline FILE] FILE... -- "
                  "COMPILER-ARGS...",
                  "-p BUILD_DIR [-j N] [--sarif FILE] [--error-exitcode N] [--baseline FILE] [--write-baseline FILE] "
                  "[FILE...] [-- EXTRA-ARGS...]",
                  "--confirm [--layer LIB] [--run-timeout S] [OPTIONS] FILE... -- COMPILER-ARGS... -- COMMAND ARGS...",
                  "--confirm [--layer LIB] [--run-timeout S] -p BUILD_DIR [OPTIONS] [FILE...] -- COMMAND ARGS...",
                  "--list-rules | --help | --version"};
    h.description = {
        "Analyses the sources of a JVMTI agent with Clang's Static Analyzer, which follows every path through "
        "each function (and into the functions it calls in the same file), with checkers whose JVMTI facts come "
        "from tables generated from the specification: which errors a function can return for reasons the agent "
        "cannot rule out, which out-values are JVMTI memory, which pointers may be NULL, phases, capabilities, "
        "which functions a restricted callback may call. It reads C and C++ agents that call through the "
        "function table ((*jvmti)->GetThreadInfo(jvmti, ...)), through jvmti.h's C++ members "
        "(jvmti->GetThreadInfo(...)) or through jvmtigen's jvmti.hpp.",
        "Each finding is one line, FILE:LINE:COL: warning: MESSAGE [RULE-ID], as compilers print them, followed "
        "by notes that walk the path to it (\"assuming GetThreadInfo fails with JVMTI_ERROR_THREAD_NOT_ALIVE\"). "
        "A finding that needs a call to fail ends with the inject= rule that makes that call fail under "
        "libjvmtilayer.so. Rule ids are the rule catalogue's (jvmti.html#rule-ID); where the checking layer "
        "checks the same misuse at run time, the id is the layer's.",
        "The files are compiled as their compile commands say: from BUILD_DIR/compile_commands.json with -p "
        "(every file of it when none is named), or with the COMPILER-ARGS after --. When no -I of a command "
        "finds jvmti.h, $JAVA_HOME/include is added, else jvmtigen's own headers with a JDK's jni.h.",
        "A file that does not compile gets the compiler's errors and is not analysed. The capability rule is "
        "judged over all files analysed together.",
        "With --confirm, each finding that needs a call to fail is tried on the running program: COMMAND runs "
        "once per such finding under jvmti-check, with the finding's inject= rule (its call failed at its source "
        "line), each run in a directory made new. The finding gets a verdict, as a note after it and as the "
        "SARIF result's property confirmation: confirmed (the JVM crashed, or the layer reported an error or a "
        "warning at a line of the finding's path), handled (the fault was injected and nothing went wrong), "
        "not reached (the program never made that call there) or hung (still running at --run-timeout, then "
        "killed with every process it started). -j N runs N of them at a time. COMMAND follows the second -- when the "
        "compiler's arguments are given after the first, else the first."};
    h.options = {
        {"FILE",
         "a C or C++ source file of the agent; what follows -- is the compiler arguments for every FILE (with "
         "-p: added to each command)"},
        {"-p BUILD_DIR", "read the compile commands from BUILD_DIR/compile_commands.json"},
        {"-j N", "analyse N files at a time, each in a process of its own, and with --confirm make N runs at a time "
                 "(default 1)"},
        {"--sarif FILE",
         "also write a SARIF 2.1.0 log: one result per finding with its path as a code flow, the inject= rule of "
         "a finding that needs a call to fail among its properties"},
        {"--error-exitcode N", "exit with N (1 to 255) when there are findings (default: 0)"},
        {"--baseline FILE",
         "leave out the findings FILE holds (matched by rule, file, function and message, so lines may move)"},
        {"--write-baseline FILE", "write the findings of this run (after NOLINT comments) to FILE, for --baseline"},
        {"--confirm",
         "run COMMAND (after --, see above) once for each finding with an inject= rule, behind the layer through "
         "jvmti-check, and give each its verdict: confirmed, handled, not reached or hung"},
        {"--layer LIB", "with --confirm: the libjvmtilayer.so the runs use (passed to jvmti-check --layer)"},
        {"--run-timeout SECONDS",
         "with --confirm: a run still going after SECONDS is killed with its process group and its finding is "
         "hung (default 300; 0: no limit)"},
        {"--list-rules", "print the rule ids jvmti-lint reports, with the rule in words, and exit"},
        {"--help", "print this text and exit"},
        {"--version", "print jvmti-lint's version and exit"},
    };
    h.sections = {
        {"Suppression",
         {"A comment // NOLINT on a finding's line silences every rule there; // NOLINT(RULE, PREFIX*) only the "
          "rules named (an id, or a prefix ending in *); // NOLINTNEXTLINE(...) does the same for the next line."},
         {}},
        {"Environment", {}, {{"JAVA_HOME", "where jvmti.h and jni.h are looked for when no -I finds jvmti.h"}}},
    };
    h.exitStatus = "0 no finding (or findings without --error-exitcode), N with --error-exitcode N when there are "
                   "findings, 2 a file did not compile, an analysis failed, an output could not be written, a --confirm "
                   "run left no verdict (jvmti-check refused the command), or bad command line.";
    h.seeAlso = {"jvmti-check(1)", "jvmtilayer(7)", "jvmtigen(1)"};
    return h;
}

}  // namespace jvmtihelp
