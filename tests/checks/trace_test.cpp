// The generated tracing entries, event thunks and formatters, without a JVM: calls go through
// jvmti_trace::tracedFunctionTable into the checking entries and the recording runtime; this
// file defines the runtime's side of tracing (Call, Event, eventTarget) as a plain list of
// records, with the layer's TextValues and a resolver that names handles by their numbers.
// Built once for spec/jvmti.xml and once for OpenJDK's JDK 16 file (JVMTI 17).
#include <catch2/catch.hpp>

#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "check_args.hpp"
#include "jvmti_trace.hpp"
#include "trace/trace_values.hpp"

namespace tr = jvmti_trace;
using jvmtilayer::TextValues;
using jvmtilayer::trace::Record;

namespace {

// Names a handle by its number: thread 0x1000 is "thread-1000".
struct NumberNames final : jvmtilayer::Names {
    static std::string hex(const void* p) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%lx", static_cast<unsigned long>(reinterpret_cast<std::uintptr_t>(p)));
        return buf;
    }
    bool thread(jthread t, std::string& out) override { return out = "thread-" + hex(t), true; }
    bool threadGroup(jthreadGroup g, std::string& out) override { return out = "group-" + hex(g), true; }
    bool klass(jclass k, std::string& out) override { return out = "Lclass" + hex(k) + ";", true; }
    bool method(jmethodID m, std::string& out) override { return out = "C.m" + hex(m) + "()V", true; }
    bool field(jclass, jfieldID f, std::string& out) override { return out = "C.f" + hex(f) + ":I", true; }
};

NumberNames names;

// What the test's runtime side collects.
struct Collected {
    std::vector<Record> records;
    TextValues values;
    bool traceOutputs = true;
    jvmtiEventCallbacks agentCallbacks{};
    jvmtiEnv* agentEnv = nullptr;
} collected;

struct Pending {
    Record record;
};

std::string fields(const std::vector<jvmtilayer::trace::Field>& fs) {
    std::string s;
    for (const auto& f : fs) s += (s.empty() ? "" : ", ") + std::string(f.name) + "=" + f.value;
    return s;
}

}  // namespace

// ---- The runtime's side of the tracing contract, for this test ----

namespace jvmti_trace {

Call::Call(jvmtiEnv*, int function) noexcept : state_(new Pending) {
    static_cast<Pending*>(state_)->record.name = md::functionByNum(function)->name;
}
Call::~Call() {
    auto* p = static_cast<Pending*>(state_);
    collected.records.push_back(p->record);
    delete p;
}
Values* Call::inputs() noexcept {
    collected.values.begin(static_cast<Pending*>(state_)->record.inputs, {false, false, &names});
    return &collected.values;
}
void Call::start() noexcept {}
void Call::stop(jvmtiError result) noexcept { static_cast<Pending*>(state_)->record.error = result; }
Values* Call::outputs() noexcept {
    auto* p = static_cast<Pending*>(state_);
    if (!collected.traceOutputs || p->record.error != JVMTI_ERROR_NONE) return nullptr;
    collected.values.begin(p->record.outputs, {false, false, &names});
    return &collected.values;
}

Event::Event(jvmtiEnv*, int event, bool delivered) noexcept : state_(new Pending) {
    auto* p = static_cast<Pending*>(state_);
    p->record.kind = Record::Kind::Event;
    p->record.name = md::eventByNum(event)->name;
    p->record.error = delivered;  // the test reads it back: was there a callback
}
Event::~Event() {
    auto* p = static_cast<Pending*>(state_);
    collected.records.push_back(p->record);
    delete p;
}
Values* Event::inputs() noexcept {
    collected.values.begin(static_cast<Pending*>(state_)->record.inputs, {false, false, &names});
    return &collected.values;
}
void Event::start() noexcept {}
void Event::stop() noexcept {}
Values* Event::outputs() noexcept {
    collected.values.begin(static_cast<Pending*>(state_)->record.outputs, {false, false, &names});
    return &collected.values;
}

}  // namespace jvmti_trace

namespace jvmti_runtime {

EventTarget eventTarget(jvmtiEnv*) noexcept { return {collected.agentEnv, &collected.agentCallbacks}; }

// Restricted handlers answer inCallbackUnsafeRegion() through the recording runtime's state.
int restrictedDepth = 0;
void enterRestrictedHandler() noexcept { rec::state().callbackUnsafe = ++restrictedDepth > 0; }
void leaveRestrictedHandler() noexcept { rec::state().callbackUnsafe = --restrictedDepth > 0; }

}  // namespace jvmti_runtime

