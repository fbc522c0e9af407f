// The reporter: one line per report, a repeat limit per id, an ignore list, a summary.
#include "report/report.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <system_error>
#include <utility>

#include <fcntl.h>
#include <unistd.h>

#include "files/own_files.hpp"

namespace jvmtilayer {

namespace {

constexpr const char* kUnknownId = "unknown";
constexpr const char* kRuleLink = "jvmti.html#rule-";  // then the id

// Appends `text` with every control character turned into a space.
void appendClean(std::string& out, std::string_view text) {
    for (char c : text) {
        const auto u = static_cast<unsigned char>(c);
        out += (u < 0x20 || u == 0x7f) ? ' ' : c;
    }
}

bool given(const char* s) { return s && *s; }

// "1 report", "2 reports".
std::string counted(std::uint64_t n, const char* noun) {
    return std::to_string(n) + " " + noun + (n == 1 ? "" : "s");
}

void writeAll(int fd, const std::string& text) noexcept {
    const char* p = text.data();
    std::size_t left = text.size();
    while (left > 0) {
        const ssize_t n = ::write(fd, p, left);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return;  // nowhere to report the reporter's own failure
        p += n;
        left -= static_cast<std::size_t>(n);
    }
}

}  // namespace

const char* severityName(Severity severity) {
    switch (severity) {
    case Severity::Error: return "error";
    case Severity::Warning: return "warning";
    case Severity::Info: return "info";
    case Severity::Advice: return "advice";
    }
    return "error";
}

Reporter::~Reporter() {
    if (ownsFd_) ::close(fd_);
}

std::optional<std::string> Reporter::open(const std::string& target, unsigned fileMode) noexcept {
    try {
        int fd = 2;
        bool owns = false;
        if (target != "stderr") {
            const jvmtifiles::NewFile file = jvmtifiles::createFile(target, static_cast<mode_t>(fileMode));
            if (!file.ok()) return "cannot create the report file: " + file.error;
            fd = file.fd;
            // Lines from every thread, and from a process the JVM forks, go to the end.
            ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_APPEND);
            owns = true;
        }
        int old = -1;
        {
            std::lock_guard lock(mutex_);
            if (ownsFd_) old = fd_;
            fd_ = fd;
            ownsFd_ = owns;
        }
        if (old >= 0) ::close(old);
        return std::nullopt;
    } catch (...) {
        return std::string("cannot open the report file (out of memory)");
    }
}

std::optional<std::string> Reporter::configure(const Settings& settings) noexcept {
    setLimit(settings.reportLimit);
    try {
        setIgnore(settings.reportIgnore);
    } catch (...) {
        return std::string("cannot store report-ignore (out of memory)");
    }
    return open(textReportTarget(settings), fileModeOf(settings));
}

void Reporter::setLimit(int limit) noexcept {
    std::lock_guard lock(mutex_);
    limit_ = limit < 0 ? 0 : limit;
}

void Reporter::setIgnore(std::vector<std::string> patterns) noexcept {
    try {
        std::lock_guard lock(mutex_);
        ignore_ = std::move(patterns);
        // Ids seen already follow the new list too.
        for (auto& [id, entry] : counts_) entry.count.ignored = matches(ignore_, id);
    } catch (...) {
    }
}

bool Reporter::matches(const std::vector<std::string>& patterns, std::string_view id) {
    for (const auto& p : patterns) {
        if (!p.empty() && p.back() == '*') {
            if (id.substr(0, p.size() - 1) == std::string_view(p).substr(0, p.size() - 1)) return true;
        } else if (id == p) {
            return true;
        }
    }
    return false;
}

void Reporter::setSiteNamer(SiteNamer namer) noexcept {
    std::lock_guard lock(mutex_);
    namer_ = namer;
}

std::string Reporter::formatLine(Severity severity, const char* id, const char* function, const char* argument,
                                 std::string_view what, const char* rule, std::string_view site) {
    std::string line = "jvmtilayer: ";
    line += severityName(severity);
    line += ": ";
    appendClean(line, given(id) ? id : kUnknownId);
    if (given(function)) {
        line += ": ";
        appendClean(line, function);
        if (given(argument)) {
            line += '(';
            appendClean(line, argument);
            line += ')';
        }
    }
    if (!what.empty()) {
        line += ": ";
        appendClean(line, what);
    }
    if (!site.empty()) {
        line += "; called from ";
        appendClean(line, site);
    }
    // The rule in words, and where the rule catalogue documents the id (docs/jvmti.html, whose
    // "Rule catalogue" section anchors every id the layer reports as rule-<id>).
    if (given(rule) || given(id)) {
        line += " [rule: ";
        if (given(rule)) appendClean(line, rule);
        if (given(rule) && given(id)) line += "; ";
        if (given(id)) {
            line += kRuleLink;
            appendClean(line, id);
        }
        line += ']';
    }
    return line;
}

