// The layer's own test agents (tests/agents/src), analysed together with the build's compile
// commands (-p, as the CMake LINT option runs it), against the findings each is expected to
// have (tests/lint/agents_expected.txt, every one judged by reading the agent): each analysed to
// the end, nothing more and nothing less.
#include <catch2/catch.hpp>

#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>

#include "lint_support.hpp"

using namespace linttest;
using testsupport::shellQuote;

#ifndef JVMTIGEN_BUILD_DIR
#error "JVMTIGEN_BUILD_DIR: the build tree with compile_commands.json"
#endif

TEST_CASE("test agents: every agent analysed to the end, with exactly its expected findings") {
    const fs::path root = testsupport::sourceDir();
    std::multiset<std::string> want, got;
    std::ifstream in(root / "tests/lint/agents_expected.txt");
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        std::smatch m;
        REQUIRE(std::regex_match(line, m, std::regex(R"((\S+):(\d+) (\S+)\s+# .+)")));
        want.insert(m[1].str() + ":" + m[2].str() + " " + m[3].str());
    }
    std::string files;
    for (const auto& e : fs::directory_iterator(root / "tests/agents/src"))
        if (e.path().extension() == ".c" || e.path().extension() == ".cpp") files += " " + shellQuote(e.path().string());
    const auto r = lint("-p " + shellQuote(JVMTIGEN_BUILD_DIR) + " -j 2" + files, root);
    INFO(r.run.err);
    REQUIRE(r.run.status == 0);
    CHECK(r.run.err.find("not analysed") == std::string::npos);
    const auto log = nlohmann::json::parse(r.sarif);
    for (const auto& result : log["runs"][0]["results"]) {
        const auto& where = result["locations"][0]["physicalLocation"];
        got.insert(where["artifactLocation"]["uri"].get<std::string>() + ":" +
                   std::to_string(where["region"]["startLine"].get<unsigned>()) + " " + result["ruleId"].get<std::string>());
    }
    std::string missing, extra;
    for (const auto& w : want)
        if (!got.count(w)) missing += w + "\n";
    for (const auto& g : got)
        if (!want.count(g)) extra += g + "\n";
    INFO("missing:\n" << missing << "extra:\n" << extra);
    CHECK(got == want);
}
