#include "sweep/plan.hpp"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <set>
#include <sstream>
#include <string_view>

#include "files/own_files.hpp"
#include "jvmti_metadata.hpp"

namespace jvmticheck {

namespace fs = std::filesystem;

std::string shortErrorName(const std::string& name) {
    static const std::string prefix = "JVMTI_ERROR_";
    return name.rfind(prefix, 0) == 0 ? name.substr(prefix.size()) : name;
}

std::string SweepRun::rule() const { return site.function + "@" + site.site + "/" + shortErrorName(errorName) + "/1"; }

namespace {

// LIBRARY+0xOFFSET: a library's file name (no '/', '@', ':', '+' or white space), '+', a hex offset.
bool isNamedSite(const std::string& site) {
    const auto plus = site.find('+');
    if (plus == 0 || plus == std::string::npos || site.compare(plus + 1, 2, "0x") != 0 || plus + 3 == site.size()) return false;
    for (std::size_t i = 0; i < plus; ++i)
        if (std::string_view("/@:").find(site[i]) != std::string_view::npos || std::isspace(static_cast<unsigned char>(site[i])))
            return false;
    for (std::size_t i = plus + 3; i < site.size(); ++i)
        if (!((site[i] >= '0' && site[i] <= '9') || (site[i] >= 'a' && site[i] <= 'f'))) return false;
    return true;
}

}  // namespace

void sitesFromLog(const std::string& text, std::vector<SweepSite>& sites, std::size_t& unnamed) {
    std::set<std::pair<std::string, std::string>> seen;
    for (const auto& s : sites) seen.emplace(s.function, s.site);
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);) {
        if (line.rfind("site ", 0) != 0) continue;
        std::istringstream words(line.substr(5));
        SweepSite s;
        if (!(words >> s.function >> s.site)) continue;
        std::getline(words >> std::ws, s.where);
        if (s.where.empty()) s.where = s.site;
        if (!seen.emplace(s.function, s.site).second) continue;
        if (!isNamedSite(s.site)) {
            ++unnamed;
            continue;
        }
        sites.push_back(std::move(s));
    }
}

std::vector<SweepSite> readSites(const std::vector<fs::path>& logs, std::size_t& unnamed) {
    std::vector<SweepSite> sites;
    unnamed = 0;
    for (const auto& log : logs) {
        std::string problem;
        if (const auto text = jvmtifiles::readOwnFile(log.string(), kLogLimit, problem)) sitesFromLog(*text, sites, unnamed);
    }
    return sites;
}

void joinSites(std::vector<SweepSite>& into, const std::vector<SweepSite>& more) {
    std::set<std::pair<std::string, std::string>> seen;
    for (const auto& s : into) seen.emplace(s.function, s.site);
    for (const auto& s : more)
        if (seen.emplace(s.function, s.site).second) into.push_back(s);
}

ErrorsOf metadataErrors() {
    return [](const std::string& function) {
        std::vector<std::pair<int, std::string>> out;
        const auto* f = jvmti_metadata::functionByName(function.c_str());
        if (f == nullptr) return out;
        for (int i = 0; i < f->environmentalErrorCount; ++i) {
            const jvmtiError e = f->environmentalErrors[i];
            const char* name = jvmti_metadata::errorName(e);
            out.emplace_back(static_cast<int>(e), name ? name : std::to_string(static_cast<int>(e)));
        }
        std::sort(out.begin(), out.end());
        return out;
    };
}

std::vector<SweepRun> planRuns(const std::vector<SweepSite>& sites, const ErrorsOf& errorsOf) {
    std::vector<SweepRun> runs;
    for (std::size_t s = 0; s < sites.size(); ++s) {
        auto errors = errorsOf(sites[s].function);
        std::sort(errors.begin(), errors.end());
        for (const auto& [value, name] : errors) {
            SweepRun r;
            r.index = runs.size();
            r.siteIndex = s;
            r.site = sites[s];
            r.error = value;
            r.errorName = name;
            runs.push_back(std::move(r));
        }
    }
    return runs;
}

std::vector<SweepRun> sampleRuns(const std::vector<SweepRun>& runs, std::size_t maxRuns) {
    if (maxRuns == 0 || maxRuns >= runs.size()) return runs;
    // Each run's rank within its site: 0 for the site's first error, 1 for its second, ...
    std::vector<std::pair<std::size_t, std::size_t>> order;  // (rank, index)
    std::size_t rank = 0;
    for (std::size_t i = 0; i < runs.size(); ++i) {
        rank = i > 0 && runs[i].siteIndex == runs[i - 1].siteIndex ? rank + 1 : 0;
        order.emplace_back(rank, i);
    }
    std::sort(order.begin(), order.end());
    std::set<std::size_t> keep;
    for (std::size_t i = 0; i < maxRuns; ++i) keep.insert(order[i].second);
    std::vector<SweepRun> out;
    for (std::size_t i : keep) {
        out.push_back(runs[i]);
        out.back().index = out.size() - 1;
    }
    return out;
}

std::vector<SweepRun> selectRuns(const std::vector<SweepRun>& runs, const std::vector<std::string>& rules,
                                 std::vector<std::string>& unknown) {
    const std::set<std::string> wanted(rules.begin(), rules.end());
    std::set<std::string> found;
    std::vector<SweepRun> out;
    for (const auto& r : runs) {
        const std::string rule = r.rule();
        if (!wanted.count(rule)) continue;
        found.insert(rule);
        out.push_back(r);
        out.back().index = out.size() - 1;
    }
    unknown.clear();
    for (const auto& rule : rules)
        if (!found.count(rule) && std::find(unknown.begin(), unknown.end(), rule) == unknown.end()) unknown.push_back(rule);
    return out;
}

std::vector<SweepRun> shardRuns(const std::vector<SweepRun>& runs, unsigned k, unsigned n) {
    const auto hash = [](const std::string& text) {
        std::uint64_t h = 14695981039346656037ull;
        for (const unsigned char c : text) h = (h ^ c) * 1099511628211ull;
        return h;
    };
    std::vector<SweepRun> out;
    for (const auto& r : runs)
        if (n <= 1 || hash(r.rule()) % n == k - 1) out.push_back(r);
    return out;
}

}  // namespace jvmticheck
