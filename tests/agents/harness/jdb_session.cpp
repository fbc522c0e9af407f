// jdb_session: the JDK's debugger agent (JDWP, libjdwp.so) driven by the JDK's jdb, once loaded
// by the VM itself (-agentlib:jdwp) and once behind libjvmtilayer.so (check=strict), with the
// same script: a breakpoint in agenttest.debug.Main.compute, run, where, locals, step, locals,
// cont to the end. The two transcripts must be equal once the port and jdb's prompts (whose
// place among asynchronous event lines depends on timing) are left out; each must show the
// breakpoint, the frames, the locals and the step; the program's output must be equal; and the
// layer may report nothing but memory JDWP still holds at exit.
//
//   jdb_session --java JAVA --layer LAYER --cp CLASSES --work DIR [--keep]
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "exec_child.hpp"

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

namespace {

struct Options {
    std::string java, layer, classpath, work;
    bool keep = false;
};

// A child with pipes to its standard input and output (stderr joins stdout unless `err` names a file).
struct Child {
    pid_t pid = -1;
    int in = -1;   // we write
    int out = -1;  // we read
    std::string seen;  // everything read so far
};

Child start(const std::vector<std::string>& argv, const fs::path& err) {
    int to[2], from[2];
    if (pipe(to) != 0 || pipe(from) != 0) return {};
    Child c;
    c.pid = fork();
    if (c.pid == 0) {
        dup2(to[0], 0);
        dup2(from[1], 1);
        if (err.empty()) {
            dup2(from[1], 2);
        } else {
            const int e = open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
            dup2(e, 2);
        }
        close(to[1]);
        close(from[0]);
        execChild(argv);
    }
    close(to[0]);
    close(from[1]);
    c.in = to[1];
    c.out = from[0];
    return c;
}

// Reads from the child until `pattern` matches what it printed since `from`, or the deadline.
bool await(Child& c, const std::regex& pattern, std::size_t from, Clock::time_point deadline) {
    for (;;) {
        if (std::regex_search(c.seen.begin() + static_cast<long>(std::min(from, c.seen.size())), c.seen.end(), pattern))
            return true;
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
        if (left <= 0) return false;
        pollfd p{c.out, POLLIN, 0};
        if (poll(&p, 1, static_cast<int>(left)) <= 0) continue;
        char buf[4096];
        const ssize_t n = read(c.out, buf, sizeof buf);
        if (n <= 0) return std::regex_search(c.seen.begin() + static_cast<long>(std::min(from, c.seen.size())), c.seen.end(), pattern);
        c.seen.append(buf, static_cast<std::size_t>(n));
    }
}

void drain(Child& c) {
    char buf[4096];
    ssize_t n;
    while ((n = read(c.out, buf, sizeof buf)) > 0) c.seen.append(buf, static_cast<std::size_t>(n));
}

int finish(Child& c, Clock::time_point deadline) {
    if (c.in >= 0) close(c.in);
    c.in = -1;
    for (;;) {
        int status = 0;
        const pid_t r = waitpid(c.pid, &status, WNOHANG);
        if (r == c.pid) {
            drain(c);
            close(c.out);
            return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
        }
        if (Clock::now() > deadline) {
            kill(c.pid, SIGKILL);
            waitpid(c.pid, &status, 0);
            return -1;
        }
        pollfd p{c.out, POLLIN, 0};
        if (poll(&p, 1, 20) > 0) {
            char buf[4096];
            const ssize_t n = read(c.out, buf, sizeof buf);
            if (n > 0) c.seen.append(buf, static_cast<std::size_t>(n));
        }
    }
}

std::string readFile(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

struct Session {
    bool ok = true;
    std::string failure;
    std::string transcript;   // jdb's output, normalized
    std::string program;      // the program's stdout, normalized
    std::string stderrText;   // the program's stderr
    std::string report;       // the layer's report file
};

// jdb's output without what depends on timing: the port, and the prompts ("> ", "main[1] "),
// which jdb prints whenever it is ready and which therefore land among event lines anywhere.
std::string normalize(const std::string& text) {
    std::string t = std::regex_replace(text, std::regex("127\\.0\\.0\\.1:[0-9]+"), "127.0.0.1:<port>");
    t = std::regex_replace(t, std::regex("(> |main\\[[0-9]+\\] )"), "");
    std::istringstream in(t);
    std::string out, line;
    while (std::getline(in, line))
        if (line.find_first_not_of(" \r") != std::string::npos) out += line + "\n";
    return out;
}

Session run(const Options& o, bool layered, const fs::path& dir) {
    Session s;
    const auto deadline = Clock::now() + std::chrono::seconds(60);
    const fs::path jdk = fs::canonical(o.java).parent_path().parent_path();
    const std::string jdwp = "transport=dt_socket,server=y,suspend=y,address=127.0.0.1:0";
    std::vector<std::string> java = {o.java, "-Xshare:auto", "-XX:+UseSerialGC", "-XX:-UsePerfData"};
    if (layered)
        java.push_back("-agentpath:" + o.layer + "=check=strict,report=" + (dir / "report.txt").string() + ",agent=" +
                       (jdk / "lib" / "libjdwp.so").string() + "=" + jdwp);
    else
        java.push_back("-agentlib:jdwp=" + jdwp);
    java.insert(java.end(), {"-cp", o.classpath, "agenttest.debug.Main"});
    Child vm = start(java, dir / "stderr");
    if (!await(vm, std::regex("address: ([0-9]+)"), 0, deadline)) {
        s.ok = false;
        s.failure = "the VM never said where JDWP listens:\n" + vm.seen;
        finish(vm, Clock::now());
        return s;
    }
    std::smatch m;
    std::regex_search(vm.seen, m, std::regex("address: ([0-9]+)"));
    const std::string port = m[1];

    Child jdb = start({(jdk / "bin" / "jdb").string(), "-J-Xshare:auto", "-attach", "127.0.0.1:" + port}, {});
    struct Step {
        const char* command;  // nullptr: only wait
        const char* until;    // a regex over what jdb prints after the command
    };
    // Each step waits for its answer and the prompt after it, so that no command is typed
    // before jdb has finished with the one before.
    const Step script[] = {
        {nullptr, "No frames on the current call stack[\\s\\S]*main\\[1\\] $"},
        {"stop in agenttest.debug.Main.compute", "(Deferring breakpoint|Set breakpoint)[\\s\\S]*main\\[1\\] $"},
        {"run", "Breakpoint hit:[\\s\\S]*main\\[1\\] $"},
        {"where", "\\[2\\][\\s\\S]*main\\[1\\] $"},
        {"locals", "n = 4[\\s\\S]*main\\[1\\] $"},
        {"step", "Step completed:[\\s\\S]*main\\[1\\] $"},
        {"locals", "n = 4[\\s\\S]*main\\[1\\] $"},
        {"cont", "The application exited"},
    };
    for (const Step& step : script) {
        const std::size_t from = jdb.seen.size();
        if (step.command != nullptr) {
            const std::string line = std::string(step.command) + "\n";
            if (write(jdb.in, line.data(), line.size()) != static_cast<ssize_t>(line.size())) break;
        }
        if (!await(jdb, std::regex(step.until), from, deadline)) {
            s.ok = false;
            s.failure = std::string("jdb did not answer ") + (step.command ? step.command : "the attach") +
                        " as expected; its output:\n" + jdb.seen;
            break;
        }
    }
    finish(jdb, deadline);
    const int status = finish(vm, deadline);
    if (s.ok && status != 0) {
        s.ok = false;
        s.failure = "the VM ended with status " + std::to_string(status);
    }
    s.transcript = normalize(jdb.seen);
    s.program = std::regex_replace(vm.seen, std::regex("address: [0-9]+"), "address: <port>");
    s.stderrText = readFile(dir / "stderr");
    s.report = readFile(dir / "report.txt");
    std::ofstream(dir / "transcript.txt") << s.transcript;
    std::ofstream(dir / "jdb.txt") << jdb.seen;
    return s;
}

}  // namespace

int main(int argc, char** argv) {
    Options o;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        auto next = [&]() -> std::string {
            if (i + 1 >= argc) {
                std::cerr << "jdb_session: " << a << " needs a value\n";
                std::exit(2);
            }
            return argv[++i];
        };
        if (a == "--java") o.java = next();
        else if (a == "--layer") o.layer = next();
        else if (a == "--cp") o.classpath = next();
        else if (a == "--work") o.work = next();
        else if (a == "--keep") o.keep = true;
        else {
            std::cerr << "jdb_session: unknown option " << a << "\n"
                      << "usage: jdb_session --java JAVA --layer LAYER --cp CLASSES --work DIR [--keep]\n";
            return 2;
        }
    }
    if (o.java.empty() || o.layer.empty() || o.classpath.empty() || o.work.empty()) {
        std::cerr << "jdb_session: --java, --layer, --cp and --work are required\n";
        return 2;
    }
    signal(SIGPIPE, SIG_IGN);
    std::error_code ec;
    fs::create_directories(o.work, ec);
    std::string name = (fs::absolute(o.work) / "jdb.XXXXXX").string();
    if (mkdtemp(name.data()) == nullptr) return 1;
    const fs::path dir = name;
    fs::create_directories(dir / "direct");
    fs::create_directories(dir / "layer");

