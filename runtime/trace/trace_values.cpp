#include "trace/trace_values.hpp"

#include <cinttypes>
#include <cstdio>
#include <cstring>

#include "jvmti_metadata.hpp"

namespace jvmtilayer {

const char* errorName(int error) noexcept { return jvmti_metadata::errorName(static_cast<jvmtiError>(error)); }

void TextValues::begin(std::vector<trace::Field>& fields, const Options& options, bool reuse) noexcept {
    fields_ = &fields;
    used_ = reuse ? 0 : fields.size();
    options_ = options;
    nesting_ = 0;
}

void TextValues::finish() {
    if (fields_ != nullptr && used_ < fields_->size()) fields_->resize(used_);
}

trace::Field& TextValues::current() {
    if (used_ == 0) field("?");  // a value before any field()
    return (*fields_)[used_ - 1];
}

std::string& TextValues::out() { return current().value; }

void TextValues::field(const char* name) {
    if (used_ < fields_->size()) {
        trace::Field& f = (*fields_)[used_];
        f.name = name;
        f.value.clear();
        f.address = false;
    } else {
        fields_->push_back(trace::Field{name, {}, false});
    }
    ++used_;
    nesting_ = 0;
}

void TextValues::separate() {
    if (nesting_ == 0) return;
    bool& first = first_[(nesting_ < kMaxNesting ? nesting_ : kMaxNesting) - 1];
    if (!first) out() += ", ";
    first = false;
}

void TextValues::null() { out() += "NULL"; }

void TextValues::integer(jlong value) { out() += std::to_string(value); }

void TextValues::boolean(jboolean value) { out() += value ? "true" : "false"; }

void TextValues::floating(jdouble value) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.17g", value);
    out() += buf;
}

void TextValues::character(char value) {
    std::string& o = out();
    o += '\'';
    if (value == '\'' || value == '\\') o += '\\';
    o += value;
    o += '\'';
}

void TextValues::putQuoted(const char* text, std::size_t length) {
    std::string& o = out();
    o += '"';
    for (std::size_t i = 0; i < length; ++i) {
        if (text[i] == '"' || text[i] == '\\') o += '\\';
        o += text[i];
    }
    o += '"';
}

void TextValues::string(const char* value) {
    if (value == nullptr) return null();
    const std::size_t length = std::strlen(value);
    if (options_.detail || length <= kBriefStringBytes) return putQuoted(value, length);
    putQuoted(value, kBriefStringBytes);
    out() += "...(" + std::to_string(length) + " bytes)";
}

void TextValues::putAddress(const void* value) {
    if (value == nullptr) return null();
    std::string& o = out();
    if (nesting_ == 0 && o.empty()) current().address = true;  // the whole value: the writer decides
    if (nesting_ > 0 && options_.noAddr) {
        o += "<addr>";
        return;
    }
    char buf[24];
    std::snprintf(buf, sizeof buf, "0x%" PRIxPTR, reinterpret_cast<std::uintptr_t>(value));
    o += buf;
}

void TextValues::address(const void* value) { putAddress(value); }

void TextValues::bytes(const void* block, jlong count) {
    if (block == nullptr) return null();
    // Not a bare address: the count stays readable under no-addr.
    const bool hide = options_.noAddr;
    std::string& o = out();
    if (hide) {
        o += "<addr>";
    } else {
        char buf[24];
        std::snprintf(buf, sizeof buf, "0x%" PRIxPTR, reinterpret_cast<std::uintptr_t>(block));
        o += buf;
    }
    if (count >= 0) o += " (" + std::to_string(count) + (count == 1 ? " byte)" : " bytes)");
}

void TextValues::constant(const jvmti_trace::Constants& constants, jlong value) {
    std::string& o = out();
    for (int i = 0; i < constants.count; ++i) {
        if (constants.items[i].value == value && (!constants.bits || value != 0)) {
            o += constants.items[i].name;
            return;
        }
    }
    if (!constants.bits || value == 0) {
        o += std::to_string(value);
        return;
    }
    // A set of flags: the single-bit constants it holds, then what is left as a number.
    jlong rest = value;
    bool any = false;
    for (int i = 0; i < constants.count; ++i) {
        const jlong bit = constants.items[i].value;
        if (bit <= 0 || (bit & (bit - 1)) != 0 || (value & bit) != bit) continue;
        if (any) o += '|';
        o += constants.items[i].name;
        rest &= ~bit;
        any = true;
    }
    if (rest != 0) {
        char buf[24];
        std::snprintf(buf, sizeof buf, "%s0x%llx", any ? "|" : "", static_cast<unsigned long long>(rest));
        o += buf;
    }
}

void TextValues::error(jvmtiError value) {
    if (const char* name = errorName(value))
        out() += name;
    else
        out() += "error(" + std::to_string(static_cast<int>(value)) + ")";
}

template <class Lookup>
void TextValues::named(const void* handle, Lookup lookup, bool quote) {
    if (handle == nullptr) return null();
    scratch_.clear();
    if (options_.names == nullptr || !lookup(*options_.names, scratch_)) return putAddress(handle);
    if (quote)
        putQuoted(scratch_.data(), scratch_.size());
    else
        out() += scratch_;
}

void TextValues::thread(jthread value) {
    named(value, [&](Names& n, std::string& s) { return n.thread(value, s); }, true);
}

void TextValues::threadGroup(jthreadGroup value) {
    named(value, [&](Names& n, std::string& s) { return n.threadGroup(value, s); }, true);
}

void TextValues::klass(jclass value) {
    named(value, [&](Names& n, std::string& s) { return n.klass(value, s); }, false);
}

void TextValues::object(jobject value) { putAddress(value); }

void TextValues::method(jmethodID value) {
    named(value, [&](Names& n, std::string& s) { return n.method(value, s); }, false);
}

void TextValues::fieldId(jclass declaring, jfieldID value) {
    named(value, [&](Names& n, std::string& s) { return declaring != nullptr && n.field(declaring, value, s); }, false);
}

void TextValues::value(jvalue value, char signatureType) {
    switch (signatureType) {
        case 'Z': return boolean(value.z);
        case 'B': return integer(value.b);
        case 'C': return integer(value.c);
        case 'S': return integer(value.s);
        case 'I': return integer(value.i);
        case 'J': return integer(value.j);
        case 'F': return floating(value.f);
        case 'D': return floating(value.d);
        case 'L':
        case '[': return object(value.l);
        default: return integer(value.j);  // the type is not known: the widest member
    }
}

void TextValues::beginStruct() {
    out() += '{';
    if (nesting_ < kMaxNesting) first_[nesting_] = true;
    ++nesting_;
}

void TextValues::member(const char* name) {
    separate();
    out() += name;
    out() += '=';
}

void TextValues::flag(const char* name) {
    separate();
    out() += name;
}

void TextValues::endStruct() {
    out() += '}';
    if (nesting_ > 0) --nesting_;
}

jlong TextValues::beginArray(jlong count) {
    out() += '[';
    if (nesting_ < kMaxNesting) first_[nesting_] = true;
    ++nesting_;
    if (count <= 0) return 0;
    return options_.detail || count <= kBriefElements ? count : kBriefElements;
}

void TextValues::element() { separate(); }

void TextValues::endArray(jlong written, jlong count) {
    if (written < count) {
        separate();
        out() += "... (+" + std::to_string(count - written) + ")";
    }
    out() += ']';
    if (nesting_ > 0) --nesting_;
}

}  // namespace jvmtilayer
