// The HTML report of a run: gathering the page's data and writing the file (see
// report_page.hpp; the page itself is report_html.cpp).
#include "report/report_page.hpp"

#include <dlfcn.h>
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <filesystem>
#include <system_error>

#include "checks/call_site.hpp"
#include "state/state.hpp"
#include "report/formats/report_files_io.hpp"
#include "report/report_files.hpp"
#include "report/report_html.hpp"
#include "report/violations.hpp"
#include "trace/tracing.hpp"

namespace jvmtilayer::report_page {

namespace {

namespace fs = std::filesystem;

struct PageState {
    bool on = false;
    Settings settings;
    std::string jvm;
    std::string docsUrl;
    std::string docsNote;
};

PageState& state() {
    static PageState s;
    return s;
}

// The catalogue when none is found: the relative link the text report prints.
constexpr const char* kRelativeDocs = "jvmti.html";

std::string layerFile() {
    Dl_info info{};
    if (::dladdr(reinterpret_cast<const void*>(&layerFile), &info) == 0 || info.dli_fname == nullptr) return {};
    return info.dli_fname;
}

html::Page basePage(const PageState& s) {
    html::Page page;
    page.agents = agentPaths();
    page.jvm = s.jvm;
    page.checkMode = checkModeName(s.settings.check);
    page.textReport = textReportTarget(s.settings);
    page.docsUrl = s.docsUrl;
    page.docsNote = s.docsNote;
    return page;
}

std::vector<html::StatRow> rows(const std::map<std::string, trace::EventStats>& stats) {
    std::vector<html::StatRow> out;
    for (const auto& [name, e] : stats) out.push_back({name, e.count, 0, e.totalNs, e.maxNs});
    return out;
}

}  // namespace

namespace {

// The generated jvmti.html as a path, from the layer library's directory.
std::optional<fs::path> findDocsPath(const std::string& layer) {
    std::error_code ec;
    const fs::path dir = fs::absolute(fs::path(layer), ec).parent_path();
    if (ec || layer.empty()) return std::nullopt;
    std::string candidates = JVMTILAYER_DOCS_CANDIDATES;
    for (std::size_t at = 0; at <= candidates.size();) {
        const auto colon = std::min(candidates.find(':', at), candidates.size());
        const fs::path file = (dir / candidates.substr(at, colon - at)).lexically_normal();
        if (fs::is_regular_file(file, ec)) return file;
        at = colon + 1;
    }
    return std::nullopt;
}

}  // namespace

std::optional<std::string> findDocs(const std::string& layer) {
    if (auto file = findDocsPath(layer)) return html::fileUrl(file->string());
    return std::nullopt;
}

std::optional<std::string> findDocsFile(const std::string& name) {
    const auto page = findDocsPath(layerFile());
    if (!page) return std::nullopt;
    std::error_code ec;
    const fs::path file = page->parent_path() / name;
    if (!fs::is_regular_file(file, ec)) return std::nullopt;
    return file.string();
}

std::string docsUrl(const Settings& settings) {
    if (!settings.docsUrl.empty()) return settings.docsUrl;
    if (auto found = findDocs(layerFile())) return *found;
    return kRelativeDocs;
}

std::optional<std::string> start(const Settings& settings) {
    if (!hasFormat(settings, ReportFormat::Html)) return std::nullopt;
    PageState& s = state();
    s.settings = settings;
    s.jvm = report_files::jvmName();
    s.docsUrl = docsUrl(settings);
    if (settings.docsUrl.empty() && s.docsUrl == kRelativeDocs)
        s.docsNote = "(the generated jvmti.html was not found beside the layer library; docs-url= names it)";
    html::Page page = basePage(s);
    page.statsNote = "the run has not ended yet, or the JVM did not exit normally";
    std::string text = html::renderPage(page);
    // Said before the summary: the rest of this first page is empty.
    const std::string notice = "<p class=\"note\" id=\"unfinished\">This page is rewritten when the JVM exits: the run has "
                               "not ended yet, or the JVM did not exit normally. The text report so far is in " +
                               html::escape(page.textReport) + ".</p>\n";
    text.insert(text.find("<dl class=\"summary\""), notice);
    const std::string file = reportFile(settings, ReportFormat::Html);
    if (auto problem = jvmtireport::writeFileAtomically(file, text, fileModeOf(settings)))
        return "report=" + file + ": " + *problem;
    s.on = true;
    return std::nullopt;
}

void finish(const std::vector<memory::Leak>& leaks) noexcept {
    try {
        PageState& s = state();
        if (!s.on) return;
        html::Page page = basePage(s);
        page.rules = reporter().rules();
        for (const auto& leak : leaks)
            page.leaks.push_back({leak.function, leak.site ? checks::describeCallSite(leak.site) : std::string(),
                                  leak.blocks, leak.bytes, leak.unknownSize});
        if (auto stats = tracing::statsSnapshot()) {
            page.statsCollected = true;
            for (const auto& [name, f] : stats->functions)
                page.functions.push_back({name, f.calls, f.errors, f.totalNs, f.maxNs});
            page.events = rows(stats->events);
            page.callbacks = rows(stats->callbacks);
        } else {
            page.statsNote = s.settings.check == CheckMode::Off
                                 ? "check=off hands agents the VM's own environments, so the layer sees no call"
                                 : "the layer did not count calls";
        }
        const std::string file = reportFile(s.settings, ReportFormat::Html);
        if (auto problem = jvmtireport::writeFileAtomically(file, html::renderPage(page), fileModeOf(s.settings)))
            reportProblem(Severity::Error, own_rules::rule("layer.report_write"), nullptr, nullptr, "report=" + file + ": " + *problem);
    } catch (...) {
        // Out of memory at exit: the first page stays, saying the run did not end normally.
    }
}

}  // namespace jvmtilayer::report_page
