// The types of jvmti.hpp on their own and with memory inside memory: struct fields JVMTI
// allocated (allocfieldbuf), nested to two levels; typed events, capabilities, bit sets, Result.
#include "jvmti.hpp"

#include <catch2/catch.hpp>

#include <cstring>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "check_args.hpp"
#include "jvmti_runtime.hpp"

namespace {

std::vector<std::unique_ptr<char[]>> heap;
std::set<std::uint64_t> handedOut;

char* block(const char* text) {
    heap.emplace_back(new char[64]());
    std::strncpy(heap.back().get(), text, 63);
    handedOut.insert(rec::toWord(heap.back().get()));
    return heap.back().get();
}
template <class T>
T* blockOf(size_t n) {
    heap.emplace_back(new char[sizeof(T) * n + 16]());
    handedOut.insert(rec::toWord(heap.back().get()));
    return reinterpret_cast<T*>(heap.back().get());
}

// Whether a recorded call is of the named function (responders leave the others alone).
bool is(const rec::Call& c, const char* name) { return c.num == md::functionByName(name)->num; }

struct Env {
    _jvmtiEnv env{};
    Env() {
        rec::reset();
        heap.clear();
        handedOut.clear();
        env.functions = &jvmti_runtime::checkedFunctionTable;
        rec::state().liveEnv = &env;
        rec::state().capabilities = allCapabilities();
    }
    ~Env() { rec::reset(); }
    jvmti::Env cpp() { return jvmti::Env(&env); }
    std::multiset<std::uint64_t> freed() const {
        std::multiset<std::uint64_t> out;
        const int dealloc = md::functionByName("Deallocate")->num;
        for (const auto& c : rec::state().calls)
            if (c.num == dealloc) out.insert(c.args[0]);
        return out;
    }
    size_t callsOf(const char* name) const {
        size_t n = 0;
        for (const auto& c : rec::state().calls) n += c.num == md::functionByName(name)->num ? 1 : 0;
        return n;
    }
};

void expectEachFreedOnce(const Env& e) {
    const auto freed = e.freed();
    CHECK(freed.size() == handedOut.size());
    for (auto a : handedOut) CHECK(freed.count(a) == 1);
}

int vmInitCalls = 0;
jvmtiEnv* vmInitEnv = nullptr;
void onVMInit(jvmti::Env env, JNIEnv*, jthread) {
    ++vmInitCalls;
    vmInitEnv = env.get();
}

}  // namespace

TEST_CASE("GetThreadInfo: the struct's name is freed with it, its references are Local-free values") {
    Env e;
    rec::state().respond = [](const rec::Call& c) {
        if (!is(c, "GetThreadInfo")) return;
        auto* info = rec::fromWord<jvmtiThreadInfo*>(c.args[1]);
        info->name = block("main");
        info->priority = 5;
    };
    {
        auto info = e.cpp().getThreadInfo(nullptr);
        REQUIRE(info.has_value());
        CHECK(std::string((*info)->name) == "main");
        CHECK((*info)->priority == 5);
        CHECK(e.freed().empty());
    }
    expectEachFreedOnce(e);
}

TEST_CASE("GetLocalVariableTable: each entry's three strings and the array are freed once") {
    Env e;
    rec::state().respond = [](const rec::Call& c) {
        if (!is(c, "GetLocalVariableTable")) return;
        *rec::fromWord<jint*>(c.args[1]) = 2;
        auto* table = blockOf<jvmtiLocalVariableEntry>(2);
        for (int i = 0; i < 2; ++i) {
            table[i].name = block("x");
            table[i].signature = block("I");
            table[i].generic_signature = i == 0 ? block("T") : nullptr;  // NULL is not freed
        }
        *rec::fromWord<jvmtiLocalVariableEntry**>(c.args[2]) = table;
    };
    {
        auto table = e.cpp().getLocalVariableTable(reinterpret_cast<jmethodID>(&e));
        REQUIRE(table.has_value());
        REQUIRE(table->size() == 2);
        CHECK(std::string((*table)[1].signature) == "I");
        auto moved = std::move(*table);  // ownership moves: still freed once
        CHECK(moved.size() == 2);
    }
    CHECK(handedOut.size() == 6);
    expectEachFreedOnce(e);
}

TEST_CASE("GetExtensionFunctions: fields of structs inside struct fields are freed, inner first") {
    Env e;
    rec::state().respond = [](const rec::Call& c) {
        if (!is(c, "GetExtensionFunctions")) return;
        *rec::fromWord<jint*>(c.args[0]) = 1;
        auto* fns = blockOf<jvmtiExtensionFunctionInfo>(1);
        fns[0].id = block("com.example.f");
        fns[0].short_description = block("f");
        fns[0].param_count = 2;
        fns[0].params = blockOf<jvmtiParamInfo>(2);
        fns[0].params[0].name = block("a");
        fns[0].params[1].name = block("b");
        fns[0].error_count = 1;
        fns[0].errors = blockOf<jvmtiError>(1);
        *rec::fromWord<jvmtiExtensionFunctionInfo**>(c.args[1]) = fns;
    };
    { auto fns = e.cpp().getExtensionFunctions(); REQUIRE(fns.has_value()); }
    CHECK(handedOut.size() == 7);
    expectEachFreedOnce(e);
}

