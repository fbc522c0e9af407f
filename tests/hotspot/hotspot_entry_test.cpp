// hotspot::entryOf() and envParams(): what HotSpot's entry for a function does, from the model
// of OpenJDK's JDK 16 file and HotSpot's conventions.
#include <catch2/catch.hpp>

#include "diag.hpp"
#include "hotspot_entry.hpp"
#include "reader.hpp"
#include "support.hpp"

using namespace testsupport;
using namespace jvmtigen::hotspot;

namespace {

const jvmtigen::Spec& jdk16() {
    static const jvmtigen::Spec spec = [] {
        jvmtigen::Spec s;
        jvmtigen::Diagnostics diag(upstreamSpec("jdk16").string());
        if (!jvmtigen::readSpecFile(upstreamSpec("jdk16").string(), s, diag)) throw std::runtime_error("jdk16 unread");
        return s;
    }();
    return spec;
}

const jvmtigen::Function& fn(const std::string& id) {
    for (const auto& f : jdk16().functions)
        if (f.id == id) return f;
    throw std::runtime_error("no function " + id);
}

std::vector<std::string> conditions(const ArgCheck& c) {
    std::vector<std::string> out;
    for (const auto& t : c.tests) out.push_back(t.condition);
    return out;
}

}  // namespace

TEST_CASE("entry: a live-phase function converts its jthread and tests its depth and pointer, in order") {
    const Entry e = entryOf(fn("GetLocalObject"));
    CHECK(e.phase == PhaseTest::Live);
    CHECK_FALSE(e.early);
    CHECK(e.guard == ThreadGuard::JavaThread);
    CHECK(e.enterVm);
    CHECK(e.preserveExceptions);
    CHECK(e.underIncludeJvmti);
    CHECK(e.capabilities == std::vector<std::string>{"can_access_local_variables"});
    REQUIRE(e.checks.size() == 3);
    CHECK(e.checks[0].param->id == "thread");
    CHECK(e.checks[0].currentWhenNull);  // <jthread null="current"/>
    CHECK(e.checks[0].prepare == std::vector<std::string>{"JavaThread* java_thread = NULL;",
                                                           "ThreadsListHandle tlh(this_thread);"});
    CHECK(e.checks[0].tests.at(0).error == "err");
    CHECK(conditions(e.checks[1]) == std::vector<std::string>{"depth < 0"});
    CHECK(e.checks[1].tests.at(0).error == "JVMTI_ERROR_ILLEGAL_ARGUMENT");
    CHECK(conditions(e.checks[2]) == std::vector<std::string>{"value_ptr == NULL"});
    CHECK(e.callArgs == std::vector<std::string>{"java_thread", "depth", "slot", "value_ptr"});
    // The trace line shows the thread by name, then the depth (HotSpot's piece has no space), the slot.
    const TracePiece line = traceLine(e, e.trace.size());
    CHECK(line.format == " thread=%sdepth=%d slot=\" INT32_FORMAT \"");
    CHECK(line.values == std::vector<std::string>{"JvmtiTrace::safe_get_thread_name(java_thread)", "depth", "slot"});
    // An error at the depth shows what came before it: the thread.
    CHECK(traceLine(e, e.checks[1].index).format == " thread=%s");
}

TEST_CASE("entry: a jclass naming a field's class is tested to its Klass* and not passed, the field is") {
    const auto& f = fn("GetFieldName");
    const Entry e = entryOf(f);
    CHECK(e.phase == PhaseTest::Start);
    REQUIRE(e.checks.size() >= 2);
    CHECK(conditions(e.checks[0]) ==
          std::vector<std::string>{"k_mirror == NULL", "!k_mirror->is_a(vmClasses::Class_klass())",
                                   "java_lang_Class::is_primitive(k_mirror)", "k_oop == NULL"});
    CHECK(conditions(e.checks[1]) == std::vector<std::string>{"!JvmtiEnv::get_field_descriptor(k_oop, field, &fdesc)"});
    CHECK(e.callArgs.at(0) == "&fdesc");
    CHECK(e.callArgs.size() == 4);
    const auto params = envParams(f);
    REQUIRE(params.size() == 4);
    CHECK(params[0].type == "fieldDescriptor*");
    CHECK(params[0].name == "fdesc_ptr");
    CHECK(params[1].type == "char**");
}

