// How a record sits in a thread's queue between submit() and the writer thread: a fixed
// header, then each field (inputs first, then outputs) as a small header and its value's
// bytes. Everything is 8-byte aligned; names are the caller's static strings, kept as pointers.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

#include "trace/record.hpp"

namespace jvmtilayer::trace::detail {

inline constexpr std::uint8_t kThreadNameKind = 0xff;  // not a Record::Kind: a thread's name

struct EncodedRecord {
    std::uint32_t size;  // of the whole record, fields included
    std::uint8_t kind;   // Record::Kind, or kThreadNameKind
    std::uint8_t unused = 0;
    std::uint16_t inputs;
    std::uint16_t outputs;
    std::uint16_t unused2 = 0;
    std::uint32_t thread;
    const char* name;
    std::int32_t depth;
    std::int32_t error;
    std::uint64_t startNs;
    std::uint64_t durationNs;
};

struct EncodedField {
    const char* name;
    std::uint32_t length;
    std::uint32_t address;  // bool
};

static_assert(sizeof(EncodedRecord) % 8 == 0 && sizeof(EncodedField) % 8 == 0);

constexpr std::size_t align8(std::size_t n) noexcept { return (n + 7) & ~std::size_t{7}; }

// Walks the fields of an encoded record.
class FieldCursor {
public:
    explicit FieldCursor(const EncodedRecord& r) noexcept
        : at_(reinterpret_cast<const char*>(&r) + sizeof(EncodedRecord)) {}
    // The next field; its value is value().
    const EncodedField& next() noexcept {
        current_ = reinterpret_cast<const EncodedField*>(at_);
        at_ += sizeof(EncodedField) + align8(current_->length);
        return *current_;
    }
    std::string_view value() const noexcept {
        return {reinterpret_cast<const char*>(current_) + sizeof(EncodedField), current_->length};
    }

private:
    const char* at_;
    const EncodedField* current_ = nullptr;
};

}  // namespace jvmtilayer::trace::detail