namespace {

struct Traced {
    _jvmtiEnv env{};
    explicit Traced(jvmtiPhase phase = JVMTI_PHASE_LIVE) {
        rec::reset();
        collected.records.clear();
        env.functions = &tr::tracedFunctionTable;
        rec::state().liveEnv = &env;
        rec::state().capabilities = allCapabilities();
        rec::state().phase = phase;
    }
    const Record& only() const {
        REQUIRE(collected.records.size() == 1);
        return collected.records[0];
    }
};

}  // namespace

TEST_CASE("the tracing table has an entry exactly where the checking table has one") {
    const auto* traced = reinterpret_cast<void* const*>(&tr::tracedFunctionTable);
    const auto* checked = reinterpret_cast<void* const*>(&jvmti_runtime::checkedFunctionTable);
    for (int i = 0; i < md::maxFunctionNum; ++i) {
        INFO("slot " << i + 1);
        CHECK((traced[i] != nullptr) == (checked[i] != nullptr));
        CHECK((traced[i] == nullptr || traced[i] != checked[i]));
    }
    // The spec's notrace functions are left out of HotSpot's default selections.
    CHECK(!md::functionByName("Allocate")->traceByDefault);
    CHECK(!md::functionByName("RawMonitorEnter")->traceByDefault);
    CHECK(md::functionByName("GetPhase")->traceByDefault);
}

TEST_CASE("every tracing entry records one call, by name, with the checking entry's result") {
    for (const auto& f : md::functions) {
        INFO(f.name);
        Traced t(f.phaseCount ? f.phases[0] : JVMTI_PHASE_LIVE);
        rec::state().result = JVMTI_ERROR_NOT_FOUND;
        const Words args = goodArgs(f);
        CHECK(rec::invoke(tr::tracedFunctionTable, f.num, &t.env, args.data()) == JVMTI_ERROR_NOT_FOUND);
        const Record& r = t.only();
        CHECK(std::string(r.name) == f.name);
        CHECK(r.error == JVMTI_ERROR_NOT_FOUND);
        CHECK(r.outputs.empty());  // a failed call shows no results
        REQUIRE(rec::state().calls.size() == 1);
        CHECK(rec::state().calls[0].args == args);
    }
}

TEST_CASE("a NULL out-parameter shows in the arguments, with the error") {
    Traced t;
    jthread thread = reinterpret_cast<jthread>(0x1000);
    CHECK(t.env.GetFrameCount(thread, nullptr) == JVMTI_ERROR_NULL_POINTER);
    const Record& r = t.only();
    CHECK(std::string(r.name) == "GetFrameCount");
    CHECK(r.error == JVMTI_ERROR_NULL_POINTER);
    CHECK(fields(r.inputs) == "thread=\"thread-1000\", count_ptr=NULL");
    CHECK(r.outputs.empty());
}

