#include "trace/per_thread.hpp"

#include <algorithm>
#include <utility>

namespace jvmtilayer::trace::detail {

__attribute__((tls_model("initial-exec"))) constinit thread_local CacheEntry slotCache[kSlotCacheSize] = {};

namespace {

std::atomic<std::uint64_t> nextRegistryId{1};

// Set once this thread's ThreadSlots has been destroyed: from then on no slot can be made.
__attribute__((tls_model("initial-exec"))) thread_local bool threadSlotsGone = false;
__attribute__((tls_model("initial-exec"))) thread_local unsigned cacheVictim = 0;

}  // namespace

// Every slot this thread holds, of every registry; its destructor runs at thread exit.
struct ThreadSlots {
    std::vector<std::pair<std::uint64_t, std::shared_ptr<SlotBase>>> held;

    ~ThreadSlots() {
        threadSlotsGone = true;
        for (CacheEntry& e : slotCache) e = CacheEntry{0, nullptr};
        for (auto& [owner, slot] : held) slot->retired_.store(true, std::memory_order_release);
    }

    // Forgets the slots of registries that no longer exist.
    void prune() {
        std::erase_if(held, [](const auto& h) { return h.second->ownerGone(); });
    }
};

namespace {
thread_local ThreadSlots threadSlots;

void remember(std::uint64_t owner, SlotBase* slot) noexcept {
    for (CacheEntry& e : slotCache) {
        if (e.owner == 0 || e.owner == owner) {
            e = CacheEntry{owner, slot};
            return;
        }
    }
    slotCache[cacheVictim++ % kSlotCacheSize] = CacheEntry{owner, slot};
}
}  // namespace

SlotRegistry::SlotRegistry() : id_(nextRegistryId.fetch_add(1, std::memory_order_relaxed)) {}

SlotRegistry::~SlotRegistry() {
    std::lock_guard lock(mutex_);
    for (auto& s : slots_) s->ownerGone_.store(true, std::memory_order_release);
}

SlotBase* SlotRegistry::slowLocal(Factory make, void* context) noexcept {
    if (threadSlotsGone) return nullptr;
    try {
        ThreadSlots& mine = threadSlots;
        for (auto& [owner, slot] : mine.held) {
            if (owner == id_) {
                remember(id_, slot.get());
                return slot.get();
            }
        }
        // Slots of destroyed registries may sit in the cache: forget both.
        for (CacheEntry& e : slotCache)
            if (e.slot != nullptr && e.slot->ownerGone()) e = CacheEntry{0, nullptr};
        mine.prune();
        std::shared_ptr<SlotBase> slot = make(context);
        if (!slot) return nullptr;
        mine.held.reserve(mine.held.size() + 1);
        {
            std::lock_guard lock(mutex_);
            slots_.push_back(slot);
            version_.fetch_add(1, std::memory_order_acq_rel);
        }
        mine.held.emplace_back(id_, slot);  // cannot throw: reserved
        remember(id_, slot.get());
        return slot.get();
    } catch (...) {
        return nullptr;
    }
}

std::vector<std::shared_ptr<SlotBase>> SlotRegistry::slots() const {
    std::lock_guard lock(mutex_);
    return slots_;
}

void SlotRegistry::erase(const SlotBase* slot) {
    std::lock_guard lock(mutex_);
    auto it = std::find_if(slots_.begin(), slots_.end(), [&](const auto& s) { return s.get() == slot; });
    if (it != slots_.end()) {
        slots_.erase(it);
        version_.fetch_add(1, std::memory_order_acq_rel);
    }
}

}  // namespace jvmtilayer::trace::detail
