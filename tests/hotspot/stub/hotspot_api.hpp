// The part of HotSpot's internal interface that the generated jvmtiEnter.cpp,
// jvmtiEnterTrace.cpp and jvmtiEnv.hpp use, declared as jdk17u declares it (names, parameter
// and return types), with nothing behind it: enough to compile the generated files without a
// JDK tree, with HotSpot's warning flags. Each header the generated files include is a one-line
// file, made by tests/CMakeLists.txt, that includes this one. Writing by hand what HotSpot
// declares, this file is only as right as its transcription: scripts/hotspot/compare.sh and the
// JDK build (scripts/hotspot/build.sh) are the real checks.
#ifndef JVMTIGEN_TEST_HOTSPOT_API_HPP
#define JVMTIGEN_TEST_HOTSPOT_API_HPP

#include <cinttypes>
#include <cstddef>
#include <cstdint>

#include "jvmti.h"

// utilities/macros.hpp and globalDefinitions.hpp (linux-x64)
#define INCLUDE_JVMTI 1
#define MACOS_AARCH64_ONLY(code)
#define debug_only(code) code
#define PTR_FORMAT "0x%016" PRIxPTR
#define INT32_FORMAT "%" PRId32
#define JLONG_FORMAT "%" PRId64
#define SIZE_FORMAT_HEX "0x%zx"
inline intptr_t p2i(const volatile void* p) { return reinterpret_cast<intptr_t>(p); }

// logging/log.hpp: log_trace(jvmti)("format", ...) checks its format like printf
void hotspot_stub_log(const char* format, ...) __attribute__((format(printf, 1, 2)));
#define log_trace(...) hotspot_stub_log
#define log_error(...) hotspot_stub_log

class Klass;
class JavaThread;
class ThreadsList;
class JvmtiEnv;

class Symbol {
public:
    char* as_C_string() const;
};

class oopDesc {
public:
    bool is_a(Klass* k) const;
};
typedef oopDesc* oop;

class Thread {
public:
    static Thread* current_or_null();
    bool is_Java_thread() const;
    bool is_Named_thread() const;
    JavaThread* as_Java_thread();
};
class JavaThread : public Thread {};
class Threads {
public:
    static int number_of_threads();
};

class Method {
public:
    static Method* checked_resolve_jmethod_id(jmethodID mid);
    bool is_native() const;
    Symbol* klass_name() const;
    Symbol* name() const;
};
class fieldDescriptor {
public:
    Symbol* name() const;
};

class vmClasses {
public:
    static Klass* Class_klass();
};
class java_lang_Class {
public:
    static bool is_primitive(oop java_class);
    static Klass* as_Klass(oop java_class);
};
class JNIHandles {
public:
    static oop resolve_external_guard(jobject handle);
};

class ThreadsListHandle {
public:
    explicit ThreadsListHandle(Thread* self);
    ThreadsList* list() const;
};
class JvmtiExport {
public:
    static jvmtiError cv_external_thread_to_JavaThread(ThreadsList* t_list, jthread thread, JavaThread** jt_pp,
                                                       oop* thread_oop_p);
};
class JvmtiRawMonitor {
public:
    bool is_valid();
    const char* get_name();
};

// The marks and transitions an entry makes.
class ResourceMark {
public:
    explicit ResourceMark(Thread* thread);
};
class SafeResourceMark {
public:
    SafeResourceMark();
};
class ThreadInVMfromNative {
public:
    explicit ThreadInVMfromNative(JavaThread* thread);
};
class PreserveExceptionMark {
public:
    explicit PreserveExceptionMark(Thread* thread);
};
class VMNativeEntryWrapper {
public:
    VMNativeEntryWrapper();
};
// runtime/interfaceSupport.inline.hpp: what it declares, used; `header` is the entry itself.
#define VM_ENTRY_BASE(result_type, header, thread) \
    JavaThread* THREAD = (thread);                 \
    (void)THREAD;                                  \
    (void)&header;

// prims/jvmtiEnvBase.hpp
class JvmtiEnvBase {
public:
    static JvmtiEnv* JvmtiEnv_from_jvmti_env(jvmtiEnv* env);
    static bool is_vm_live();
    static jvmtiPhase get_phase();
    static jvmtiPhase get_phase(jvmtiEnv* env);
    static bool get_field_descriptor(Klass* k, jfieldID field, fieldDescriptor* fd);
    bool is_valid();
    jvmtiCapabilities* get_capabilities();

protected:
    JvmtiEnvBase(jint version);
};

// prims/jvmtiUtil.hpp
class JvmtiUtil {
public:
    static const char* _error_names[];
    static const bool _event_threaded[];
    static const bool has_event_capability(jvmtiEvent event_type, const jvmtiCapabilities* capabilities_ptr);
    static const char* error_name(int num);
};

// prims/jvmtiTrace.hpp (compiled with JVMTI_TRACE)
class JvmtiTrace {
public:
    static jbyte _trace_flags[];
    static jbyte _event_trace_flags[];
    static const char* _event_names[];
    static jint _max_function_index;
    static jint _max_event_index;
    static short _exclude_functions[];
    static const char* _function_names[];
    enum { SHOW_IN = 01, SHOW_OUT = 02, SHOW_ERROR = 04 };
    static jbyte trace_flags(int num);
    static const char* function_name(int num);
    static const char* event_name(jvmtiEvent event);
    static const char* enum_name(const char** names, const jint* values, jint value);
    static const char* safe_get_thread_name(Thread* thread);
    static const char* safe_get_current_thread_name();
    static const char* get_class_name(oop class_mirror);
};

// prims/jvmtiEnter.inline.hpp brings the generated class JvmtiEnv.
#include "jvmtifiles/jvmtiEnv.hpp"

#endif