TEST_CASE("results are read after a successful call: structures field by field, strings, arrays") {
    SECTION("GetThreadInfo") {
        Traced t;
        char name[] = "worker \"1\"";
        jvmtiThreadInfo info{};
        info.name = name;
        info.priority = 5;
        info.is_daemon = JNI_TRUE;
        info.thread_group = reinterpret_cast<jthreadGroup>(0x2000);
        CHECK(t.env.GetThreadInfo(reinterpret_cast<jthread>(0x1000), &info) == JVMTI_ERROR_NONE);
        const Record& r = t.only();
        CHECK(fields(r.inputs) == "thread=\"thread-1000\"");
        CHECK(fields(r.outputs) == "info_ptr={name=\"worker \\\"1\\\"\", priority=5, is_daemon=true, "
                                   "thread_group=\"group-2000\", context_class_loader=NULL}");
    }
    SECTION("GetPhase: an enum by name") {
        Traced t;
        jvmtiPhase phase = JVMTI_PHASE_LIVE;
        CHECK(t.env.GetPhase(&phase) == JVMTI_ERROR_NONE);
        CHECK(fields(t.only().outputs) == "phase_ptr=JVMTI_PHASE_LIVE");
    }
    SECTION("GetThreadState: a bit set by its flags") {
        Traced t;
        jint state = JVMTI_THREAD_STATE_ALIVE | JVMTI_THREAD_STATE_WAITING | JVMTI_THREAD_STATE_IN_NATIVE | 0x800;
        CHECK(t.env.GetThreadState(reinterpret_cast<jthread>(0x1000), &state) == JVMTI_ERROR_NONE);
        CHECK(fields(t.only().outputs) == "thread_state_ptr=JVMTI_THREAD_STATE_ALIVE|JVMTI_THREAD_STATE_WAITING|"
                                          "JVMTI_THREAD_STATE_IN_NATIVE|0x800");
    }
    SECTION("GetAllThreads: an allocated array with its count, cut after 16 elements") {
        Traced t;
        std::vector<jthread> threads;
        for (std::uintptr_t i = 1; i <= 20; ++i) threads.push_back(reinterpret_cast<jthread>(i));
        jint count = 20;
        jthread* array = threads.data();
        CHECK(t.env.GetAllThreads(&count, &array) == JVMTI_ERROR_NONE);
        const std::string out = fields(t.only().outputs);
        CHECK(out.rfind("threads_count_ptr=20, threads_ptr=[\"thread-1\", \"thread-2\", ", 0) == 0);
        // Names are the handles in hex: the 16th is thread-10.
        CHECK(out.find("\"thread-e\", \"thread-f\", \"thread-10\", ... (+4)]") == out.size() - 46);
    }
    SECTION("SetEventCallbacks: the callbacks set, within the size given") {
        Traced t;
        jvmtiEventCallbacks cb{};
        cb.VMInit = [](jvmtiEnv*, JNIEnv*, jthread) {};
        cb.ClassLoad = [](jvmtiEnv*, JNIEnv*, jthread, jclass) {};
        CHECK(t.env.SetEventCallbacks(&cb, static_cast<jint>(sizeof cb)) == JVMTI_ERROR_NONE);
        CHECK(fields(t.only().inputs) == "callbacks={VMInit, ClassLoad}, size_of_callbacks=" + std::to_string(sizeof cb));
        collected.records.clear();
        CHECK(t.env.SetEventCallbacks(&cb, static_cast<jint>(sizeof(void*))) == JVMTI_ERROR_NONE);
        CHECK(fields(t.only().inputs) == "callbacks={VMInit}, size_of_callbacks=" + std::to_string(sizeof(void*)));
    }
    SECTION("AddCapabilities: the capabilities named") {
        Traced t;
        jvmtiCapabilities caps{};
        caps.can_tag_objects = 1;
        caps.can_get_bytecodes = 1;
        CHECK(t.env.AddCapabilities(&caps) == JVMTI_ERROR_NONE);
        CHECK(fields(t.only().inputs) == "capabilities_ptr={can_tag_objects, can_get_bytecodes}");
    }
    SECTION("no results when the trace does not ask for them") {
        Traced t;
        collected.traceOutputs = false;
        jvmtiPhase phase = JVMTI_PHASE_LIVE;
        CHECK(t.env.GetPhase(&phase) == JVMTI_ERROR_NONE);
        collected.traceOutputs = true;
        CHECK(t.only().outputs.empty());
    }
}

TEST_CASE("a tracing thunk records the event, calls the agent's callback, and records what it handed back") {
    Traced t;
    static int calls = 0;
    calls = 0;
    collected.agentEnv = &t.env;
    collected.agentCallbacks = {};
    collected.agentCallbacks.VMInit = [](jvmtiEnv*, JNIEnv*, jthread) { ++calls; };
    tr::tracedThunks().VMInit(nullptr, reinterpret_cast<JNIEnv*>(0x3000), reinterpret_cast<jthread>(0x1000));
    CHECK(calls == 1);
    const Record& r = t.only();
    CHECK(r.kind == Record::Kind::Event);
    CHECK(std::string(r.name) == "VMInit");
    CHECK(r.error == 1);  // delivered
    CHECK(fields(r.inputs) == "jni_env=0x3000, thread=\"thread-1000\"");

    // No callback: recorded, not delivered.
    collected.records.clear();
    tr::tracedThunks().ClassLoad(nullptr, nullptr, nullptr, reinterpret_cast<jclass>(0x10));
    CHECK(t.only().error == 0);
    CHECK(fields(t.only().inputs) == "jni_env=NULL, thread=NULL, klass=Lclass10;");

    // ClassFileLoadHook: the new class data the callback set are results.
    collected.records.clear();
    static unsigned char replaced[3] = {1, 2, 3};
    collected.agentCallbacks.ClassFileLoadHook = [](jvmtiEnv*, JNIEnv*, jclass, jobject, const char*, jobject, jint,
                                                    const unsigned char*, jint* len, unsigned char** data) {
        *len = 3;
        *data = replaced;
    };
    jint newLen = 0;
    unsigned char* newData = nullptr;
    const unsigned char bytes[4] = {0xCA, 0xFE, 0xBA, 0xBE};
    tr::tracedThunks().ClassFileLoadHook(nullptr, nullptr, nullptr, nullptr, "p/C", nullptr, 4, bytes, &newLen, &newData);
    const std::string out = fields(t.only().outputs);
    CHECK(out.rfind("new_class_data_len=3, new_class_data=0x", 0) == 0);
    CHECK(out.find(" (3 bytes)") != std::string::npos);
    CHECK(fields(t.only().inputs).find("name=\"p/C\"") != std::string::npos);
    collected.agentEnv = nullptr;
}

