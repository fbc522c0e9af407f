#include "trace/format.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstring>

namespace jvmtilayer::trace::detail {

namespace {

constexpr char kHex[] = "0123456789abcdef";
constexpr std::string_view kReplacement = "\xEF\xBF\xBD";  // U+FFFD

// Bytes a JSON string cannot carry as they are (or, at 0x80 and up, must be checked as UTF-8).
constexpr std::array<bool, 256> kJsonSpecial = [] {
    std::array<bool, 256> t{};
    for (int c = 0; c < 256; ++c) t[std::size_t(c)] = c < 0x20 || c == '"' || c == '\\' || c >= 0x80;
    return t;
}();

template <std::size_t N>
inline char* lit(char* d, const char (&s)[N]) noexcept {
    std::memcpy(d, s, N - 1);
    return d + N - 1;
}

// Copies s to d. Short strings, the common case here, without a call to memcpy: two
// overlapping loads and stores cover any length from 4 to 16.
inline char* put(char* d, std::string_view s) noexcept {
    const char* p = s.data();
    const std::size_t n = s.size();
    if (n >= 8 && n <= 16) {
        std::uint64_t a, b;
        std::memcpy(&a, p, 8);
        std::memcpy(&b, p + n - 8, 8);
        std::memcpy(d, &a, 8);
        std::memcpy(d + n - 8, &b, 8);
    } else if (n >= 4 && n < 8) {
        std::uint32_t a, b;
        std::memcpy(&a, p, 4);
        std::memcpy(&b, p + n - 4, 4);
        std::memcpy(d, &a, 4);
        std::memcpy(d + n - 4, &b, 4);
    } else if (n < 4) {
        for (std::size_t i = 0; i < n; ++i) d[i] = p[i];
    } else {
        std::memcpy(d, p, n);
    }
    return d + n;
}

inline char* putUint(char* d, std::uint64_t v) noexcept { return std::to_chars(d, d + 20, v).ptr; }
inline char* putInt(char* d, std::int64_t v) noexcept { return std::to_chars(d, d + 21, v).ptr; }

// ns in `unit`s (1000: microseconds, 10^9: seconds) with `decimals` digits of the fraction,
// truncated; fractionDiv = unit / 10^decimals.
char* putFixed(char* d, std::int64_t ns, std::uint64_t unit, int decimals, std::uint64_t fractionDiv) noexcept {
    const std::uint64_t magnitude = ns < 0 ? std::uint64_t(0) - std::uint64_t(ns) : std::uint64_t(ns);
    if (ns < 0) *d++ = '-';
    d = putUint(d, magnitude / unit);
    *d++ = '.';
    std::uint64_t fraction = (magnitude % unit) / fractionDiv;
    for (int i = decimals - 1; i >= 0; --i) {
        d[i] = char('0' + fraction % 10);
        fraction /= 10;
    }
    return d + decimals;
}

char* putUtf8(char* d, std::uint32_t cp) noexcept {
    if (cp < 0x10000) {
        *d++ = char(0xE0 | (cp >> 12));
    } else {
        *d++ = char(0xF0 | (cp >> 18));
        *d++ = char(0x80 | ((cp >> 12) & 0x3F));
    }
    *d++ = char(0x80 | ((cp >> 6) & 0x3F));
    *d++ = char(0x80 | (cp & 0x3F));
    return d;
}

// `v` right-aligned in `width` columns.
char* putPadded(char* d, std::string_view v, std::size_t width) noexcept {
    if (v.size() < width) {
        std::memset(d, ' ', width - v.size());
        d += width - v.size();
    }
    return put(d, v);
}

}  // namespace

void Buffer::grow(std::size_t n) {
    const std::size_t capacity = std::max({capacity_ * 2, size_ + n, std::size_t{4096}});
    std::unique_ptr<char[]> bigger(new char[capacity]);
    if (size_ != 0) std::memcpy(bigger.get(), data_.get(), size_);
    data_ = std::move(bigger);
    capacity_ = capacity;
}

char* putJsonString(char* d, std::string_view s) noexcept {
    *d++ = '"';
    const auto* p = reinterpret_cast<const unsigned char*>(s.data());
    const auto* const e = p + s.size();
    auto cont = [&](std::size_t i) { return p + i < e && (p[i] & 0xC0) == 0x80; };
    while (p < e) {
        const auto* run = p;
        while (p < e && !kJsonSpecial[*p]) ++p;
        std::memcpy(d, run, std::size_t(p - run));
        d += p - run;
        if (p == e) break;
        const unsigned c = *p;
        if (c < 0x80) {
            *d++ = '\\';
            switch (c) {
                case '"': *d++ = '"'; break;
                case '\\': *d++ = '\\'; break;
                case '\n': *d++ = 'n'; break;
                case '\r': *d++ = 'r'; break;
                case '\t': *d++ = 't'; break;
                case '\b': *d++ = 'b'; break;
                case '\f': *d++ = 'f'; break;
                default:
                    d = lit(d, "u00");
                    *d++ = kHex[c >> 4];
                    *d++ = kHex[c & 15];
            }
            ++p;
            continue;
        }
        if (c == 0xC0 && p + 1 < e && p[1] == 0x80) {  // modified UTF-8's NUL
            d = lit(d, "\\u0000");
            p += 2;
            continue;
        }
        if (c >= 0xC2 && c <= 0xDF && cont(1)) {
            d = put(d, {reinterpret_cast<const char*>(p), 2});
            p += 2;
            continue;
        }
        if (c >= 0xE0 && c <= 0xEF && cont(1) && cont(2)) {
            const std::uint32_t cp = ((c & 0x0Fu) << 12) | ((p[1] & 0x3Fu) << 6) | (p[2] & 0x3Fu);
            if (cp < 0x800) {
                d = put(d, kReplacement);  // overlong
            } else if (cp >= 0xD800 && cp <= 0xDBFF) {
                // Modified UTF-8 writes a supplementary character as two encoded surrogates.
                if (p + 3 < e && p[3] == 0xED && cont(4) && cont(5)) {
                    const std::uint32_t low = ((p[3] & 0x0Fu) << 12) | ((p[4] & 0x3Fu) << 6) | (p[5] & 0x3Fu);
                    if (low >= 0xDC00 && low <= 0xDFFF) {
                        d = putUtf8(d, 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00));
                        p += 6;
                        continue;
                    }
                }
                d = put(d, kReplacement);
            } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
                d = put(d, kReplacement);  // a lone low surrogate
            } else {
                d = put(d, {reinterpret_cast<const char*>(p), 3});
            }
            p += 3;
            continue;
        }
        if (c >= 0xF0 && c <= 0xF4 && cont(1) && cont(2) && cont(3)) {
            const std::uint32_t cp =
                ((c & 0x07u) << 18) | ((p[1] & 0x3Fu) << 12) | ((p[2] & 0x3Fu) << 6) | (p[3] & 0x3Fu);
            d = cp >= 0x10000 && cp <= 0x10FFFF ? put(d, {reinterpret_cast<const char*>(p), 4}) : put(d, kReplacement);
            p += 4;
            continue;
        }
        d = put(d, kReplacement);
        ++p;
    }
    *d++ = '"';
    return d;
}

