// The machine-readable reports of one JVM: see report_files.hpp.
#include "report/report_files.hpp"

#include <unistd.h>

#include <chrono>
#include <ctime>
#include <fstream>

#include <nlohmann/json.hpp>

#include "state/state.hpp"
#include "report/formats/report_files_io.hpp"
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

void writeFile(const std::string& path, const std::string& text) {
    if (auto problem = jvmtireport::writeFileAtomically(path, text))
        reportProblem(Severity::Error, own_rules::rule("layer.report_write"), nullptr, nullptr, "report=" + path + ": " + *problem);
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

std::string mainClassOf(const std::string& javaCommand) {
    const std::string first = javaCommand.substr(0, javaCommand.find(' '));
    const auto slash = first.find_last_of('/');
    std::string name = slash == std::string::npos ? first : first.substr(slash + 1);
    if (name.size() > 4 && name.compare(name.size() - 4, 4, ".jar") == 0) name.resize(name.size() - 4);
    return name;
}

std::string expandReportName(const std::string& pattern, int pid, const std::string& mainClass) {
    std::string main;
    for (const char c : mainClass) {
        const bool keep = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' ||
                          c == '_' || c == '-';
        main += keep ? c : '_';
    }
    if (main.empty()) main = "unknown";
    std::string out;
    for (std::size_t i = 0; i < pattern.size(); ++i) {
        if (pattern[i] != '%' || i + 1 == pattern.size()) {
            out += pattern[i];
            continue;
        }
        const char next = pattern[i + 1];
        if (next == 'p') out += std::to_string(pid);
        else if (next == 'm') out += main;
        else if (next == '%') out += '%';
        else {
            out += '%';
            continue;
        }
        ++i;
    }
    return out;
}

void start(const Settings& settings, jvmtiEnv* control) {
    State& s = state();
    s.settings = settings;
    s.jvm = systemProperty(control, "java.vm.name");
    const std::string version = systemProperty(control, "java.vm.version");
    if (!version.empty()) s.jvm += (s.jvm.empty() ? "" : " ") + version;
    s.mainClass = mainClassOf(systemProperty(control, "sun.java.command"));
    s.commandLine = ownCommandLine();
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
    try {
        const State& s = state();
        const auto jvm = collect(true);
        const std::vector<jvmtireport::JvmReport> one{jvm};  // SARIF holds runs of many JVMs; here one
        if (hasFormat(s.settings, ReportFormat::Json))
            writeFile(reportFile(s.settings, ReportFormat::Json), toJson(jvm).dump(2) + "\n");
        if (hasFormat(s.settings, ReportFormat::Sarif)) {
            // The rule catalogue installed beside the docs, if found.
            const auto file = report_page::findDocsFile("rules.json");
            const auto rules = file ? jvmtireport::readCatalogueFile(*file) : std::vector<jvmtireport::CatalogueRule>{};
            jvmtireport::SarifContext context;
            context.toolName = "libjvmtilayer";
            context.toolVersion = JVMTILAYER_VERSION;
            context.docsUrl = report_page::docsUrl(s.settings);
            context.catalogue = &rules;
            writeFile(reportFile(s.settings, ReportFormat::Sarif), jvmtireport::writeSarif(one, context));
        }
        const auto failOn = failLevel(s.settings.failOn);
        if (hasFormat(s.settings, ReportFormat::Junit))
            writeFile(reportFile(s.settings, ReportFormat::Junit), jvmtireport::writeJunitSuite(jvm, failOn));
        return jvmtireport::failingReports(jvm, failOn);
    } catch (...) {
        return 0;
    }
}

}  // namespace jvmtilayer::report_files