TEST_CASE("a restricted event's handler runs in a callback-unsafe region: a call it makes is refused") {
    Traced t;
    static jvmtiError inside = JVMTI_ERROR_NONE;
    static bool unsafeInside = false;
    collected.agentEnv = &t.env;
    collected.agentCallbacks = {};
    inside = JVMTI_ERROR_NONE;
    collected.agentCallbacks.GarbageCollectionStart = [](jvmtiEnv* env) {
        unsafeInside = rec::state().callbackUnsafe;
        jint count = 0;
        inside = env->GetFrameCount(nullptr, &count);
    };
    tr::tracedThunks().GarbageCollectionStart(nullptr);
    // Our spec restricts the handler (handlercalls="callbacksafe"); OpenJDK's file says so only
    // in prose, so there the thunk leaves the handler alone.
    const bool restricted = md::eventByNum(JVMTI_EVENT_GARBAGE_COLLECTION_START)->restrictedHandler;
    CHECK(restricted == (JVMTI_VERSION >= 0x30190000));
    CHECK(unsafeInside == restricted);
    CHECK((inside == JVMTI_ERROR_ACCESS_DENIED) == restricted);
    CHECK_FALSE(rec::state().callbackUnsafe);  // left when the handler returned

    // An event the spec does not restrict: the same call passes the check.
    collected.agentCallbacks.VMInit = [](jvmtiEnv* env, JNIEnv*, jthread) {
        unsafeInside = rec::state().callbackUnsafe;
        jint count = 0;
        inside = env->GetFrameCount(nullptr, &count);
    };
    tr::tracedThunks().VMInit(nullptr, nullptr, nullptr);
    CHECK_FALSE(unsafeInside);
    CHECK(inside != JVMTI_ERROR_ACCESS_DENIED);
    collected.agentEnv = nullptr;
}

TEST_CASE("formatters: constants, bit sets and no-addr") {
    std::vector<jvmtilayer::trace::Field> fs;
    TextValues v;
    v.begin(fs, {true, false, &names});
    v.field("a");
    v.constant(tr::constants_jvmtiPhase, 999);
    v.field("b");
    v.constant(tr::constants_jvmtiHeapFilter, 0);
    v.field("c");
    v.address(reinterpret_cast<void*>(0x1234));
    v.field("d");
    v.beginStruct();
    v.member("p");
    v.address(reinterpret_cast<void*>(0x1234));
    v.member("n");
    v.null();
    v.endStruct();
    v.field("e");
    v.constant(tr::constants_jvmtiEvent, JVMTI_EVENT_VM_INIT);
    v.field("f");
    v.error(JVMTI_ERROR_INVALID_THREAD);
    CHECK(fields(fs) == "a=999, b=0, c=0x1234, d={p=<addr>, n=NULL}, e=JVMTI_EVENT_VM_INIT, f=JVMTI_ERROR_INVALID_THREAD");
    CHECK(fs[2].address);   // a bare address: the writer leaves it out under no-addr
    CHECK(!fs[3].address);  // inside a structure it is written <addr> already
}

TEST_CASE("formatters: long strings are cut unless in detail") {
    std::vector<jvmtilayer::trace::Field> fs;
    TextValues v;
    const std::string longText(300, 'x');
    v.begin(fs, {false, false, &names});
    v.field("s");
    v.string(longText.c_str());
    CHECK(fs[0].value == "\"" + std::string(256, 'x') + "\"...(300 bytes)");
    v.begin(fs, {false, true, &names});
    v.field("t");
    v.string(longText.c_str());
    CHECK(fs[1].value == "\"" + longText + "\"");
}
