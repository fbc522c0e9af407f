#include "id_registry.hpp"

#include <atomic>
#include <memory>
#include <mutex>

namespace jvmtilayer::checks::ids {

namespace {

enum : std::uint8_t { kLive = 1, kUnloaded = 2 };

// One generation of the table: keys (0 = empty) and their states, side by side.
struct Table {
    explicit Table(std::size_t capacity)
        : mask(capacity - 1), keys(new std::atomic<std::uintptr_t>[capacity]),
          states(new std::atomic<std::uint8_t>[capacity]) {
        for (std::size_t i = 0; i < capacity; ++i) {
            keys[i].store(0, std::memory_order_relaxed);
            states[i].store(0, std::memory_order_relaxed);
        }
    }
    std::size_t mask;
    std::size_t used = 0;  // writers only
    std::unique_ptr<std::atomic<std::uintptr_t>[]> keys;
    std::unique_ptr<std::atomic<std::uint8_t>[]> states;

    std::size_t home(std::uintptr_t key) const noexcept {
        return static_cast<std::size_t>((key * 0x9E3779B97F4A7C15ull) >> 20) & mask;
    }
    // The slot holding `key`, or the empty slot where it would go.
    std::size_t find(std::uintptr_t key) const noexcept {
        std::size_t i = home(key);
        for (;;) {
            const std::uintptr_t k = keys[i].load(std::memory_order_acquire);
            if (k == key || k == 0) return i;
            i = (i + 1) & mask;
        }
    }
};

std::mutex writers;
std::atomic<Table*> current{nullptr};
// Tables replaced by a larger one: readers may still be probing them, so they are kept.
std::vector<std::unique_ptr<Table>> retired;
std::vector<std::vector<std::uintptr_t>> classes;  // by record number - 1
std::atomic<bool> everyClassSeen{false};

void putLocked(Table& t, std::uintptr_t key, std::uint8_t state) {
    const std::size_t i = t.find(key);
    if (t.keys[i].load(std::memory_order_relaxed) == 0) ++t.used;
    t.states[i].store(state, std::memory_order_relaxed);
    t.keys[i].store(key, std::memory_order_release);  // the state is visible with the key
}

// A table with room for `more` keys at under half load: the current one, or a copy.
Table& roomLocked(std::size_t more) {
    Table* t = current.load(std::memory_order_relaxed);
    if (t != nullptr && (t->used + more) * 2 <= t->mask + 1) return *t;
    std::size_t capacity = t != nullptr ? (t->mask + 1) * 2 : 1 << 14;
    const std::size_t need = (t != nullptr ? t->used : 0) + more;
    while (need * 2 > capacity) capacity *= 2;
    auto grown = std::make_unique<Table>(capacity);
    if (t != nullptr)
        for (std::size_t i = 0; i <= t->mask; ++i)
            if (const std::uintptr_t k = t->keys[i].load(std::memory_order_relaxed))
                putLocked(*grown, k, t->states[i].load(std::memory_order_relaxed));
    Table* published = grown.release();
    current.store(published, std::memory_order_release);
    if (t != nullptr) retired.emplace_back(t);
    return *published;
}

}  // namespace

Known lookup(const void* id) noexcept {
    const auto key = reinterpret_cast<std::uintptr_t>(id);
    const Table* t = current.load(std::memory_order_acquire);
    if (t == nullptr || key == 0) return Known::No;
    const std::size_t i = t->find(key);
    if (t->keys[i].load(std::memory_order_acquire) == 0) return Known::No;
    return t->states[i].load(std::memory_order_relaxed) == kUnloaded ? Known::Unloaded : Known::Live;
}

std::int64_t addClass(const std::vector<const void*>& members) {
    std::lock_guard<std::mutex> lock(writers);
    Table& t = roomLocked(members.size());
    std::vector<std::uintptr_t> keys;
    keys.reserve(members.size());
    for (const void* m : members) {
        const auto key = reinterpret_cast<std::uintptr_t>(m);
        if (key == 0) continue;
        putLocked(t, key, kLive);
        keys.push_back(key);
    }
    classes.push_back(std::move(keys));
    return static_cast<std::int64_t>(classes.size());
}

void classUnloaded(std::int64_t record) noexcept {
    std::lock_guard<std::mutex> lock(writers);
    if (record < 1 || static_cast<std::size_t>(record) > classes.size()) return;
    Table* t = current.load(std::memory_order_relaxed);
    if (t == nullptr) return;
    auto& keys = classes[static_cast<std::size_t>(record) - 1];
    for (const std::uintptr_t key : keys) {
        const std::size_t i = t->find(key);
        if (t->keys[i].load(std::memory_order_relaxed) == key) t->states[i].store(kUnloaded, std::memory_order_relaxed);
    }
    keys.clear();
    keys.shrink_to_fit();
}

void setComplete() noexcept { everyClassSeen.store(true, std::memory_order_release); }
bool complete() noexcept { return everyClassSeen.load(std::memory_order_acquire); }

std::size_t size() noexcept {
    std::lock_guard<std::mutex> lock(writers);
    const Table* t = current.load(std::memory_order_relaxed);
    return t != nullptr ? t->used : 0;
}

}  // namespace jvmtilayer::checks::ids
