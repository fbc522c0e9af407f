#include "trace/stats.hpp"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <mutex>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "files/own_files.hpp"
#include "trace/format.hpp"

namespace jvmtilayer::trace {

namespace {

struct Acc {
    std::uint64_t count = 0, totalNs = 0, maxNs = 0;
    std::vector<std::pair<int, std::uint64_t>> errors;  // error number, calls

    void add(std::uint64_t ns) noexcept {
        ++count;
        totalNs += ns;
        maxNs = std::max(maxNs, ns);
    }
};

using AccMap = std::unordered_map<const char*, Acc>;

std::string errorText(const char* (*errorName)(int), int error) {
    const char* name = errorName != nullptr ? errorName(error) : nullptr;
    if (name != nullptr) return name;
    return "error(" + std::to_string(error) + ")";
}

void addTo(FunctionStats& f, const Acc& a, const char* (*errorName)(int)) {
    f.calls += a.count;
    f.totalNs += a.totalNs;
    f.maxNs = std::max(f.maxNs, a.maxNs);
    for (const auto& [error, n] : a.errors) {
        f.errors += n;
        f.errorsByName[errorText(errorName, error)] += n;
    }
}

void addTo(EventStats& e, const Acc& a) {
    e.count += a.count;
    e.totalNs += a.totalNs;
    e.maxNs = std::max(e.maxNs, a.maxNs);
}

}  // namespace

struct Stats::Shard final : detail::SlotBase {
    std::mutex mutex;
    AccMap calls, events, callbacks;
};

struct Stats::Totals {
    std::mutex mutex;  // retired_ is written under the registry's lock, read under this one
    StatsSnapshot merged;
};

namespace {

void mergeShard(StatsSnapshot& into, Stats::Shard& shard, const char* (*errorName)(int)) {
    std::lock_guard lock(shard.mutex);
    for (const auto& [name, acc] : shard.calls) addTo(into.functions[name], acc, errorName);
    for (const auto& [name, acc] : shard.events) addTo(into.events[name], acc);
    for (const auto& [name, acc] : shard.callbacks) addTo(into.callbacks[name], acc);
}

void mergeSnapshot(StatsSnapshot& into, const StatsSnapshot& from) {
    for (const auto& [name, f] : from.functions) {
        FunctionStats& t = into.functions[name];
        t.calls += f.calls;
        t.errors += f.errors;
        t.totalNs += f.totalNs;
        t.maxNs = std::max(t.maxNs, f.maxNs);
        for (const auto& [e, n] : f.errorsByName) t.errorsByName[e] += n;
    }
    auto events = [](std::map<std::string, EventStats>& to, const std::map<std::string, EventStats>& src) {
        for (const auto& [name, e] : src) {
            EventStats& t = to[name];
            t.count += e.count;
            t.totalNs += e.totalNs;
            t.maxNs = std::max(t.maxNs, e.maxNs);
        }
    };
    events(into.events, from.events);
    events(into.callbacks, from.callbacks);
}

}  // namespace

Stats::Stats(const char* (*errorName)(int)) : errorName_(errorName), retired_(new Totals) {}

Stats::~Stats() { delete retired_; }

Stats::Shard* Stats::shard() noexcept {
    detail::SlotBase* s = registry_.local(
        [](void* self) -> std::shared_ptr<detail::SlotBase> {
            // A new thread: fold the shards of threads that have exited into the totals first.
            auto* stats = static_cast<Stats*>(self);
            stats->registry_.sweepRetired([&](detail::SlotBase& old) {
                std::lock_guard lock(stats->retired_->mutex);
                mergeShard(stats->retired_->merged, static_cast<Shard&>(old), stats->errorName_);
            });
            return std::make_shared<Shard>();
        },
        this);
    return static_cast<Shard*>(s);
}

void Stats::addCall(const char* function, int error, std::uint64_t durationNs) noexcept {
    Shard* s = shard();
    if (s == nullptr) return;
    try {
        std::lock_guard lock(s->mutex);
        Acc& a = s->calls[function];
        a.add(durationNs);
        if (error != 0) {
            auto it = std::find_if(a.errors.begin(), a.errors.end(), [&](const auto& e) { return e.first == error; });
            if (it != a.errors.end())
                ++it->second;
            else
                a.errors.emplace_back(error, 1);
        }
    } catch (...) {
    }
}

void Stats::addEvent(const char* event, std::uint64_t callbackNs) noexcept {
    Shard* s = shard();
    if (s == nullptr) return;
    try {
        std::lock_guard lock(s->mutex);
        s->events[event].add(callbackNs);
    } catch (...) {
    }
}

void Stats::addCallback(const char* callback, std::uint64_t durationNs) noexcept {
    Shard* s = shard();
    if (s == nullptr) return;
    try {
        std::lock_guard lock(s->mutex);
        s->callbacks[callback].add(durationNs);
    } catch (...) {
    }
}

void Stats::add(const Record& r) noexcept {
    switch (r.kind) {
        case Record::Kind::Call: addCall(r.name, r.error, r.durationNs); break;
        case Record::Kind::Event: addEvent(r.name, r.durationNs); break;
        case Record::Kind::Callback: addCallback(r.name, r.durationNs); break;
    }
}

StatsSnapshot Stats::snapshot() const {
    // Under the registry's lock, which the sweep also holds: no shard moves into the totals
    // meanwhile, so each is counted exactly once.
    StatsSnapshot result;
    registry_.withSlots([&](const auto& slots) {
        {
            std::lock_guard lock(retired_->mutex);
            mergeSnapshot(result, retired_->merged);
        }
        for (const auto& s : slots) mergeShard(result, static_cast<Shard&>(*s), errorName_);
    });
    return result;
}

// ---- output ----

namespace {

void appendUs(std::string& out, double ns) {
    char buf[64];
    auto r = std::to_chars(buf, buf + sizeof buf, ns / 1000.0, std::chars_format::fixed, 3);
    out.append(buf, r.ptr);
}

std::string us(double ns) {
    std::string s;
    appendUs(s, ns);
    return s;
}

// Rows of cells: the first `leftColumns` columns left-aligned (names), the others right-aligned.
std::string table(const std::vector<std::vector<std::string>>& rows, std::size_t leftColumns = 1) {
    std::vector<std::size_t> widths;
    for (const auto& row : rows)
        for (std::size_t i = 0; i < row.size(); ++i) {
            if (widths.size() <= i) widths.push_back(0);
            widths[i] = std::max(widths[i], row[i].size());
        }
    std::string out;
    for (const auto& row : rows) {
        std::string line;
        for (std::size_t i = 0; i < row.size(); ++i) {
            const std::size_t pad = widths[i] - row[i].size();
            if (i != 0) line.append(2, ' ');
            if (i < leftColumns) {
                line += row[i];
                line.append(pad, ' ');
            } else {
                line.append(pad, ' ');
                line += row[i];
            }
        }
        while (!line.empty() && line.back() == ' ') line.pop_back();
        out += line;
        out += '\n';
    }
    return out;
}

void appendMean(std::string& out, double mean) {
    char buf[64];
    auto r = std::to_chars(buf, buf + sizeof buf, mean, std::chars_format::fixed, 3);
    std::string_view v(buf, std::size_t(r.ptr - buf));
    while (v.back() == '0') v.remove_suffix(1);
    if (v.back() == '.') v.remove_suffix(1);
    out.append(v);
}

void eventsJson(std::string& out, const std::map<std::string, EventStats>& events) {
    out += '{';
    bool first = true;
    for (const auto& [name, e] : events) {
        if (!first) out += ',';
        first = false;
        detail::appendJsonString(out, name);
        out += ":{\"count\":" + std::to_string(e.count) + ",\"total_ns\":" + std::to_string(e.totalNs) + ",\"mean_ns\":";
        appendMean(out, e.meanNs());
        out += ",\"max_ns\":" + std::to_string(e.maxNs) + '}';
    }
    out += '}';
}

}  // namespace

std::string statsTable(const StatsSnapshot& s) {
    std::string out = "jvmtilayer statistics (times in microseconds; of events and callbacks, the time in the agent's code)\n";
    if (s.functions.empty() && s.events.empty() && s.callbacks.empty()) return out + "nothing was traced\n";
    if (!s.functions.empty()) {
        std::vector<std::vector<std::string>> rows{{"function", "calls", "errors", "total", "mean", "max"}};
        std::uint64_t calls = 0, errors = 0, total = 0;
        for (const auto& [name, f] : s.functions) {
            rows.push_back({name, std::to_string(f.calls), std::to_string(f.errors), us(double(f.totalNs)),
                            us(f.meanNs()), us(double(f.maxNs))});
            calls += f.calls;
            errors += f.errors;
            total += f.totalNs;
        }
        rows.push_back({"(all functions)", std::to_string(calls), std::to_string(errors), us(double(total)),
                        us(calls == 0 ? 0.0 : double(total) / double(calls)), ""});
        out += '\n' + table(rows);
        std::vector<std::vector<std::string>> errorRows{{"function", "error", "calls"}};
        for (const auto& [name, f] : s.functions)
            for (const auto& [error, n] : f.errorsByName) errorRows.push_back({name, error, std::to_string(n)});
        if (errorRows.size() > 1) out += '\n' + table(errorRows, 2);
    }
    auto events = [&](const char* title, const std::map<std::string, EventStats>& m) {
        if (m.empty()) return;
        std::vector<std::vector<std::string>> rows{{title, "count", "total", "mean", "max"}};
        for (const auto& [name, e] : m)
            rows.push_back({name, std::to_string(e.count), us(double(e.totalNs)), us(e.meanNs()), us(double(e.maxNs))});
        out += '\n' + table(rows);
    };
    events("event", s.events);
    events("callback", s.callbacks);
    return out;
}

void printStatsTable(const StatsSnapshot& snapshot, std::FILE* to) {
    const std::string text = statsTable(snapshot);
    std::fwrite(text.data(), 1, text.size(), to);
    std::fflush(to);
}

std::string statsJson(const StatsSnapshot& s) {
    std::string out = "{\"functions\":{";
    bool first = true;
    for (const auto& [name, f] : s.functions) {
        if (!first) out += ',';
        first = false;
        detail::appendJsonString(out, name);
        out += ":{\"calls\":" + std::to_string(f.calls) + ",\"errors\":" + std::to_string(f.errors) +
               ",\"errors_by_name\":{";
        bool firstError = true;
        for (const auto& [error, n] : f.errorsByName) {
            if (!firstError) out += ',';
            firstError = false;
            detail::appendJsonString(out, error);
            out += ':' + std::to_string(n);
        }
        out += "},\"total_ns\":" + std::to_string(f.totalNs) + ",\"mean_ns\":";
        appendMean(out, f.meanNs());
        out += ",\"max_ns\":" + std::to_string(f.maxNs) + '}';
    }
    out += "},\"events\":";
    eventsJson(out, s.events);
    out += ",\"callbacks\":";
    eventsJson(out, s.callbacks);
    out += "}\n";
    return out;
}

void Stats::printTable(std::FILE* to) const { printStatsTable(snapshot(), to); }

std::string Stats::toJson() const { return statsJson(snapshot()); }

std::optional<std::string> Stats::writeTo(const std::string& target, unsigned fileMode) const {
    if (target == "stderr") {
        printTable(stderr);
        return std::nullopt;
    }
    const bool json = target.size() >= 5 && target.compare(target.size() - 5, 5, ".json") == 0;
    const std::string text = json ? toJson() : statsTable(snapshot());
    return jvmtifiles::writeFile(target, text, static_cast<mode_t>(fileMode));
}

}  // namespace jvmtilayer::trace
