#include "inject/injector.hpp"

#include <dlfcn.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <cstring>
#include <memory>
#include <mutex>
#include <unordered_map>

#include "checks/call_site.hpp"
#include "files/own_files.hpp"
#include "inject/plan.hpp"
#include "inject/universe.hpp"
#include "jvmti_metadata.hpp"
#include "report/violations.hpp"
#include "state/state.hpp"

namespace jvmtilayer::detail {
bool injecting = false;
}  // namespace jvmtilayer::detail

namespace jvmtilayer::inject {

namespace md = jvmti_metadata;

namespace {

struct State {
    Universe universe;
    Plan plan;
    std::uint64_t seed = 0;
    // The rules that can fail each function, by function number.
    std::vector<std::vector<int>> rulesByNum;
    // Per rule and function number: calls matched, faults injected.
    std::unique_ptr<std::atomic<std::uint64_t>[]> calls, faults;
    std::size_t width = 0;  // function numbers per rule
    // inject-log=, from openLog to finish(). Every planned call asks whether it is open, without
    // the lock; what writes to it or closes it holds the lock and asks again.
    std::atomic<std::FILE*> log{nullptr};
    std::mutex lock;  // writing and closing the log; the site names
    std::unordered_map<const void*, std::string> sites;
    std::unordered_map<std::string, bool> seen;  // "function site" pairs the log names
    std::atomic<std::uint64_t> injected{0};
};

State* state = nullptr;  // set once at start-up, never freed

// The agent's site as the plan writes it: LIBRARY+0xOFFSET, stable from run to run.
std::string siteOf(State& s, const void* address) {
    if (address == nullptr) return "?";
    std::lock_guard<std::mutex> g(s.lock);
    auto it = s.sites.find(address);
    if (it != s.sites.end()) return it->second;
    Dl_info info{};
    std::string text;
    if (::dladdr(address, &info) != 0 && info.dli_fname != nullptr) {
        const char* slash = std::strrchr(info.dli_fname, '/');
        text = siteText(slash ? slash + 1 : info.dli_fname,
                        reinterpret_cast<std::uintptr_t>(address) - reinterpret_cast<std::uintptr_t>(info.dli_fbase));
    } else {
        char hex[24];
        std::snprintf(hex, sizeof hex, "%p", address);
        text = hex;
    }
    return s.sites.emplace(address, text).first->second;
}

// The agent's source line at `address` (call_site looks each address up once and keeps it);
// file "" where there is no line data.
std::pair<std::string, int> lineOf(const void* address) {
    std::pair<std::string, int> found{"", 0};
    if (!jvmtilayer::checks::callSiteLine(address, found.first, found.second)) found = {"", 0};
    return found;
}

bool atLine(const Rule& r, const std::pair<std::string, int>& line) {
    return line.second == r.siteLine && fileMatches(line.first, r.siteFile);
}

// The first call of each function at each site goes into the log: "site FUNCTION SITE WHERE",
// WHERE as reports name call sites (function, file:line). jvmti-check's sweep learns from it.
void noteSite(State& s, const char* function, const std::string& site, const void* address) {
    const std::string key = std::string(function) + " " + site;
    {
        std::lock_guard<std::mutex> g(s.lock);
        if (!s.seen.emplace(key, true).second) return;
    }
    const std::string where = address ? jvmtilayer::checks::describeCallSite(address) : std::string("?");
    std::lock_guard<std::mutex> g(s.lock);
    std::FILE* log = s.log.load();
    if (log == nullptr) return;
    std::fprintf(log, "site %s %s\n", key.c_str(), where.c_str());
    std::fflush(log);
}

std::uint64_t mix(std::uint64_t x) {  // splitmix64's finaliser
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

std::uint64_t textHash(const std::string& text) {  // FNV-1a
    std::uint64_t h = 0xcbf29ce484222325ULL;
    for (unsigned char c : text) h = (h ^ c) * 0x100000001b3ULL;
    return h;
}

// A draw that depends only on the seed, the rule, the function, the site and the count.
std::uint64_t draw(const State& s, int rule, int num, const std::string& site, std::uint64_t count, int salt) {
    return mix(mix(mix(mix(s.seed ^ static_cast<std::uint64_t>(rule) << 8 ^ static_cast<std::uint64_t>(salt)) ^
                       static_cast<std::uint64_t>(num)) ^
                   textHash(site)) ^
               count);
}

// `site()` names the call site; only a draw needs it.
template <typename SiteName>
bool due(const State& s, const Rule& r, int rule, int num, SiteName&& site, std::uint64_t count) {
    switch (r.when) {
    case When::Always: return true;
    case When::Nth: return count == r.n;
    case When::Every: return count % r.n == 0;
    case When::Probability:
        // 53 bits of the draw as a number in [0, 1).
        return static_cast<double>(draw(s, rule, num, site(), count, 1) >> 11) * 0x1.0p-53 < r.probability;
    }
    return false;
}

void poison(void* target, std::size_t size) {
    if (target == nullptr) return;
    auto* bytes = static_cast<unsigned char*>(target);
    if (size == 1) {
        *bytes = 0xba;
        return;
    }
    for (std::size_t at = 0; at < size; at += sizeof kPoison)
        std::memcpy(bytes + at, &kPoison, std::min(sizeof kPoison, size - at));
}

// Fills what the function would have written: each out-parameter, in signature order.
void poisonOuts(const md::Function& f, void* const* outs) {
    if (outs == nullptr) return;
    int next = 0;
    for (int i = 0; i < f.paramCount; ++i) {
        const md::Param& p = f.params[i];
        switch (p.kind) {
        case md::Kind::OutPtr: poison(outs[next++], p.valueSize); break;
        case md::Kind::AllocBuf:
        case md::Kind::AllocAllocBuf: poison(outs[next++], sizeof(void*)); break;
        case md::Kind::OutBuf: ++next; break;  // the agent's buffer: its length is not known here
        default: break;
        }
    }
}

}  // namespace

std::optional<std::string> start(const Settings& settings, std::vector<std::string>& warnings) {
    if (settings.inject.empty()) return std::nullopt;
    auto s = std::make_unique<State>();
    s->universe = metadataUniverse();
    PlanResult parsed = parse(settings.inject, s->universe);
    if (!parsed) return parsed.error;
    s->plan = std::move(*parsed.plan);
    for (const auto& w : s->plan.warnings) warnings.push_back(w);
    s->seed = static_cast<std::uint64_t>(settings.injectSeed);
    s->width = static_cast<std::size_t>(md::maxFunctionNum) + 1;
    s->rulesByNum.assign(s->width, {});
    for (std::size_t r = 0; r < s->plan.rules.size(); ++r)
        for (int i : s->plan.rules[r].functions)
            s->rulesByNum[static_cast<std::size_t>(s->universe.functions[static_cast<std::size_t>(i)].num)].push_back(
                static_cast<int>(r));
    const std::size_t cells = s->plan.rules.size() * s->width;
    s->calls = std::make_unique<std::atomic<std::uint64_t>[]>(cells);
    s->faults = std::make_unique<std::atomic<std::uint64_t>[]>(cells);
    state = s.release();
    detail::injecting = true;
    return std::nullopt;
}

std::optional<std::string> openLog(const std::string& path, unsigned fileMode) {
    if (state == nullptr || path.empty()) return std::nullopt;
    State& s = *state;
    std::lock_guard<std::mutex> g(s.lock);
    const jvmtifiles::NewFile file = jvmtifiles::createFile(path, static_cast<mode_t>(fileMode));
    if (!file.ok()) return "inject-log=" + path + ": " + file.error;
    s.log = ::fdopen(file.fd, "w");
    if (s.log == nullptr) {
        ::close(file.fd);
        return "inject-log=" + path + ": " + std::strerror(errno);
    }
    std::fprintf(s.log, "# jvmtilayer injection log: inject-seed=%llu\n", static_cast<unsigned long long>(s.seed));
    for (const Rule& r : s.plan.rules) std::fprintf(s.log, "# rule %s\n", r.text.c_str());
    std::fflush(s.log);
    return std::nullopt;
}

std::uint64_t injectedCount() noexcept { return state ? state->injected.load() : 0; }

void finish() noexcept {
    if (state == nullptr) return;
    std::lock_guard<std::mutex> g(state->lock);
    std::FILE* log = state->log.load();
    if (log == nullptr) return;
    std::fprintf(log, "# %llu fault(s) injected\n", static_cast<unsigned long long>(state->injected.load()));
    std::fclose(log);
    state->log.store(nullptr);
}

}  // namespace jvmtilayer::inject

namespace jvmti_runtime {

jvmtiError inject(Env&, int function, void* const* outs) noexcept {
    using namespace jvmtilayer::inject;
    State* s = state;
    if (s == nullptr || function < 0 || static_cast<std::size_t>(function) >= s->width) return JVMTI_ERROR_NONE;
    const auto& rules = s->rulesByNum[static_cast<std::size_t>(function)];
    if (rules.empty()) return JVMTI_ERROR_NONE;
    try {
        const void* address = jvmtilayer::checks::currentCallSite();
        const md::Function* f = md::functionByNum(function);
        // The site's name costs a lock and a lookup: made only when a rule or the log needs it
        // (siteOf() never gives an empty name).
        std::string site;
        auto siteName = [&]() -> const std::string& {
            if (site.empty()) site = siteOf(*s, address);
            return site;
        };
        // Its source line likewise, for FILE:LINE rules only.
        std::optional<std::pair<std::string, int>> line;
        auto sourceLine = [&]() -> const std::pair<std::string, int>& {
            if (!line) line = lineOf(address);
            return *line;
        };
        if (s->log.load(std::memory_order_relaxed) != nullptr) noteSite(*s, f->name, siteName(), address);
        for (int ri : rules) {
            const Rule& r = s->plan.rules[static_cast<std::size_t>(ri)];
            if (!r.site.empty() && r.site != siteName()) continue;
            if (r.siteLine != 0 && !atLine(r, sourceLine())) continue;
            const std::size_t cell = static_cast<std::size_t>(ri) * s->width + static_cast<std::size_t>(function);
            const std::uint64_t count = s->calls[cell].fetch_add(1) + 1;
            if (!due(*s, r, ri, function, siteName, count)) continue;
            const std::uint64_t nth = s->faults[cell].fetch_add(1);
            jvmtiError error = static_cast<jvmtiError>(r.error);
            if (r.mode != ErrorMode::Named) {
                const std::size_t index = static_cast<std::size_t>(
                    r.mode == ErrorMode::Each ? nth : draw(*s, ri, function, siteName(), count, 2));
                error = f->environmentalErrors[index % static_cast<std::size_t>(f->environmentalErrorCount)];
            }
            const std::string& at = siteName();
            poisonOuts(*f, outs);
            const char* name = md::errorName(error);
            const std::string what = "injected " + std::string(name ? name : "an error") + " (inject=" + r.text +
                                     ", call " + std::to_string(count) + " of " + f->name + " at " + at + ")";
            // Numbered under the lock that ends the log: the count on its last line is the
            // number of fault lines before it, however the end of the run meets the calls.
            {
                std::lock_guard<std::mutex> g(s->lock);
                const std::uint64_t number = s->injected.fetch_add(1) + 1;
                if (std::FILE* log = s->log.load()) {
                    std::fprintf(log, "fault %llu %s %s %s %llu\n", static_cast<unsigned long long>(number), f->name,
                                 at.c_str(), name ? name : "?", static_cast<unsigned long long>(count));
                    std::fflush(log);
                }
            }
            jvmtilayer::reportProblem(jvmtilayer::Severity::Info, jvmtilayer::own_rules::rule("inject.fault"), f->name,
                                      nullptr, what);
            return error;
        }
    } catch (...) {
        // Out of memory for a name: the call goes on, uninjected.
    }
    return JVMTI_ERROR_NONE;
}

}  // namespace jvmti_runtime
