#include "compile.hpp"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <set>

#include <clang/Tooling/CompilationDatabase.h>
#include <clang/Tooling/JSONCompilationDatabase.h>

#ifndef JVMTI_LINT_HEADER_CANDIDATES
#define JVMTI_LINT_HEADER_CANDIDATES ""
#endif

namespace jvmtilint {

namespace fs = std::filesystem;

namespace {

bool isCxx(const std::string& file) {
    const std::string ext = fs::path(file).extension().string();
    return ext == ".cpp" || ext == ".cc" || ext == ".cxx" || ext == ".C" || ext == ".c++" || ext == ".hpp" || ext == ".hh";
}

std::string absoluteIn(const std::string& dir, const std::string& path) {
    fs::path p(path);
    if (p.is_relative()) p = fs::path(dir) / p;
    return p.lexically_normal().string();
}

// Directories the command searches for #include <...> and "...": -I, -isystem, -iquote, -idirafter.
std::vector<std::string> includeDirs(const CompileJob& job) {
    std::vector<std::string> dirs;
    const auto& args = job.commandLine;
    for (size_t i = 1; i < args.size(); ++i) {
        for (const std::string flag : {"-I", "-isystem", "-iquote", "-idirafter"}) {
            if (args[i] == flag && i + 1 < args.size()) {
                dirs.push_back(absoluteIn(job.directory, args[i + 1]));
                ++i;
                break;
            }
            if (args[i].size() > flag.size() && args[i].compare(0, flag.size(), flag) == 0) {
                dirs.push_back(absoluteIn(job.directory, args[i].substr(flag.size())));
                break;
            }
        }
    }
    return dirs;
}

bool has(const fs::path& dir, const char* header) {
    std::error_code ec;
    return fs::is_regular_file(dir / header, ec);
}

// A JDK's include directory (holding jni.h): JAVA_HOME's, else the java on PATH's, else Debian's default.
std::string jdkInclude(const std::string& javaHome) {
    std::vector<fs::path> candidates;
    if (!javaHome.empty()) candidates.push_back(fs::path(javaHome) / "include");
    if (const char* path = std::getenv("PATH")) {
        std::string dirs = path;
        size_t start = 0;
        while (start <= dirs.size()) {
            const size_t end = dirs.find(':', start);
            const std::string dir = dirs.substr(start, end == std::string::npos ? std::string::npos : end - start);
            std::error_code ec;
            const fs::path java = fs::path(dir.empty() ? "." : dir) / "javac";
            if (fs::exists(java, ec)) {
                const fs::path real = fs::canonical(java, ec);
                if (!ec) candidates.push_back(real.parent_path().parent_path() / "include");
            }
            if (end == std::string::npos) break;
            start = end + 1;
        }
    }
    candidates.push_back("/usr/lib/jvm/default-java/include");
    for (const auto& c : candidates)
        if (has(c, "jni.h")) return c.string();
    return "";
}

}  // namespace

std::vector<std::string> jvmtiIncludes(const CompileJob& job, const std::string& javaHome) {
    for (const auto& dir : includeDirs(job))
        if (has(dir, "jvmti.h")) return {};
    std::vector<std::string> out;
    const auto withPlatform = [&](const fs::path& include) {
        out.push_back("-I" + include.string());
        if (has(include / "linux", "jni_md.h")) out.push_back("-I" + (include / "linux").string());
    };
    if (!javaHome.empty() && has(fs::path(javaHome) / "include", "jvmti.h")) {
        withPlatform(fs::path(javaHome) / "include");
        return out;
    }
    // jvmtigen's own jvmti.h (installed, or the checkout's generated/include), with a JDK's jni.h.
    std::string candidates = JVMTI_LINT_HEADER_CANDIDATES;
    size_t start = 0;
    while (start < candidates.size()) {
        const size_t end = candidates.find(':', start);
        const fs::path dir = candidates.substr(start, end == std::string::npos ? std::string::npos : end - start);
        if (has(dir, "jvmti.h")) {
            out.push_back("-I" + dir.string());
            if (const std::string jdk = jdkInclude(javaHome); !jdk.empty()) withPlatform(jdk);
            return out;
        }
        if (end == std::string::npos) break;
        start = end + 1;
    }
    if (const std::string jdk = jdkInclude(javaHome); !jdk.empty() && has(jdk, "jvmti.h")) withPlatform(jdk);
    return out;
}

void addArguments(std::vector<std::string>& commandLine, const std::vector<std::string>& args) {
    auto at = std::find(commandLine.begin(), commandLine.end(), "--");
    commandLine.insert(at, args.begin(), args.end());
}

Sources compileJobs(const SourceRequest& request) {
    Sources out;
    if (!request.buildDir.empty()) {
        std::string error;
        // The database as written: a file it does not list gets no command made up for it.
        std::unique_ptr<clang::tooling::CompilationDatabase> db = clang::tooling::JSONCompilationDatabase::loadFromFile(
            (fs::path(request.buildDir) / "compile_commands.json").string(), error,
            clang::tooling::JSONCommandLineSyntax::AutoDetect);
        if (!db) {
            out.error = "no compilation database in " + request.buildDir + ": " + error;
            return out;
        }
        std::vector<clang::tooling::CompileCommand> commands;
        if (request.files.empty()) {
            commands = db->getAllCompileCommands();
        } else {
            for (const auto& f : request.files) {
                auto found = db->getCompileCommands(absoluteIn(request.cwd, f));
                if (found.empty()) {
                    out.error = "no compile command for " + f + " in " + request.buildDir + "/compile_commands.json";
                    return out;
                }
                commands.push_back(found.front());
            }
        }
        std::set<std::string> seen;
        for (auto& c : commands) {
            const std::string key = absoluteIn(c.Directory, c.Filename);
            if (!seen.insert(key).second) continue;  // one analysis per file
            CompileJob job{c.Filename, c.Directory, c.CommandLine};
            if (request.haveArgs) addArguments(job.commandLine, request.extraArgs);
            out.jobs.push_back(std::move(job));
        }
        return out;
    }
    for (const auto& f : request.files) {
        CompileJob job;
        job.file = f;
        job.directory = request.cwd;
        job.commandLine.push_back(isCxx(f) ? "clang++" : "clang");
        job.commandLine.insert(job.commandLine.end(), request.extraArgs.begin(), request.extraArgs.end());
        job.commandLine.push_back(f);
        out.jobs.push_back(std::move(job));
    }
    return out;
}

}  // namespace jvmtilint
