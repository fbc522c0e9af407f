// jvmti-check on Debian's OpenJDK 17: the rewritten command runs the program with its agents
// behind the layer (the layer found beside the tool, as installed), the exit status comes back,
// the summary and the report's place are printed; --dry-run prints exactly the command.
#include <catch2/catch.hpp>

#include "support.hpp"

#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>

#include <nlohmann/json.hpp>

namespace fs = std::filesystem;
using testsupport::readFile;
using testsupport::shellQuote;

namespace {

const fs::path tool = CHECK_TOOL;
const fs::path layer = CHECK_LAYER;
const fs::path jdk = fs::canonical(CHECK_JAVA).parent_path().parent_path();
const std::string agentClasses = CHECK_AGENT_CLASSES;
const std::string instrumentJar = CHECK_INSTRUMENT_JAR;
const std::string counterOptions = "prefix=agenttest/counter/,class=agenttest/counter/Work";

struct Run {
    int status;
    std::string out, err;
};

// A fresh directory with the counter agent in it as libcounter.so; commands run inside it.
struct Work {
    testsupport::TempDir tmp;
    fs::path dir = tmp.path();
    Work() {
        fs::copy_file(CHECK_COUNTER, dir / "libcounter.so");
    }
    // Runs `env` (assignments) jvmti-check `args` (shell words) in dir, java's JDK first on PATH.
    Run run(const std::string& args, const std::string& env = "") const {
        const std::string command = "cd " + shellQuote(dir.string()) + " && PATH=" + shellQuote((jdk / "bin").string()) + ":\"$PATH\" " +
                                    env + " " + shellQuote(tool.string()) + " " + args + " > stdout.txt 2> stderr.txt";
        const int st = std::system(command.c_str());
        Run r{WIFEXITED(st) ? WEXITSTATUS(st) : -1, readFile(dir / "stdout.txt"), readFile(dir / "stderr.txt")};
        UNSCOPED_INFO("command: " << command << "\nstatus " << r.status << "\nstdout:\n" << r.out << "stderr:\n" << r.err);
        return r;
    }
    std::string path(const std::string& name) const { return (dir / name).string(); }
};

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

std::string golden(const std::string& name) { return readFile(fs::path(CHECK_EXPECTED) / name); }

const std::string jdwp = "-agentlib:jdwp=transport=dt_socket,server=y,suspend=n,address=127.0.0.1:0";

// A --dry-run line of a rewritten java command: the variable that carries the layer to the JVMs
// the program starts is checked here and taken out, the rest is returned.
std::string withoutChild(const std::string& line) {
    const std::regex child("(^| )JVMTI_LAYER_CHILD_TOOL_OPTIONS=('(?:[^']|'\\\\'')*'|[^ ]*) ");
    std::smatch m;
    if (!std::regex_search(line, m, child)) return "(no JVMTI_LAYER_CHILD_TOOL_OPTIONS in: " + line + ")";
    const std::string value = m[2].str();
    CHECK(contains(value, "-agentpath:" + layer.string() + "=adopt=true,"));
    CHECK(contains(value, ",report-format=text:json,report="));
    CHECK(contains(value, "/jvmti-check."));
    return m.prefix().str() + m[1].str() + m.suffix().str();
}

// The report file of the one JVM of a run in `dir`: DIR/jvmti-check.PID/PID-MAIN.txt.
std::regex reportOf(const fs::path& dir, const std::string& mainClass) {
    return std::regex(dir.string() + "/jvmti-check\\.[0-9]+/[0-9]+-" + std::regex_replace(mainClass, std::regex("\\."), "\\.") +
                      "\\.txt");
}

}  // namespace

