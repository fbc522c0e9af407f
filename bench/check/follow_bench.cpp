// What following a command's JVMs costs each JVM start: whole processes, timed from fork to
// exit, each variant against the same command without jvmti-check, in turn over N rounds
// (medians). Issue 24's budget: at most 50 ms per JVM start.
//
//   follow_bench [--runs N] [--java JAVA]
//
// Rows:
//   a JVM with no agent, under the layer's JAVA_TOOL_OPTIONS word (what every followed JVM
//     that loads no agent pays: a build tool's own JVM, javac);
//   a JVM whose agent the followed JVM puts behind the layer (adopt=true);
//   jvmti-check -- java with the agent (the rewritten command, jvmti-check's own start and merge included);
//   a program that starts two child JVMs with agents, under jvmti-check: the difference per JVM.
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

extern char** environ;

namespace {

namespace fs = std::filesystem;

struct Command {
    std::vector<std::string> argv;
    std::vector<std::string> env;  // NAME=VALUE added to (or replacing in) the environment
};

// Wall milliseconds of one whole process, its output thrown away. Exits on a failed run.
double runMs(const Command& c) {
    std::vector<std::string> env;
    for (char** e = environ; *e; ++e) {
        const std::string entry = *e;
        bool replaced = false;
        for (const auto& mine : c.env)
            replaced = replaced || entry.substr(0, entry.find('=') + 1) == mine.substr(0, mine.find('=') + 1);
        if (!replaced) env.push_back(entry);
    }
    env.insert(env.end(), c.env.begin(), c.env.end());
    std::vector<char*> argv, envp;
    for (const auto& a : c.argv) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    for (const auto& e : env) envp.push_back(const_cast<char*>(e.c_str()));
    envp.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
    const auto start = std::chrono::steady_clock::now();
    pid_t pid = 0;
    if (posix_spawnp(&pid, argv[0], &actions, nullptr, argv.data(), envp.data()) != 0) {
        std::fprintf(stderr, "follow_bench: cannot run %s\n", argv[0]);
        std::exit(1);
    }
    int status = 0;
    waitpid(pid, &status, 0);
    const auto end = std::chrono::steady_clock::now();
    posix_spawn_file_actions_destroy(&actions);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        std::string line;
        for (const auto& a : c.argv) line += a + " ";
        std::fprintf(stderr, "follow_bench: failed (status %d): %s\n", status, line.c_str());
        std::exit(1);
    }
    return std::chrono::duration<double, std::milli>(end - start).count();
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

struct Row {
    const char* what;
    Command base, checked;
    int jvms;  // JVM starts in the command
};

}  // namespace

int main(int argc, char** argv) {
    int runs = 11;
    std::string java = JAVA_HOME "/bin/java";
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--runs" && i + 1 < argc) runs = std::max(1, std::atoi(argv[++i]));
        else if (a == "--java" && i + 1 < argc) java = argv[++i];
        else {
            std::fprintf(stderr, "usage: follow_bench [--runs N] [--java JAVA]\n");
            return 2;
        }
    }
    const fs::path scratch = fs::temp_directory_path() / ("follow_bench." + std::to_string(getpid()));
    fs::create_directories(scratch);
    const std::string reports = (scratch / "%p-%m").string();
    const std::string tool = "JAVA_TOOL_OPTIONS=-agentpath:" LAYER_PATH "=adopt=true,report-format=text:json,report=" + reports;
    const std::string agent = "-agentpath:" COUNTER_PATH "=prefix=ci/,class=ci/Child";
    const std::vector<std::string> child = {"-cp", CI_CLASSES, "ci.Child", "x", "0"};
    auto javaWith = [&](std::vector<std::string> front) {
        std::vector<std::string> v{java};
        v.insert(v.end(), front.begin(), front.end());
        v.insert(v.end(), child.begin(), child.end());
        return v;
    };
    const std::vector<std::string> spawn = {java,  "-cp", CI_CLASSES, "ci.Spawn", agent, "-cp", CI_CLASSES, "ci.Child",
                                            "a",   "--",  agent,      "-cp",      CI_CLASSES, "ci.Child", "b"};
    std::vector<std::string> checkedSpawn = {CHECK_TOOL, "--report-dir", scratch.string(), "--"};
    checkedSpawn.insert(checkedSpawn.end(), spawn.begin(), spawn.end());
    std::vector<std::string> checkedJava = {CHECK_TOOL, "--report-dir", scratch.string(), "--"};
    for (const auto& w : javaWith({agent})) checkedJava.push_back(w);

    const std::vector<Row> rows = {
        {"JVM, no agent, layer in JAVA_TOOL_OPTIONS", {javaWith({}), {}}, {javaWith({}), {tool}}, 1},
        {"JVM with an agent, followed (adopt=true)", {javaWith({agent}), {}}, {javaWith({agent}), {tool}}, 1},
        {"jvmti-check -- java with the agent", {javaWith({agent}), {}}, {checkedJava, {}}, 1},
        {"jvmti-check -- java Spawn: 2 children with agents", {spawn, {}}, {checkedSpawn, {}}, 3},
    };
    std::vector<std::vector<double>> base(rows.size()), checked(rows.size());
    for (int r = 0; r < runs + 1; ++r)  // the first round warms the caches and is dropped
        for (std::size_t i = 0; i < rows.size(); ++i) {
            const double b = runMs(rows[i].base), c = runMs(rows[i].checked);
            if (r > 0) {
                base[i].push_back(b);
                checked[i].push_back(c);
            }
        }
    std::printf("follow_bench: %s, median of %d runs each, in turn\n\n", java.c_str(), runs);
    std::printf("| %-50s | %9s | %9s | %6s | %13s | %8s |\n", "command", "plain ms", "checked", "ratio", "+ms per JVM",
                "<= 50 ms");
    std::printf("| %-50s | %9s | %9s | %6s | %13s | %8s |\n", "---", "---:", "---:", "---:", "---:", "---");
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const double b = median(base[i]), c = median(checked[i]);
        const double perJvm = (c - b) / rows[i].jvms;
        std::printf("| %-50s | %9.1f | %9.1f | %6.3f | %13.1f | %8s |\n", rows[i].what, b, c, c / b, perJvm,
                    perJvm <= 50 ? "met" : "MISSED");
    }
    std::error_code ec;
    fs::remove_all(scratch, ec);
    return 0;
}