    int failures = 0;
    auto fail = [&](const std::string& m) {
        std::cerr << "FAIL: " << m << "\n";
        ++failures;
    };
    const Session without = run(o, false, dir / "direct");
    const Session with = run(o, true, dir / "layer");
    if (!without.ok) fail("without the layer: " + without.failure);
    if (!with.ok) fail("behind the layer: " + with.failure);
    for (const char* text : {"Breakpoint hit:", "agenttest.debug.Main.compute", "[2] agenttest.debug.Main.main",
                             "Method arguments:", "n = 4", "Step completed:", "The application exited"})
        if (with.transcript.find(text) == std::string::npos) fail(std::string("the transcript lacks \"") + text + "\"");
    if (with.transcript != without.transcript)
        fail("the jdb transcripts differ\n--- without the layer ---\n" + without.transcript + "--- behind the layer ---\n" +
             with.transcript + "---");
    if (with.program != without.program)
        fail("the program's output differs:\n--- without ---\n" + without.program + "--- with ---\n" + with.program);
    if (with.stderrText != without.stderrText)
        fail("the program's stderr differs:\n--- without ---\n" + without.stderrText + "--- with ---\n" + with.stderrText);
    std::istringstream report(with.report);
    for (std::string line; std::getline(report, line);)
        if (line.find("jvmtilayer: ") == 0 && line.find("jvmtilayer: error: leak.") != 0 &&
            line.find("jvmtilayer: summary: ") != 0)
            fail("the layer reported: " + line);
    if (failures == 0) {
        std::cout << "ok: jdb transcript (" << std::count(with.transcript.begin(), with.transcript.end(), '\n')
                  << " lines) and program output the same with and without the layer\n"
                  << with.transcript;
        if (!o.keep) fs::remove_all(dir, ec);
        return 0;
    }
    std::cerr << "kept " << dir.string() << "\n";
    return 1;
}
