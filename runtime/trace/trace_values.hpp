// How traced values read: the layer's jvmti_trace::Values. The generated tracing entries and
// thunks put each argument and result into it; it writes them as text into the fields of a
// trace record (runtime/trace/record.hpp), in the forms docs/trace-format.md describes:
//
//   integers 42, booleans true, characters 'I', floats 1.5, strings "text", NULL,
//   constants by name (JVMTI_PHASE_LIVE), bit sets joined by '|', errors by name,
//   threads "main", classes Ljava/lang/String;, methods java.lang.String.length()I,
//   fields java.lang.String.value:[B, structures {a=1, b="x"}, arrays [1, 2, ... (+98)],
//   byte blocks 0x7f00beef (64 bytes), other references and addresses 0x7f00beef.
//
// Names come from a Names resolver; what it cannot name is written as an address. A value that
// is a bare address marks its field as one, so that the writer's no-addr mode leaves it out;
// an address inside a structure or an array is written <addr> in that mode.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "jvmti_trace.hpp"
#include "trace/record.hpp"

namespace jvmtilayer {

// Looks up the names of VM objects. Each returns false when it cannot (or must not) ask the
// VM; the value is then written as an address.
class Names {
public:
    virtual bool thread(jthread thread, std::string& out) = 0;
    virtual bool threadGroup(jthreadGroup group, std::string& out) = 0;
    virtual bool klass(jclass klass, std::string& out) = 0;
    virtual bool method(jmethodID method, std::string& out) = 0;
    virtual bool field(jclass declaring, jfieldID field, std::string& out) = 0;

protected:
    ~Names() = default;
};

class TextValues final : public jvmti_trace::Values {
public:
    // Arrays show at most this many elements and strings this many bytes, unless in detail.
    static constexpr jlong kBriefElements = 16;
    static constexpr std::size_t kBriefStringBytes = 256;

    struct Options {
        bool noAddr = false;   // addresses inside structures and arrays become <addr>
        bool detail = false;   // arrays and strings in full
        Names* names = nullptr;
    };

    // Starts writing into `fields`, one field per field() call: appended after what `fields`
    // holds, or, with `reuse`, over its elements from the first on (their strings keep their
    // memory, so a record made again and again allocates nothing); finish() then drops the
    // elements left over.
    void begin(std::vector<trace::Field>& fields, const Options& options, bool reuse = false) noexcept;
    void finish();

    void field(const char* name) override;
    void null() override;
    void integer(jlong value) override;
    void boolean(jboolean value) override;
    void floating(jdouble value) override;
    void character(char value) override;
    void string(const char* value) override;
    void address(const void* value) override;
    void bytes(const void* block, jlong count) override;
    void constant(const jvmti_trace::Constants& constants, jlong value) override;
    void error(jvmtiError value) override;
    void thread(jthread value) override;
    void threadGroup(jthreadGroup value) override;
    void klass(jclass value) override;
    void object(jobject value) override;
    void method(jmethodID value) override;
    void fieldId(jclass declaring, jfieldID value) override;
    void value(jvalue value, char signatureType) override;
    void beginStruct() override;
    void member(const char* name) override;
    void flag(const char* name) override;
    void endStruct() override;
    jlong beginArray(jlong count) override;
    void element() override;
    void endArray(jlong written, jlong count) override;

private:
    std::string& out();
    void separate();  // ", " before all but the first item of a structure or array
    void putAddress(const void* value);
    void putQuoted(const char* text, std::size_t length);
    // An object the resolver may name: its name, or its address.
    template <class Lookup>
    void named(const void* handle, Lookup lookup, bool quote);

    trace::Field& current();

    std::vector<trace::Field>* fields_ = nullptr;
    std::size_t used_ = 0;  // fields written: the current one is used_ - 1
    Options options_;
    static constexpr int kMaxNesting = 32;
    bool first_[kMaxNesting] = {};
    int nesting_ = 0;
    std::string scratch_;
};

// "JVMTI_ERROR_NONE", ...; nullptr for a number without a name.
const char* errorName(int error) noexcept;

}  // namespace jvmtilayer
