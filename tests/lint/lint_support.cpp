#include "lint_support.hpp"

#include <fstream>
#include <regex>
#include <sstream>

#include <nlohmann/json.hpp>

#ifndef JVMTI_LINT
#error "JVMTI_LINT: the jvmti-lint binary (tests/lint/CMakeLists.txt defines it)"
#endif

namespace linttest {

fs::path lintBinary() { return JVMTI_LINT; }
fs::path casesDir() { return testsupport::sourceDir() / "tests" / "lint" / "cases"; }
fs::path jdkHome() { return fs::path(JNI_INCLUDE_DIR).parent_path(); }
std::string jdkIncludes() {
    return "-I" + testsupport::shellQuote((jdkHome() / "include").string()) + " -I" +
           testsupport::shellQuote((jdkHome() / "include" / "linux").string());
}

Findings expected(const fs::path& source) {
    Findings out;
    std::ifstream in(source);
    std::string line;
    static const std::regex marker(R"(expect:\s*([A-Za-z0-9_.,\s]+?)\s*(\*/)?\s*$)");
    for (unsigned n = 1; std::getline(in, line); ++n) {
        std::smatch m;
        if (!std::regex_search(line, m, marker)) continue;
        std::stringstream rules(m[1].str());
        std::string rule;
        while (std::getline(rules, rule, ',')) {
            rule.erase(0, rule.find_first_not_of(" \t"));
            rule.erase(rule.find_last_not_of(" \t") + 1);
            if (!rule.empty()) out.emplace(std::make_pair(source.filename().string(), n), rule);
        }
    }
    return out;
}

LintRun lint(const std::string& arguments, const fs::path& dir) {
    testsupport::TempDir tmp;
    const fs::path sarif = tmp / "out.sarif", err = tmp / "stderr.txt";
    LintRun r;
    // runCommand sends the whole command's standard error to its output: an inner shell keeps
    // the tool's own apart.
    const std::string inner = "cd " + testsupport::shellQuote(dir.string()) + " && " +
                              testsupport::shellQuote(lintBinary().string()) + " --sarif " +
                              testsupport::shellQuote(sarif.string()) + " " + arguments + " 2>" +
                              testsupport::shellQuote(err.string());
    r.run = testsupport::runCommand("sh -c " + testsupport::shellQuote(inner));
    r.run.err = fs::exists(err) ? testsupport::readFile(err) : "";
    if (!fs::exists(sarif)) return r;
    r.sarif = testsupport::readFile(sarif);
    const auto log = nlohmann::json::parse(r.sarif);
    for (const auto& result : log["runs"][0]["results"]) {
        const auto& where = result["locations"][0]["physicalLocation"];
        const std::string uri = where["artifactLocation"]["uri"].get<std::string>();
        r.findings.emplace(std::make_pair(fs::path(uri).filename().string(), where["region"]["startLine"].get<unsigned>()),
                           result["ruleId"].get<std::string>());
    }
    return r;
}

std::string describe(const Findings& f) {
    std::string out;
    for (const auto& [where, rule] : f) out += where.first + ":" + std::to_string(where.second) + " " + rule + "\n";
    return out.empty() ? "(none)\n" : out;
}

}  // namespace linttest