TEST_CASE("acceptance: jdwp and a Java agent behind the layer, the program's output, the summary, status 0") {
    Work w;
    const Run r = w.run("-- java " + jdwp + " -javaagent:" + shellQuote(instrumentJar) + "=hello -cp " + shellQuote(agentClasses) +
                        " agenttest.instrument.Main");
    REQUIRE(r.status == 0);
    // JDWP says where it listens; the rest is the program's and its agent's normal output.
    const std::regex listening("^Listening for transport dt_socket at address: [0-9]+\n");
    CHECK(std::regex_search(r.out, listening));
    CHECK(std::regex_replace(r.out, listening, "") == golden("instrument.stdout.txt"));
    std::smatch where;
    REQUIRE(std::regex_search(r.err, where, std::regex("\njvmti-check: full report: (.*)\n$")));
    CHECK(std::regex_match(where[1].str(), reportOf(w.dir, "agenttest.instrument.Main")));
    CHECK((contains(r.err, "jvmti-check: the layer reported nothing\n") || contains(r.err, "jvmtilayer: summary: total: ")));

    // With the strict checks the layer reports what JDWP keeps (class signatures): the summary shows it.
    const Run strict = w.run("check=strict report=r.txt -- java " + jdwp + " -javaagent:" + shellQuote(instrumentJar) +
                             "=hello -cp " + shellQuote(agentClasses) + " agenttest.instrument.Main");
    REQUIRE(strict.status == 0);
    CHECK(std::regex_replace(strict.out, listening, "") == golden("instrument.stdout.txt"));
    CHECK(contains(strict.err, "jvmtilayer: summary: leak.GetClassSignature: "));
    CHECK(contains(strict.err, "jvmtilayer: summary: total: "));
    CHECK(contains(strict.err, "jvmti-check: full report: r.txt\n"));
    CHECK(contains(readFile(w.dir / "r.txt"), "jvmtilayer: error: leak.GetClassSignature: "));
}

TEST_CASE("dry run: --dry-run prints exactly the command, which runs as printed") {
    Work w;
    const std::string report = w.path("r.txt");
    const Run r = w.run("--dry-run report=" + shellQuote(report) + " -- java " + jdwp + " -javaagent:" + shellQuote(instrumentJar) +
                        "=hello -cp " + shellQuote(agentClasses) + " agenttest.instrument.Main");
    REQUIRE(r.status == 0);
    // The agents file is made in a private directory (mode 0700) and kept: the printed command names it.
    std::smatch listed;
    REQUIRE(std::regex_search(r.err, listed, std::regex("^jvmti-check: the agents are listed in (/[^ ]*/agents\\.json) \\(kept, so that the command can be run\\)\n$")));
    const std::string agentsFile = listed[1].str();
    CHECK(fs::status(fs::path(agentsFile).parent_path()).permissions() == fs::perms::owner_all);
    CHECK(withoutChild(r.out) == "java -agentpath:" + layer.string() + "=report=" + report + ",report-format=text:json,config=" +
                                     agentsFile + " --add-modules=java.instrument -cp " + agentClasses +
                                     " agenttest.instrument.Main\n");
    const auto agents = nlohmann::json::parse(readFile(agentsFile));
    CHECK(agents == nlohmann::json{{"agents",
                                    {{{"path", (jdk / "lib/libjdwp.so").string()},
                                      {"options", "transport=dt_socket,server=y,suspend=n,address=127.0.0.1:0"}},
                                     {{"path", (jdk / "lib/libinstrument.so").string()}, {"options", instrumentJar + "=hello"}}}}});
    // Nothing ran: no report yet. The printed line, run by a shell, is the checked program.
    CHECK_FALSE(fs::exists(report));
    const int st = std::system(("cd " + shellQuote(w.dir.string()) + " && PATH=" + shellQuote((jdk / "bin").string()) + ":\"$PATH\" sh -c " +
                                shellQuote(r.out) + " > again.txt 2>&1").c_str());
    CHECK(WEXITSTATUS(st) == 0);
    CHECK(contains(readFile(w.dir / "again.txt"), "premain(hello): redefine true, retransform true"));
    CHECK(fs::exists(report));
    fs::remove_all(fs::path(agentsFile).parent_path());

    // One agent: inline in the layer's options.
    const Run one = w.run("--dry-run check=strict report=r.txt -- java -agentpath:libcounter.so=out=out.txt," +
                          counterOptions + " -cp " + shellQuote(agentClasses) + " agenttest.counter.Main");
    CHECK(withoutChild(one.out) == "java -agentpath:" + layer.string() + "=check=strict,report=r.txt,report-format=text:json,agent=" +
                                       w.path("libcounter.so") + "=out=out.txt," + counterOptions + " -cp " + agentClasses +
                                       " agenttest.counter.Main\n");
}

