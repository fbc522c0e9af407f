#include "collect.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <map>
#include <sstream>

#include <nlohmann/json.hpp>

#include "files/own_files.hpp"

namespace jvmticheck {

namespace fs = std::filesystem;
using jvmtireport::JvmReport;

namespace {

bool endsWith(const std::string& s, std::string_view end) {
    return s.size() >= end.size() && s.compare(s.size() - end.size(), end.size(), end) == 0;
}

// "<pid>-<main>" from a report file's name without its extension.
void nameParts(const std::string& stem, JvmReport& out) {
    const auto dash = stem.find('-');
    out.pid = 0;
    for (std::size_t i = 0; i < dash && i < 9; ++i) out.pid = out.pid * 10 + (stem[i] - '0');
    if (dash != std::string::npos) out.mainClass = stem.substr(dash + 1);
}

// The file beside `file` with `extension` in place of its own, when it is a regular file of ours.
std::string sibling(const fs::path& file, const char* extension) {
    fs::path other = file;
    other.replace_extension(extension);
    struct stat st {};
    if (::lstat(other.c_str(), &st) != 0 || !S_ISREG(st.st_mode) || st.st_uid != ::geteuid()) return "";
    return other.string();
}

std::optional<FileStamp> stampOf(const std::string& file) {
    struct stat st {};
    if (::lstat(file.c_str(), &st) != 0) return std::nullopt;
    return FileStamp{static_cast<std::uint64_t>(st.st_ino),
                     static_cast<std::int64_t>(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec};
}

}  // namespace

bool isReportName(const std::string& name, const std::string& extension) {
    if (!endsWith(name, extension)) return false;
    const std::string stem = name.substr(0, name.size() - extension.size());
    const auto dash = stem.find('-');
    if (dash == 0 || dash == std::string::npos || dash > 9 || dash + 1 == stem.size() || stem[dash + 1] == '.') return false;
    for (std::size_t i = 0; i < stem.size(); ++i) {
        const char c = stem[i];
        const bool digit = c >= '0' && c <= '9';
        if (i < dash ? !digit : !(digit || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '.' || c == '_' || c == '-'))
            return false;
    }
    return true;
}

void rulesFromText(const std::string& text, JvmReport& out) {
    std::map<std::string, std::size_t> index;
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);) {
        // jvmtilayer: <severity>: <id>: <what>[; called from <site>] [rule: ...]
        static const std::string prefix = "jvmtilayer: ";
        if (line.rfind(prefix, 0) != 0) continue;
        const auto sevEnd = line.find(": ", prefix.size());
        if (sevEnd == std::string::npos) continue;
        const auto level = jvmtireport::parseLevel(line.substr(prefix.size(), sevEnd - prefix.size()));
        if (!level || *level == jvmtireport::Level::Info) continue;
        const auto idEnd = line.find(": ", sevEnd + 2);
        if (idEnd == std::string::npos) continue;
        const std::string id = line.substr(sevEnd + 2, idEnd - sevEnd - 2);
        auto [it, fresh] = index.emplace(id, out.rules.size());
        if (fresh) {
            auto& rule = out.rules.emplace_back();
            rule.id = id;
            rule.level = *level;
            rule.message = line.substr(idEnd + 2, line.find(" [", idEnd) - idEnd - 2);
            if (const auto site = rule.message.find("; called from "); site != std::string::npos)
                rule.message.resize(site);
        }
        auto& rule = out.rules[it->second];
        ++rule.reported;
        ++rule.printed;
        const auto from = line.find("; called from ");
        if (from == std::string::npos) {
            ++rule.noSite;
            continue;
        }
        const auto siteStart = from + 14;
        const auto siteEnd = line.find(" [", siteStart);
        const std::string site = line.substr(siteStart, siteEnd == std::string::npos ? std::string::npos : siteEnd - siteStart);
        auto s = std::find_if(rule.sites.begin(), rule.sites.end(), [&](const auto& x) { return x.text == site; });
        if (s == rule.sites.end()) rule.sites.push_back({site, 1});
        else ++s->count;
    }
    std::sort(out.rules.begin(), out.rules.end(), [](const auto& a, const auto& b) { return a.id < b.id; });
}

FileTimes filesOf(const fs::path& dir) {
    FileTimes out;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(dir, ec))
        if (auto stamp = stampOf(entry.path().string())) out.emplace(entry.path().string(), *stamp);
    return out;
}

Collected collectReports(const fs::path& dir, const std::vector<NamedReport>& extra, const FileTimes& before) {
    Collected out;
    // Left from an earlier run: there before, unchanged since.
    const auto old = [&](const std::string& file) {
        const auto stamp = stampOf(file);
        const auto it = before.find(file);
        return !stamp || (it != before.end() && it->second == *stamp);
    };
    std::vector<NamedReport> data;
    for (const auto& named : extra)
        if (!old(named.json)) data.push_back(named);
    std::vector<fs::path> texts;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(dir, ec)) {
        const std::string name = entry.path().filename().string();
        const std::string file = entry.path().string();
        if (old(file)) continue;
        if (isReportName(name, ".json")) data.push_back({file, sibling(entry.path(), ".txt"), sibling(entry.path(), ".html")});
        else if (isReportName(name, ".txt")) texts.push_back(entry.path());
    }
    for (const auto& named : data) {
        std::string problem;
        const auto text = jvmtifiles::readOwnFile(named.json, kReportLimit, problem);
        if (!text) {
            out.problems.push_back(problem);
            continue;
        }
        const auto json = nlohmann::json::parse(*text, nullptr, false);
        JvmReport jvm;
        if (json.is_discarded()) {
            out.problems.push_back(named.json + ": not JSON");
            continue;
        }
        if (auto why = jvmtireport::fromJson(json, jvm)) {
            out.problems.push_back(named.json + ": " + *why);
            continue;
        }
        // Where its text and page are is known from where its data was found, not from the data.
        jvm.textReport = named.text;
        jvm.htmlReport = named.html;
        out.jvms.push_back(std::move(jvm));
    }
    for (const auto& file : texts) {
        fs::path json = file;
        json.replace_extension(".json");
        if (::access(json.c_str(), F_OK) == 0) continue;
        std::string problem;
        const auto text = jvmtifiles::readOwnFile(file.string(), kReportLimit, problem);
        if (!text) {
            out.problems.push_back(problem);
            continue;
        }
        JvmReport jvm;
        nameParts(file.stem().string(), jvm);
        jvm.textReport = file.string();
        jvm.finished = false;
        rulesFromText(*text, jvm);
        out.jvms.push_back(std::move(jvm));
    }
    std::stable_sort(out.jvms.begin(), out.jvms.end(), [](const JvmReport& a, const JvmReport& b) {
        return a.startTime != b.startTime ? a.startTime < b.startTime : a.pid < b.pid;
    });
    return out;
}

}  // namespace jvmticheck