char* putTextValue(char* d, std::string_view s) noexcept {
    const char* p = s.data();
    const char* const e = p + s.size();
    while (p < e) {
        const char* run = p;
        while (p < e && static_cast<unsigned char>(*p) >= 0x20 && *p != 0x7F) ++p;
        std::memcpy(d, run, std::size_t(p - run));
        d += p - run;
        if (p == e) break;
        const auto c = static_cast<unsigned char>(*p++);
        *d++ = '\\';
        switch (c) {
            case '\n': *d++ = 'n'; break;
            case '\r': *d++ = 'r'; break;
            case '\t': *d++ = 't'; break;
            default:
                *d++ = 'x';
                *d++ = kHex[c >> 4];
                *d++ = kHex[c & 15];
        }
    }
    return d;
}

char* putMicros(char* d, std::int64_t ns) noexcept { return putFixed(d, ns, 1000, 3, 1); }
char* putSeconds(char* d, std::int64_t ns) noexcept { return putFixed(d, ns, 1000000000, 6, 1000); }

void appendJsonString(std::string& out, std::string_view s) {
    const std::size_t at = out.size();
    out.resize(at + jsonStringBound(s.size()));
    char* end = putJsonString(out.data() + at, s);
    out.resize(std::size_t(end - out.data()));
}

void appendTextValue(std::string& out, std::string_view s) {
    const std::size_t at = out.size();
    out.resize(at + textValueBound(s.size()));
    char* end = putTextValue(out.data() + at, s);
    out.resize(std::size_t(end - out.data()));
}

// ---- Formatter ----

Formatter::Formatter(Format format, const Options& options, std::uint64_t originNs, std::uint32_t pid)
    : format_(format), options_(options), origin_(originNs), pid_(pid), errorCache_(256), names_(kNameCache) {}

const Formatter::Name& Formatter::fill(Name& n, const char* s) {
    n.key = s;
    n.raw = s;
    n.json.clear();
    appendJsonString(n.json, n.raw);
    return n;
}

std::uint32_t Formatter::threadOf(std::uint32_t thread) {
    if (!options_.renumberThreads) return thread;
    auto [it, added] = renumbered_.try_emplace(thread, std::uint32_t(renumbered_.size() + 1));
    return it->second;
}

