// jvmti-abi-diff REF.h CANDIDATE.h [-I DIR...] [--json FILE]
//
// Compares two jvmti.h files as Clang sees them, as C and as C++: enumerators and their
// values, record layouts (field offsets, bit-fields, sizes, alignments), the slots of
// jvmtiInterface_1_, typedefs, functions, the C++ methods of _jvmtiEnv and the object-like
// macros. Exit status: 0 identical, 1 different, 2 a header did not parse or bad usage.
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "collect.hpp"
#include "help.hpp"
#include "compare.hpp"
#include "report.hpp"
#include "guarded_main.hpp"
#include "../clang_asan_options.hpp"

namespace {

std::string usageText() { return jvmtihelp::formatHelp(jvmtihelp::abiDiffHelp()); }

struct Options {
    std::vector<std::string> headers, includeDirs;
    std::string json;
};

int usageError(const std::string& message) {
    std::cerr << "jvmti-abi-diff: " << message << "\n(run jvmti-abi-diff --help for the options)\n";
    return 2;
}

}  // namespace

namespace {

int run(int argc, char** argv) {
    using namespace abidiff;
    Options options;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--help" || arg == "-h") {
            std::cout << usageText();
            return 0;
        } else if (arg == "--version") {
            std::cout << jvmtihelp::versionLine("jvmti-abi-diff");
            return 0;
        } else if (arg == "-I" || arg == "--json") {
            if (i + 1 >= argc) return usageError(arg + " needs a value");
            (arg == "-I" ? options.includeDirs.emplace_back(argv[++i]) : options.json = argv[++i]);
        } else if (arg.rfind("-I", 0) == 0) {
            options.includeDirs.push_back(arg.substr(2));
        } else if (arg.rfind("--json=", 0) == 0) {
            options.json = arg.substr(7);
        } else if (!arg.empty() && arg[0] == '-') {
            return usageError("unknown option " + arg);
        } else {
            options.headers.push_back(arg);
        }
    }
    if (options.headers.size() != 2) return usageError("expected two headers, REF.h and CANDIDATE.h");

    for (const std::string& h : options.headers) {
        std::error_code ec;
        if (!std::filesystem::is_regular_file(h, ec)) {
            std::cerr << "jvmti-abi-diff: cannot read " << h << ": no such file\n";
            return 2;
        }
    }

    HeaderFacts facts[2];
    bool parsed = true;
    for (int h = 0; h < 2; ++h) {
        for (const Language l : {Language::C, Language::Cxx}) {
            Parsed p = collect(options.headers[h], l, options.includeDirs);
            if (!p.ok) {
                std::cerr << p.diagnostics << "jvmti-abi-diff: cannot parse " << options.headers[h] << " as "
                          << languageName(l) << "\n";
                parsed = false;
                break;  // the other language would fail the same way
            }
            (l == Language::C ? facts[h].c : facts[h].cxx) = std::move(p.facts);
        }
    }
    if (!parsed) return 2;

    const std::vector<Difference> diffs = compare(facts[0], facts[1]);
    printText(std::cout, diffs, facts[0]);
    if (!options.json.empty()) {
        std::ofstream out(options.json);
        out << toJson(options.headers[0], options.headers[1], diffs).dump(2) << '\n';
        if (!out) {
            std::cerr << "jvmti-abi-diff: cannot write " << options.json << "\n";
            return 2;
        }
    }
    return diffs.empty() ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
    return jvmtihelp::guardedMain("jvmti-abi-diff", 2, [&] { return run(argc, argv); });
}
