// A mutation test of jvmti-lint's robustness: the test agents' sources (tests/agents/src) with
// tokens deleted, swapped with their neighbour and duplicated (a fixed seed, so every run sees the
// same mutants) all go through the tool in one run. Most no longer compile, some do and are
// analysed: either way the tool must end with status 0 or 2 and no analysis may crash.
#include <catch2/catch.hpp>

#include <random>
#include <regex>

#include "lint_support.hpp"

using namespace linttest;
using testsupport::shellQuote;

namespace {

// The source's tokens, roughly as a C lexer splits them: words, numbers, strings, operators.
std::vector<std::pair<size_t, size_t>> tokens(const std::string& text) {
    static const std::regex token(R"(\"(\\.|[^\"\\])*\"|'(\\.|[^'\\])*'|[A-Za-z_][A-Za-z_0-9]*|[0-9][0-9A-Za-z_.]*|->|::|&&|\|\||[^\s])");
    std::vector<std::pair<size_t, size_t>> out;
    for (std::sregex_iterator it(text.begin(), text.end(), token), end; it != end; ++it)
        out.emplace_back(static_cast<size_t>(it->position()), static_cast<size_t>(it->length()));
    return out;
}

std::string mutate(const std::string& text, int kind, std::mt19937& random) {
    const auto toks = tokens(text);
    if (toks.size() < 3) return text;
    std::uniform_int_distribution<size_t> pick(0, toks.size() - 2);
    const size_t i = pick(random);
    const auto [at, length] = toks[i];
    const std::string word = text.substr(at, length);
    std::string out = text;
    switch (kind) {
    case 0:  // delete
        out.erase(at, length);
        break;
    case 1: {  // swap with the next token
        const auto [nextAt, nextLength] = toks[i + 1];
        const std::string next = text.substr(nextAt, nextLength);
        out.replace(nextAt, nextLength, word);
        out.replace(at, length, next);
        break;
    }
    default:  // duplicate
        out.insert(at, word + " ");
    }
    return out;
}

}  // namespace

TEST_CASE("mutation: deleted, swapped and duplicated tokens in the test agents never crash the tool") {
    const fs::path root = testsupport::sourceDir();
    testsupport::TempDir dir;
    std::mt19937 random(45);
    std::string files;
    int count = 0;
    for (const auto& e : fs::directory_iterator(root / "tests/agents/src")) {
        const std::string ext = e.path().extension().string();
        if (ext != ".c" && ext != ".cpp") continue;
        const std::string text = testsupport::readFile(e.path());
        for (int kind = 0; kind < 3; ++kind) {
            const std::string name = e.path().stem().string() + "_m" + std::to_string(kind) + ext;
            testsupport::writeFile(dir / name, mutate(text, kind, random));
            files += " " + name;
            ++count;
        }
    }
    REQUIRE(count >= 60);
    // agent_util.h and chaos.hpp from the agents' own directories; jvmti.h and jvmti.hpp ours.
    const std::string args = "-std=c++17 -I" + shellQuote((root / "tests/agents/include").string()) + " -I" +
                             shellQuote((root / "tests/agents/src").string()) + " -I" +
                             shellQuote((root / "generated/include").string()) + " " + jdkIncludes();
    const auto r = lint("-j 2" + files + " -- " + args, dir.path());
    INFO(r.run.err.substr(0, 4000));
    CHECK((r.run.status == 0 || r.run.status == 2));
    CHECK(r.run.err.find("crashed") == std::string::npos);
    CHECK(r.run.err.find("stopped with status") == std::string::npos);
    CHECK(r.run.err.find("handed back no result") == std::string::npos);
    CHECK(r.run.err.find("jvmti-lint: " + std::to_string(r.findings.size())) != std::string::npos);
    CHECK(r.run.err.find("findings in " + std::to_string(count) + " files") != std::string::npos);
}
