// The method and field IDs the VM has issued, as the layer learns them: every member of every
// class it sees prepared (through its own environment), and whether the class has since been
// unloaded. Looked up on every call that passes an ID under check=strict, so lookups take no
// lock: an open-addressing table of words, grown by copying under the writers' lock.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace jvmtilayer::checks::ids {

enum class Known { No, Live, Unloaded };

// The answer for one ID (a jmethodID or jfieldID, both are words).
Known lookup(const void* id) noexcept;

// Records the members of one class; returns the class's record number (never 0), to be kept
// as the class's tag so that classUnloaded can find the record again.
std::int64_t addClass(const std::vector<const void*>& members);

// The class recorded as `record` was unloaded: its members become Unloaded.
void classUnloaded(std::int64_t record) noexcept;

// Whether every class loaded so far has been seen (set once the loaded classes were walked).
void setComplete() noexcept;
bool complete() noexcept;

// For tests: how many IDs are recorded.
std::size_t size() noexcept;

}  // namespace jvmtilayer::checks::ids
