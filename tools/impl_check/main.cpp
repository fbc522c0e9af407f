// jvmti-impl-check [-p BUILD_DIR] [--interface FILE] [--write-stubs FILE] PATH...
//
// Parses a JVMTI runtime (the functions of namespace jvmti_runtime that the generated
// checking entries call) with the project's compile commands and checks it against the
// generated interface, jvmti_runtime.hpp: every function implemented exactly once with the
// interface's exact signature, nothing in the namespace the interface does not declare, and
// hooks (optional) with their signatures. Exit status: 0 all good, 1 problems, 2 could not
// parse or bad usage.
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "check.hpp"
#include "collect.hpp"
#include "help.hpp"
#include "stubs.hpp"
#include "guarded_main.hpp"
#include "../clang_asan_options.hpp"

namespace {

std::string usageText() { return jvmtihelp::formatHelp(jvmtihelp::implCheckHelp()); }

int usageError(const std::string& message) {
    std::cerr << "jvmti-impl-check: " << message << "\n(run jvmti-impl-check --help for the options)\n";
    return 2;
}

}  // namespace

namespace {

int run(int argc, char** argv) {
    using namespace implcheck;
    CollectOptions options;
    options.buildDir = ".";
    std::string stubs;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--help" || arg == "-h") {
            std::cout << usageText();
            return 0;
        } else if (arg == "--version") {
            std::cout << jvmtihelp::versionLine("jvmti-impl-check");
            return 0;
        } else if (arg == "-p" || arg == "--interface" || arg == "--write-stubs") {
            if (i + 1 >= argc) return usageError(arg + " needs a value");
            const std::string value = argv[++i];
            (arg == "-p" ? options.buildDir : arg == "--interface" ? options.interface : stubs) = value;
        } else if (!arg.empty() && arg[0] == '-') {
            return usageError("unknown option " + arg);
        } else {
            options.paths.push_back(arg);
        }
    }
    if (options.paths.empty()) return usageError("no runtime to check: give its directory or source files");

    const CollectResult collected = collect(options);
    if (!collected.ok) {
        std::cerr << "jvmti-impl-check: " << collected.error << "\n";
        return 2;
    }
    const Report report = check(collected.collected);
    std::error_code ec;
    const std::string cwd = std::filesystem::current_path(ec).string();
    for (const Finding& f : report.findings) std::cout << format(f, cwd) << "\n";
    std::cout << summary(report, collected.collected) << "\n";

    if (!stubs.empty()) {
        const std::string include = std::filesystem::path(collected.collected.interfaceFile).filename().string();
        std::ofstream out(stubs);
        out << stubsFile(report.missing, include);
        if (!out) {
            std::cerr << "jvmti-impl-check: cannot write " << stubs << "\n";
            return 2;
        }
        const size_t n = report.missing.size();
        std::cout << "jvmti-impl-check: wrote " << n << (n == 1 ? " stub to " : " stubs to ") << stubs << "\n";
    }
    return report.findings.empty() ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
    return jvmtihelp::guardedMain("jvmti-impl-check", 2, [&] { return run(argc, argv); });
}
