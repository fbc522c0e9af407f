// agent_harness: runs one Java program with test agents on a real JVM, directly or behind
// libjvmtilayer.so, and checks what came out. Run by ctest (see ../CMakeLists.txt).
//
//   agent_harness --name NAME --work DIR --java JAVA --cp CLASSES --main CLASS [--arg ARG]...
//                 [--jvm-arg ARG]... --agent LIB=OPTIONS... [--layer LIB [--layer-options OPTS]
//                 [--layer-config]] [--attach --jcmd JCMD] [--expect NAME=GOLDEN]...
//                 [--expect-report TEXT]... [--reject-report TEXT]... [--allow-report TEXT]...
//                 [--expect-output TEXT]...
//                 [--reject-output TEXT]...
//                 [--expect-exit N] [--timeout SECONDS] [--keep] [--check-program PATH]...
//
// Each run gets its own directory under --work (so tests run in parallel); "@DIR@" in program
// arguments, agent options and layer options stands for it. Without --layer each agent is
// loaded with -agentpath:LIB=OPTIONS; with --layer, with
// -agentpath:LAYER=LAYER_OPTIONS,agent=LIB=OPTIONS for each agent (one load of the layer per
// agent, as a user wraps agents by hand), or all of them through a config file
// @DIR@/agents.json ({"agents":[{"path":..,"options":..},..]}) named by config=FILE with
// --layer-config. With --attach the program starts without agents and the (single) agent is
// loaded with `jcmd PID JVMTI.agent_load`, once the program has created @DIR@/ready; the
// harness then creates @DIR@/release, which the program waits for (agenttest.attach.Main).
//
// An --agent is LIB=OPTIONS, or one of the JVM's own spellings: agentlib:NAME=OPTIONS (the JDK's
// lib/libNAME.so, as -agentlib finds it) and javaagent:JAR=OPTIONS (a java.lang.instrument agent:
// the JDK's libinstrument.so with "JAR=OPTIONS"). Without --layer they are passed as -agentlib and
// -javaagent; behind it they become agent=PATH=OPTIONS.
//
// --compare-direct (with --layer): the program runs twice, first without the layer (in
// @DIR@/direct), then behind it; the two runs' stdout, stderr and --expect'ed files must be equal
// byte for byte once each run's own directory is written as @DIR@ and each --normalize REGEX
// match is replaced by <...> (for text that differs from run to run, such as a port).
//
// Checks: the JVM exits with status 0 (or --expect-exit N); each file NAME in the run
// directory ("stdout" and "stderr" are the program's) exists and, unless GOLDEN is empty,
// equals GOLDEN byte for byte; each --expect-report TEXT occurs in the layer's report (the JVM's
// stderr and stdout and any @DIR@/report*) and no --reject-report TEXT does, outside lines that
// contain an --allow-report TEXT; each
// --expect-output TEXT occurs in one of the
// --expect'ed files and no --reject-output TEXT does; each --check-program PATH, run as
// `PATH RUNDIR` once the JVM has ended, exits with status 0 (its output is shown). The
// run directory is removed when every check passes, kept (and named) otherwise.
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <regex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "exec_child.hpp"

namespace fs = std::filesystem;

