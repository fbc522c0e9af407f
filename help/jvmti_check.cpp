// jvmti-check's command line, described once for --help and jvmti-check(1).
#include "help.hpp"

namespace jvmtihelp {

ToolHelp jvmtiCheckHelp() {
    ToolHelp h;
    h.name = "jvmti-check";
    h.purpose = "run a command with the JVMTI agents of every JVM it starts behind the checking layer, and gate CI on the result";
    h.synopsis = {"[--dry-run] [--layer FILE] [--error-exitcode=N] [--fail-on=error|warning] [--sarif FILE] [--junit FILE] "
                  "[--html FILE] [--report-dir DIR] [--source-root DIR] [--hs-err-dir DIR] [--keep-work-dir] "
                  "[KEY=VALUE]... -- COMMAND ARGS...",
                  "--inject-sweep [--fail-on=OUTCOME,...] [--max-runs N] [-j N] [--shard[=K/N]] [--one-fault-per-run] "
                  "[--learning-runs N] [--rerun RULE:RULE...] [--run-timeout SECONDS] [--sweep-dir DIR] [--json FILE] [--sarif FILE] [--junit FILE] [--html FILE] "
                  "[--layer FILE] [--source-root DIR] [KEY=VALUE]... -- COMMAND ARGS...",
                  "--sweep-merge --json FILE [--fail-on=OUTCOME,...] [--sarif FILE] [--junit FILE] [--html FILE] "
                  "[--source-root DIR] SHARD.json...",
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
        {"--fail-on=error|warning|OUTCOME,...",
         "in a run: the least severity of a report that counts as a failure, error (the default) or warning. With "
         "--inject-sweep and --sweep-merge: the bad outcomes that fail the sweep, as comma-separated words: crash, "
         "hang, violation (new violations), leak, exit (exit status changed); the default, also spelt error, is "
         "crash,hang,violation,leak, and warning means all five. A named outcome is at level error in the summary, "
         "SARIF, JUnit and HTML, another bad one at warning, a declined start at note"},
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
         "id and main class: made (mode 0700) when missing; one that exists must be yours and writable by no "
         "other user, or it is refused (default: jvmti-check.PID in the current directory, made new, or "
         "jvmti-check.PID.XXXXXX beside it when that name is taken)"},
        {"--hs-err-dir DIR",
         "every checked JVM writes its fatal error log there, as DIR/hs_err_pidPID.log (-XX:ErrorFile, given on "
         "the rewritten command and in JAVA_TOOL_OPTIONS), instead of its working directory"},
        {"--keep-work-dir",
         "keep jvmti-check's own directory (the agents file the layer reads when the command has several agents), "
         "which is otherwise removed when the command ends"},
        {"--source-root DIR",
         "SARIF locations under DIR are written relative to it, as %SRCROOT% (default: the current directory)"},
        {"--dry-run", "print the command as it would run (environment changes first), shell-quoted, and exit"},
        {"--layer FILE",
         "the layer library to use (default: the libjvmtilayer.so installed with jvmti-check, found from "
         "jvmti-check's own location)"},
        {"--inject-sweep",
         "sweep injected faults instead of one run (see Fault injection sweep below): a learning run finds the "
         "agents' call sites, then COMMAND runs once per call site and environmental error of its function, with "
         "exactly that fault injected at the site's first call; each run is classified and the bad ones are "
         "listed with the command that replays them"},
        {"--max-runs N", "with --inject-sweep: at most N runs, a deterministic sample spread over the call sites"},
        {"-j N", "with --inject-sweep: N runs at a time (default: one per processor)"},
        {"--shard [K/N]",
         "with --inject-sweep: only the runs whose rule hashes to K-1 modulo N (one job of a CI matrix; a run's "
         "shard depends on its rule alone, whatever call sites the job's learning runs saw); join the shards' "
         "JSON with --sweep-merge, which joins them by rule. Without K/N (--shard alone, or followed by a word that does not start with a "
         "digit) K and N come from the environment: JVMTI_CHECK_SHARD and JVMTI_CHECK_SHARDS (K from 1; for a "
         "GitHub Actions matrix or any other), else Bazel's TEST_SHARD_INDEX and TEST_TOTAL_SHARDS (K-1 from 0), "
         "else GitLab's CI_NODE_INDEX and CI_NODE_TOTAL (parallel:, K from 1); none set is an error"},
        {"--one-fault-per-run",
         "with --inject-sweep: one injected fault per run of COMMAND, as before chained faults; the findings are "
         "the same, the sweep slower"},
        {"--learning-runs N",
         "with --inject-sweep: N learning runs at once, their call sites joined, so that a site only some runs "
         "reach is swept too; the first is the baseline every run is judged against (default: as many as -j, at "
         "most 4)"},
        {"--rerun RULE:RULE...",
         "with --inject-sweep: only the planned runs these rules name (FUNCTION@SITE/ERROR/1, as the summary, JSON "
         "and SARIF of an earlier sweep name them, checked as inject= checks rules), after the learning runs; a rule no "
         "planned run has is named on standard error, and none found is an error. To check a fix, or whether an outcome repeats"},
        {"--run-timeout SECONDS",
         "with --inject-sweep: a run still going after SECONDS is killed with its process group and counted as hung "
         "(default: ten times the learning run, at least 60)"},
        {"--sweep-dir DIR",
         "with --inject-sweep: where the learning runs (DIR/learn, DIR/learn-2, ...) and each run (DIR/run-NNNN) keep their reports, "
         "injection logs, output and hs_err files (default: jvmti-check.sweep.PID in the current directory)"},
        {"--json FILE", "with --inject-sweep or --sweep-merge: every run as JSON (site, where, function, error, "
                        "outcome, status, details, replay command)"},
        {"--sweep-merge", "join the JSON of a sweep's shards (SHARD.json...) into one and write --json, --sarif, "
                          "--junit and --html of all of them"},
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
          "its text lines without data: jvmti-check reads the rules from them and marks the JVM unfinished. "
          "jvmti-check reads back only files named as the layer names them, regular files of yours opened without "
          "following links, and takes a JVM's page and text from beside its data, never from a path a file names. "
          "Every file is created new (under a temporary name, then renamed into place: a link or FIFO planted at "
          "its name is replaced, never followed), mode 0600 unless file-mode= says otherwise. With more than one "
          "agent the rewritten command's layer reads them from agents.json in a private directory jvmti-check makes "
          "(jvmti-check.XXXXXX in $XDG_RUNTIME_DIR, else $TMPDIR or /tmp, mode 0700), removed when the command ends "
          "unless --keep-work-dir is given, and kept by --dry-run, whose command names it; the settings of a "
          "config=FILE go into it too, since the layer reads one config file. Reports leave out the values of -D "
          "properties and of variable assignments in the command unless report-command=full is given."},
         {}},
        {"Quoting",
         {"Arguments go to the command as they are: no shell runs in between. --dry-run quotes each word for a "
          "POSIX shell ('...' where needed). An @argfile that names an agent is expanded in place, its words read "
          "as the java launcher reads them (white space separates, '...' and \"...\" quote, \\ escapes inside "
          "quotes, # starts a comment); an @argfile without agents stays as it is. The environment variables "
          "are split at white space, with '...' and \"...\" quoting, as the JVM splits them, and written back "
          "the same way without the agents; one left empty is unset."},
         {}},
        {"Fault injection sweep",
         {"jvmti-check --inject-sweep runs COMMAND first as learning runs, with inject=all/p0 (every function "
          "that can fail is watched, none is failed) and an injection log per JVM: they give the call sites of the "
          "agents (function, LIBRARY+0xOFFSET, function and source line), joined over the learning runs (as many as "
          "-j at once, at most 4, or --learning-runs), and the first gives the baseline (exit status, the rule ids "
          "reported, leaks). Then COMMAND runs once for each call site and each environmental error of its "
          "function (the errors the VM's state can cause with right arguments, from the generated metadata), sites "
          "in the order first seen, errors by value, each run a jvmti-check of its own with "
          "inject=FUNCTION@SITE/ERROR/1 and the KEY=VALUE settings given, in its own process group, -j at a time.",
          "Chained faults: unless --one-fault-per-run is given, one run of COMMAND arms the faults of up to 48 "
          "planned runs at once, each at its own call site's first call. A run that ends as the learning run did "
          "settles every fault injected in it as handled; a bad end with one fault injected is that fault's "
          "outcome; a bad end with several replays each of them alone, so that every finding is one fault in one "
          "run, replayed by its own command. A fault not injected goes back to be chained again; the call sites whose "
          "faults were injected in such a run may have hidden it, and their remaining faults run alone; a fault "
          "twice not reached in runs where none was injected runs alone, where not reached is decided.",
          "Each run is: not reached (no fault was injected), handled (the learning run's exit status, no new error "
          "or warning rule id, no more leaks), declined (the only change is the exit status, and the JVM said the "
          "agent's Agent_OnLoad or Agent_OnAttach returned an error after the fault: the agent refused to start "
          "without what it needs, which counts as handled, at level note), or bad: hung (killed at --run-timeout), "
          "crashed (a signal, or a JVM's hs_err file, whose problematic frame and first native frames are kept and "
          "whose frames in the agent are named at their source lines), new violations (rule ids the learning run "
          "did not report, such as a poisoned out-value passed back under check=strict), leaked (more leak.* "
          "reports) or exit status changed (the agent stopped the program: FatalError, System.exit, an exception "
          "thrown into Java; the cause is shown). A bad outcome --fail-on names is at level error, another at "
          "warning; by default every one but exit status changed.",
          "The summary on standard output counts the runs per outcome and then gives one finding per call site and "
          "consequence (the crash's frame, the new rule ids, the leak ids, the exit status), errors first, then "
          "warnings, then the declined starts as notes: the site, the first details, where the fault surfaced in "
          "the agent, and each error that leads to it with the jvmti-check inject=... command that replays it. A "
          "terminal gets a progress line.",
          "SARIF has one result per finding at the call site's source line, at the finding's level (rules "
          "sweep.crashed, sweep.hung, sweep.new-violations, sweep.leaked, sweep.exit-status-changed and "
          "sweep.declined); its errors and replay commands in properties, each error's run and the places where "
          "it surfaced as related locations. JUnit XML: one <testsuite> with a testcase per call site and error, "
          "failing at level error, skipped when not reached, the document Ant's junitreport reads. Exit status: 0 "
          "when no run is at level error, 1 when some is, 2 a bad command line or no JVM checked by the learning "
          "run."},
         {}},
        {"Environment",
         {},
         {{"JAVA_TOOL_OPTIONS",
           "read for agents; the layer's word is put first for every followed JVM (JVMTI_LAYER_CHILD_TOOL_OPTIONS "
           "carries it past a rewritten java command, whose layer sets it for the processes that JVM starts)"},
          {"JDK_JAVA_OPTIONS, _JAVA_OPTIONS", "read for agents; a java command with agents there is followed, not rewritten"},
          {"PATH", "where COMMAND is found when it is given without a directory"},
          {"JVMTI_LAYER_*", "settings of the layer (jvmtilayer(7)); they reach every layer unchanged"},
          {"JVMTI_CHECK_SHARD, JVMTI_CHECK_SHARDS",
           "read by --shard without K/N: shard K (from 1) of N; set them from a CI matrix"},
          {"TEST_SHARD_INDEX, TEST_TOTAL_SHARDS", "Bazel's, read by --shard without K/N when the two above are unset"},
          {"CI_NODE_INDEX, CI_NODE_TOTAL", "GitLab's (parallel:), read by --shard without K/N when none of the above is set"}}},
    };
    h.exitStatus = "the command's exit status, or 128+N when a signal N ended it; N of --error-exitcode=N when a JVM "
                   "reported at the --fail-on severity or above, or when a report could not be read or written (2 "
                   "without --error-exitcode); 2 a bad command line, an agent or the layer not found, a report "
                   "directory that is not yours, the layer among the command's agents, or an internal error; 127 the command "
                   "could not be found or run. With --inject-sweep and --sweep-merge: 0 no run at level error (handled, "
                   "declined, not reached, or bad outcomes --fail-on leaves out), 1 some, 2 a bad command line, an input "
                   "that cannot be read or an output that cannot be written.";
    h.seeAlso = {"jvmtilayer(7)", "jvmtigen(1)", "java(1)"};
    return h;
}

}  // namespace jvmtihelp
