// Per-thread slots: the calling thread's own piece of state inside an owner (a Tracer's record
// queue, a Stats shard), found without a lock.
//
// An owner holds a SlotRegistry. local() returns the calling thread's slot, making and
// registering it the first time this thread asks this registry (the only step that locks).
// Lookups go through a small per-thread cache of (registry id, slot) pairs; registry ids are
// never reused, so an entry of a destroyed registry can never match again.
//
// Ownership: a slot is shared between its registry and its thread. When the thread exits, its
// slots are marked retired() and the thread lets go of them; the owner then drains what the
// slot still holds and erases it from the registry. When the registry is destroyed first, its
// slots are marked ownerGone() and are freed when their threads exit. A slot therefore must
// not point into its owner from its destructor.
//
// local() returns nullptr when the thread is already running its thread-exit destructors (no
// slot can be made any more) or when memory runs out; callers then drop what they had.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

namespace jvmtilayer::trace::detail {

class SlotBase {
public:
    virtual ~SlotBase() = default;
    // The thread that owned it has exited: nothing will be added to it any more.
    bool retired() const noexcept { return retired_.load(std::memory_order_acquire); }
    bool ownerGone() const noexcept { return ownerGone_.load(std::memory_order_acquire); }

private:
    friend class SlotRegistry;
    friend struct ThreadSlots;
    std::atomic<bool> retired_{false};
    std::atomic<bool> ownerGone_{false};
};

struct CacheEntry {
    std::uint64_t owner;
    SlotBase* slot;
};
inline constexpr int kSlotCacheSize = 4;
// Initial-exec: the lookup is then a few loads, also inside a shared library (with the two
// small flags of per_thread.cpp, about 72 bytes of static TLS: well within what the dynamic
// loader keeps for dlopen()ed libraries).
extern __attribute__((tls_model("initial-exec"))) constinit thread_local CacheEntry slotCache[kSlotCacheSize];

class SlotRegistry {
public:
    SlotRegistry();
    ~SlotRegistry();
    SlotRegistry(const SlotRegistry&) = delete;
    SlotRegistry& operator=(const SlotRegistry&) = delete;

    using Factory = std::shared_ptr<SlotBase> (*)(void* context);

    // The calling thread's slot; `make(context)` creates it the first time.
    SlotBase* local(Factory make, void* context) noexcept {
        for (const CacheEntry& e : slotCache)
            if (e.owner == id_) return e.slot;
        return slowLocal(make, context);
    }

    // A copy of the registered slots, in registration order.
    std::vector<std::shared_ptr<SlotBase>> slots() const;
    // Changes whenever a slot is added or erased.
    std::uint64_t version() const noexcept { return version_.load(std::memory_order_acquire); }
    void erase(const SlotBase* slot);
    // Calls f(slots) with the registered slots, under the registry's lock.
    template <class F>
    void withSlots(F&& f) const {
        std::lock_guard lock(mutex_);
        f(static_cast<const std::vector<std::shared_ptr<SlotBase>>&>(slots_));
    }
    // Calls f(slot) for every retired slot, under the registry's lock, then erases them.
    template <class F>
    void sweepRetired(F&& f) {
        std::lock_guard lock(mutex_);
        std::size_t kept = 0;
        for (auto& s : slots_) {
            if (s->retired()) {
                f(*s);
            } else {
                slots_[kept++] = std::move(s);
            }
        }
        if (kept != slots_.size()) {
            slots_.resize(kept);
            version_.fetch_add(1, std::memory_order_acq_rel);
        }
    }

private:
    SlotBase* slowLocal(Factory make, void* context) noexcept;

    const std::uint64_t id_;
    mutable std::mutex mutex_;
    std::vector<std::shared_ptr<SlotBase>> slots_;
    std::atomic<std::uint64_t> version_{0};
};

}  // namespace jvmtilayer::trace::detail
