// The ID table. Readers probe the current table without a lock; writers (class prepared, class
// unloaded) hold `writers`, change states in place, and replace the table by a fresh copy when
// it fills up. A copy holds only what is still to be answered, so the table follows what is
// live plus the unloaded IDs still remembered.
//
// Freeing a replaced table: a reader raises the count of its stripe (chosen by its thread)
// before it loads the table pointer and lowers it after its last read. The writer publishes
// the new table, then waits until it has seen every stripe's count at zero once; both sides'
// operations are sequentially consistent, so a reader that loaded the old pointer had raised
// its count before the writer looked at it, and one that raised it later loads the new
// pointer. Then nobody is in the old table. A lookup is a bounded probe that calls nothing,
// so the wait is short, and replacements are rare (amortised over many insertions).
#include "checks/id_registry.hpp"

#include <atomic>
#include <deque>
#include <memory>
#include <mutex>
#include <thread>

namespace jvmtilayer::checks::ids {

namespace {

// Slot states, as readers see them: an empty slot ends a probe; a forgotten one (its key kept
// so that probes go on past it) answers No until the same key is recorded again.
enum : std::uint8_t { kEmpty = 0, kLive = 1, kUnloaded = 2, kForgotten = 3 };

constexpr std::size_t kMinCapacity = 1 << 12;

struct Table {
    explicit Table(std::size_t n)
        : capacity(n), keys(new std::atomic<std::uintptr_t>[n]), states(new std::atomic<std::uint8_t>[n]),
          stamps(new std::uint16_t[n]) {
        for (std::size_t i = 0; i < n; ++i) {
            keys[i].store(0, std::memory_order_relaxed);
            states[i].store(kEmpty, std::memory_order_relaxed);
            stamps[i] = 0;
        }
    }
    std::size_t capacity;
    std::size_t used = 0;  // slots with a key (writers only)
    std::unique_ptr<std::atomic<std::uintptr_t>[]> keys;
    std::unique_ptr<std::atomic<std::uint8_t>[]> states;
    // Writers only: the unload (low bits of its sequence number) that made a key Unloaded, so
    // that the end of an older unload of the same key, issued again since, leaves it alone.
    std::unique_ptr<std::uint16_t[]> stamps;

