// The machine-readable reports of one JVM: see report_files.hpp.
#include "report/report_files.hpp"

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <functional>
#include <ctime>
#include <fstream>

#include <nlohmann/json.hpp>

#include "state/state.hpp"
#include "report/formats/report_files_io.hpp"
#include "report/formats/text_encoding.hpp"
#include "report/report_names.hpp"
#include "report/report_page.hpp"
#include "report/violations.hpp"

namespace jvmtilayer::report_files {

namespace {

struct State {
    Settings settings;
    std::string jvm, mainClass, startTime;
    std::vector<std::string> commandLine;
};

State& state() {
    static State s;
    return s;
}

std::string utcNow() {
    const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    std::tm tm{};
    ::gmtime_r(&now, &tm);
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return text;
}

// The process's arguments, as the kernel keeps them.
std::vector<std::string> ownCommandLine() {
    std::ifstream in("/proc/self/cmdline", std::ios::binary);
    std::vector<std::string> words;
    for (std::string word; std::getline(in, word, '\0');) words.push_back(word);
    return words;
}

jvmtireport::Level levelOf(Severity severity) {
    switch (severity) {
    case Severity::Error: return jvmtireport::Level::Error;
    case Severity::Warning: return jvmtireport::Level::Warning;
    case Severity::Info: return jvmtireport::Level::Info;
    case Severity::Advice: return jvmtireport::Level::Advice;
    }
    return jvmtireport::Level::Error;
}

// Writes one report file; false, with the problem reported (in the text report and on standard
// error: the file the user asked for is missing) when it cannot be written.
bool writeFile(const std::string& path, const std::function<std::string()>& text, unsigned mode) noexcept {
    std::string problem;
    try {
        if (auto p = jvmtireport::writeFileAtomically(path, text(), static_cast<mode_t>(mode))) problem = *p;
    } catch (const std::exception& e) {
        problem = std::string("cannot make its contents: ") + e.what();
    } catch (...) {
        problem = "cannot make its contents";
    }
    if (problem.empty()) return true;
    const std::string message = "report=" + path + ": " + problem;
    reportProblem(Severity::Error, own_rules::rule("layer.report_write"), nullptr, nullptr, message);
    std::fprintf(stderr, "jvmtilayer: error: layer.report_write: %s\n", message.c_str());
    return false;
}

}  // namespace

std::string systemProperty(jvmtiEnv* control, const char* name) {
    char* value = nullptr;
    if (control == nullptr || control->functions->GetSystemProperty(control, name, &value) != JVMTI_ERROR_NONE ||
        value == nullptr)
        return {};
    std::string out = value;
    control->functions->Deallocate(control, reinterpret_cast<unsigned char*>(value));
    return out;
}

void start(const Settings& settings, jvmtiEnv* control) {
    State& s = state();
    s.settings = settings;
    s.jvm = systemProperty(control, "java.vm.name");
    const std::string version = systemProperty(control, "java.vm.version");
    if (!version.empty()) s.jvm += (s.jvm.empty() ? "" : " ") + version;
    s.mainClass = mainClassOf(systemProperty(control, "sun.java.command"));
    s.commandLine = settings.reportCommandFull ? ownCommandLine() : jvmtireport::redactCommand(ownCommandLine());
    s.startTime = utcNow();
}

jvmtireport::Level failLevel(FailOn failOn) {
    return failOn == FailOn::Warning ? jvmtireport::Level::Warning : jvmtireport::Level::Error;
}

const std::string& jvmName() { return state().jvm; }

jvmtireport::JvmReport collect(bool finished) {
    const State& s = state();
    jvmtireport::JvmReport r;
    r.pid = static_cast<int>(::getpid());
    r.mainClass = s.mainClass;
    r.commandLine = s.commandLine;
    r.jvm = s.jvm;
    r.agents = agentPaths();
    r.checkMode = checkModeName(s.settings.check);
    r.startTime = s.startTime;
    r.finished = finished;
    if (finished) r.endTime = utcNow();
    r.textReport = textReportTarget(s.settings);
    if (hasFormat(s.settings, ReportFormat::Html)) r.htmlReport = reportFile(s.settings, ReportFormat::Html);
    for (auto& rule : reporter().rules()) {
        jvmtireport::RuleSeen& seen = r.rules.emplace_back();
        seen.id = rule.id;
        seen.level = levelOf(rule.severity);
        seen.rule = rule.rule;
        seen.message = rule.message;
        seen.function = rule.function;
        seen.reported = rule.count.reported;
        seen.printed = rule.count.printed;
        seen.ignored = rule.count.ignored;
        for (auto& [site, n] : rule.sites) seen.sites.push_back({site, n});
        seen.otherSites = rule.otherSites;
        seen.noSite = rule.noSite;
    }
    return r;
}

std::uint64_t finish() noexcept {
    // A file that cannot be written counts as a failing report, so that a gate never passes on
    // a report nobody can read.
    std::uint64_t unwritten = 0;
    try {
        const State& s = state();
        const auto jvm = collect(true);
        const auto failOn = failLevel(s.settings.failOn);
        const unsigned mode = fileModeOf(s.settings);
        const auto write = [&](ReportFormat format, const std::function<std::string()>& text) {
            if (hasFormat(s.settings, format) && !writeFile(reportFile(s.settings, format), text, mode)) ++unwritten;
        };
        write(ReportFormat::Json, [&] { return jvmtireport::jsonText(toJson(jvm)) + "\n"; });
        write(ReportFormat::Sarif, [&] {
            // The rule catalogue installed beside the docs, if found.
            const auto file = report_page::findDocsFile("rules.json");
            const auto rules = file ? jvmtireport::readCatalogueFile(*file) : std::vector<jvmtireport::CatalogueRule>{};
            jvmtireport::SarifContext context;
            context.toolName = "libjvmtilayer";
            context.toolVersion = JVMTILAYER_VERSION;
            context.docsUrl = report_page::docsUrl(s.settings);
            context.catalogue = &rules;
            const std::vector<jvmtireport::JvmReport> one{jvm};  // SARIF holds runs of many JVMs; here one
            return jvmtireport::writeSarif(one, context);
        });
        write(ReportFormat::Junit, [&] { return jvmtireport::writeJunitSuite(jvm, failOn); });
        return jvmtireport::failingReports(jvm, failOn) + unwritten;
    } catch (...) {
        // Out of memory while collecting: nothing can be trusted to have been written.
        std::fputs("jvmtilayer: error: layer.report_write: the reports could not be made (out of memory)\n", stderr);
        return unwritten + 1;
    }
}

}  // namespace jvmtilayer::report_files
