#include "sweep/result.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

#include <nlohmann/json.hpp>

#include "report/formats/text_encoding.hpp"

namespace jvmticheck {

using Json = nlohmann::ordered_json;

namespace {

Json crashJson(const Crash& c) {
    Json frames = Json::array();
    for (const auto& f : c.frames) {
        Json frame = {{"text", f.text}};
        if (!f.where.empty()) frame["where"] = f.where;
        frames.push_back(std::move(frame));
    }
    return {{"hsErr", c.hsErr}, {"signal", c.signal}, {"problematicFrame", c.problematicFrame}, {"frames", frames}};
}

Json countsJson(const std::map<std::string, std::uint64_t>& counts) {
    Json out = Json::object();
    for (const auto& [id, n] : counts) out[id] = n;
    return out;
}

template <typename T>
T field(const nlohmann::json& j, const char* name, T fallback) {
    const auto it = j.find(name);
    return it == j.end() || it->is_null() ? fallback : it->get<T>();
}

}  // namespace

nlohmann::ordered_json toJson(const SweepResult& r) {
    Json sites = Json::array();
    for (const auto& s : r.sites) sites.push_back({{"function", s.function}, {"site", s.site}, {"where", s.where}});
    Json runs = Json::array();
    for (const auto& x : r.runs) {
        Json run = {{"index", x.run.index},
                    {"site", x.run.site.site},
                    {"where", x.run.site.where},
                    {"function", x.run.site.function},
                    {"error", x.run.errorName},
                    {"errorValue", x.run.error},
                    {"rule", x.run.rule()},
                    {"outcome", outcomeName(x.outcome)},
                    {"level", levelName(levelOf(x.outcome, r.failOn))},
                    {"consequence", x.consequence},
                    {"status", x.status},
                    {"seconds", x.seconds},
                    {"details", x.details}};
        Json surfaced = Json::array();
        for (const auto& s : x.surfaced) surfaced.push_back({{"where", s.where}, {"what", s.what}});
        run["surfaced"] = std::move(surfaced);
        run["crash"] = x.crash ? crashJson(*x.crash) : Json(nullptr);
        run["replay"] = x.replay;
        run["dir"] = x.dir;
        runs.push_back(std::move(run));
    }
    Json out = {{"tool", "jvmti-check --inject-sweep"},
                {"version", r.version},
                {"command", r.command},
                {"settings", r.settings},
                {"shard", {{"k", r.shardK}, {"n", r.shardN}}},
                {"plannedRuns", r.plannedRuns},
                {"plannedRules", r.plannedRules},
                {"possibleRuns", r.possibleRuns},
                {"failOn", sweepFailOnText(r.failOn)},
                {"chained", r.chained},
                {"jvmStarts", r.jvmStarts},
                {"learningRuns", r.learningRuns},
                {"jobs", r.jobs},
                {"wallSeconds", r.wallSeconds},
                {"learningSeconds", r.learningSeconds},
                {"sweepDir", r.sweepDir},
                {"baseline",
                 {{"status", r.baseline.status},
                  {"rules", countsJson(r.baseline.rules)},
                  {"leaks", countsJson(r.baseline.leaks)},
                  {"jvms", r.baseline.jvms},
                  {"unfinished", r.baseline.unfinished}}},
                {"sites", std::move(sites)},
                {"runs", std::move(runs)}};
    return out;
}

std::optional<std::string> fromJson(const nlohmann::json& j, SweepResult& out) {
    out = SweepResult{};
    if (!j.is_object() || field<std::string>(j, "tool", "") != "jvmti-check --inject-sweep")
        return std::string("not the JSON of jvmti-check --inject-sweep (its \"tool\" must be \"jvmti-check --inject-sweep\")");
    try {
        out.version = field<std::string>(j, "version", "");
        out.command = field<std::vector<std::string>>(j, "command", {});
        out.settings = field<std::vector<std::string>>(j, "settings", {});
        if (j.contains("shard")) {
            out.shardK = field<unsigned>(j["shard"], "k", 1);
            out.shardN = field<unsigned>(j["shard"], "n", 1);
        }
        out.plannedRuns = field<std::size_t>(j, "plannedRuns", 0);
        out.possibleRuns = field<std::size_t>(j, "possibleRuns", 0);
        out.jobs = field<unsigned>(j, "jobs", 1);
        out.chained = field<bool>(j, "chained", false);
        out.jvmStarts = field<std::size_t>(j, "jvmStarts", 0);
        if (out.jvmStarts > 2 * kMaxRuns) return "jvmStarts " + std::to_string(out.jvmStarts) + ": more than a sweep can make";
        out.learningRuns = field<unsigned>(j, "learningRuns", 1);
        if (out.learningRuns < 1 || out.learningRuns > 16)
            return "learningRuns " + std::to_string(out.learningRuns) + ": not 1 to 16";
        out.wallSeconds = field<double>(j, "wallSeconds", 0);
        out.learningSeconds = field<double>(j, "learningSeconds", 0);
        out.sweepDir = field<std::string>(j, "sweepDir", "");
        if (j.contains("baseline")) {
            const auto& b = j["baseline"];
            out.baseline.status = field<int>(b, "status", 0);
            out.baseline.rules = field<std::map<std::string, std::uint64_t>>(b, "rules", {});
            out.baseline.leaks = field<std::map<std::string, std::uint64_t>>(b, "leaks", {});
            out.baseline.jvms = field<std::size_t>(b, "jvms", 0);
            out.baseline.unfinished = field<std::size_t>(b, "unfinished", 0);
        }
        // Counts from a file are checked before anything is sized or looped by them.
        if (out.plannedRuns > kMaxRuns || out.possibleRuns > kMaxRuns)
            return "plannedRuns " + std::to_string(out.plannedRuns) + ", possibleRuns " + std::to_string(out.possibleRuns) +
                   ": a sweep plans at most " + std::to_string(kMaxRuns) + " runs";
        if (out.shardN < 1 || out.shardN > kMaxRuns || out.shardK < 1 || out.shardK > out.shardN)
            return "shard " + std::to_string(out.shardK) + "/" + std::to_string(out.shardN) + ": expected K/N with 1 <= K <= N";
        const auto rules = j.value("plannedRules", nlohmann::json::array());
        if (rules.size() > kMaxRuns) return "plannedRules: more than a sweep can plan";
        for (const auto& rule : rules) out.plannedRules.push_back(rule.get<std::string>());
        const auto sites = j.value("sites", nlohmann::json::array());
        const auto runs = j.value("runs", nlohmann::json::array());
        if (sites.size() > kMaxRuns || runs.size() > out.plannedRuns)
            return std::to_string(runs.size()) + " runs and " + std::to_string(sites.size()) + " sites for " +
                   std::to_string(out.plannedRuns) + " planned runs: not a sweep's JSON";
        std::map<std::pair<std::string, std::string>, std::size_t> siteIndex;
        for (const auto& s : sites) {
            out.sites.push_back({s.at("function"), s.at("site"), field<std::string>(s, "where", "")});
            siteIndex.emplace(std::pair{out.sites.back().function, out.sites.back().site}, out.sites.size() - 1);
        }
        for (const auto& x : runs) {
            SweepRunResult r;
            r.run.index = x.at("index");
            if (r.run.index >= out.plannedRuns)
                return "runs: index " + std::to_string(r.run.index) + " is not below plannedRuns " + std::to_string(out.plannedRuns);
            r.run.site = {x.at("function"), x.at("site"), field<std::string>(x, "where", "")};
            r.run.errorName = x.at("error");
            r.run.error = field<int>(x, "errorValue", 0);
            if (const auto it = siteIndex.find({r.run.site.function, r.run.site.site}); it != siteIndex.end())
                r.run.siteIndex = it->second;
            const auto outcome = parseOutcome(x.at("outcome").get<std::string>());
            if (!outcome)
                return "runs[" + std::to_string(r.run.index) + "].outcome: unknown outcome " + jvmtireport::jsonText(x.at("outcome"), -1);
            r.outcome = *outcome;
            r.consequence = field<std::string>(x, "consequence", std::string(outcomeName(r.outcome)));
            r.status = field<int>(x, "status", 0);
            r.seconds = field<double>(x, "seconds", 0);
            r.details = field<std::vector<std::string>>(x, "details", {});
            for (const auto& s : x.value("surfaced", nlohmann::json::array()))
                r.surfaced.push_back({s.at("where"), field<std::string>(s, "what", "")});
            if (x.contains("crash") && x["crash"].is_object()) {
                const auto& c = x["crash"];
                Crash crash;
                crash.hsErr = field<std::string>(c, "hsErr", "");
                crash.signal = field<std::string>(c, "signal", "");
                crash.problematicFrame = field<std::string>(c, "problematicFrame", "");
                for (const auto& f : c.value("frames", nlohmann::json::array()))
                    crash.frames.push_back({f.at("text"), "", 0, field<std::string>(f, "where", "")});
                r.crash = std::move(crash);
            }
            r.replay = field<std::string>(x, "replay", "");
            r.dir = field<std::string>(x, "dir", "");
            out.runs.push_back(std::move(r));
        }
    } catch (const nlohmann::json::exception& e) {
        return std::string("a field is missing or of the wrong type: ") + e.what();
    }
    std::sort(out.runs.begin(), out.runs.end(), [](const auto& a, const auto& b) { return a.run.index < b.run.index; });
    return std::nullopt;
}

std::optional<std::string> mergeResults(const std::vector<SweepResult>& shards, SweepResult& out,
                                        std::vector<std::string>& warnings) {
    if (shards.empty()) return std::string("nothing to merge");
    out = shards.front();
    out.runs.clear();
    out.plannedRules.clear();
    out.shardK = out.shardN = 1;
    // Joined by rule: each shard planned from its own learning runs, which may have seen more or
    // fewer call sites than the others'; a run's shard follows from its rule alone.
    std::map<std::string, SweepRunResult> byRule;
    std::set<std::string> planned;
    const auto plan = [&](const std::string& rule) {
        if (planned.insert(rule).second) out.plannedRules.push_back(rule);
    };
    bool rulesKept = true;  // every input lists its plan (JSON from before plannedRules does not)
    std::size_t plannedRuns = 0;
    for (std::size_t i = 0; i < shards.size(); ++i) {
        const auto& s = shards[i];
        if (s.command != out.command || s.settings != out.settings)
            return "input " + std::to_string(i + 1) + " swept another command or other settings than input 1";
        out.wallSeconds = std::max(out.wallSeconds, s.wallSeconds);
        out.possibleRuns = std::max(out.possibleRuns, s.possibleRuns);
        plannedRuns = std::max(plannedRuns, s.plannedRuns);
        if (i > 0) out.jvmStarts += s.jvmStarts;
        joinSites(out.sites, s.sites);
        rulesKept = rulesKept && !s.plannedRules.empty();
        for (const auto& rule : s.plannedRules) plan(rule);
        for (const auto& r : s.runs) {
            plan(r.run.rule());
            byRule.emplace(r.run.rule(), r);
        }
    }
    // In the plan's order; inputs from before plannedRules keep their own indexes, as then.
    std::vector<SweepRunResult> runs;
    if (rulesKept) {
        for (const auto& rule : out.plannedRules)
            if (const auto it = byRule.find(rule); it != byRule.end()) runs.push_back(it->second);
        for (std::size_t i = 0; i < runs.size(); ++i) runs[i].run.index = i;
    } else {
        for (const auto& [rule, r] : byRule) runs.push_back(r);
        std::sort(runs.begin(), runs.end(), [](const auto& a, const auto& b) { return a.run.index < b.run.index; });
    }
    std::map<std::pair<std::string, std::string>, std::size_t> siteIndex;
    for (std::size_t k = 0; k < out.sites.size(); ++k) siteIndex.emplace(std::pair{out.sites[k].function, out.sites[k].site}, k);
    for (auto& r : runs) {
        if (const auto it = siteIndex.find({r.run.site.function, r.run.site.site}); it != siteIndex.end()) r.run.siteIndex = it->second;
        out.runs.push_back(std::move(r));
    }
    out.plannedRuns = rulesKept ? out.plannedRules.size() : std::max(plannedRuns, out.runs.size());
    if (!rulesKept) out.plannedRules.clear();
    const std::size_t missing = out.plannedRuns - std::min(out.plannedRuns, out.runs.size());
    if (missing > 0)
        warnings.push_back(std::to_string(missing) + " of " + std::to_string(out.plannedRuns) +
                           " planned runs are in no input (a shard missing, or the shard they belong to did not plan "
                           "them: its learning runs did not reach their call sites)");
    for (std::size_t i = 0; i < shards.size(); ++i)
        if (shards[i].plannedRuns != shards.front().plannedRuns)
            warnings.push_back("input " + std::to_string(i + 1) + " planned " + std::to_string(shards[i].plannedRuns) +
                               " runs, input 1 " + std::to_string(shards.front().plannedRuns) +
                               ": their learning runs saw different call sites");
    return std::nullopt;
}

std::vector<std::pair<Outcome, std::size_t>> outcomeCounts(const SweepResult& result) {
    std::vector<std::pair<Outcome, std::size_t>> out;
    for (Outcome o : kOutcomes) {
        const auto n = static_cast<std::size_t>(
            std::count_if(result.runs.begin(), result.runs.end(), [&](const auto& r) { return r.outcome == o; }));
        out.emplace_back(o, n);
    }
    return out;
}

std::size_t errorRuns(const SweepResult& result) {
    return static_cast<std::size_t>(std::count_if(result.runs.begin(), result.runs.end(), [&](const auto& r) {
        return levelOf(r.outcome, result.failOn) == RunLevel::Error;
    }));
}

std::vector<Finding> findings(const SweepResult& result) {
    std::vector<Finding> out;
    std::map<std::tuple<std::string, std::string, int, std::string>, std::size_t> at;  // (function, site, outcome, consequence)
    for (const auto& r : result.runs) {
        if (!isBad(r.outcome) && r.outcome != Outcome::Declined) continue;
        const auto key = std::tuple{r.run.site.function, r.run.site.site, static_cast<int>(r.outcome), r.consequence};
        auto [it, added] = at.emplace(key, out.size());
        if (added) {
            Finding f;
            f.outcome = r.outcome;
            f.level = levelOf(r.outcome, result.failOn);
            f.site = r.run.site;
            f.consequence = r.consequence;
            out.push_back(std::move(f));
        }
        out[it->second].runs.push_back(&r);
    }
    return out;
}

std::size_t badRuns(const SweepResult& result) {
    return static_cast<std::size_t>(
        std::count_if(result.runs.begin(), result.runs.end(), [](const auto& r) { return isBad(r.outcome); }));
}

}  // namespace jvmticheck
