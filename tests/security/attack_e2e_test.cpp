// The attack suite on a real JVM (Debian's OpenJDK 17): jvmti-check and the layer in a shared
// directory full of names another user planted, bytes that are not UTF-8, a debuginfod server
// that must never hear from us, '%' in a working directory, a report that cannot be written,
// a sweep's JSON with counts no sweep has. SECURITY_TOOL and SECURITY_LAYER in the environment
// point the tests at other builds (to show them failing on an older one).
#include <catch2/catch.hpp>

#include <fcntl.h>
#include <signal.h>
#include <poll.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <map>
#include <thread>

#include <nlohmann/json.hpp>
#include <pugixml.hpp>

#include "hostile.hpp"
#include "support.hpp"

namespace fs = std::filesystem;
using testsupport::readFile;
using testsupport::shellQuote;
using testsupport::writeFile;

namespace {

fs::path fromEnvironment(const char* name, const char* fallback) {
    const char* value = std::getenv(name);
    return value && *value ? fs::path(value) : fs::path(fallback);
}

const fs::path tool = fromEnvironment("SECURITY_TOOL", SECURITY_TOOL);
const fs::path layer = fromEnvironment("SECURITY_LAYER", SECURITY_LAYER);
const fs::path java = SECURITY_JAVA;
const std::string classes = SECURITY_AGENT_CLASSES;
const std::string counterOptions = "prefix=agenttest/counter/,class=agenttest/counter/Work";

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

struct Run {
    int status;
    std::string out, err;
};

Run shell(const fs::path& dir, const std::string& command) {
    const std::string line = "cd " + shellQuote(dir.string()) + " && { " + command + " ; } > " +
                             shellQuote((dir / ".out").string()) + " 2> " + shellQuote((dir / ".err").string());
    const int st = std::system(line.c_str());
    Run r{WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st), readFile(dir / ".out"), readFile(dir / ".err")};
    fs::remove(dir / ".out");
    fs::remove(dir / ".err");
    UNSCOPED_INFO("command: " << line << "\nstatus " << r.status << "\nstdout:\n" << r.out << "stderr:\n" << r.err);
    return r;
}

// What a directory tree holds, entry by entry: type, mode, owner, link target, contents.
std::map<std::string, std::string> snapshot(const fs::path& root) {
    std::map<std::string, std::string> out;
    std::error_code ec;
    for (auto it = fs::recursive_directory_iterator(root, ec); it != fs::recursive_directory_iterator(); it.increment(ec)) {
        const fs::path p = it->path();
        struct stat st {};
        if (::lstat(p.c_str(), &st) != 0) continue;
        std::string what = std::to_string(st.st_mode) + ":" + std::to_string(st.st_uid) + ":";
        if (S_ISLNK(st.st_mode)) what += fs::read_symlink(p, ec).string();
        else if (S_ISREG(st.st_mode)) what += readFile(p);
        out[fs::relative(p, root).string()] = what;
    }
    return out;
}

