// jvmtigen-man OUTDIR: writes the man pages, from the same descriptions as each tool's --help
// (help/*.cpp) and, for jvmtilayer(7), from the layer's settings schema, and from both the bash
// completion script jvmtigen.bash. Run by the build.
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "emitters.hpp"
#include "completion.hpp"
#include "help.hpp"
#include "layer_page.hpp"
#include "cli.hpp"
#include "guarded_main.hpp"

namespace {

bool writeFile(const std::filesystem::path& file, const std::string& text) {
    std::ofstream out(file, std::ios::binary | std::ios::trunc);
    out << text;
    return static_cast<bool>(out);
}

}  // namespace

namespace {

int run(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: jvmtigen-man OUTDIR\n");
        return 2;
    }
    if (!jvmtilayer::embeddedSchemaError().empty()) {
        std::fprintf(stderr, "jvmtigen-man: %s\n", jvmtilayer::embeddedSchemaError().c_str());
        return 1;
    }
    const std::filesystem::path dir = argv[1];
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    using namespace jvmtihelp;
    const std::pair<std::string, std::string> pages[] = {
        {"jvmtigen.1", formatManPage(jvmtigenHelp(jvmtigen::outputEntries()))},
        {"jvmti-check.1", formatManPage(jvmtiCheckHelp())},
        {"jvmti-abi-diff.1", formatManPage(abiDiffHelp())},
        {"jvmti-impl-check.1", formatManPage(implCheckHelp())},
        {"jvmti-conform.1", formatManPage(conformHelp())},
        {"jvmti-lint.1", formatManPage(lintHelp())},
        {"jvmtilayer.7", layerManPage(jvmtilayer::embeddedSchema())},
        {"jvmtigen.bash", bashCompletion({{jvmtigenHelp(jvmtigen::outputEntries()), "--only", "Outputs", false},
                                          {jvmtiCheckHelp(), "", "", true},
                                          {abiDiffHelp(), "", "", false},
                                          {implCheckHelp(), "", "", false},
                                          {conformHelp(), "", "", false},
                                          {lintHelp(), "", "", false}},
                                         jvmtilayer::embeddedSchema())},
    };
    for (const auto& [name, text] : pages) {
        if (!writeFile(dir / name, text)) {
            std::fprintf(stderr, "jvmtigen-man: cannot write %s\n", (dir / name).c_str());
            return 1;
        }
    }
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    return jvmtihelp::guardedMain("jvmtigen-man", 2, [&] { return run(argc, argv); });
}