TEST_CASE("entry: early, callback-safe, in native: a raw monitor function") {
    const Entry e = entryOf(fn("RawMonitorEnter"));
    CHECK(e.phase == PhaseTest::None);  // phase="any"
    CHECK(e.early);
    CHECK(e.callbackSafe);
    CHECK(e.guard == ThreadGuard::AnyButUnattached);
    CHECK_FALSE(e.enterVm);  // impl="innative notrace"
    CHECK_FALSE(e.preserveExceptions);
    REQUIRE(e.checks.size() == 1);
    CHECK(e.checks[0].tests.at(0).declare == std::vector<std::string>{"JvmtiRawMonitor *rmonitor = (JvmtiRawMonitor *)monitor;"});
    CHECK(conditions(e.checks[0]) == std::vector<std::string>{"rmonitor == NULL", "!rmonitor->is_valid()"});
    CHECK(e.callArgs == std::vector<std::string>{"rmonitor"});
    CHECK(envParams(fn("RawMonitorEnter")).at(0).type == "JvmtiRawMonitor *");
}

TEST_CASE("entry: phases, varargs, jthreads not converted, jkernel, native methods") {
    const Entry notify = entryOf(fn("SetEventNotificationMode"));
    CHECK(notify.phase == PhaseTest::OnLoad);
    CHECK(notify.early);
    CHECK(notify.guard == ThreadGuard::JavaThread);
    CHECK(notify.callArgs == std::vector<std::string>{"mode", "event_type", "event_thread", "NULL"});
    CHECK(notify.trace.at(1).values.at(1) == "JvmtiTrace::event_name(event_type)");
    CHECK(notify.trace.at(0).values.at(1) ==
          "JvmtiTrace::enum_name(jvmtiEventModeConstantNames, jvmtiEventModeConstantValues, mode)");

    CHECK(entryOf(fn("AddCapabilities")).phase == PhaseTest::OnLoad);
    CHECK(entryOf(fn("AddToBootstrapClassLoaderSearch")).phase == PhaseTest::OnLoad);
    CHECK(entryOf(fn("SetNativeMethodPrefix")).phase == PhaseTest::None);
    CHECK(entryOf(fn("GetPotentialCapabilities")).phase == PhaseTest::OnLoad);

    const Entry state = entryOf(fn("GetThreadState"));  // <jthread impl="noconvert" .../>
    REQUIRE(state.checks.size() == 1);
    CHECK(state.checks[0].param->id == "thread_state_ptr");
    CHECK(state.callArgs.at(0) == "thread");
    CHECK(envParams(fn("GetThreadState")).at(0).type == "jthread");

    CHECK_FALSE(entryOf(fn("Allocate")).underIncludeJvmti);  // jkernel="yes"

    // <jclass method="method"/>: no test, not passed; the jmethodID is resolved.
    const Entry bp = entryOf(fn("SetBreakpoint"));
    REQUIRE_FALSE(bp.checks.empty());
    CHECK(bp.checks[0].param->id == "method");
    CHECK(conditions(bp.checks[0]) == std::vector<std::string>{"checked_method == NULL"});
    CHECK(bp.callArgs == std::vector<std::string>{"checked_method", "location"});
    CHECK(bp.trace.at(0).format.empty());

    const Entry locals = entryOf(fn("GetMaxLocals"));  // <jmethodID class="klass" native="error"/>
    REQUIRE_FALSE(locals.checks.empty());
    CHECK(conditions(locals.checks[0]) ==
          std::vector<std::string>{"checked_method == NULL", "checked_method->is_native()"});
    CHECK_FALSE(locals.checks[0].tests[1].traced);

    const Entry frames = entryOf(fn("GetThreadListStackTraces"));  // thread_count min="0"
    bool minimum = false;
    for (const auto& c : frames.checks)
        for (const auto& t : c.tests) minimum = minimum || t.condition == "thread_count < 0";
    CHECK(minimum);
}