std::string Formatter::errorText(int error) const {
    const char* name = options_.errorName != nullptr ? options_.errorName(error) : nullptr;
    if (name != nullptr) return name;
    return "error(" + std::to_string(error) + ")";
}

const std::string& Formatter::errorFormatted(int error) {
    const bool cacheable = error >= 0 && std::size_t(error) < errorCache_.size();
    std::string& slot = cacheable ? errorCache_[std::size_t(error)] : errorScratch_;
    if (slot.empty() || !cacheable) {
        slot.clear();
        if (format_ == Format::Text)
            appendTextValue(slot, errorText(error));
        else
            appendJsonString(slot, errorText(error));
    }
    return slot;
}

void Formatter::begin(Buffer& out) {
    if (format_ != Format::Chrome) return;
    char* d = out.reserve(256);
    d = lit(d, "[\n");
    d = chromeSeparator(d);
    d = lit(d, "{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":");
    d = putUint(d, pid_);
    d = lit(d, ",\"tid\":0,\"args\":{\"name\":\"JVMTI trace (jvmtilayer)\"}}");
    out.commit(d);
}

void Formatter::end(Buffer& out) {
    if (format_ != Format::Chrome) return;
    out.commit(lit(out.reserve(8), "\n]\n"));
}

char* Formatter::chromeSeparator(char* d) {
    if (first_) {
        first_ = false;
        return d;
    }
    return lit(d, ",\n");
}

void Formatter::record(const EncodedRecord& r, Buffer& out) {
    // An upper bound of what any format writes for it: fixed text and numbers, indentation,
    // then every string escaped at worst.
    std::size_t bound = 512 + name(r.name).json.size();
    if (r.kind == std::uint8_t(Record::Kind::Call)) bound += errorFormatted(r.error).size();
    FieldCursor sizes(r);
    for (unsigned i = 0, n = unsigned(r.inputs) + r.outputs; i < n; ++i) {
        const EncodedField& f = sizes.next();
        bound += 8 + name(f.name).json.size() + jsonStringBound(f.length);
    }
    char* d = out.reserve(bound);
    switch (format_) {
        case Format::Text: d = textRecord(r, d); break;
        case Format::Jsonl: d = jsonlRecord(r, d); break;
        case Format::Chrome: d = chromeRecord(r, d); break;
    }
    out.commit(d);
}

char* Formatter::textRecord(const EncodedRecord& r, char* d) {
    if (options_.times) {
        char t[32];
        d = putPadded(d, std::string_view(t, std::size_t(putSeconds(t, std::int64_t(r.startNs - origin_)) - t)), 12);
        *d++ = ' ';
    }
    *d++ = '[';
    char t[24];
    d = putPadded(d, std::string_view(t, std::size_t(putUint(t, threadOf(r.thread)) - t)), 6);
    d = lit(d, "] ");
    const int depth = std::clamp(r.depth, 0, 64);
    std::memset(d, ' ', std::size_t(depth) * 2);
    d += depth * 2;
    if (r.kind == std::uint8_t(Record::Kind::Event))
        d = lit(d, "event ");
    else if (r.kind == std::uint8_t(Record::Kind::Callback))
        d = lit(d, "callback ");
    d = put(d, name(r.name).raw);
    FieldCursor cursor(r);
    auto fields = [&](unsigned count) {
        for (unsigned i = 0; i < count; ++i) {
            const EncodedField& f = cursor.next();
            if (i != 0) d = lit(d, ", ");
            d = put(d, name(f.name).raw);
            *d++ = '=';
            d = f.address && options_.noAddr ? lit(d, "<addr>") : putTextValue(d, cursor.value());
        }
    };
    *d++ = '(';
    fields(r.inputs);
    *d++ = ')';
    if (r.outputs != 0) {
        d = lit(d, " -> ");
        fields(r.outputs);
    }
    if (r.kind == std::uint8_t(Record::Kind::Call) && r.error != 0) {
        d = lit(d, " = ");
        d = put(d, errorFormatted(r.error));
    }
    if (options_.times) {
        d = lit(d, " (");
        d = putMicros(d, std::int64_t(r.durationNs));
        d = lit(d, " us)");
    }
    *d++ = '\n';
    return d;
}

char* Formatter::jsonFields(FieldCursor& cursor, unsigned count, char* d) {
    *d++ = '{';
    for (unsigned i = 0; i < count; ++i) {
        const EncodedField& f = cursor.next();
        if (i != 0) *d++ = ',';
        d = put(d, name(f.name).json);
        *d++ = ':';
        d = f.address && options_.noAddr ? lit(d, "null") : putJsonString(d, cursor.value());
    }
    *d++ = '}';
    return d;
}

char* Formatter::jsonlRecord(const EncodedRecord& r, char* d) {
    d = lit(d, "{\"type\":\"");
    d = put(d, kindName(Record::Kind(r.kind)));
    d = lit(d, "\",\"name\":");
    d = put(d, name(r.name).json);
    d = lit(d, ",\"thread\":");
    d = putUint(d, threadOf(r.thread));
    d = lit(d, ",\"depth\":");
    d = putInt(d, r.depth);
    if (options_.times) {
        d = lit(d, ",\"ts_ns\":");
        d = putInt(d, std::int64_t(r.startNs - origin_));
        d = lit(d, ",\"dur_ns\":");
        d = putUint(d, r.durationNs);
    }
    FieldCursor cursor(r);
    d = lit(d, ",\"in\":");
    d = jsonFields(cursor, r.inputs, d);
    d = lit(d, ",\"out\":");
    d = jsonFields(cursor, r.outputs, d);
    if (r.kind == std::uint8_t(Record::Kind::Call)) {
        d = lit(d, ",\"error\":");
        d = put(d, errorFormatted(r.error));
    }
    return lit(d, "}\n");
}

char* Formatter::chromeRecord(const EncodedRecord& r, char* d) {
    d = chromeSeparator(d);
    d = lit(d, "{\"ph\":\"X\",\"cat\":\"");
    d = put(d, kindName(Record::Kind(r.kind)));
    d = lit(d, "\",\"name\":");
    d = put(d, name(r.name).json);
    d = lit(d, ",\"pid\":");
    d = putUint(d, pid_);
    d = lit(d, ",\"tid\":");
    d = putUint(d, threadOf(r.thread));
    d = lit(d, ",\"ts\":");
    d = putMicros(d, std::int64_t(r.startNs - origin_));
    d = lit(d, ",\"dur\":");
    d = putMicros(d, std::int64_t(r.durationNs));
    // args: what was passed and returned, and the error of a failed call; empty parts left out.
    FieldCursor cursor(r);
    d = lit(d, ",\"args\":{");
    const char* separator = "";
    if (r.inputs != 0) {
        d = lit(d, "\"in\":");
        d = jsonFields(cursor, r.inputs, d);
        separator = ",";
    }
    if (r.outputs != 0) {
        d = put(d, separator);
        d = lit(d, "\"out\":");
        d = jsonFields(cursor, r.outputs, d);
        separator = ",";
    }
    if (r.kind == std::uint8_t(Record::Kind::Call) && r.error != 0) {
        d = put(d, separator);
        d = lit(d, "\"error\":");
        d = put(d, errorFormatted(r.error));
    }
    return lit(d, "}}");
}

void Formatter::threadName(std::uint32_t thread, std::string_view name, Buffer& out) {
    const std::uint32_t t = threadOf(thread);
    char* d = out.reserve(256 + jsonStringBound(name.size()));
    switch (format_) {
        case Format::Text:
            d = lit(d, "# thread ");
            d = putUint(d, t);
            d = lit(d, " is \"");
            d = putTextValue(d, name);
            d = lit(d, "\"\n");
            break;
        case Format::Jsonl:
            d = lit(d, "{\"type\":\"thread_name\",\"thread\":");
            d = putUint(d, t);
            d = lit(d, ",\"name\":");
            d = putJsonString(d, name);
            d = lit(d, "}\n");
            break;
        case Format::Chrome:
            d = chromeSeparator(d);
            d = lit(d, "{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":");
            d = putUint(d, pid_);
            d = lit(d, ",\"tid\":");
            d = putUint(d, t);
            d = lit(d, ",\"args\":{\"name\":");
            d = putJsonString(d, name);
            d = lit(d, "}}");
            break;
    }
    out.commit(d);
}

void Formatter::dropped(std::uint64_t count, std::uint64_t atNs, Buffer& out) {
    char* d = out.reserve(256);
    switch (format_) {
        case Format::Text:
            d = lit(d, "# dropped ");
            d = putUint(d, count);
            d = count == 1 ? lit(d, " record") : lit(d, " records");
            d = lit(d, ": the trace buffer was full\n");
            break;
        case Format::Jsonl:
            d = lit(d, "{\"type\":\"dropped\",\"count\":");
            d = putUint(d, count);
            d = lit(d, "}\n");
            break;
        case Format::Chrome:
            d = chromeSeparator(d);
            d = lit(d, "{\"ph\":\"i\",\"s\":\"g\",\"cat\":\"jvmtilayer\",\"name\":\"dropped records\",\"pid\":");
            d = putUint(d, pid_);
            d = lit(d, ",\"tid\":0,\"ts\":");
            d = putMicros(d, std::int64_t(atNs - origin_));
            d = lit(d, ",\"args\":{\"count\":");
            d = putUint(d, count);
            d = lit(d, "}}");
            break;
    }
    out.commit(d);
}

}  // namespace jvmtilayer::trace::detail
