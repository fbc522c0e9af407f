// JVMTI memory tracking: every block the layer saw handed to an agent (Allocate, and each
// buffer the VM returned through the layer), so Deallocate can be checked and blocks never
// freed reported by the function that allocated them. Sharded: threads allocating and
// freeing different blocks rarely meet on a lock.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace jvmtilayer::memory {

// Records a block with the agent's current call site; `function` must be a string literal (or
// otherwise live forever).
void add(const void* block, std::size_t size, const char* function) noexcept;

enum class Release {
    Known,    // a live block: it was recorded and is removed now
    Double,   // it was recorded once and released already
    Unknown,  // the layer never saw it
};
Release remove(const void* block) noexcept;

struct Leak {
    std::string function;
    const void* site = nullptr;        // the agent's call that received the blocks
    std::uint64_t blocks = 0;
    std::uint64_t bytes = 0;           // of the blocks whose size is known (Allocate)
    std::uint64_t unknownSize = 0;     // blocks the VM sized
    std::vector<std::uint32_t> threads;  // allocating threads of the first few blocks
};
// Live blocks grouped by allocating function and call site, largest count first.
std::vector<Leak> leaks();

}  // namespace jvmtilayer::memory