    std::size_t bytes() const noexcept {
        return sizeof(Table) + capacity * (sizeof(std::uintptr_t) + sizeof(std::uint8_t) + sizeof(std::uint16_t));
    }
    std::size_t home(std::uintptr_t key) const noexcept {
        const std::uint64_t h = static_cast<std::uint64_t>(key) * 0x9E3779B97F4A7C15ull;
        return static_cast<std::size_t>((static_cast<unsigned __int128>(h) * capacity) >> 64);
    }
    // The slot holding `key`, or the empty slot where it would go (the table is never full).
    std::size_t find(std::uintptr_t key) const noexcept {
        std::size_t i = home(key);
        for (;;) {
            const std::uintptr_t k = keys[i].load(std::memory_order_acquire);
            if (k == key || k == 0) return i;
            if (++i == capacity) i = 0;
        }
    }
};

struct alignas(64) Stripe {
    std::atomic<std::uint32_t> readers{0};
};
constexpr std::size_t kStripes = 64;
Stripe stripes[kStripes];

__attribute__((tls_model("initial-exec"))) thread_local char stripeAnchor;

Stripe& myStripe() noexcept {
    const auto a = reinterpret_cast<std::uintptr_t>(&stripeAnchor) * 0x9E3779B97F4A7C15ull;
    return stripes[a >> 58];  // 64 stripes: the top six bits
}

struct Record {
    std::vector<std::uintptr_t> keys;
    bool inUse = false;
};
struct Unloaded {
    std::uint16_t stamp;
    std::vector<std::uintptr_t> keys;
};

std::mutex writers;
std::atomic<Table*> current{nullptr};
std::size_t kept = 0;                   // keys Live or Unloaded in the current table
std::vector<Record> records;            // by record number - 1
std::vector<std::int64_t> freeRecords;  // numbers to give out again
std::deque<Unloaded> remembered;        // oldest first
std::size_t rememberedKeys = 0;
std::uint16_t unloads = 0;  // wraps; the remembered unloads span fewer than 2^16
std::atomic<bool> everyClassSeen{false};

void putLocked(Table& t, std::uintptr_t key, std::uint8_t state, std::uint16_t stamp) {
    const std::size_t i = t.find(key);
    const std::uint8_t was = t.states[i].load(std::memory_order_relaxed);
    if (t.keys[i].load(std::memory_order_relaxed) == 0) ++t.used;
    if (was == kEmpty || was == kForgotten) ++kept;
    t.stamps[i] = stamp;
    t.states[i].store(state, std::memory_order_relaxed);
    t.keys[i].store(key, std::memory_order_release);  // the state is visible with the key
}

// Waits until no reader can still be in a table that is no longer current.
void waitForReaders() noexcept {
    for (Stripe& s : stripes)
        for (int spins = 0; s.readers.load(std::memory_order_seq_cst) != 0; ++spins)
            if (spins > 64) std::this_thread::yield();
}

// A table with room for `more` keys at under half load: the current one, or a fresh copy of
// its Live and Unloaded keys at about a quarter load.
Table& roomLocked(std::size_t more) {
    Table* t = current.load(std::memory_order_relaxed);
    if (t != nullptr && (t->used + more) * 2 <= t->capacity) return *t;
    std::size_t capacity = (kept + more) * 4;
    capacity = capacity < kMinCapacity ? kMinCapacity : (capacity + 63) / 64 * 64;
    auto fresh = std::make_unique<Table>(capacity);
    kept = 0;
    if (t != nullptr)
        for (std::size_t i = 0; i < t->capacity; ++i) {
            const std::uint8_t s = t->states[i].load(std::memory_order_relaxed);
            if (s == kLive || s == kUnloaded)
                putLocked(*fresh, t->keys[i].load(std::memory_order_relaxed), s, t->stamps[i]);
        }
    Table* published = fresh.release();
    current.store(published, std::memory_order_seq_cst);
    if (t != nullptr) {
        waitForReaders();
        delete t;
    }
    return *published;
}

// Forgets the oldest unloaded classes until at most kUnloadedKept of their IDs remain.
void forgetOldestLocked(Table& t) {
    while (rememberedKeys > kUnloadedKept) {
        Unloaded& oldest = remembered.front();
        for (const std::uintptr_t key : oldest.keys) {
            const std::size_t i = t.find(key);
            if (t.keys[i].load(std::memory_order_relaxed) != key) continue;
            if (t.states[i].load(std::memory_order_relaxed) != kUnloaded || t.stamps[i] != oldest.stamp) continue;
            t.states[i].store(kForgotten, std::memory_order_relaxed);
            --kept;
        }
        rememberedKeys -= oldest.keys.size();
        remembered.pop_front();
    }
}

}  // namespace

Known lookup(const void* id) noexcept {
    const auto key = reinterpret_cast<std::uintptr_t>(id);
    if (key == 0) return Known::No;
    std::atomic<std::uint32_t>& readers = myStripe().readers;
    readers.fetch_add(1, std::memory_order_seq_cst);
    Known answer = Known::No;
    if (const Table* t = current.load(std::memory_order_seq_cst)) {
        const std::size_t i = t->find(key);
        if (t->keys[i].load(std::memory_order_acquire) != 0) {
            const std::uint8_t s = t->states[i].load(std::memory_order_relaxed);
            answer = s == kLive ? Known::Live : s == kUnloaded ? Known::Unloaded : Known::No;
        }
    }
    readers.fetch_sub(1, std::memory_order_release);
    return answer;
}

std::int64_t addClass(const std::vector<const void*>& members) {
    std::lock_guard<std::mutex> lock(writers);
    Record fresh;
    fresh.inUse = true;
    fresh.keys.reserve(members.size());
    for (const void* m : members)
        if (const auto key = reinterpret_cast<std::uintptr_t>(m)) fresh.keys.push_back(key);
    std::int64_t number = 0;
    if (freeRecords.empty()) {
        records.reserve(records.size() + 1);  // may throw before anything changes
        number = static_cast<std::int64_t>(records.size()) + 1;
        records.emplace_back();
    } else {
        number = freeRecords.back();
        freeRecords.pop_back();
    }
    Table& t = roomLocked(fresh.keys.size());
    for (const std::uintptr_t key : fresh.keys) putLocked(t, key, kLive, 0);
    records[static_cast<std::size_t>(number) - 1] = std::move(fresh);
    return number;
}

void classUnloaded(std::int64_t record) noexcept {
    std::lock_guard<std::mutex> lock(writers);
    if (record < 1 || static_cast<std::size_t>(record) > records.size()) return;
    Record& r = records[static_cast<std::size_t>(record) - 1];
    Table* t = current.load(std::memory_order_relaxed);
    if (!r.inUse || t == nullptr) return;
    const std::uint16_t stamp = ++unloads;
    for (const std::uintptr_t key : r.keys) {
        const std::size_t i = t->find(key);
        if (t->keys[i].load(std::memory_order_relaxed) != key) continue;
        t->stamps[i] = stamp;
        t->states[i].store(kUnloaded, std::memory_order_relaxed);
    }
    r.inUse = false;
    try {
        freeRecords.push_back(record);  // never grows past the number of records
        if (!r.keys.empty()) {
            const std::size_t count = r.keys.size();
            remembered.push_back(Unloaded{stamp, std::move(r.keys)});
            rememberedKeys += count;
        }
    } catch (...) {
        // Out of memory: the record number is not given out again, or the IDs stay Unloaded
        // without being forgotten.
    }
    r.keys = {};
    forgetOldestLocked(*t);
}

void setComplete() noexcept { everyClassSeen.store(true, std::memory_order_release); }
bool complete() noexcept { return everyClassSeen.load(std::memory_order_acquire); }

std::size_t size() noexcept {
    std::lock_guard<std::mutex> lock(writers);
    return kept;
}

std::size_t bytesHeld() noexcept {
    std::lock_guard<std::mutex> lock(writers);
    std::size_t bytes = 0;
    if (const Table* t = current.load(std::memory_order_relaxed)) bytes += t->bytes();
    bytes += records.capacity() * sizeof(Record) + freeRecords.capacity() * sizeof(std::int64_t);
    for (const Record& r : records) bytes += r.keys.capacity() * sizeof(std::uintptr_t);
    bytes += remembered.size() * sizeof(Unloaded);
    for (const Unloaded& u : remembered) bytes += u.keys.capacity() * sizeof(std::uintptr_t);
    return bytes;
}

}  // namespace jvmtilayer::checks::ids
