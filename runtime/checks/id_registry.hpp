// The method and field IDs the VM has issued, as the layer learns them: every member of every
// class it sees prepared (through its own environment), and whether the class has since been
// unloaded. Looked up on every call that passes an ID under check=strict, so lookups take no
// lock: an open-addressing table of words, rebuilt by copying under the writers' lock.
//
// Memory follows the live classes: the IDs of unloaded classes are remembered (answered
// Unloaded) only for the most recent kUnloadedKept of them, then forgotten (answered No), and
// the table is rebuilt to the size of what it still holds.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace jvmtilayer::checks::ids {

enum class Known { No, Live, Unloaded };

// How many IDs of unloaded classes are remembered, the most recent first: whole classes are
// forgotten, oldest first, once the IDs kept exceed this.
inline constexpr std::size_t kUnloadedKept = 16384;

// The answer for one ID (a jmethodID or jfieldID, both are words).
Known lookup(const void* id) noexcept;

// Records the members of one class; returns the class's record number (never 0), to be kept
// as the class's tag so that classUnloaded can find the record again. Numbers of unloaded
// classes are given out again.
std::int64_t addClass(const std::vector<const void*>& members);

// The class recorded as `record` was unloaded: its members become Unloaded, and the record
// number is free. A record not in use is ignored.
void classUnloaded(std::int64_t record) noexcept;

// Whether every class loaded so far has been seen (set once the loaded classes were walked).
void setComplete() noexcept;
bool complete() noexcept;

// For tests: how many IDs are recorded (live or unloaded, forgotten ones not counted).
std::size_t size() noexcept;

// The bytes the registry holds: the table, tables replaced but not yet freed, the class
// records and the unloaded IDs still remembered.
std::size_t bytesHeld() noexcept;

}  // namespace jvmtilayer::checks::ids
