#include "finish.hpp"

#include <unistd.h>

#include <functional>
#include <iostream>
#include <sstream>
#include <stdexcept>

#include "files/own_files.hpp"
#include "jdk.hpp"
#include "report/formats/report_files_io.hpp"
#include "report/report_html.hpp"
#include "run.hpp"

namespace jvmticheck {

namespace {

namespace fs = std::filesystem;

std::string docsUrl() {
    std::string tried;
    if (auto file = installedFile(JVMTI_CHECK_DOCS_CANDIDATES, tried)) return jvmtilayer::html::fileUrl(file->string());
    return "jvmti.html";
}

std::string plural(std::uint64_t n, const char* word) { return std::to_string(n) + " " + word + (n == 1 ? "" : "s"); }

// "JVM 4711 (com.example.Main)".
std::string jvmLabel(const jvmtireport::JvmReport& j) {
    return "JVM " + std::to_string(j.pid) + " (" + (j.mainClass.empty() ? "?" : j.mainClass) + ")";
}

// The index of --html: each JVM's page (or text report), linked relative to the index where it can be.
jvmtilayer::html::Index htmlIndex(const std::vector<jvmtireport::JvmReport>& jvms, const fs::path& indexFile,
                                  jvmtireport::Level failOn) {
    std::error_code ec;
    const fs::path base = fs::absolute(indexFile, ec).parent_path();
    jvmtilayer::html::Index index;
    index.failingSeverities = jvmtireport::failingSeverities(failOn);
    for (const auto& j : jvms) {
        auto& row = index.rows.emplace_back();
        row.pid = j.pid;
        row.mainClass = j.mainClass;
        row.jvm = j.jvm;
        for (const auto& a : j.agents) row.agents.push_back(fs::path(a).filename().string());
        row.reports = jvmtireport::totalReports(j);
        row.failing = jvmtireport::failingReports(j, failOn);
        row.finished = j.finished;
        const fs::path target = j.htmlReport.empty() ? j.textReport : j.htmlReport;
        row.href = target.lexically_relative(base).string();
        if (row.href.empty() || row.href.rfind("..", 0) == 0) row.href = jvmtilayer::html::fileUrl(fs::absolute(target, ec).string());
        row.linkText = target.filename().string();
        index.reports += row.reports;
        index.failing += row.failing;
    }
    return index;
}

// Writes one of jvmti-check's outputs; 1 when it could not be written (and says why), else 0.
std::uint64_t writeOutput(const char* option, const std::string& file, const char* what,
                          const std::function<std::string()>& text, unsigned mode) {
    std::string problem;
    try {
        if (auto p = jvmtireport::writeFileAtomically(file, text(), static_cast<mode_t>(mode))) problem = *p;
    } catch (const std::exception& e) {
        problem = e.what();
    }
    if (!problem.empty()) {
        std::cerr << "jvmti-check: " << option << " " << file << ": " << problem << "\n";
        return 1;
    }
    std::cerr << "jvmti-check: " << what << ": " << file << "\n";
    return 0;
}

}  // namespace

fs::path selfDir() {
    std::error_code ec;
    return fs::read_symlink("/proc/self/exe", ec).parent_path();
}

// The first of `candidates` (a ':' list of paths relative to jvmti-check's own directory: the
// installed layout, then the build tree's) that is a file.
std::optional<fs::path> installedFile(const std::string& candidates, std::string& tried) {
    std::error_code ec;
    for (const auto& relative : splitPathList(candidates)) {
        const fs::path file = (selfDir() / relative).lexically_normal();
        tried += (tried.empty() ? "" : ", ") + file.string();
        if (fs::is_regular_file(file, ec)) return file;
    }
    return std::nullopt;
}


int finishRun(const Finish& run, int status) {
    std::error_code ec;
    // Every JVM's report, merged.
    auto collected = collectReports(run.reportDir, run.extraData, run.before);
    for (const auto& problem : collected.problems) std::cerr << "jvmti-check: cannot read a report: " << problem << "\n";
    auto& jvms = collected.jvms;
    // Reports that could not be read and outputs that could not be written.
    std::uint64_t lost = collected.problems.size();
    std::uint64_t failing = 0, reports = 0;
    for (const auto& j : jvms) {
        failing += jvmtireport::failingReports(j, run.failOn);
        reports += jvmtireport::totalReports(j);
    }
    for (const auto& j : jvms) {
        if (jvms.size() == 1 && !j.finished)
            std::cerr << "jvmti-check: " << jvmLabel(j) << " did not end normally: its report has no end-of-run part\n";
        if (jvms.size() > 1)
            std::cerr << "jvmti-check: " << jvmLabel(j) << ": "
                      << (j.finished ? "" : "did not end normally; ") << plural(jvmtireport::failingReports(j, run.failOn), "failing report")
                      << "\n";
        Outputs outputs{j.textReport, std::nullopt, std::nullopt, std::nullopt};
        if (!j.htmlReport.empty()) outputs.html = j.htmlReport;
        outputs.trace = run.trace;
        outputs.stats = run.stats;
        for (const auto& line : afterRunLines(outputs)) std::cerr << line << "\n";
    }
    if (jvms.empty() && !run.reportToStderr)
        std::cerr << "jvmti-check: nothing was checked: no JVM of the command loaded an agent (reports would be in "
                  << run.reportDir.string() << ")\n";
    else if (jvms.size() > 1)
        std::cerr << "jvmti-check: " << jvms.size() << " JVMs checked, " << plural(reports, "report") << ", "
                  << failing << " at severity " << jvmtireport::failingSeverities(run.failOn)
                  << "; their reports are in " << run.reportDir.string() << "\n";

    if (run.options.sarif) {
        std::string tried;
        const auto catalogueFile = installedFile(JVMTI_CHECK_RULES_CANDIDATES, tried);
        const auto rules = catalogueFile ? jvmtireport::readCatalogueFile(catalogueFile->string())
                                         : std::vector<jvmtireport::CatalogueRule>{};
        jvmtireport::SarifContext context;
        context.toolVersion = JVMTI_CHECK_VERSION;
        context.docsUrl = docsUrl();
        context.commandLine = run.commandFull ? run.options.command : jvmtireport::redactCommand(run.options.command);
        context.exitCode = status;
        context.sourceRoot = fs::absolute(run.options.sourceRoot ? fs::path(*run.options.sourceRoot) : run.cwd, ec).lexically_normal().string();
        context.catalogue = &rules;
        lost += writeOutput("--sarif", *run.options.sarif, "SARIF", [&] { return jvmtireport::writeSarif(jvms, context); }, run.fileMode);
    }
    if (run.options.junit)
        lost += writeOutput("--junit", *run.options.junit, "JUnit XML", [&] { return jvmtireport::writeJunit(jvms, run.failOn); }, run.fileMode);
    if (run.options.html) {
        // One JVM: its page; several: an index of their pages.
        lost += writeOutput("--html", *run.options.html, "HTML", [&] {
            if (jvms.size() == 1 && !jvms.front().htmlReport.empty()) {
                std::string problem;
                if (auto page = jvmtifiles::readOwnFile(jvms.front().htmlReport, kReportLimit, problem)) return *page;
                throw std::runtime_error("cannot read the JVM's page " + problem);
            }
            return jvmtilayer::html::renderIndex(htmlIndex(jvms, *run.options.html, run.failOn));
        }, run.fileMode);
    }
    if (lost > 0) {
        std::cerr << "jvmti-check: " << plural(lost, "report") << " could not be read or written: the run fails";
        if (run.options.errorExitcode != 0)
            std::cerr << " with exit status " << run.options.errorExitcode << " (--error-exitcode)";
        else
            std::cerr << " with exit status 2";
        std::cerr << " (the command's own status was " << status << ")\n";
        return run.options.errorExitcode != 0 ? run.options.errorExitcode : 2;
    }
    if (run.options.errorExitcode != 0 && failing > 0) {
        std::cerr << "jvmti-check: exit status " << run.options.errorExitcode << " (--error-exitcode): "
                  << plural(failing, "report") << " at severity " << jvmtireport::failingSeverities(run.failOn)
                  << " (the command's own status was "
                  << status << ")\n";
        return run.options.errorExitcode;
    }
    return status;
}

}  // namespace jvmticheck
