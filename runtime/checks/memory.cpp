#include "checks/memory.hpp"

#include <algorithm>
#include <deque>
#include <map>
#include <mutex>
#include <unordered_map>
#include <unordered_set>

#include "checks/call_site.hpp"
#include "state/state.hpp"

namespace jvmtilayer::memory {

namespace {

struct Block {
    std::size_t size;        // 0 when unknown
    const char* function;
    const void* site;        // the agent's call site
    std::uint32_t thread;
};

// Released blocks are remembered for a while, to tell a double Deallocate from a foreign
// pointer. Bounded: the layer's memory must not grow with run time.
constexpr std::size_t kRememberFreed = 4096;

struct alignas(64) Shard {
    std::mutex lock;
    std::unordered_map<const void*, Block> live;
    std::unordered_set<const void*> freed;
    std::deque<const void*> freedOrder;
};

constexpr int kShards = 64;
Shard shards[kShards];

Shard& shardOf(const void* p) noexcept {
    const auto h = (reinterpret_cast<std::uintptr_t>(p) >> 4) * 0x9E3779B97F4A7C15ull;
    return shards[h >> 58];  // the top 6 bits: 64 shards
}

}  // namespace

void add(const void* block, std::size_t size, const char* function) noexcept {
    try {
        Shard& s = shardOf(block);
        std::lock_guard<std::mutex> g(s.lock);
        s.live[block] = Block{size, function, checks::currentCallSite(), currentThreadId()};
        s.freed.erase(block);  // the address is in use again
    } catch (...) {
        // Out of memory while tracking: the block goes untracked, the agent's call goes on.
    }
}

Release remove(const void* block) noexcept {
    try {
        Shard& s = shardOf(block);
        std::lock_guard<std::mutex> g(s.lock);
        if (s.live.erase(block) == 1) {
            if (s.freed.insert(block).second) {
                s.freedOrder.push_back(block);
                if (s.freedOrder.size() > kRememberFreed / kShards) {
                    s.freed.erase(s.freedOrder.front());
                    s.freedOrder.pop_front();
                }
            }
            return Release::Known;
        }
        return s.freed.count(block) ? Release::Double : Release::Unknown;
    } catch (...) {
        return Release::Unknown;
    }
}

std::vector<Leak> leaks() {
    std::map<std::pair<std::string, const void*>, Leak> bySite;
    for (auto& s : shards) {
        std::lock_guard<std::mutex> g(s.lock);
        for (const auto& [ptr, b] : s.live) {
            Leak& l = bySite[{b.function, b.site}];
            l.function = b.function;
            l.site = b.site;
            ++l.blocks;
            if (b.size) l.bytes += b.size;
            else ++l.unknownSize;
            if (l.threads.size() < 3 && std::find(l.threads.begin(), l.threads.end(), b.thread) == l.threads.end())
                l.threads.push_back(b.thread);
        }
    }
    std::vector<Leak> out;
    for (auto& [key, l] : bySite) out.push_back(std::move(l));
    std::stable_sort(out.begin(), out.end(), [](const Leak& a, const Leak& b) { return a.blocks > b.blocks; });
    return out;
}

}  // namespace jvmtilayer::memory
