// The layer's record of method and field IDs (runtime/checks/id_registry.cpp) and its probe of
// readable memory (runtime/checks/readable.cpp), without a JVM. The registry is one per
// process: each test uses IDs of its own (addresses of its own static arrays).
#include <catch2/catch.hpp>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <thread>
#include <vector>

#include <sys/mman.h>
#include <unistd.h>

#include "checks/id_registry.hpp"
#include "checks/readable.hpp"

namespace ids = jvmtilayer::checks::ids;
using jvmtilayer::checks::readable;

namespace {

std::vector<const void*> idsOf(const char* base, int count) {
    std::vector<const void*> out;
    for (int i = 0; i < count; ++i) out.push_back(base + i);
    return out;
}

}  // namespace

TEST_CASE("ids: a recorded class's members are live, others unknown, until the class is unloaded", "[ids]") {
    static char methods[8], other[1];
    const auto members = idsOf(methods, 8);
    const std::int64_t record = ids::addClass(members);
    CHECK(record > 0);
    for (const void* id : members) CHECK(ids::lookup(id) == ids::Known::Live);
    CHECK(ids::lookup(other) == ids::Known::No);
    CHECK(ids::lookup(nullptr) == ids::Known::No);

    ids::classUnloaded(record);
    for (const void* id : members) CHECK(ids::lookup(id) == ids::Known::Unloaded);
    ids::classUnloaded(record);          // twice: nothing more happens
    ids::classUnloaded(record + 1000);  // a record that never was: ignored
    CHECK(ids::lookup(other) == ids::Known::No);
}

TEST_CASE("ids: the table grows, and every ID stays found while readers probe it", "[ids]") {
    static char many[100000];
    std::atomic<bool> stop{false};
    std::atomic<long> wrong{0};
    static char first[4];
    ids::addClass(idsOf(first, 4));
    // Readers look up IDs recorded before they started while the writer grows the table.
    std::vector<std::thread> readers;
    for (int r = 0; r < 2; ++r)
        readers.emplace_back([&] {
            while (!stop)
                for (int i = 0; i < 4; ++i)
                    if (ids::lookup(first + i) != ids::Known::Live) ++wrong;
        });
    const std::size_t before = ids::size();
    for (int c = 0; c < 1000; ++c) ids::addClass(idsOf(many + c * 100, 100));
    stop = true;
    for (auto& t : readers) t.join();
    CHECK(wrong == 0);
    CHECK(ids::size() == before + 100000);
    for (int i = 0; i < 100000; i += 997) CHECK(ids::lookup(many + i) == ids::Known::Live);
}

namespace {

// IDs that are never dereferenced: fresh words from a range no test maps.
std::vector<const void*> freshIds(std::size_t count) {
    static std::uintptr_t next = std::uintptr_t{0x5a0000000000};
    std::vector<const void*> out;
    for (std::size_t i = 0; i < count; ++i) out.push_back(reinterpret_cast<const void*>(next += 8));
    return out;
}

}  // namespace

TEST_CASE("ids: memory stays flat across 100,000 classes loaded and unloaded", "[ids]") {
    constexpr int kCycles = 100000, kMembers = 60;
    const auto firstClass = freshIds(kMembers);
    ids::classUnloaded(ids::addClass(firstClass));
    std::size_t at1000 = 0, peak = 0;
    std::vector<const void*> last, recent;
    for (int c = 1; c < kCycles; ++c) {
        last = freshIds(kMembers);
        const std::int64_t record = ids::addClass(last);
        CHECK(record > 0);
        ids::classUnloaded(record);
        if (c == kCycles - 100) recent = last;
        if (c == 1000) at1000 = ids::bytesHeld();
        if (c >= 1000) peak = std::max(peak, ids::bytesHeld());
    }
    // Counted, not timed: once the unloaded IDs remembered reach their cap, nothing grows.
    // The slack is one class's worth (its keys and their table slots at a quarter load).
    INFO("bytes held after 1,000 cycles: " << at1000 << ", most after: " << peak);
    CHECK(peak <= at1000 + kMembers * (8 + 4 * 11) + 64);
    // What is held is what the IDs kept need (live ones of earlier tests, the unloaded ones
    // remembered): under 64 bytes each, plus a fixed part.
    CHECK(ids::size() <= 200000 + ids::kUnloadedKept);
    CHECK(ids::bytesHeld() < ids::size() * 64 + 256 * 1024);
    // The last classes are remembered as unloaded; the first is long forgotten.
    for (const void* id : last) CHECK(ids::lookup(id) == ids::Known::Unloaded);
    for (const void* id : recent) CHECK(ids::lookup(id) == ids::Known::Unloaded);
    for (const void* id : firstClass) CHECK(ids::lookup(id) == ids::Known::No);
}

