// Names of threads, classes, methods and fields for the trace, asked of the VM through the
// layer's own control environment (so the lookups are neither checked nor traced). A lookup
// is made only where it is safe:
//   - the phase allows the function (threads: live; classes, methods, fields: start or live);
//   - the thread is attached to the VM (a JNIEnv exists for it);
//   - the thread is not in a heap iteration callback (UnsafeRegion);
//   - the thread is not in an event whose callback may call almost nothing (NoLookups);
//   - under check=strict, the handle passes the handle checks (a trace entry names the
//     arguments before the checking entry would refuse a dead one).
// Method names are cached by jmethodID (they do not change while the class is loaded), class
// signatures by a tag the control environment puts on each class it has named (tags are per
// environment: the agents' own are untouched); thread names are asked each time, since a
// thread can be renamed.
#pragma once

#include <jni.h>

#include "trace/trace_values.hpp"

namespace jvmtilayer {

class VmNames final : public Names {
public:
    VmNames(JavaVM* vm, jvmtiEnv* control) noexcept : vm_(vm), control_(control) {}

    bool thread(jthread thread, std::string& out) override;
    bool threadGroup(jthreadGroup group, std::string& out) override;
    bool klass(jclass klass, std::string& out) override;
    bool method(jmethodID method, std::string& out) override;
    bool field(jclass declaring, jfieldID field, std::string& out) override;

    // Caches class signatures from now on, if the control environment can tag objects.
    void cacheClasses() noexcept;

    // The name of the calling thread, when it can be asked for.
    bool currentThread(std::string& out);

    // While one lives, the calling thread makes no lookups.
    class NoLookups {
    public:
        NoLookups() noexcept;
        ~NoLookups();
        NoLookups(const NoLookups&) = delete;
        NoLookups& operator=(const NoLookups&) = delete;
    };

private:
    JNIEnv* jni(bool liveOnly) const noexcept;  // nullptr: no lookup now
    bool classSignature(jclass klass, std::string& out);

    JavaVM* vm_;
    jvmtiEnv* control_;
    bool tagClasses_ = false;
};

// "Ljava/lang/String;" -> "java.lang.String"; other signatures (arrays, primitives) unchanged.
std::string className(const std::string& signature);

}  // namespace jvmtilayer