TEST_CASE("agentpath: -agentpath relative to the current directory, checked strictly: the agent's own output unchanged") {
    Work w;
    const Run r = w.run("check=strict -- java -agentpath:libcounter.so=out=out.txt," + counterOptions + " -cp " +
                        shellQuote(agentClasses) + " agenttest.counter.Main");
    REQUIRE(r.status == 0);
    CHECK(readFile(w.dir / "out.txt") == golden("counter.txt"));
    CHECK(contains(r.err, "jvmti-check: the layer reported nothing\n"));
}

TEST_CASE("agentlib: -agentlib found through -Djava.library.path and through LD_LIBRARY_PATH") {
    Work w;
    const std::string rest = " -cp " + shellQuote(agentClasses) + " agenttest.counter.Main";
    const Run viaProperty = w.run("-- java -Djava.library.path=/nonexistent:" + shellQuote(w.dir.string()) +
                                  " -agentlib:counter=out=out.txt," + counterOptions + rest);
    REQUIRE(viaProperty.status == 0);
    CHECK(readFile(w.dir / "out.txt") == golden("counter.txt"));
    const Run viaLd = w.run("--dry-run -- java -agentlib:counter=out=out2.txt" + rest,
                            "LD_LIBRARY_PATH=" + shellQuote(w.dir.string()));
    REQUIRE(viaLd.status == 0);
    CHECK(contains(viaLd.out, ",agent=" + w.path("libcounter.so") + "=out=out2.txt "));
}

TEST_CASE("java -jar and modules: the program's arguments are left alone") {
    Work w;
    const Run jar = w.run("-- java -javaagent:" + shellQuote(instrumentJar) + "=jar -jar " + shellQuote(CHECK_APP_JAR) +
                          " 0 -agentpath:/not/an/agent.so @not-a-file");
    REQUIRE(jar.status == 0);
    CHECK(jar.out.rfind("premain(jar): redefine true, retransform true\n", 0) == 0);
    CHECK(contains(jar.out, "\narg: 0\narg: -agentpath:/not/an/agent.so\narg: @not-a-file\n"));

    const Run mod = w.run("-- java -javaagent:" + shellQuote(instrumentJar) + "=mod -p " + shellQuote(CHECK_MODULES) +
                          " -m checkmod/checkmod.Main");
    REQUIRE(mod.status == 0);
    CHECK(mod.out == "premain(mod): redefine true, retransform true\nmodule: checkmod\n");
}

TEST_CASE("quoting: options with spaces on the command line and in JAVA_TOOL_OPTIONS") {
    Work w;
    const std::string agent = "-agentpath:libcounter.so=out=o u t.txt," + counterOptions;
    const Run dry = w.run("--dry-run report=r.txt -- java " + shellQuote(agent) + " -cp " + shellQuote(agentClasses) + " agenttest.counter.Main");
    CHECK(withoutChild(dry.out) == "java '-agentpath:" + layer.string() + "=report=r.txt,report-format=text:json,agent=" +
                                       w.path("libcounter.so") + "=out=o u t.txt," + counterOptions + "' -cp " + agentClasses +
                                       " agenttest.counter.Main\n");
    const Run r = w.run("-- java " + shellQuote(agent) + " -cp " + shellQuote(agentClasses) + " agenttest.counter.Main");
    REQUIRE(r.status == 0);
    CHECK(readFile(w.dir / "o u t.txt") == golden("counter.txt"));

    const std::string tool = "JAVA_TOOL_OPTIONS=" + shellQuote("-Dcheckapp.x='a b' -agentpath:libcounter.so=out=t.txt," + counterOptions);
    const Run dryEnv = w.run("--dry-run report=r.txt -- java -cp " + shellQuote(CHECK_CLASSES) + " checkapp.Exit 0", tool);
    CHECK(withoutChild(dryEnv.out) == "JAVA_TOOL_OPTIONS='\"-Dcheckapp.x=a b\"' java -agentpath:" + layer.string() +
                                          "=report=r.txt,report-format=text:json,agent=" + w.path("libcounter.so") +
                                          "=out=t.txt," + counterOptions + " -cp " + CHECK_CLASSES + " checkapp.Exit 0\n");
    const Run env = w.run("-- java -cp " + shellQuote(CHECK_CLASSES) + " checkapp.Exit 0", tool);
    REQUIRE(env.status == 0);
    CHECK(env.out == "arg: 0\nproperty: a b\n");
    CHECK(contains(env.err, "Picked up JAVA_TOOL_OPTIONS: \"-Dcheckapp.x=a b\"\n"));
    CHECK(fs::exists(w.dir / "t.txt"));
}

