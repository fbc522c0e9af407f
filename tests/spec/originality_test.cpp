// The prose of spec/jvmti.xml is our own: ../shared/tools/spec-originality finds at most 5% of
// its 8-word runs in OpenJDK's files and no block sharing a run of 12 or more words.

#include <catch2/catch.hpp>
#include <filesystem>
#include <regex>
#include <sstream>
#include <string>

#include "support.hpp"

using namespace testsupport;

namespace {

std::string lastLine(const std::string& text) {
    std::istringstream in(text);
    std::string line, last;
    while (std::getline(in, line))
        if (line.find_first_not_of(" \t\r") != std::string::npos) last = line;
    return last;
}

}  // namespace

TEST_CASE("spec/jvmti.xml prose is original (spec-originality within its limits)") {
    const fs::path tool = sharedDir() / "tools" / "spec-originality";
    if (!fs::exists(tool)) FAIL("the originality tool is missing: " << tool.string());
    const fs::path spec = sourceDir() / "spec" / "jvmti.xml";
    REQUIRE(fs::exists(spec));

    const RunResult r = runCommand("python3 '" + tool.string() + "' '" + spec.string() + "'");
    INFO("spec-originality output:\n" << r.out);
    const std::string last = lastLine(r.out);
    CAPTURE(last);

    static const std::regex summary(
        R"(^originality: ([0-9]+(?:\.[0-9]+)?)% of 8-word runs shared \(limit 5%\); ([0-9]+) blocks share a run of 12\+ words \(limit 0\)\s*$)");
    std::smatch m;
    REQUIRE(std::regex_match(last, m, summary));
    const double percent = std::stod(m[1].str());
    const long blocks = std::stol(m[2].str());
    CHECK(percent <= 5.0);
    CHECK(blocks == 0);
    CHECK(r.status == 0);
}