namespace {

struct Agent {
    std::string path;
    std::string options;
};

struct Config {
    std::string name = "agent";
    std::string work = ".";
    std::string java;
    std::string jcmd;
    std::string classpath;
    std::string main_class;
    std::vector<std::string> args;
    std::vector<std::string> jvm_args;
    std::vector<Agent> agents;
    std::string layer;
    std::string layer_options;
    bool layer_config = false;
    bool attach = false;
    std::vector<std::pair<std::string, std::string>> expect;
    std::vector<std::string> expect_report;
    std::vector<std::string> reject_report;
    std::vector<std::string> allow_report;
    std::vector<std::string> expect_output;
    std::vector<std::string> reject_output;
    int expect_exit = 0;
    int timeout_seconds = 60;
    bool keep = false;
    bool compare_direct = false;
    std::vector<std::string> normalize;
    std::vector<std::string> check_programs;
};

[[noreturn]] void usage(const std::string& message)
{
    std::cerr << "agent_harness: " << message << "\n"
              << "usage: agent_harness --name NAME --work DIR --java JAVA --cp CLASSES --main CLASS --agent LIB=OPTIONS\n"
              << "       [--arg ARG]... [--jvm-arg ARG]... [--layer LIB [--layer-options OPTS] [--layer-config]]\n"
              << "       [--attach --jcmd JCMD] [--expect NAME=GOLDEN]... [--expect-report TEXT]... [--reject-report TEXT]...\n"
              << "       [--expect-output TEXT]... [--reject-output TEXT]... [--expect-exit N] [--timeout SECONDS] [--keep]\n"
              << "       [--compare-direct [--normalize REGEX]...] [--check-program PATH]...\n";
    std::exit(2);
}

Config parse(int argc, char** argv)
{
    Config c;
    for (int i = 1; i < argc; ++i) {
        const std::string opt = argv[i];
        auto value = [&]() -> std::string {
            if (i + 1 >= argc) usage(opt + " needs a value");
            return argv[++i];
        };
        if (opt == "--name") c.name = value();
        else if (opt == "--work") c.work = value();
        else if (opt == "--java") c.java = value();
        else if (opt == "--jcmd") c.jcmd = value();
        else if (opt == "--cp") c.classpath = value();
        else if (opt == "--main") c.main_class = value();
        else if (opt == "--arg") c.args.push_back(value());
        else if (opt == "--jvm-arg") c.jvm_args.push_back(value());
        else if (opt == "--agent") {
            const std::string v = value();
            const auto eq = v.find('=');
            c.agents.push_back(eq == std::string::npos ? Agent{v, ""} : Agent{v.substr(0, eq), v.substr(eq + 1)});
        } else if (opt == "--layer") c.layer = value();
        else if (opt == "--layer-options") c.layer_options = value();
        else if (opt == "--layer-config") c.layer_config = true;
        else if (opt == "--attach") c.attach = true;
        else if (opt == "--expect") {
            const std::string v = value();
            const auto eq = v.find('=');
            if (eq == std::string::npos) usage("--expect needs NAME=GOLDEN");
            c.expect.emplace_back(v.substr(0, eq), v.substr(eq + 1));
        } else if (opt == "--expect-report") c.expect_report.push_back(value());
        else if (opt == "--reject-report") c.reject_report.push_back(value());
        else if (opt == "--allow-report") c.allow_report.push_back(value());
        else if (opt == "--expect-output") c.expect_output.push_back(value());
        else if (opt == "--reject-output") c.reject_output.push_back(value());
        else if (opt == "--expect-exit") c.expect_exit = std::atoi(value().c_str());
        else if (opt == "--timeout") c.timeout_seconds = std::atoi(value().c_str());
        else if (opt == "--keep") c.keep = true;
        else if (opt == "--compare-direct") c.compare_direct = true;
        else if (opt == "--normalize") c.normalize.push_back(value());
        else if (opt == "--check-program") c.check_programs.push_back(value());
        else usage("unknown option " + opt);
    }
    if (c.java.empty() || c.classpath.empty() || c.main_class.empty()) usage("--java, --cp and --main are required");
    // Without --agent the --jvm-arg options load the agents (and the layer) themselves.
    if (c.agents.empty() && c.jvm_args.empty()) usage("give at least one --agent, or --jvm-arg options that load them");
    if (c.attach && (c.jcmd.empty() || c.agents.size() != 1)) usage("--attach needs --jcmd and exactly one --agent");
    if (c.layer_config && c.layer.empty()) usage("--layer-config needs --layer");
    if (c.compare_direct && c.layer.empty()) usage("--compare-direct needs --layer");
    return c;
}

std::string substitute(std::string s, const std::string& dir)
{
    const std::string key = "@DIR@";
    for (auto pos = s.find(key); pos != std::string::npos; pos = s.find(key, pos + dir.size())) {
        s.replace(pos, key.size(), dir);
    }
    return s;
}

std::string read_file(const fs::path& path, bool* exists = nullptr)
{
    std::ifstream in(path, std::ios::binary);
    if (exists != nullptr) *exists = static_cast<bool>(in);
    std::ostringstream out;
    out << in.rdbuf();
    return out.str();
}

bool write_file(const fs::path& path, const std::string& text)
{
    std::ofstream out(path, std::ios::binary);
    out << text;
    return static_cast<bool>(out);
}

std::string json_string(const std::string& s)
{
    std::string out = "\"";
    for (char ch : s) {
        const auto c = static_cast<unsigned char>(ch);
        if (c == '"' || c == '\\') {
            out += '\\';
            out += ch;
        } else if (c < 0x20) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\u%04x", c);
            out += buf;
        } else {
            out += ch;
        }
    }
    return out + "\"";
}

