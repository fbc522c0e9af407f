#include "support.hpp"

#include <algorithm>
#include <array>
#include <cstdio>
#include <fstream>
#include <random>
#include <sstream>
#include <stdexcept>

#include <sys/wait.h>

#include "cli.hpp"

namespace testsupport {

fs::path sourceDir() { return fs::path(JVMTIGEN_SOURCE_DIR); }
fs::path sharedDir() { return fs::path(JVMTIGEN_SHARED_DIR); }
fs::path upstreamSpec(const std::string& name) { return sharedDir() / "upstream" / name / "jvmti.xml"; }

RunResult runTool(const std::vector<std::string>& args) {
    std::ostringstream out, err;
    const int status = jvmtigen::runJvmtigen(args, out, err);
    return {status, out.str(), err.str()};
}

RunResult runCommand(const std::string& command) {
    RunResult r{-1, {}, {}};
    FILE* p = ::popen((command + " 2>&1").c_str(), "r");
    if (!p) throw std::runtime_error("cannot run: " + command);
    std::array<char, 4096> buf{};
    size_t n;
    while ((n = std::fread(buf.data(), 1, buf.size(), p)) > 0) r.out.append(buf.data(), n);
    const int st = ::pclose(p);
    r.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
    return r;
}

std::string shellQuote(const std::string& word) {
    std::string out = "'";
    for (char c : word) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

RunResult runBrowser(const fs::path& dir, const std::string& args, const std::string& output) {
    const std::string profile = (dir / ("profile-" + std::to_string(std::hash<std::string>{}(args)))).string();
    std::string cmd = "timeout 90 chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run"
                      " --disable-background-networking --disable-component-update --disable-sync"
                      " --hide-scrollbars --user-data-dir=" + shellQuote(profile) + " " + args;
    // In a subshell, so that chromium's standard error still comes back in the result and
    // only its standard output goes to the file.
    if (!output.empty()) cmd = "(" + cmd + " > " + shellQuote(output) + ")";
    return runCommand(cmd);
}

TempDir::TempDir() {
    std::random_device rd;
    for (int i = 0; i < 100; ++i) {
        fs::path p = fs::temp_directory_path() / ("jvmtigen-test-" + std::to_string(rd()));
        if (fs::create_directory(p)) {
            path_ = p;
            return;
        }
    }
    throw std::runtime_error("cannot create a temporary directory");
}

TempDir::~TempDir() {
    std::error_code ec;
    fs::remove_all(path_, ec);
}

std::string readFile(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    if (!in) throw std::runtime_error("cannot read " + p.string());
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

void writeFile(const fs::path& p, const std::string& text) {
    if (p.has_parent_path()) fs::create_directories(p.parent_path());
    std::ofstream out(p, std::ios::binary);
    out << text;
    if (!out) throw std::runtime_error("cannot write " + p.string());
}

std::vector<std::string> listFiles(const fs::path& dir) {
    std::vector<std::string> files;
    if (!fs::exists(dir)) return files;
    for (const auto& e : fs::recursive_directory_iterator(dir))
        if (e.is_regular_file()) files.push_back(fs::relative(e.path(), dir).string());
    std::sort(files.begin(), files.end());
    return files;
}

}  // namespace testsupport