// Another local user's process in the other half of a planted FIFO: it takes whatever a writer
// puts in, and serves its own agent list to the next reader (the layer reading config=).
class FifoServer {
public:
    FifoServer(fs::path fifo, std::string served) : fifo_(std::move(fifo)), served_(std::move(served)) {
        thread_ = std::thread([this] { serve(); });
    }
    ~FifoServer() {
        stop_ = true;
        thread_.join();
    }
    bool tookWrite() const { return tookWrite_; }

private:
    void serve() {
        const int in = ::open(fifo_.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
        if (in < 0) return;
        // Drain what a writer sends until it closes.
        bool writer = false;
        while (!stop_) {
            pollfd p{in, POLLIN, 0};
            if (::poll(&p, 1, 50) <= 0) continue;
            char buffer[4096];
            const ssize_t n = ::read(in, buffer, sizeof buffer);
            if (n > 0) writer = tookWrite_ = true;
            else if (n == 0 && writer) break;
            else if (n == 0) std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
        ::close(in);
        while (!stop_) {
            const int out = ::open(fifo_.c_str(), O_WRONLY | O_NONBLOCK | O_CLOEXEC);
            if (out < 0) {
                std::this_thread::sleep_for(std::chrono::milliseconds(20));
                continue;
            }
            // Every reader gets the list (jvmti-check judging the settings, then the JVM's layer).
            ::fcntl(out, F_SETFL, 0);
            (void)!::write(out, served_.data(), served_.size());
            ::close(out);
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        }
    }
    fs::path fifo_;
    std::string served_;
    std::atomic<bool> stop_{false}, tookWrite_{false};
    std::thread thread_;
};

// Runs jvmti-check `args` in `dir` as a child whose pid is known before it starts: `plant(pid)`
// runs first, as another user planting names for it would.
template <typename Plant>
Run runPlanted(const fs::path& dir, const std::vector<std::string>& args, Plant plant) {
    int gate[2];
    REQUIRE(::pipe(gate) == 0);
    const fs::path out = dir.parent_path() / "planted.out", err = dir.parent_path() / "planted.err";
    const std::string path = "PATH=" + java.parent_path().string() + ":/usr/bin:/bin";
    const pid_t pid = ::fork();
    if (pid == 0) {
        ::setpgid(0, 0);  // a group of its own: a run that hangs is killed whole
        ::close(gate[1]);
        char go;
        if (::read(gate[0], &go, 1) != 1) ::_exit(120);
        if (::chdir(dir.c_str()) != 0) ::_exit(121);
        const int o = ::open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600), e = ::open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
        ::dup2(o, 1);
        ::dup2(e, 2);
        std::vector<char*> argv{const_cast<char*>(tool.c_str())};
        for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
        argv.push_back(nullptr);
        char* envp[] = {const_cast<char*>(path.c_str()), nullptr};
        ::execve(tool.c_str(), argv.data(), envp);
        ::_exit(122);
    }
    ::close(gate[0]);
    plant(pid);
    (void)!::write(gate[1], "x", 1);
    ::close(gate[1]);
    // A run that does not end in three minutes has hung (a FIFO read or written by the tool, say).
    int st = 0;
    for (int waited = 0; ::waitpid(pid, &st, WNOHANG) == 0; ++waited) {
        if (waited == 1800) {
            ::kill(-pid, SIGKILL);
            ::waitpid(pid, &st, 0);
            break;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    Run r{WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st), readFile(out), readFile(err)};
    UNSCOPED_INFO("jvmti-check (pid " << pid << ") status " << r.status << "\nstdout:\n" << r.out << "stderr:\n" << r.err);
    return r;
}

}  // namespace

TEST_CASE("hostile directory: in a 1777 directory full of planted names, jvmti-check loads only the user's agents and changes "
          "no file it did not create") {
    if (!hostile::canActAsOtherUser()) {
        WARN("skipped: planting another user's files needs root");
        return;
    }
    testsupport::TempDir tmp;
    const fs::path shared = tmp / "shared", attacker = tmp / "attacker";
    fs::create_directories(shared);
    fs::create_directories(attacker);
    fs::permissions(shared, fs::perms::all | fs::perms::sticky_bit);
    fs::copy_file(SECURITY_COUNTER, tmp / "libcounter.so");
    fs::copy_file(SECURITY_COUNTER, tmp / "libcounter2.so");
    writeFile(tmp / "victim.txt", "the user's own file\n");
    const std::string evilList = nlohmann::json{{"agents", {{{"path", (tmp / "libcounter.so").string()},
                                                             {"options", "out=" + (attacker / "evil.txt").string() + "," + counterOptions}}}}}
                                     .dump();
    std::unique_ptr<FifoServer> fifo;
    const auto before = snapshot(tmp.path());
    const Run r = runPlanted(shared,
                             {"--", "java", "-agentpath:" + (tmp / "libcounter.so").string() + "=out=" + (tmp / "user1.txt").string() + "," + counterOptions,
                              "-agentpath:" + (tmp / "libcounter2.so").string() + "=out=" + (tmp / "user2.txt").string() + "," + counterOptions,
                              "-cp", classes, "agenttest.counter.Main"},
                             [&](pid_t pid) {
                                 const std::string run = "jvmti-check." + std::to_string(pid);
                                 // The agents file's old name: a FIFO serving the attacker's list.
                                 REQUIRE(::mkfifo((shared / (run + ".agents.json")).c_str(), 0666) == 0);
                                 fifo = std::make_unique<FifoServer>(shared / (run + ".agents.json"), evilList);
                                 // The report directory's name: the attacker's, with a forged report in it.
                                 fs::create_directory(shared / run);
                                 writeFile(shared / run / "1-Forged.txt", "jvmtilayer: summary: total: 0 reports of 0 ids\n");
                                 // The sweep's and the report's other names: links to the victim.
                                 fs::create_symlink(tmp / "victim.txt", shared / (run + ".sweep"));
                                 fs::create_symlink(tmp / "victim.txt", shared / ("jvmti-check.sweep." + std::to_string(pid)));
                                 for (const auto& e : fs::directory_iterator(shared)) hostile::giveToOtherUser(e.path());
                                 hostile::giveToOtherUser(shared / run / "1-Forged.txt");
                             });
    const bool fifoWritten = fifo->tookWrite();
    fifo.reset();
    CHECK(r.status == 0);
    CHECK_FALSE(fifoWritten);
    CHECK(fs::exists(tmp / "user1.txt"));
    CHECK(fs::exists(tmp / "user2.txt"));
    CHECK_FALSE(fs::exists(attacker / "evil.txt"));
    CHECK_FALSE(contains(r.err, "Forged"));
    // Every entry that was there is as it was; what is new is the run's own report directory.
    const auto after = snapshot(tmp.path());
    for (const auto& [name, what] : before) {
        INFO(name);
        CHECK(after.count(name) == 1);
        if (after.count(name)) CHECK(after.at(name) == what);
    }
    for (const auto& [name, what] : after) {
        if (before.count(name) || name == "user1.txt" || name == "user2.txt" || name == "planted.out" || name == "planted.err") continue;
        INFO(name);
        CHECK(name.rfind("shared/jvmti-check.", 0) == 0);
        CHECK(fs::path(name).filename().string() != "agents.json");
    }
}

TEST_CASE("hostile directory: --dry-run writes nothing where it runs and makes the agents file in a private directory") {
    testsupport::TempDir tmp;
    fs::copy_file(SECURITY_COUNTER, tmp / "libcounter.so");
    writeFile(tmp / "victim.txt", "the user's own file\n");
    // Links at the names the old agents file took: jvmti-check.PID.agents.json for the next pids.
    const long last = std::stol(readFile("/proc/sys/kernel/ns_last_pid"));
    for (long pid = last + 1; pid < last + 400; ++pid)
        fs::create_symlink(tmp / "victim.txt", tmp / ("jvmti-check." + std::to_string(pid) + ".agents.json"));
    const auto before = snapshot(tmp.path());
    const Run r = shell(tmp.path(), "PATH=" + shellQuote(java.parent_path().string()) + ":$PATH " + shellQuote(tool.string()) +
                                        " --dry-run -- java -agentpath:./libcounter.so=" + counterOptions +
                                        " -agentpath:./libcounter.so=" + counterOptions + " -cp " + shellQuote(classes) +
                                        " agenttest.counter.Main");
    REQUIRE(r.status == 0);
    CHECK(snapshot(tmp.path()) == before);
    const auto at = r.out.find(",config=");
    REQUIRE(at != std::string::npos);
    const fs::path agents = r.out.substr(at + 8, r.out.find_first_of(" ,\n", at + 8) - at - 8);
    CHECK(agents.filename() == "agents.json");
    CHECK(nlohmann::json::parse(readFile(agents))["agents"].size() == 2);
    struct stat st {};
    REQUIRE(::stat(agents.parent_path().c_str(), &st) == 0);
    CHECK((st.st_mode & 0777) == 0700);
    fs::remove_all(agents.parent_path());
}

TEST_CASE("not UTF-8: the layer with error-exitcode exits 3 and writes all four reports of a run whose argument is caf-xe9") {
    testsupport::TempDir tmp;
    const std::string command = shellQuote(java.string()) + " -agentpath:" + shellQuote(layer.string()) +
                                "=report=r,report-format=text:json:junit:sarif,error-exitcode=3,agent=" + SECURITY_MISBEHAVE +
                                "=out=out.txt,case=null_out -cp " + shellQuote(classes) + " agenttest.Hello $'caf\\xe9'";
    const Run r = shell(tmp.path(), "bash -c " + shellQuote(command));
    CHECK(r.status == 3);
    for (const char* name : {"r.txt", "r.json", "r.xml", "r.sarif"}) {
        INFO(name);
        CHECK(fs::is_regular_file(tmp / name));
    }
    const auto json = nlohmann::json::parse(readFile(tmp / "r.json"), nullptr, false);
    REQUIRE_FALSE(json.is_discarded());
    CHECK(json["commandLine"].back() == "caf\xef\xbf\xbd");
    pugi::xml_document junit;
    CHECK(junit.load_string(readFile(tmp / "r.xml").c_str()));
    CHECK_FALSE(nlohmann::json::parse(readFile(tmp / "r.sarif"), nullptr, false).is_discarded());
}

TEST_CASE("not UTF-8: jvmti-check's gate holds on the same run with status 3 and valid SARIF and JUnit") {
    testsupport::TempDir tmp;
    const std::string command = "PATH=" + shellQuote(java.parent_path().string()) + ":$PATH " + shellQuote(tool.string()) +
                                " --error-exitcode=3 --sarif out.sarif --junit out.xml --html out.html -- java -agentpath:" +
                                SECURITY_MISBEHAVE + "=out=out.txt,case=null_out -cp " + shellQuote(classes) +
                                " agenttest.Hello $'caf\\xe9'";
    const Run r = shell(tmp.path(), "bash -c " + shellQuote(command));
    CHECK(r.status == 3);
    CHECK_FALSE(nlohmann::json::parse(readFile(tmp / "out.sarif"), nullptr, false).is_discarded());
    pugi::xml_document junit;
    CHECK(junit.load_string(readFile(tmp / "out.xml").c_str()));
    CHECK(fs::is_regular_file(tmp / "out.html"));
}

TEST_CASE("no network: naming a call site asks no debuginfod server whatever DEBUGINFOD_URLS says") {
    testsupport::TempDir tmp;
    hostile::Listener server;
    // The agent without its DWARF: a lookup of its lines then goes looking for separate debug info.
    REQUIRE(shell(tmp.path(), "objcopy --strip-debug " + shellQuote(SECURITY_MISBEHAVE) + " libmisbehave.so").status == 0);
    const std::string env = "DEBUGINFOD_URLS=http://127.0.0.1:" + std::to_string(server.port()) +
                            " DEBUGINFOD_TIMEOUT=5 DEBUGINFOD_CACHE_PATH=" + shellQuote((tmp / "cache").string()) + " ";
    const Run r = shell(tmp.path(), env + shellQuote(java.string()) + " -agentpath:" + shellQuote(layer.string()) +
                                        "=report=r.txt,agent=" + (tmp / "libmisbehave.so").string() +
                                        "=out=out.txt,case=null_out -cp " + shellQuote(classes) + " agenttest.Hello");
    CHECK(r.status == 0);
    CHECK(contains(readFile(tmp / "r.txt"), "; called from libmisbehave.so"));
    INFO("the first request: " << server.firstRequest());
    CHECK(server.connections() == 0);

    // jvmti-check's crash reader names an agent's frames the same way.
    const Run probe = shell(tmp.path(), env + shellQuote(SECURITY_CRASH_PROBE) + " libmisbehave.so 0x1000");
    CHECK(probe.status == 0);
    CHECK(server.connections() == 0);
}

TEST_CASE("placeholders: a working directory with '%' in its name is taken as it is") {
    testsupport::TempDir tmp;
    const fs::path dir = tmp / "x%my";
    fs::create_directories(dir);
    fs::copy_file(SECURITY_COUNTER, dir / "libcounter.so");
    const Run r = shell(dir, "PATH=" + shellQuote(java.parent_path().string()) + ":$PATH " + shellQuote(tool.string()) +
                                 " -- java -agentpath:./libcounter.so=" + counterOptions + " -cp " + shellQuote(classes) +
                                 " agenttest.counter.Main");
    CHECK(r.status == 0);
    CHECK(contains(r.err, "jvmti-check: full report: " + dir.string() + "/jvmti-check."));
}

TEST_CASE("placeholders: trace-file= and stats= take %p so that every JVM writes its own") {
    testsupport::TempDir tmp;
    for (int i = 0; i < 2; ++i) {
        const Run r = shell(tmp.path(), shellQuote(java.string()) + " -agentpath:" + shellQuote(layer.string()) +
                                            "=trace=all,trace-file=t-%p.txt,stats=s-%p.txt,agent=" + SECURITY_COUNTER + "=" +
                                            counterOptions + " -cp " + shellQuote(classes) + " agenttest.counter.Main");
        REQUIRE(r.status == 0);
    }
    std::size_t traces = 0, stats = 0;
    for (const auto& e : fs::directory_iterator(tmp.path())) {
        const std::string name = e.path().filename().string();
        traces += name.rfind("t-", 0) == 0 && name != "t-%p.txt";
        stats += name.rfind("s-", 0) == 0 && name != "s-%p.txt";
    }
    CHECK(traces == 2);
    CHECK(stats == 2);
}

TEST_CASE("fail closed: a report the layer cannot write fails the run with error-exitcode") {
    testsupport::TempDir tmp;
    fs::create_directory(tmp / "r.json");  // where the data would go: a directory
    const Run r = shell(tmp.path(), shellQuote(java.string()) + " -agentpath:" + shellQuote(layer.string()) +
                                        "=report=r,report-format=text:json,error-exitcode=3,agent=" + SECURITY_COUNTER + "=" +
                                        counterOptions + " -cp " + shellQuote(classes) + " agenttest.counter.Main");
    CHECK(r.status == 3);
    CHECK(contains(r.err, "layer.report_write"));
    CHECK(contains(readFile(tmp / "r.txt"), "jvmtilayer: error: layer.report_write: "));
}

TEST_CASE("bounded: --sweep-merge of a JSON claiming 2^64-1 planned runs ends at once with status 2") {
    testsupport::TempDir tmp;
    writeFile(tmp / "shard.json", R"({"tool": "jvmti-check --inject-sweep", "plannedRuns": 18446744073709551615, "runs": []})");
    const Run r = shell(tmp.path(), "timeout 60 " + shellQuote(tool.string()) + " --sweep-merge --json merged.json shard.json");
    CHECK(r.status == 2);
    CHECK(contains(r.err, "plans at most 1000000 runs"));
    CHECK_FALSE(fs::exists(tmp / "merged.json"));
}

TEST_CASE("secrets: reports leave out -D values unless report-command=full") {
    testsupport::TempDir tmp;
    const auto run = [&](const std::string& extra) {
        return shell(tmp.path(), shellQuote(java.string()) + " -Dapi.token=s3cret -agentpath:" + shellQuote(layer.string()) +
                                     "=report=r" + extra + ",report-format=text:json,agent=" + SECURITY_COUNTER + "=" +
                                     counterOptions + " -cp " + shellQuote(classes) + " agenttest.counter.Main");
    };
    REQUIRE(run("").status == 0);
    const std::string redacted = readFile(tmp / "r.json");
    CHECK(contains(redacted, "-Dapi.token=***"));
    CHECK_FALSE(contains(redacted, "s3cret"));
    struct stat st {};
    REQUIRE(::stat((tmp / "r.json").c_str(), &st) == 0);
    CHECK((st.st_mode & 0777) == 0600);
    REQUIRE(run(",report-command=full,file-mode=0644").status == 0);
    CHECK(contains(readFile(tmp / "r.json"), "-Dapi.token=s3cret"));
    REQUIRE(::stat((tmp / "r.json").c_str(), &st) == 0);
    CHECK((st.st_mode & 0777) == 0644);
}
