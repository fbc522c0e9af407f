#include "finish.hpp"

#include <unistd.h>

#include <fstream>
#include <iostream>
#include <sstream>

#include "jdk.hpp"
#include "report_html.hpp"
#include "run.hpp"

namespace jvmticheck {

namespace {

namespace fs = std::filesystem;

int fail(const std::string& message) {
    std::cerr << "jvmti-check: " << message << "\n";
    return 2;
}

std::optional<std::string> writeFile(const std::string& file, const std::string& text) {
    const std::string temporary = file + ".tmp" + std::to_string(::getpid());
    {
        std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
        out << text;
        if (!out.flush()) {
            std::error_code ec;
            fs::remove(temporary, ec);
            return "cannot write " + file;
        }
    }
    std::error_code ec;
    fs::rename(temporary, file, ec);
    if (ec) return "cannot write " + file + ": " + ec.message();
    return std::nullopt;
}

std::vector<jvmtireport::CatalogueRule> catalogue() {
    std::vector<jvmtireport::CatalogueRule> rules;
    std::string tried;
    if (auto file = installedFile(JVMTI_CHECK_RULES_CANDIDATES, tried)) {
        std::ifstream in(*file);
        std::ostringstream text;
        text << in.rdbuf();
        if (jvmtireport::parseCatalogue(text.str(), rules)) rules.clear();
    }
    return rules;
}

std::string docsUrl() {
    std::string tried;
    if (auto file = installedFile(JVMTI_CHECK_DOCS_CANDIDATES, tried)) return jvmtilayer::html::fileUrl(file->string());
    return "jvmti.html";
}

std::string plural(std::uint64_t n, const char* word) { return std::to_string(n) + " " + word + (n == 1 ? "" : "s"); }

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
    std::uint64_t failing = 0, reports = 0;
    for (const auto& j : jvms) {
        failing += jvmtireport::failingReports(j, run.failOn);
        for (const auto& r : j.rules) reports += r.reported;
    }
    std::string traceFile, statsFile;
    if (auto t = settingValue(run.options.settings, "trace"); t && !t->empty())
        traceFile = settingValue(run.options.settings, "trace-file").value_or("stderr");
    if (auto s = settingValue(run.options.settings, "stats"); s && !s->empty()) statsFile = *s;
    for (const auto& j : jvms) {
        if (jvms.size() == 1 && !j.finished)
            std::cerr << "jvmti-check: JVM " << j.pid << " (" << (j.mainClass.empty() ? "?" : j.mainClass)
                      << ") did not end normally: its report has no end-of-run part\n";
        if (jvms.size() > 1)
            std::cerr << "jvmti-check: JVM " << j.pid << " (" << (j.mainClass.empty() ? "?" : j.mainClass) << "): "
                      << (j.finished ? "" : "did not end normally; ") << plural(jvmtireport::failingReports(j, run.failOn), "failing report")
                      << "\n";
        Outputs outputs{j.textReport, std::nullopt, std::nullopt, std::nullopt};
        if (!j.htmlReport.empty()) outputs.html = j.htmlReport;
        if (!traceFile.empty()) outputs.trace = traceFile;
        if (!statsFile.empty()) outputs.stats = statsFile;
        for (const auto& line : afterRunLines(outputs)) std::cerr << line << "\n";
    }
    if (jvms.empty() && !run.reportToStderr)
        std::cerr << "jvmti-check: nothing was checked: no JVM of the command loaded an agent (reports would be in "
                  << run.reportDir.string() << ")\n";
    else if (jvms.size() > 1)
        std::cerr << "jvmti-check: " << jvms.size() << " JVMs checked, " << plural(reports, "report") << ", "
                  << failing << " at severity " << run.options.failOn << (run.failOn == jvmtireport::Level::Warning ? " or error" : "")
                  << "; their reports are in " << run.reportDir.string() << "\n";

    if (run.options.sarif) {
        const auto rules = catalogue();
        jvmtireport::SarifContext context;
        context.toolVersion = JVMTI_CHECK_VERSION;
        context.docsUrl = docsUrl();
        context.commandLine = run.options.command;
        context.exitCode = status;
        context.sourceRoot = fs::absolute(run.options.sourceRoot ? fs::path(*run.options.sourceRoot) : run.cwd, ec).lexically_normal().string();
        context.catalogue = &rules;
        if (auto problem = writeFile(*run.options.sarif, jvmtireport::writeSarif(jvms, context))) return fail(*problem);
        std::cerr << "jvmti-check: SARIF: " << *run.options.sarif << "\n";
    }
    if (run.options.junit) {
        if (auto problem = writeFile(*run.options.junit, jvmtireport::writeJunit(jvms, run.failOn))) return fail(*problem);
        std::cerr << "jvmti-check: JUnit XML: " << *run.options.junit << "\n";
    }
    if (run.options.html) {
        // One JVM: its page; several: an index of their pages.
        if (jvms.size() == 1 && !jvms.front().htmlReport.empty()) {
            fs::copy_file(jvms.front().htmlReport, *run.options.html, fs::copy_options::overwrite_existing, ec);
            if (ec) return fail("--html " + *run.options.html + ": " + ec.message());
        } else if (auto problem = writeFile(*run.options.html, htmlIndex(jvms, *run.options.html, run.failOn))) {
            return fail(*problem);
        }
        std::cerr << "jvmti-check: HTML: " << *run.options.html << "\n";
    }
    if (run.options.errorExitcode != 0 && failing > 0) {
        std::cerr << "jvmti-check: exit status " << run.options.errorExitcode << " (--error-exitcode): "
                  << plural(failing, "report") << " at severity " << run.options.failOn
                  << (run.failOn == jvmtireport::Level::Warning ? " or error" : "") << " (the command's own status was "
                  << status << ")\n";
        return run.options.errorExitcode;
    }
    return status;
}

}  // namespace jvmticheck