void Reporter::report(Severity severity, const char* id, const char* function, const char* argument,
                      const std::string& what, const char* rule, const void* site) noexcept {
    try {
        const std::string_view key = given(id) ? id : kUnknownId;
        bool print = false, limitReached = false;
        int fd, limit;
        SiteNamer namer;
        {
            std::lock_guard lock(mutex_);
            auto it = counts_.find(key);
            if (it == counts_.end()) {
                Entry fresh;
                fresh.count.ignored = matches(ignore_, key);
                fresh.severity = severity;
                if (given(rule)) fresh.rule = rule;
                if (given(function)) fresh.function = function;
                appendClean(fresh.message, what);
                it = counts_.emplace(std::string(key), std::move(fresh)).first;
            }
            Entry& entry = it->second;
            if (site == nullptr) ++entry.noSite;
            else if (auto s = entry.sites.find(site); s != entry.sites.end()) ++s->second;
            else if (entry.sites.size() < kMaxSites) entry.sites.emplace(site, 1);
            else ++entry.otherSites;
            Count& c = entry.count;
            ++c.reported;
            if (!c.ignored && c.printed < static_cast<std::uint64_t>(limit_)) {
                ++c.printed;
                print = true;
                limitReached = c.printed == static_cast<std::uint64_t>(limit_);
            }
            fd = fd_;
            limit = limit_;
            namer = namer_;
        }
        if (!print) return;
        const std::string where = site != nullptr && namer != nullptr ? namer(site) : std::string();
        std::string text = formatLine(severity, id, function, argument, what, rule, where) + "\n";
        if (limitReached) {
            text += "jvmtilayer: info: ";
            appendClean(text, key);
            text += ": reported " + counted(static_cast<std::uint64_t>(limit), "time") +
                    "; further reports of it are only counted\n";
        }
        writeAll(fd, text);
    } catch (...) {
        // Out of memory or a failing mutex: the report is lost, the agent's call goes on.
    }
}

std::vector<std::string> Reporter::summaryLines() const {
    std::map<std::string, Count, std::less<>> counts;
    {
        std::lock_guard lock(mutex_);
        for (const auto& [id, entry] : counts_) counts.emplace(id, entry.count);
    }
    std::vector<std::string> lines;
    if (counts.empty()) return lines;
    std::uint64_t reported = 0, notPrinted = 0, ignored = 0;
    for (const auto& [id, c] : counts) {
        std::string line = "jvmtilayer: summary: ";
        appendClean(line, id);
        line += ": " + counted(c.reported, "report");
        reported += c.reported;
        if (c.ignored) {
            line += ", ignored";
            ignored += c.reported;
        } else if (c.printed < c.reported) {
            line += ", " + std::to_string(c.reported - c.printed) + " not printed";
            notPrinted += c.reported - c.printed;
        }
        lines.push_back(std::move(line));
    }
    std::string total = "jvmtilayer: summary: total: " + counted(reported, "report") + " of " +
                        counted(counts.size(), "id");
    if (notPrinted) total += ", " + std::to_string(notPrinted) + " not printed";
    if (ignored) total += ", " + std::to_string(ignored) + " ignored";
    lines.push_back(std::move(total));
    return lines;
}

void Reporter::writeLine(const std::string& line) noexcept {
    try {
        std::string text;
        appendClean(text, line);
        write(text + "\n");
    } catch (...) {
    }
}

void Reporter::summary() noexcept {
    try {
        std::string text;
        for (const auto& line : summaryLines()) text += line + "\n";
        if (!text.empty()) write(text);
    } catch (...) {
    }
}

Reporter::Count Reporter::count(std::string_view id) const {
    std::lock_guard lock(mutex_);
    const auto it = counts_.find(id);
    return it == counts_.end() ? Count{} : it->second.count;
}

std::uint64_t Reporter::total() const {
    std::lock_guard lock(mutex_);
    std::uint64_t n = 0;
    for (const auto& [id, entry] : counts_) n += entry.count.reported;
    return n;
}

std::vector<Reporter::Rule> Reporter::rules() const {
    std::map<std::string, Entry, std::less<>> entries;
    SiteNamer namer;
    {
        std::lock_guard lock(mutex_);
        entries = counts_;
        namer = namer_;
    }
    std::vector<Rule> out;
    for (auto& [id, entry] : entries) {
        Rule& r = out.emplace_back();
        r.id = id;
        r.severity = entry.severity;
        r.rule = std::move(entry.rule);
        r.function = std::move(entry.function);
        r.message = std::move(entry.message);
        r.count = entry.count;
        r.otherSites = entry.otherSites;
        r.noSite = entry.noSite;
        for (const auto& [site, n] : entry.sites) {
            std::string name = namer ? namer(site) : std::string();
            if (name.empty()) {
                char address[2 + 2 * sizeof(void*) + 1];
                std::snprintf(address, sizeof address, "%p", site);
                name = address;
            }
            r.sites.emplace_back(std::move(name), n);
        }
        std::stable_sort(r.sites.begin(), r.sites.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
    }
    return out;
}

void Reporter::write(const std::string& text) const noexcept {
    int fd;
    {
        std::lock_guard lock(mutex_);
        fd = fd_;
    }
    writeAll(fd, text);
}

}  // namespace jvmtilayer