TEST_CASE("an @argfile naming an agent is expanded in place, one naming none stays") {
    Work w;
    std::ofstream(w.dir / "args.txt") << "# the agent and the class path\n-agentpath:libcounter.so=out=out.txt,"
                                      << counterOptions << "\n-cp \"" << agentClasses << "\"\n";
    std::ofstream(w.dir / "plain.txt") << "-Xss2m\n";
    const Run dry = w.run("--dry-run report=r.txt -- java @args.txt @plain.txt agenttest.counter.Main");
    CHECK(withoutChild(dry.out) == "java -agentpath:" + layer.string() + "=report=r.txt,report-format=text:json,agent=" +
                                       w.path("libcounter.so") + "=out=out.txt," + counterOptions + " -cp " + agentClasses +
                                       " @plain.txt agenttest.counter.Main\n");
    const Run r = w.run("-- java @args.txt @plain.txt agenttest.counter.Main");
    REQUIRE(r.status == 0);
    CHECK(readFile(w.dir / "out.txt") == golden("counter.txt"));
}

TEST_CASE("an agent only in JAVA_TOOL_OPTIONS: the variable is unset, the agent runs behind the layer") {
    Work w;
    const std::string env = "JAVA_TOOL_OPTIONS=" + shellQuote("-agentpath:libcounter.so=out=out.txt," + counterOptions);
    const Run dry = w.run("--dry-run report=r.txt -- java -cp " + shellQuote(agentClasses) + " agenttest.counter.Main", env);
    CHECK(withoutChild(dry.out) == "env -u JAVA_TOOL_OPTIONS java -agentpath:" + layer.string() +
                                       "=report=r.txt,report-format=text:json,agent=" + w.path("libcounter.so") +
                                       "=out=out.txt," + counterOptions + " -cp " + agentClasses + " agenttest.counter.Main\n");
    const Run r = w.run("-- java -cp " + shellQuote(agentClasses) + " agenttest.counter.Main", env);
    REQUIRE(r.status == 0);
    CHECK(readFile(w.dir / "out.txt") == golden("counter.txt"));
    CHECK_FALSE(contains(r.err, "Picked up JAVA_TOOL_OPTIONS"));
}

TEST_CASE("an agent that is not found: an error naming it, status 2, no JVM") {
    Work w;
    const std::string rest = " -cp " + shellQuote(CHECK_CLASSES) + " checkapp.Exit 0";
    const Run path = w.run("-- java -agentpath:/nonexistent/libx.so=a" + rest);
    CHECK(path.status == 2);
    CHECK(path.err == "jvmti-check: agent not found: -agentpath:/nonexistent/libx.so=a (in the command line): no such "
                      "file /nonexistent/libx.so\n");
    CHECK(path.out.empty());
    const Run lib = w.run("-- java -agentlib:nosuchagent" + rest);
    CHECK(lib.status == 2);
    CHECK(contains(lib.err, "jvmti-check: agent not found: -agentlib:nosuchagent (in the command line): no "
                            "libnosuchagent.so in " + (jdk / "lib").string() + ":"));
    const Run jar = w.run("-- java -javaagent:missing.jar" + rest, "JDK_JAVA_OPTIONS=-Xss2m");
    CHECK(jar.status == 2);
    CHECK(jar.err == "jvmti-check: agent not found: -javaagent:missing.jar (in the command line): no such jar " +
                         w.path("missing.jar") + "\n");
    const Run env = w.run("-- java" + rest, "_JAVA_OPTIONS=-agentpath:gone.so");
    CHECK(env.status == 2);
    CHECK(env.err == "jvmti-check: agent not found: -agentpath:gone.so (in _JAVA_OPTIONS): no such file " +
                         w.path("gone.so") + "\n");
}

