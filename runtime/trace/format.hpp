// Formatting of encoded records into the three output formats (docs/trace-format.md), used by
// the writer thread. Output goes into a Buffer: each record reserves an upper bound of its size
// once and is then written with plain pointer stores.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "trace/encoding.hpp"
#include "trace/writer.hpp"

namespace jvmtilayer::trace::detail {

// A growable byte buffer written through raw pointers: reserve(n) returns where to write at
// least n bytes, commit(end) says where the writing stopped.
class Buffer {
public:
    char* reserve(std::size_t n) {
        if (capacity_ - size_ < n) grow(n);
        return data_.get() + size_;
    }
    void commit(char* end) noexcept { size_ = std::size_t(end - data_.get()); }
    std::size_t size() const noexcept { return size_; }
    bool empty() const noexcept { return size_ == 0; }
    const char* data() const noexcept { return data_.get(); }
    void clear() noexcept { size_ = 0; }
    std::string_view view() const noexcept { return {data_.get(), size_}; }

private:
    void grow(std::size_t n);
    std::unique_ptr<char[]> data_;
    std::size_t size_ = 0;
    std::size_t capacity_ = 0;
};

// Upper bounds of the bytes the writers below produce for `n` input bytes.
constexpr std::size_t jsonStringBound(std::size_t n) noexcept { return 2 + 6 * n; }
constexpr std::size_t textValueBound(std::size_t n) noexcept { return 4 * n; }

// Writes `s` at `d` as a JSON string, quotes included, and returns the end. Bytes are read as
// (modified) UTF-8, as the JVM's strings are: valid UTF-8 is copied; modified UTF-8's two-byte
// NUL (C0 80) becomes \u0000 and its surrogate pairs (six bytes) the four-byte UTF-8 sequence;
// anything else that is not UTF-8 becomes U+FFFD. Control characters, '"' and '\' are escaped.
char* putJsonString(char* d, std::string_view s) noexcept;
// Writes `s` for the text format: control characters (and DEL) become \n, \r, \t or \xHH so
// that a record stays one line; everything else is copied.
char* putTextValue(char* d, std::string_view s) noexcept;
// `ns` as microseconds with three decimals ("12.345", "-0.001"), as seconds with six.
char* putMicros(char* d, std::int64_t ns) noexcept;
char* putSeconds(char* d, std::int64_t ns) noexcept;

// The same, appended to a string.
void appendJsonString(std::string& out, std::string_view s);
void appendTextValue(std::string& out, std::string_view s);

class Formatter {
public:
    Formatter(Format format, const Options& options, std::uint64_t originNs, std::uint32_t pid);

    void begin(Buffer& out);
    void record(const EncodedRecord& r, Buffer& out);
    void threadName(std::uint32_t thread, std::string_view name, Buffer& out);
    // The last record: `count` records were dropped (called only when count > 0).
    void dropped(std::uint64_t count, std::uint64_t atNs, Buffer& out);
    void end(Buffer& out);

private:
    std::uint32_t threadOf(std::uint32_t thread);
    std::string errorText(int error) const;
    // The error's name, formatted for the output (a JSON string, or text); cached for the
    // common small non-negative codes.
    const std::string& errorFormatted(int error);
    char* textRecord(const EncodedRecord& r, char* d);
    char* jsonlRecord(const EncodedRecord& r, char* d);
    char* chromeRecord(const EncodedRecord& r, char* d);
    char* jsonFields(FieldCursor& cursor, unsigned count, char* d);

    // Names (of records and fields) are static strings: their length and JSON form are kept,
    // by address, in a small direct-mapped cache.
    struct Name {
        const char* key = nullptr;
        std::string_view raw;
        std::string json;
    };
    static constexpr std::size_t kNameCache = 1024;  // a power of two
    const Name& name(const char* s) {
        Name& n = names_[(reinterpret_cast<std::uintptr_t>(s) >> 3) & (kNameCache - 1)];
        return n.key == s ? n : fill(n, s);
    }
    const Name& fill(Name& n, const char* s);
    char* chromeSeparator(char* d);

    Format format_;
    Options options_;
    std::uint64_t origin_;
    std::uint32_t pid_;
    bool first_ = true;  // Chrome: no comma before the first event
    std::unordered_map<std::uint32_t, std::uint32_t> renumbered_;
    std::vector<std::string> errorCache_;
    std::vector<Name> names_;
    std::string errorScratch_;
};

}  // namespace jvmtilayer::trace::detail
