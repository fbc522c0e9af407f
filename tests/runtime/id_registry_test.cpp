// The layer's record of method and field IDs (runtime/checks/id_registry.cpp) and its probe of
// readable memory (runtime/checks/readable.cpp), without a JVM. The registry is one per
// process: each test uses IDs of its own (addresses of its own static arrays).
#include <catch2/catch.hpp>

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
