#include "sweep/chain.hpp"

namespace jvmticheck {

Chains::Chains(const std::vector<SweepRun>& runs, std::size_t maxChain, bool chained)
    : runs_(runs), maxChain_(maxChain < 1 ? 1 : maxChain), chained_(chained), strikes_(runs.size(), 0) {
    for (std::size_t i = 0; i < runs.size(); ++i) (chained ? pending_ : alone_).push_back(i);
}

bool Chains::next(Batch& out) {
    out = Batch{};
    if (!alone_.empty()) {
        out.runs.push_back(alone_.front());
        alone_.pop_front();
    } else {
        // In the planned order, one run per call site (a site's first call can fail only once).
        std::set<std::pair<std::string, std::string>> sites;
        std::deque<std::size_t> left;
        while (!pending_.empty()) {
            const std::size_t i = pending_.front();
            pending_.pop_front();
            const auto& site = runs_[i].site;
            if (hiding_.count({site.function, site.site})) alone_.push_back(i);
            else if (out.runs.size() < maxChain_ && sites.emplace(site.function, site.site).second) out.runs.push_back(i);
            else left.push_back(i);
        }
        pending_ = std::move(left);
        if (out.runs.empty()) {
            if (alone_.empty()) return false;
            out.runs.push_back(alone_.front());
            alone_.pop_front();
        }
    }
    out.id = made_++;
    ++running_;
    return true;
}

void Chains::done(const Batch& b, const std::set<std::size_t>& injected, bool clean, std::vector<std::size_t>& settled) {
    --running_;
    if (b.alone()) {
        settled.push_back(b.runs.front());
        return;
    }
    std::size_t fired = 0;
    for (std::size_t i : b.runs) fired += injected.count(i);
    if (fired > 0 && fired < b.runs.size())
        for (std::size_t i : b.runs)
            if (injected.count(i)) hiding_.emplace(runs_[i].site.function, runs_[i].site.site);
    for (std::size_t i : b.runs) {
        if (injected.count(i)) {
            if (clean || fired == 1) settled.push_back(i);
            else alone_.push_back(i);  // several faults and a bad end: each is replayed alone
        } else if (fired == 0 && ++strikes_[i] >= 2) {
            // Not reached twice in runs where no fault was: alone.
            alone_.push_back(i);
        } else {
            pending_.push_back(i);
        }
    }
}

std::string Chains::rule(const Batch& b) const {
    std::string out;
    for (std::size_t i : b.runs) out += (out.empty() ? "" : ":") + runs_[i].rule();
    return out;
}

}  // namespace jvmticheck