TEST_CASE("GetSystemProperties: every string and the array of them are freed once, elements read as strings") {
    Env e;
    rec::state().respond = [](const rec::Call& c) {
        if (!is(c, "GetSystemProperties")) return;
        *rec::fromWord<jint*>(c.args[0]) = 2;
        auto** props = blockOf<char*>(2);
        props[0] = block("java.home");
        props[1] = block("user.dir");
        *rec::fromWord<char***>(c.args[1]) = props;
    };
    {
        auto props = e.cpp().getSystemProperties();
        REQUIRE(props.has_value());
        CHECK(props->str(0) == "java.home");
        CHECK(props->str(1) == "user.dir");
    }
    expectEachFreedOnce(e);
}

TEST_CASE("local references a function returns are typed Local") {
    using Classes = decltype(std::declval<jvmti::Env>().getLoadedClasses());
    STATIC_REQUIRE(std::is_same_v<Classes::value_type, jvmti::Array<jvmti::Local<jclass>>>);
    STATIC_REQUIRE(std::is_same_v<decltype(std::declval<jvmti::Env>().getCurrentThread())::value_type, jvmti::Local<jthread>>);
    STATIC_REQUIRE(std::is_same_v<decltype(std::declval<jvmti::Env>().getFrameCount(nullptr))::value_type, jint>);
}

TEST_CASE("typed events: a C++ handler gets a real C function, installing checks capabilities and enables") {
    Env e;
    jvmti::Events events;
    events.on<jvmti::Event::VMInit, onVMInit>();
    events.on<jvmti::Event::MethodEntry>([](jvmtiEnv*, JNIEnv*, jthread, jmethodID) {});
    CHECK(events.contains(jvmti::Event::VMInit));
    CHECK(events.contains(jvmti::Event::MethodEntry));
    CHECK(!events.contains(jvmti::Event::ClassLoad));
    REQUIRE(events.callbacks().VMInit != nullptr);
    vmInitCalls = 0;
    events.callbacks().VMInit(&e.env, nullptr, nullptr);
    CHECK(vmInitCalls == 1);
    CHECK(vmInitEnv == &e.env);

    SECTION("without the capability MethodEntry needs, nothing is installed") {
        rec::state().capabilities = jvmtiCapabilities{};
        auto r = e.cpp().setEvents(events);
        REQUIRE(!r.has_value());
        CHECK(r.error().code() == JVMTI_ERROR_MUST_POSSESS_CAPABILITY);
        CHECK(std::string(r.error().function()) == "MethodEntry");
        CHECK(e.callsOf("SetEventCallbacks") == 0);
    }
    SECTION("with it, the callbacks are set and each event enabled") {
        rec::state().respond = [](const rec::Call& c) {
            if (is(c, "GetCapabilities")) *rec::fromWord<jvmtiCapabilities*>(c.args[0]) = allCapabilities();
        };
        auto r = e.cpp().setEvents(events);
        REQUIRE(r.has_value());
        CHECK(e.callsOf("SetEventCallbacks") == 1);
        CHECK(e.callsOf("SetEventNotificationMode") == 2);
    }
}

TEST_CASE("Capabilities: named members and a set") {
    jvmti::Capabilities a{jvmti::Capability::can_tag_objects, jvmti::Capability::can_get_bytecodes};
    CHECK(a.can_tag_objects == 1);
    CHECK(a.can_get_bytecodes == 1);
    CHECK(a.size() == 2);
    jvmti::Capabilities b;
    CHECK(b.empty());
    b.insert(jvmti::Capability::can_get_bytecodes);
    CHECK((a & b) == b);
    CHECK((a - b).size() == 1);
    CHECK((a - b).contains(jvmti::Capability::can_tag_objects));
    CHECK((b | a) == a);
    std::vector<std::string> names;
    a.forEach([&](jvmti::Capability c) { names.push_back(jvmti::name(c)); });
    CHECK(names == std::vector<std::string>{"can_tag_objects", "can_get_bytecodes"});
    a.erase(jvmti::Capability::can_tag_objects);
    CHECK(a == b);
}

TEST_CASE("bit sets and enums have names") {
    const auto s = jvmti::ThreadState::Alive | jvmti::ThreadState::Runnable;
    CHECK(s.contains(jvmti::ThreadState::Alive));
    CHECK(!s.contains(jvmti::ThreadState::Terminated));
    CHECK(s.toString() == "JVMTI_THREAD_STATE_ALIVE|JVMTI_THREAD_STATE_RUNNABLE");
    CHECK(jvmti::HeapFilter{0}.toString().empty());
    CHECK(std::string(jvmti::name(jvmti::Phase::Live)) == "JVMTI_PHASE_LIVE");
    CHECK(static_cast<int>(jvmti::Event::VMInit) == JVMTI_EVENT_VM_INIT);
    CHECK(std::string(jvmti::name(jvmti::Event::ClassPrepare)) == "ClassPrepare");
}

TEST_CASE("Result: value or error, never both") {
    Env e;
    rec::state().respond = [](const rec::Call& c) {
        if (!is(c, "GetFrameCount")) return;
        *rec::fromWord<jint*>(c.args[1]) = 7;
    };
    auto ok = e.cpp().getFrameCount(nullptr);
    REQUIRE(ok);
    CHECK(*ok == 7);
    CHECK(ok.value_or(0) == 7);
    rec::state().result = JVMTI_ERROR_THREAD_NOT_ALIVE;
    auto bad = e.cpp().getFrameCount(nullptr);
    REQUIRE(!bad);
    CHECK(bad.value_or(-1) == -1);
    CHECK(bad.error().is(JVMTI_ERROR_THREAD_NOT_ALIVE));
    CHECK_THROWS(bad.value());
}
