// Helpers the tests share: running the tool in-process or as a process, temporary
// directories, reading files, the paths of the project and of ../shared.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace testsupport {

namespace fs = std::filesystem;

fs::path sourceDir();    // the project checkout
fs::path sharedDir();    // ../shared beside it
fs::path upstreamSpec(const std::string& name);  // ../shared/upstream/NAME/jvmti.xml

struct RunResult {
    int status;
    std::string out, err;
};

// Runs jvmtigen's main logic in-process with these arguments.
RunResult runTool(const std::vector<std::string>& args);

// Runs a shell command, capturing its standard output and error together.
RunResult runCommand(const std::string& command);

// `word` as one word of a POSIX shell command line, in single quotes.
std::string shellQuote(const std::string& word);

// Runs headless chromium with `args` and a fresh profile under `dir` (90 s at most); its standard
// output goes to `output` when given, its standard error into the result.
RunResult runBrowser(const fs::path& dir, const std::string& args, const std::string& output = "");

// A fresh empty directory under the system temp dir, removed when the object dies.
class TempDir {
public:
    TempDir();
    ~TempDir();
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
    const fs::path& path() const { return path_; }
    fs::path operator/(const std::string& name) const { return path_ / name; }

private:
    fs::path path_;
};

std::string readFile(const fs::path& p);
void writeFile(const fs::path& p, const std::string& text);

// Every regular file under `dir`, as paths relative to it, sorted.
std::vector<std::string> listFiles(const fs::path& dir);

}  // namespace testsupport