TEST_CASE("ids: an ID issued again is forgotten only after its last unload", "[ids]") {
    const auto shared = freshIds(1);
    ids::classUnloaded(ids::addClass(shared));  // the ID's first class
    ids::classUnloaded(ids::addClass(shared));  // the same ID in a later class
    CHECK(ids::lookup(shared[0]) == ids::Known::Unloaded);
    // One-member classes until the first unload leaves the remembered ones, not the second.
    for (std::size_t i = 0; i + 1 < ids::kUnloadedKept; ++i) ids::classUnloaded(ids::addClass(freshIds(1)));
    CHECK(ids::lookup(shared[0]) == ids::Known::Unloaded);
    ids::classUnloaded(ids::addClass(freshIds(1)));
    CHECK(ids::lookup(shared[0]) == ids::Known::No);
    // Recorded once more, it is live again.
    const std::int64_t again = ids::addClass(shared);
    CHECK(ids::lookup(shared[0]) == ids::Known::Live);
    ids::classUnloaded(again);
}

TEST_CASE("ids: readers see live IDs as live while writers load, unload and rebuild", "[ids]") {
    const auto steady = freshIds(64);
    const std::int64_t record = ids::addClass(steady);
    std::atomic<bool> stop{false};
    std::atomic<long> wrong{0}, probes{0};
    std::vector<std::thread> readers;
    for (int r = 0; r < 3; ++r)
        readers.emplace_back([&] {
            long n = 0;
            while (!stop.load(std::memory_order_relaxed))
                for (const void* id : steady) {
                    if (ids::lookup(id) != ids::Known::Live) wrong.fetch_add(1);
                    ++n;
                }
            probes += n;
        });
    // Enough cycles to rebuild the table many times, each freeing the one it replaced.
    for (int c = 0; c < 20000; ++c) ids::classUnloaded(ids::addClass(freshIds(60)));
    stop = true;
    for (auto& t : readers) t.join();
    CHECK(wrong == 0);
    CHECK(probes > 0);
    ids::classUnloaded(record);
    for (const void* id : steady) CHECK(ids::lookup(id) == ids::Known::Unloaded);
}

TEST_CASE("ids: record numbers of unloaded classes are given out again", "[ids]") {
    const std::int64_t a = ids::addClass(freshIds(2));
    ids::classUnloaded(a);
    const std::int64_t b = ids::addClass(freshIds(2));
    CHECK(b == a);
    ids::classUnloaded(b);
    ids::classUnloaded(b);  // twice: ignored
}

TEST_CASE("ids: complete is set once", "[ids]") {
    ids::setComplete();
    CHECK(ids::complete());
}

TEST_CASE("readable: mapped memory is, the zero page and an unmapped page are not, without a fault", "[readable]") {
    long onStack = 7;
    CHECK(readable(&onStack, sizeof onStack));
    CHECK_FALSE(readable(reinterpret_cast<const void*>(0x1008), 8));
    const long page = ::sysconf(_SC_PAGESIZE);
    void* p = ::mmap(nullptr, static_cast<std::size_t>(page), PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    REQUIRE(p != MAP_FAILED);
    CHECK(readable(p, 8));
    ::munmap(p, static_cast<std::size_t>(page));
    CHECK_FALSE(readable(p, 8));
    void* guarded = ::mmap(nullptr, static_cast<std::size_t>(page), PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    REQUIRE(guarded != MAP_FAILED);
    CHECK_FALSE(readable(guarded, 8));
    ::munmap(guarded, static_cast<std::size_t>(page));
}