TEST_CASE("the program's exit status comes back: a status, and 128+N for a signal") {
    Work w;
    const std::string agent = " -agentpath:libcounter.so=out=out.txt," + counterOptions;
    const Run three = w.run("-- java" + agent + " -cp " + shellQuote(CHECK_CLASSES) + " checkapp.Exit 3");
    CHECK(three.status == 3);
    CHECK(three.out == "arg: 3\n");
    CHECK(contains(three.err, "jvmti-check: full report: "));
    const Run killed = w.run("-- java" + agent + " -cp " + shellQuote(CHECK_CLASSES) + " checkapp.Exit kill");
    CHECK(killed.status == 128 + 9);
    CHECK(contains(killed.err, "jvmti-check: the layer reported nothing\n"));
    CHECK(std::regex_search(killed.err, std::regex("jvmti-check: JVM [0-9]+ \\(checkapp\\.Exit\\) did not end normally: its "
                                                   "report has no end-of-run part\n")));
}

TEST_CASE("bad command lines: status 2 with the reason") {
    Work w;
    const std::string agent = " -agentpath:libcounter.so -cp " + shellQuote(CHECK_CLASSES) + " checkapp.Exit 0";
    const Run sloppy = w.run("check=sloppy -- java" + agent);
    CHECK(sloppy.status == 2);
    CHECK(contains(sloppy.err, "jvmti-check: 'check=sloppy': "));
    CHECK(contains(sloppy.err, "invalid value \"sloppy\" for check (valid choices: spec, strict, off)"));
    // A java command without agents runs, and says that nothing was checked.
    const Run none = w.run("-- java -cp " + shellQuote(CHECK_CLASSES) + " checkapp.Exit 4");
    CHECK(none.status == 4);
    CHECK(contains(none.err, "Picked up JAVA_TOOL_OPTIONS: -agentpath:" + layer.string() + "=adopt=true,"));
    CHECK(contains(none.err, "jvmti-check: nothing was checked: no JVM of the command loaded an agent"));
    const Run noJava = w.run("-- nosuchjava -agentpath:libcounter.so");
    CHECK(noJava.status == 127);
    CHECK(noJava.err == "jvmti-check: cannot run nosuchjava: 'nosuchjava' is not found in PATH\n");
    const Run missingLayer = w.run("--layer /nonexistent/libjvmtilayer.so -- java" + agent);
    CHECK(missingLayer.status == 2);
    CHECK(missingLayer.err == "jvmti-check: --layer /nonexistent/libjvmtilayer.so: no such file\n");
    // inject= rules are judged against the spec before any JVM starts.
    const Run neverReturned = w.run("inject=GetFrameCount/CLASS_NOT_PREPARED -- java" + agent);
    CHECK(neverReturned.status == 2);
    CHECK(contains(neverReturned.err, "jvmti-check: inject=GetFrameCount/CLASS_NOT_PREPARED: GetFrameCount never returns "
                                      "JVMTI_ERROR_CLASS_NOT_PREPARED (it may return "));
    CHECK(neverReturned.out.empty());
    const Run probability = w.run("inject=GetFrameCount/p2 -- java" + agent);
    CHECK(probability.status == 2);
    CHECK(probability.err == "jvmti-check: inject=GetFrameCount/p2: probability 2 is outside 0..1\n");
}

TEST_CASE("a command that already has the layer as an agent is refused, status 2, no JVM") {
    Work w;
    const Run r = w.run("-- java -agentpath:" + shellQuote(layer.string()) + "=check=strict,agent=libcounter.so -cp " +
                        shellQuote(agentClasses) + " agenttest.Hello");
    CHECK(r.status == 2);
    CHECK(r.err == "jvmti-check: the command already loads the layer: -agentpath:" + layer.string() +
                       "=check=strict,agent=libcounter.so (in the command line); jvmti-check puts the agents behind the "
                       "layer itself, so give it the command without that option, and the layer's settings as KEY=VALUE "
                       "before '--'\n");
    CHECK(r.out.empty());
}