std::string quoted(const std::vector<std::string>& argv)
{
    std::string out;
    for (const std::string& a : argv) {
        if (!out.empty()) out += ' ';
        out += a.find_first_of(" \"'$\\") == std::string::npos ? a : "'" + a + "'";
    }
    return out;
}

// A child process with stdout and stderr in files, in directory `dir`.
pid_t spawn(const std::vector<std::string>& argv, const fs::path& dir, const fs::path& out, const fs::path& err)
{
    const pid_t pid = fork();
    if (pid != 0) return pid;
    if (chdir(dir.c_str()) != 0) _exit(126);
    const int o = open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int e = open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int in = open("/dev/null", O_RDONLY);
    if (o < 0 || e < 0 || in < 0) _exit(126);
    dup2(in, 0);
    dup2(o, 1);
    dup2(e, 2);
    execChild(argv);
}

using Clock = std::chrono::steady_clock;

// Waits for the child until the deadline; its exit status, 128+signal, or -1 on timeout (killed).
int wait_for(pid_t pid, Clock::time_point deadline)
{
    for (;;) {
        int status = 0;
        const pid_t r = waitpid(pid, &status, WNOHANG);
        if (r == pid) {
            if (WIFEXITED(status)) return WEXITSTATUS(status);
            if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
            return -2;
        }
        if (r < 0) return -2;
        if (Clock::now() >= deadline) {
            kill(pid, SIGKILL);
            waitpid(pid, &status, 0);
            return -1;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
}

// Whether the child is still running; reaps it (into *status) when it has ended.
bool running(pid_t pid, int* status)
{
    int s = 0;
    if (waitpid(pid, &s, WNOHANG) == 0) return true;
    *status = WIFEXITED(s) ? WEXITSTATUS(s) : 128 + (WIFSIGNALED(s) ? WTERMSIG(s) : 0);
    return false;
}

// The first line where two texts differ, for the failure message.
std::string first_difference(const std::string& expected, const std::string& actual)
{
    std::istringstream e(expected), a(actual);
    std::string el, al;
    for (int line = 1;; ++line) {
        const bool he = static_cast<bool>(std::getline(e, el));
        const bool ha = static_cast<bool>(std::getline(a, al));
        if (!he && !ha) return "they differ only in their final newline";
        if (!he || !ha || el != al) {
            return "line " + std::to_string(line) + ": expected " + (he ? "\"" + el + "\"" : "end of file") + ", got "
                   + (ha ? "\"" + al + "\"" : "end of file");
        }
    }
}

class Checker {
public:
    void fail(const std::string& message)
    {
        std::cerr << "FAIL: " << message << "\n";
        ++failures_;
    }
    void pass(const std::string& message) { std::cout << "ok: " << message << "\n"; }
    int failures() const { return failures_; }

private:
    int failures_ = 0;
};

std::string status_text(int status)
{
    if (status == -1) return "timed out (killed)";
    if (status == -2) return "unknown status";
    if (status > 128) return "killed by signal " + std::to_string(status - 128);
    return "exit status " + std::to_string(status);
}

// The JDK home of a java launcher: JDK/bin/java -> JDK (symbolic links followed).
fs::path jdk_home(const std::string& java)
{
    std::error_code ec;
    const fs::path real = fs::canonical(java, ec);
    return (ec ? fs::path(java) : real).parent_path().parent_path();
}

// How the JVM is told to load `a`: without the layer, the JVM's own option; behind it, the
// library the JVM would have loaded and its options, for agent=PATH=OPTIONS.
std::string direct_option(const Agent& a, const std::string& options)
{
    const std::string eq = options.empty() ? "" : "=" + options;
    if (a.path.rfind("agentlib:", 0) == 0) return "-agentlib:" + a.path.substr(9) + eq;
    if (a.path.rfind("javaagent:", 0) == 0) return "-javaagent:" + a.path.substr(10) + eq;
    return "-agentpath:" + a.path + eq;
}

std::pair<std::string, std::string> layer_agent(const Config& c, const Agent& a, const std::string& options)
{
    const fs::path lib = jdk_home(c.java) / "lib";
    if (a.path.rfind("agentlib:", 0) == 0) return {(lib / ("lib" + a.path.substr(9) + ".so")).string(), options};
    if (a.path.rfind("javaagent:", 0) == 0)
        return {(lib / "libinstrument.so").string(), a.path.substr(10) + (options.empty() ? "" : "=" + options)};
    return {a.path, options};
}

// Runs the program once in `dir` (stdout and stderr into dir/stdout and dir/stderr), behind the
// layer or not, attaching the agent with jcmd for --attach; the JVM's exit status.
int execute(const Config& c, const fs::path& dir, bool layered, Clock::time_point deadline, Checker& check)
{
    const std::string d = dir.string();
    // The JVM options that load the agents, or the jcmd arguments for --attach.
    std::vector<std::string> load_options;                     // without --attach
    std::vector<std::pair<std::string, std::string>> loads;   // library, options: for --attach
    if (!layered) {
        for (const Agent& a : c.agents) {
            load_options.push_back(direct_option(a, substitute(a.options, d)));
            loads.push_back(layer_agent(c, a, substitute(a.options, d)));
        }
    } else {
        std::string options = substitute(c.layer_options, d);
        if (c.layer_config) {
            std::string json = "{\"agents\": [";
            for (std::size_t i = 0; i < c.agents.size(); ++i) {
                const auto [path, agent_options] = layer_agent(c, c.agents[i], substitute(c.agents[i].options, d));
                json += (i ? ", " : "") + std::string("{\"path\": ") + json_string(path)
                        + ", \"options\": " + json_string(agent_options) + "}";
            }
            json += "]}\n";
            write_file(dir / "agents.json", json);
            options += (options.empty() ? "" : ",") + std::string("config=") + (dir / "agents.json").string();
            loads.emplace_back(c.layer, options);
            load_options.push_back("-agentpath:" + c.layer + "=" + options);
        } else {
            // Each agent wrapped on its own, as a user would: one load of the layer per agent,
            // every load with the same layer options; the loads join one layer.
            for (const Agent& a : c.agents) {
                const auto [path, agent_options] = layer_agent(c, a, substitute(a.options, d));
                const std::string word =
                    options + (options.empty() ? "" : ",") + std::string("agent=") + path + "=" + agent_options;
                loads.emplace_back(c.layer, word);
                load_options.push_back("-agentpath:" + c.layer + "=" + word);
            }
        }
    }

    std::vector<std::string> command = {c.java};
    for (const std::string& a : c.jvm_args) command.push_back(substitute(a, d));
    if (!c.attach) command.insert(command.end(), load_options.begin(), load_options.end());
    command.push_back("-cp");
    command.push_back(substitute(c.classpath, d));
    command.push_back(c.main_class);
    for (const std::string& a : c.args) command.push_back(substitute(a, d));

    std::cout << "run directory: " << d << "\n" << "command: " << quoted(command) << "\n";
    const fs::path out = dir / "stdout", err = dir / "stderr";
    const pid_t pid = spawn(command, dir, out, err);
    if (pid < 0) {
        std::perror("agent_harness: fork");
        return -2;
    }

    int status = -2;
    bool exited_early = false;
    if (c.attach) {
        // Wait for the program to be up, attach, then let it finish.
        while (!fs::exists(dir / "ready") && Clock::now() < deadline) {
            if (!running(pid, &status)) {
                exited_early = true;
                break;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
        if (exited_early) {
            check.fail("the program ended (" + status_text(status) + ") before it was ready to be attached to");
        } else if (!fs::exists(dir / "ready")) {
            check.fail("the program never created " + (dir / "ready").string());
        } else {
            std::vector<std::string> jcmd = {c.jcmd, "-J-Xshare:auto", "-J-XX:TieredStopAtLevel=1", "-J-XX:+UseSerialGC",
                                             std::to_string(pid), "JVMTI.agent_load", loads[0].first};
            // HotSpot's diagnostic command parser splits NAME=VALUE apart unless it is quoted.
            if (!loads[0].second.empty()) jcmd.push_back("\"" + loads[0].second + "\"");
            std::cout << "attach: " << quoted(jcmd) << "\n";
            const pid_t jp = spawn(jcmd, dir, dir / "jcmd.out", dir / "jcmd.err");
            const int js = wait_for(jp, deadline);
            const std::string jout = read_file(dir / "jcmd.out");
            if (js != 0) {
                check.fail("jcmd: " + status_text(js) + "\n" + jout + read_file(dir / "jcmd.err"));
            } else if (jout.find("return code: 0") == std::string::npos) {
                check.fail("jcmd did not report \"return code: 0\":\n" + jout);
            } else {
                check.pass("jcmd JVMTI.agent_load: return code 0");
            }
        }
        write_file(dir / "release", "release\n");
    }
    if (!exited_early) status = wait_for(pid, deadline);
    return status;
}

// A run's output as compared with the other run's: its directory written as @DIR@, and each
// --normalize match replaced by <...>.
std::string normalized(const Config& c, std::string text, const std::string& dir)
{
    for (auto at = text.find(dir); at != std::string::npos; at = text.find(dir, at + 5)) text.replace(at, dir.size(), "@DIR@");
    for (const std::string& pattern : c.normalize) text = std::regex_replace(text, std::regex(pattern), "<...>");
    return text;
}

}  // namespace

int main(int argc, char** argv)
{
    const Config c = parse(argc, argv);
    const auto started = Clock::now();
    const auto deadline = started + std::chrono::seconds(c.timeout_seconds);

    std::error_code ec;
    fs::create_directories(c.work, ec);
    std::string dir_template = (fs::absolute(c.work) / (c.name + ".XXXXXX")).string();
    if (mkdtemp(dir_template.data()) == nullptr) {
        std::perror("agent_harness: mkdtemp");
        return 1;
    }
    const fs::path dir = dir_template;
    const std::string d = dir.string();

    Checker check;
    if (c.compare_direct) {
        const fs::path direct = dir / "direct";
        fs::create_directories(direct, ec);
        const int direct_status = execute(c, direct, false, deadline, check);
        if (direct_status != c.expect_exit)
            check.fail("without the layer the JVM ended with " + status_text(direct_status) + ", expected exit status "
                       + std::to_string(c.expect_exit));
    }
    const int status = execute(c, dir, !c.layer.empty(), deadline, check);
    const fs::path out = dir / "stdout", err = dir / "stderr";
    const double seconds = std::chrono::duration<double>(Clock::now() - started).count();

    if (status == c.expect_exit) {
        check.pass("the JVM ended with " + status_text(status));
    } else {
        check.fail("the JVM ended with " + status_text(status) + ", expected exit status " + std::to_string(c.expect_exit));
    }

    std::string outputs;   // the --expect'ed files, for --expect-output
    for (const auto& [name, golden] : c.expect) {
        bool have_actual = false, have_golden = false;
        const std::string actual = read_file(dir / name, &have_actual);
        const std::string expected = golden.empty() ? std::string() : read_file(golden, &have_golden);
        outputs += actual;
        if (golden.empty()) {
            if (have_actual) check.pass("the run left " + name);
            else check.fail("the run left no " + name);
        } else if (!have_golden) {
            check.fail("cannot read the golden file " + golden);
        } else if (!have_actual) {
            check.fail("the run left no " + name);
        } else if (actual != expected) {
            check.fail(name + " differs from " + golden + ": " + first_difference(expected, actual) + "\n--- " + name
                       + " ---\n" + actual + "---");
        } else {
            check.pass(name + " equals " + fs::path(golden).filename().string());
        }
    }
    for (const std::string& text : c.expect_output) {
        if (outputs.find(text) == std::string::npos) check.fail("no output contains \"" + text + "\"");
        else check.pass("output contains \"" + text + "\"");
    }
    for (const std::string& text : c.reject_output) {
        if (outputs.find(text) != std::string::npos) check.fail("an output contains \"" + text + "\"");
        else check.pass("no output contains \"" + text + "\"");
    }
    if (!c.expect_report.empty() || !c.reject_report.empty()) {
        std::string report = read_file(err) + read_file(out);
        for (const auto& entry : fs::directory_iterator(dir)) {
            const std::string f = entry.path().filename().string();
            if (f.rfind("report", 0) == 0) report += read_file(entry.path());
        }
        for (const std::string& text : c.expect_report) {
            if (report.find(text) == std::string::npos) check.fail("the layer's report lacks \"" + text + "\"");
            else check.pass("the layer's report has \"" + text + "\"");
        }
        // Lines with an --allow-report text do not count against --reject-report.
        std::string rejectable;
        std::istringstream lines(report);
        for (std::string line; std::getline(lines, line);) {
            bool allowed = false;
            for (const std::string& text : c.allow_report) allowed = allowed || line.find(text) != std::string::npos;
            if (!allowed) rejectable += line + "\n";
        }
        for (const std::string& text : c.reject_report) {
            const auto at = rejectable.find(text);
            if (at == std::string::npos) {
                check.pass("the layer's report has no \"" + text + "\"");
            } else {
                const auto end = rejectable.find('\n', at);
                check.fail("the layer reported: " + rejectable.substr(at, end == std::string::npos ? end : end - at));
            }
        }
    }

    if (c.compare_direct) {
        std::vector<std::string> names = {"stdout", "stderr"};
        for (const auto& e : c.expect) names.push_back(e.first);
        for (const std::string& name : names) {
            bool have_direct = false, have_layer = false;
            const std::string without = normalized(c, read_file(dir / "direct" / name, &have_direct), (dir / "direct").string());
            const std::string with = normalized(c, read_file(dir / name, &have_layer), d);
            if (!have_direct || !have_layer) {
                check.fail(name + " is missing from the run " + (have_direct ? "behind the layer" : "without the layer"));
            } else if (with != without) {
                check.fail(name + " differs behind the layer: " + first_difference(without, with) + "\n--- without ---\n"
                           + without + "--- with the layer ---\n" + with + "---");
            } else {
                check.pass(name + " is the same with and without the layer");
            }
        }
    }

    for (const std::string& program : c.check_programs) {
        const std::string name = fs::path(program).filename().string();
        const pid_t pid = spawn({program, d}, dir, dir / (name + ".out"), dir / (name + ".err"));
        const int check_status = pid < 0 ? -2 : wait_for(pid, Clock::now() + std::chrono::seconds(60));
        const std::string text = read_file(dir / (name + ".out")) + read_file(dir / (name + ".err"));
        if (check_status == 0) check.pass(name + ": " + text.substr(0, text.find_last_not_of('\n') + 1));
        else check.fail(name + " ended with " + status_text(check_status) + ":\n" + text);
    }

    std::cout << "time: " << static_cast<int>(seconds * 1000) << " ms\n";
    if (check.failures() != 0) {
        std::cerr << "--- stderr of the JVM ---\n" << read_file(err) << "--- stdout of the JVM ---\n" << read_file(out)
                  << "---\nkept " << d << "\n";
        return 1;
    }
    if (!c.keep) fs::remove_all(dir, ec);
    return 0;
}
