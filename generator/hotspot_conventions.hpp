// HotSpot's conventions for its JVMTI entry layer (jvmtiEnter.cpp, jvmtiEnterTrace.cpp,
// jvmtiEnv.hpp), as data: what jvmti.xml does not say but HotSpot's sources expect. Each table
// names the HotSpot facts it holds; hotspot_entry.cpp picks rows by the model's facts. In the
// strings, `$` stands for the parameter's name, `@` for a second value the table names.
#pragma once

#include <string_view>
#include <vector>

namespace jvmtigen::hotspot {

// The `impl` attribute words HotSpot's build reads, and what each means there.
inline constexpr std::string_view kImplNoConvert = "noconvert";  // on a jthread: JvmtiEnv takes the jthread as is
inline constexpr std::string_view kImplInNative = "innative";    // on a function: the entry stays in native (no VM transition)
inline constexpr std::string_view kImplNoTrace = "notrace";      // on a function: left out of -XX:TraceJVMTI by default
inline constexpr std::string_view kImplUnimpl = "unimpl";        // on a function: JvmtiEnv declares no method for it
// `jkernel="yes"` on a function: its entry is compiled whatever INCLUDE_JVMTI says.
inline constexpr std::string_view kJkernelYes = "yes";

// The entry function's name: the table's prefix (`jvmti_` or `jvmtiTrace_`) and the function's id.
inline constexpr std::string_view kEntryPrefix = "jvmti";
inline constexpr std::string_view kTraceTag = "Trace";

// How an argument reaches its JvmtiEnv method (the conversion an entry makes on the way):
// by the base type of a parameter passed by value. Types not listed pass as they are.
struct Conversion {
    std::string_view base;   // element name in jvmti.xml
    std::string_view type;   // the parameter type of the JvmtiEnv method
    std::string_view name;   // the entry's local holding the converted value (JvmtiEnv's parameter name)
    std::string_view value;  // the expression the entry passes
};
const std::vector<Conversion>& conversions();
// A varargs parameter: JvmtiEnv's methods take no variable arguments; the entry passes this.
inline constexpr std::string_view kVarargsValue = "NULL";

// One test an entry makes of an argument before calling JvmtiEnv, in order. `declare` lines
// come first (the conversion), then `if (condition) return error;`. `note` and `noteArg` are
// what the trace layer's error line adds after "erroneous arg is <name>".
struct ArgTest {
    std::vector<std::string_view> declare;
    std::string_view condition;
    std::string_view error;
    std::string_view note;
    std::string_view noteArg;
    bool traced = true;  // false: the failure returns without a trace line
};

// The tests of each kind of argument HotSpot's entries check.
struct ArgTests {
    std::string_view name;  // for reading the table
    std::vector<ArgTest> tests;
    std::vector<std::string_view> prepare = {};  // lines before the tests (and before a NULL jthread's branch)
};
const ArgTests& nullPointerTests();    // a pointer the spec does not allow NULL
const ArgTests& rawMonitorTests();     // a jrawMonitorID
const ArgTests& threadTests();         // a jthread converted to a JavaThread*
const ArgTests& frameDepthTests();     // a jframeID (a depth)
const ArgTests& classTests();          // a jclass resolved to its mirror oop
const ArgTests& klassTests();          // a jclass naming a method's or field's class: its Klass* too
const ArgTests& methodTests();         // a jmethodID resolved to a Method*
const ArgTests& nativeMethodTests();   // a jmethodID with native="error"
const ArgTests& fieldTests();          // a jfieldID resolved to a fieldDescriptor
const ArgTests& minimumTests();        // a jint with a min (the minimum is `@`)

// jvmtiEnvStub.cpp: a method that takes a class's mirror (a jclass naming no method's or field's
// class) starts with these, as the stylesheet's stubs do: a primitive class, whose handling is
// left to the developer (the condition's body is a placeholder returning kStubResult), then
// the class's Klass*.
const ArgTests& stubClassTests();
// What a stub method returns until it is written.
inline constexpr std::string_view kStubResult = "JVMTI_ERROR_MUST_POSSESS_CAPABILITY";

// A jthread that may be NULL names the current thread: the converted local gets this.
inline constexpr std::string_view kCurrentThread = "current_thread";

// How -XX:TraceJVMTI shows an argument on the "{" line: a piece of the printf format and the
// values it takes, by the base type of a value parameter (trace formats of HotSpot's
// logging: INT32_FORMAT, JLONG_FORMAT, ...). Types not listed are not shown.
struct TraceShow {
    std::string_view base;
    std::string_view format;
    std::vector<std::string_view> values;
};
const std::vector<TraceShow>& traceShows();
// An enum's value is shown as its number and its name; the name comes from these, by enum.
struct EnumNamer {
    std::string_view enumName;  // "" for any other enum: `@` is then the enum's name
    std::string_view value;
};
const std::vector<EnumNamer>& enumNamers();
// Pointers in (inbuf, inptr, a ptrtype of jclass) are shown by address; a string by its text.
inline constexpr std::string_view kTracePointerFormat = " $=\" PTR_FORMAT \"";
inline constexpr std::string_view kTracePointerValue = "p2i($)";
inline constexpr std::string_view kTraceStringFormat = " $='%s'";
inline constexpr std::string_view kTraceStringValue = "$";

}  // namespace jvmtigen::hotspot