TEST_CASE("config=FILE: the layer's settings from a file, with one agent and with two") {
    Work w;
    std::ofstream(w.dir / "layer.json") << R"({"check": "strict", "report": "from-config.txt"})";
    // check=strict from the file: the strict checks see JDWP's class signatures kept.
    const Run two = w.run("config=layer.json -- java " + jdwp + " -agentpath:libcounter.so=out=out.txt," + counterOptions +
                          " -cp " + shellQuote(agentClasses) + " agenttest.counter.Main");
    REQUIRE(two.status == 0);
    CHECK(contains(two.err, "jvmtilayer: summary: leak.GetClassSignature: "));
    // The agents file went with the run; --keep-work-dir keeps it, with the file's settings merged in.
    CHECK_FALSE(fs::exists(w.dir / "from-config.txt.agents.json"));
    const Run kept = w.run("--keep-work-dir config=layer.json -- java " + jdwp + " -agentpath:libcounter.so=out=out.txt," +
                           counterOptions + " -cp " + shellQuote(agentClasses) + " agenttest.counter.Main");
    REQUIRE(kept.status == 0);
    std::smatch workDir;
    REQUIRE(std::regex_search(kept.err, workDir, std::regex("jvmti-check: its own files are kept in (/[^\\n]*)\n")));
    const auto agents = nlohmann::json::parse(readFile(fs::path(workDir[1].str()) / "agents.json"));
    fs::remove_all(workDir[1].str());
    CHECK(agents.at("check") == "strict");
    CHECK(agents.at("agents").size() == 2);
    // One agent: the file itself goes to the layer, and its report= is where the report goes.
    const Run one = w.run("--dry-run config=layer.json -- java -agentpath:libcounter.so -cp c Main");
    CHECK(withoutChild(one.out) == "java -agentpath:" + layer.string() + "=config=layer.json,report=from-config.txt,"
                                       "report-format=text:json,agent=" + w.path("libcounter.so") + " -cp c Main\n");
    std::ofstream(w.dir / "agents.json") << R"({"agent": "/x.so"})";
    const Run refused = w.run("config=agents.json -- java -agentpath:libcounter.so -cp c Main");
    CHECK(refused.status == 2);
    CHECK(contains(refused.err, "config=agents.json names agents"));
}

TEST_CASE("help and version: --help and --version") {
    Work w;
    const Run help = w.run("--help");
    CHECK(help.status == 0);
    CHECK(help.out.rfind("usage: jvmti-check [--dry-run] [--layer FILE] [--error-exitcode=N] [--fail-on=error|warning]\n", 0) == 0);
    CHECK(contains(help.out, " [KEY=VALUE]... -- COMMAND ARGS...\n"));
    const Run version = w.run("--version");
    CHECK(version.status == 0);
    CHECK(std::regex_match(version.out, std::regex("jvmti-check [0-9]+\\.[0-9]+\\.[0-9]+\n")));
}

TEST_CASE("a report directory used again: the merge takes this run's reports only") {
    Work w;
    const std::string run = "--report-dir reports -- java -agentpath:libcounter.so=out=out.txt," + counterOptions + " -cp " +
                            shellQuote(agentClasses) + " agenttest.counter.Main";
    const Run first = w.run(run);
    REQUIRE(first.status == 0);
    const Run second = w.run(run);
    REQUIRE(second.status == 0);
    std::size_t jsons = 0;
    for (const auto& entry : fs::directory_iterator(w.dir / "reports")) jsons += entry.path().extension() == ".json";
    CHECK(jsons == 2);  // both runs' files stay
    // One JVM in the second run: its lines alone, no per-JVM lines or total of several.
    CHECK_FALSE(contains(second.err, "JVMs checked"));
    CHECK(std::regex_search(second.err, std::regex("\njvmti-check: full report: " + (w.dir / "reports").string() +
                                                   "/[0-9]+-agenttest\\.counter\\.Main\\.txt\n$")));
}
