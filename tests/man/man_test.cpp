// The man pages and --help cannot drift: every option each tool's --help lists is in its man
// page, the page's synopsis is the usage line, and jvmtilayer(7) has every setting of the
// layer's schema with its environment variable.
#include <catch2/catch.hpp>

#include <regex>
#include <sstream>

#include "settings/settings.hpp"
#include "support.hpp"

using namespace testsupport;

namespace {

// The man page as text: font changes dropped, troff's escaped '-' and '\' made plain.
std::string manText(const std::string& page) {
    std::string text = readFile(fs::path(JVMTIGEN_MAN_DIR) / page);
    text = std::regex_replace(text, std::regex(R"(\\f[BIR])"), "");
    text = std::regex_replace(text, std::regex(R"(\\-)"), "-");
    text = std::regex_replace(text, std::regex(R"(\\e)"), "\\");
    return text;
}

// The option words --help lists: the first word of each entry line ("  --spec FILE   text").
std::vector<std::string> helpOptions(const std::string& help) {
    std::vector<std::string> options;
    std::istringstream lines(help);
    bool inOptions = false;
    for (std::string line; std::getline(lines, line);) {
        if (line == "Options:") inOptions = true;
        else if (!line.empty() && line[0] != ' ') inOptions = false;
        else if (inOptions && line.rfind("  ", 0) == 0 && line.size() > 2 && line[2] != ' ')
            options.push_back(line.substr(2, line.find(' ', 2) - 2));
    }
    return options;
}

void checkPage(const std::string& page, const std::string& help, std::size_t atLeast) {
    const std::string text = manText(page);
    const auto options = helpOptions(help);
    CHECK(options.size() >= atLeast);
    for (const auto& option : options) {
        INFO(page << ": option " << option);
        CHECK(text.find("\n.TP\n" + option) != std::string::npos);
    }
    // The usage line is the synopsis.
    const std::string usage = help.substr(7, help.find('\n') - 7);
    INFO(page << ": synopsis " << usage);
    CHECK(text.find(usage) != std::string::npos);
}

}  // namespace

TEST_CASE("jvmtigen(1) has every option of jvmtigen --help") {
    const auto r = runTool({"--help"});
    REQUIRE(r.status == 0);
    checkPage("jvmtigen.1", r.out, 9);
    CHECK(manText("jvmtigen.1").find("\n.TP\n--jvmti-version X.Y.Z\n") != std::string::npos);
}

#ifdef JVMTI_CHECK
TEST_CASE("jvmti-check(1) has every option of jvmti-check --help") {
    const auto r = runCommand("'" JVMTI_CHECK "' --help");
    REQUIRE(r.status == 0);
    checkPage("jvmti-check.1", r.out, 5);
}
#endif

TEST_CASE("jvmti-conform(1) has every option of jvmti-conform --help") {
    const auto r = runCommand("'" JVMTI_CONFORM "' --help");
    REQUIRE(r.status == 0);
    checkPage("jvmti-conform.1", r.out, 8);
}

#ifdef JVMTI_ABI_DIFF
TEST_CASE("jvmti-abi-diff(1) and jvmti-impl-check(1) have every option of their --help") {
    const auto abi = runCommand("'" JVMTI_ABI_DIFF "' --help");
    REQUIRE(abi.status == 0);
    checkPage("jvmti-abi-diff.1", abi.out, 4);
    const auto impl = runCommand("'" JVMTI_IMPL_CHECK "' --help");
    REQUIRE(impl.status == 0);
    checkPage("jvmti-impl-check.1", impl.out, 5);
}
#endif

#ifdef JVMTI_LINT
TEST_CASE("jvmti-lint(1) has every option of jvmti-lint --help") {
    const auto lint = runCommand("'" JVMTI_LINT "' --help");
    REQUIRE(lint.status == 0);
    checkPage("jvmti-lint.1", lint.out, 9);
}
#endif

TEST_CASE("every tool's --help has the same layout: usage, options, exit status") {
    std::vector<std::string> helps = {runTool({"--help"}).out, runCommand("'" JVMTI_CONFORM "' --help").out};
#ifdef JVMTI_CHECK
    helps.push_back(runCommand("'" JVMTI_CHECK "' --help").out);
#endif
#ifdef JVMTI_ABI_DIFF
    helps.push_back(runCommand("'" JVMTI_ABI_DIFF "' --help").out);
    helps.push_back(runCommand("'" JVMTI_IMPL_CHECK "' --help").out);
#endif
#ifdef JVMTI_LINT
    helps.push_back(runCommand("'" JVMTI_LINT "' --help").out);
#endif
    for (const auto& help : helps) {
        INFO(help);
        CHECK(help.rfind("usage: ", 0) == 0);
        CHECK(help.find("\nOptions:\n") != std::string::npos);
        CHECK(help.find("\n  --help ") != std::string::npos);
        CHECK(help.find("\n  --version ") != std::string::npos);
        CHECK(help.find("\nExit status:\n  ") != std::string::npos);
    }
}

TEST_CASE("jvmtilayer(7) has every setting of the layer's schema and its environment variable") {
    const std::string text = manText("jvmtilayer.7");
    const auto& schema = jvmtilayer::embeddedSchema();
    REQUIRE(schema.settings().size() >= 10);
    for (const auto& s : schema.settings()) {
        INFO(s.name);
        CHECK(text.find("\n.TP\n" + s.name + "=") != std::string::npos);
        CHECK(text.find("\n.TP\n" + s.envVar + "\n") != std::string::npos);
        CHECK(text.find(s.description) != std::string::npos);
    }
}
