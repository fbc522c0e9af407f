// jvmti-lint: JVMTI misuse in an agent's source, found by Clang's Static Analyzer with checkers
// generated from the spec. See help/jvmti_lint.cpp (--help) and docs/static-analysis.md.
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <sstream>
#include <tuple>

#include "capabilities.hpp"
#include "catalogue.hpp"
#include "checkers/registry.hpp"
#include "compile.hpp"
#include "confirm.hpp"
#include "help.hpp"
#include "options.hpp"
#include "outputs.hpp"
#include "report/formats/report_files_io.hpp"
#include "run.hpp"
#include "suppress.hpp"
#include "../clang_asan_options.hpp"

namespace {

using namespace jvmtilint;
namespace fs = std::filesystem;

int usageError(const std::string& message) {
    std::cerr << "jvmti-lint: " << message << "\n\n" << jvmtihelp::formatHelp(jvmtihelp::lintHelp());
    return 2;
}

std::string exeDir() {
    std::error_code ec;
    const fs::path self = fs::read_symlink("/proc/self/exe", ec);
    return ec ? std::string(".") : self.parent_path().string();
}

std::string plural(size_t n, const std::string& word) {
    return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

// One finding per rule, place and message: a header analysed with several files reports once.
void dropRepeats(std::vector<Finding>& findings) {
    std::sort(findings.begin(), findings.end());
    std::set<std::tuple<std::string, std::string, unsigned, unsigned, std::string>> seen;
    std::vector<Finding> kept;
    for (auto& f : findings)
        if (seen.emplace(f.rule, f.at.file, f.at.line, f.at.column, f.message).second) kept.push_back(std::move(f));
    findings = std::move(kept);
}

int listRules(const Catalogue& catalogue) {
    for (const auto& family : ruleFamilies()) {
        std::cout << family.id << "\n    " << family.finds;
        const std::string id = family.id;
        if (id.find('{') == std::string::npos && id.find(',') == std::string::npos) {
            const auto rule = catalogue.rule(id);
            if (!rule.text.empty()) std::cout << ": " << rule.text;
        }
        std::cout << "\n";
    }
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    const std::vector<std::string> args(argv + 1, argv + argc);
    const ParsedOptions parsed = parseOptions(args);
    const Options& o = parsed.options;
    if (o.help) {
        std::cout << jvmtihelp::formatHelp(jvmtihelp::lintHelp());
        return 0;
    }
    if (o.version) {
        std::cout << jvmtihelp::versionLine("jvmti-lint");
        return 0;
    }
    if (!parsed.error.empty()) return usageError(parsed.error);
    const Catalogue catalogue = Catalogue::load(exeDir());
    if (o.listRules) return listRules(catalogue);

    std::error_code ec;
    const std::string cwd = fs::current_path(ec).string();
    std::optional<Baseline> baseline;
    if (o.baseline) {
        std::ifstream in(*o.baseline);
        if (!in) return usageError("cannot read the baseline " + *o.baseline);
        std::stringstream text;
        text << in.rdbuf();
        std::string error;
        baseline = readBaseline(text.str(), error);
        if (!baseline) return usageError(*o.baseline + ": " + error);
    }

    const Sources sources = compileJobs({o.files, o.buildDir, o.haveArgs, o.extraArgs, cwd});
    if (!sources.error.empty()) {
        std::cerr << "jvmti-lint: " << sources.error << "\n";
        return 2;
    }
    const char* javaHome = std::getenv("JAVA_HOME");
    const auto outcomes = runJobs(sources.jobs, o.jobs, javaHome ? javaHome : "");

    int status = 0;
    std::vector<TuResult> results;
    std::vector<Finding> findings;
    SarifRun run;
    for (const auto& outcome : outcomes) {
        if (outcome.crashed) {
            std::cerr << "jvmti-lint: " << outcome.result.file << ": " << outcome.why << "; the file was not analysed\n";
            run.crashed.push_back(outcome.result.file + ": " + outcome.why);
            status = 2;
            continue;
        }
        const TuResult& r = outcome.result;
        if (!r.compiled) {
            std::cerr << r.diagnostics;
            std::cerr << "jvmti-lint: " << r.file << " does not compile; it was not analysed\n";
            run.uncompiled.push_back(r.file);
            status = 2;
        }
        findings.insert(findings.end(), r.findings.begin(), r.findings.end());
        results.push_back(r);
    }
    const auto capabilities = capabilityFindings(results);
    findings.insert(findings.end(), capabilities.begin(), capabilities.end());
    // A path through a call that never returns (of a function of its own file, or one another file
    // defines) cannot happen. The same finding on another path stays.
    std::set<std::string> endless;
    for (const auto& r : results) endless.insert(r.noReturn.begin(), r.noReturn.end());
    markPathsThroughNoReturn(findings, endless);
    std::vector<Finding> possible;
    for (auto& f : findings)
        if (!f.impossible) possible.push_back(f);
    dropRepeats(findings);
    dropRepeats(possible);
    const size_t ended = findings.size() - possible.size();
    findings = std::move(possible);

    size_t silenced = 0;
    std::vector<Finding> kept;
    for (auto& f : findings) {
        if (suppressedByComment(f)) ++silenced;
        else kept.push_back(std::move(f));
    }
    findings = std::move(kept);
    if (o.writeBaseline) {
        if (auto problem = jvmtireport::writeFileAtomically(*o.writeBaseline, writeBaselineText(findings, cwd))) {
            std::cerr << "jvmti-lint: --write-baseline " << *o.writeBaseline << ": " << *problem << "\n";
            status = 2;
        } else {
            std::cerr << "jvmti-lint: baseline of " << plural(findings.size(), "finding") << ": " << *o.writeBaseline << "\n";
        }
    }
    const size_t baselined = baseline ? applyBaseline(findings, *baseline, cwd) : 0;

    std::map<std::string, size_t> verdicts;
    if (o.confirm) {
        if (std::none_of(findings.begin(), findings.end(), confirmable)) {
            std::cerr << "jvmti-lint: --confirm: no finding needs a call to fail; the program was not run\n";
        } else {
            const std::string tool = findCheckTool(exeDir());
            if (tool.empty()) {
                std::cerr << "jvmti-lint: --confirm: jvmti-check is neither beside jvmti-lint nor in the build tree\n";
                return 2;
            }
            if (auto problem = confirmFindings(findings, {tool, o.layer, o.command, cwd, o.jobs, o.runTimeout.value_or(kRunTimeout)}, std::cerr)) {
                std::cerr << "jvmti-lint: --confirm: " << *problem << "\n";
                return 2;
            }
            for (const auto& f : findings)
                if (!f.verdict.empty()) ++verdicts[f.verdict];
        }
    }

    for (const auto& f : findings) std::cout << textFinding(f, cwd);
    std::cout.flush();
    std::cerr << "jvmti-lint: " << plural(findings.size(), "finding") << " in " << plural(sources.jobs.size(), "file");
    if (ended) std::cerr << ", " << ended << " left out (their path passes a call that never returns)";
    if (silenced) std::cerr << ", " << silenced << " silenced by NOLINT";
    if (baselined) std::cerr << ", " << baselined << " in the baseline";
    for (const auto& [verdict, n] : verdicts) std::cerr << ", " << n << " " << verdict;
    std::cerr << "\n";
    if (status == 0 && !findings.empty() && o.errorExitCode) status = *o.errorExitCode;

    if (o.sarif) {
        run.commandLine.assign(argv, argv + argc);
        run.root = cwd;
        run.exitCode = status;
        run.version = std::string(jvmtihelp::projectVersion());
        if (auto problem = jvmtireport::writeFileAtomically(*o.sarif, sarifLog(findings, catalogue, run))) {
            std::cerr << "jvmti-lint: --sarif " << *o.sarif << ": " << *problem << "\n";
            return 2;
        }
    }
    return status;
}
