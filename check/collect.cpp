#include "collect.hpp"

#include <algorithm>
#include <fstream>
#include <map>
#include <sstream>

#include <nlohmann/json.hpp>


namespace jvmticheck {

namespace fs = std::filesystem;
using jvmtireport::JvmReport;

namespace {

std::optional<std::string> readText(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    if (!in) return std::nullopt;
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

bool endsWith(const std::string& s, std::string_view end) {
    return s.size() >= end.size() && s.compare(s.size() - end.size(), end.size(), end) == 0;
}

// "<pid>-<main>" from a report file's name without its extension.
void nameParts(const std::string& stem, JvmReport& out) {
    const auto dash = stem.find('-');
    try {
        out.pid = std::stoi(stem.substr(0, dash));
    } catch (...) {
        out.pid = 0;
    }
    if (dash != std::string::npos) out.mainClass = stem.substr(dash + 1);
}


}  // namespace

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
    for (const auto& entry : fs::directory_iterator(dir, ec)) {
        std::error_code timeError;
        const auto time = entry.last_write_time(timeError);
        if (!timeError) out.emplace(entry.path().string(), time);
    }
    return out;
}

Collected collectReports(const fs::path& dir, const std::vector<std::string>& extra, const FileTimes& before) {
    Collected out;
    // Left from an earlier run: there before, unchanged since.
    const auto old = [&](const fs::path& file) {
        std::error_code timeError;
        const auto time = fs::last_write_time(file, timeError);
        const auto it = before.find(file.string());
        return timeError || (it != before.end() && it->second == time);
    };
    std::vector<fs::path> data;
    for (const auto& file : extra)
        if (!old(file)) data.push_back(file);
    std::vector<fs::path> texts;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(dir, ec)) {
        const std::string name = entry.path().filename().string();
        if (old(entry.path())) continue;
        if (endsWith(name, ".json") && !endsWith(name, ".agents.json")) data.push_back(entry.path());
        else if (endsWith(name, ".txt")) texts.push_back(entry.path());
    }
    for (const auto& file : data) {
        const auto text = readText(file);
        if (!text) continue;  // an extra report= file the JVM never wrote
        const auto json = nlohmann::json::parse(*text, nullptr, false);
        JvmReport jvm;
        if (json.is_discarded()) {
            out.problems.push_back(file.string() + ": not JSON");
            continue;
        }
        if (auto problem = jvmtireport::fromJson(json, jvm)) {
            out.problems.push_back(file.string() + ": " + *problem);
            continue;
        }
        out.jvms.push_back(std::move(jvm));
    }
    for (const auto& file : texts) {
        fs::path json = file;
        json.replace_extension(".json");
        if (fs::exists(json, ec)) continue;
        JvmReport jvm;
        nameParts(file.stem().string(), jvm);
        jvm.textReport = file.string();
        jvm.finished = false;
        rulesFromText(readText(file).value_or(""), jvm);
        out.jvms.push_back(std::move(jvm));
    }
    std::stable_sort(out.jvms.begin(), out.jvms.end(), [](const JvmReport& a, const JvmReport& b) {
        return a.startTime != b.startTime ? a.startTime < b.startTime : a.pid < b.pid;
    });
    return out;
}


}  // namespace jvmticheck
