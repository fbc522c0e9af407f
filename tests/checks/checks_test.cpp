// The checking entries, driven by the model itself: for every function the metadata lists,
// calls go through jvmti_runtime::checkedFunctionTable into the recording runtime. Built
// once for spec/jvmti.xml and once for OpenJDK's JDK 16 file (JVMTI 17).
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "check_args.hpp"

namespace {

const jvmtiInterface_1_& table() { return jvmti_runtime::checkedFunctionTable; }

// Calls function `f` as an agent would, with everything the checks need in place but for
// what the caller changes afterwards through state().
struct Call {
    _jvmtiEnv env{};
    explicit Call(const md::Function& f) {
        rec::reset();
        env.functions = &table();
        rec::state().liveEnv = &env;
        rec::state().capabilities = allCapabilities();
        rec::state().phase = f.phaseCount ? f.phases[0] : JVMTI_PHASE_LIVE;
        rec::state().result = JVMTI_ERROR_NOT_FOUND;  // no check returns it: it can only come from the runtime
    }
    jvmtiError operator()(const md::Function& f, const Words& args) {
        return rec::invoke(table(), f.num, &env, args.data());
    }
};

}  // namespace

TEST_CASE("metadata and table agree: a slot is filled exactly when a function has that number") {
    const auto* slots = reinterpret_cast<void* const*>(&table());
    const int count = static_cast<int>(sizeof(jvmtiInterface_1_) / sizeof(void*));
    REQUIRE(count == md::maxFunctionNum);
    int filled = 0;
    for (int num = 1; num <= count; ++num) {
        INFO("slot " << num);
        CHECK((slots[num - 1] != nullptr) == (md::functionByNum(num) != nullptr));
        filled += slots[num - 1] != nullptr;
    }
    CHECK(filled == md::functionCount);
}

TEST_CASE("good arguments reach the runtime exactly once, unchanged, and its result comes back") {
    for (const auto& f : md::functions) {
        INFO(f.name);
        Call call(f);
        const Words args = goodArgs(f);
        CHECK(call(f, args) == JVMTI_ERROR_NOT_FOUND);
        REQUIRE(rec::state().calls.size() == 1);
        CHECK(rec::state().calls[0].num == f.num);
        CHECK(rec::state().calls[0].args == args);
        CHECK(rec::state().violations.empty());
    }
}

TEST_CASE("a NULL for a pointer the spec requires returns NULL_POINTER and never reaches the runtime") {
    int checked = 0;
    for (const auto& f : md::functions)
        for (int i = 0; i < f.paramCount; ++i) {
            const md::Param& p = f.params[i];
            INFO(f.name << "(" << p.name << ")");
            Call call(f);
            Words args = goodArgs(f);
            args[static_cast<size_t>(i)] = 0;
            const jvmtiError got = call(f, args);
            if (p.nullChecked) {
                ++checked;
                CHECK(got == JVMTI_ERROR_NULL_POINTER);
                CHECK(rec::state().calls.empty());
                REQUIRE(rec::state().violations.size() == 1);
                CHECK(rec::state().violations[0] == std::string(f.name) + "." + p.name + ".null");
            } else if (isPointer(p.kind) && p.nullok) {
                CHECK(got == JVMTI_ERROR_NOT_FOUND);  // NULL is allowed: the runtime decides
                CHECK(rec::state().calls.size() == 1);
            }
        }
    CHECK(checked > 100);  // the spec has well over a hundred such pointers
}

TEST_CASE("a call in a phase the function does not allow returns WRONG_PHASE") {
    for (const auto& f : md::functions) {
        for (jvmtiPhase phase : kPhases) {
            INFO(f.name << " in phase " << phase);
            Call call(f);
            rec::state().phase = phase;
            const jvmtiError got = call(f, goodArgs(f));
            if (allowedIn(f, phase)) {
                CHECK(got == JVMTI_ERROR_NOT_FOUND);
            } else {
                CHECK(got == JVMTI_ERROR_WRONG_PHASE);
                CHECK(rec::state().calls.empty());
                CHECK(rec::state().violations == std::vector<std::string>{std::string(f.name) + ".phase"});
            }
        }
    }
}

TEST_CASE("a missing required capability returns MUST_POSSESS_CAPABILITY") {
    int checked = 0;
    for (const auto& f : md::functions)
        for (int i = 0; i < f.requiredCapabilityCount; ++i) {
            const md::Capability& cap = md::capabilities[f.requiredCapabilities[i]];
            INFO(f.name << " without " << cap.name);
            Call call(f);
            cap.set(rec::state().capabilities, false);
            CHECK(call(f, goodArgs(f)) == JVMTI_ERROR_MUST_POSSESS_CAPABILITY);
            CHECK(rec::state().calls.empty());
            CHECK(rec::state().violations ==
                  std::vector<std::string>{std::string(f.name) + ".capability." + cap.name});
            ++checked;
        }
    CHECK(checked > 30);
}

TEST_CASE("a jint below its minimum returns ILLEGAL_ARGUMENT, while the minimum itself passes") {
    for (const auto& f : md::functions)
        for (int i = 0; i < f.paramCount; ++i) {
            const md::Param& p = f.params[i];
            if (!p.hasMin) continue;
            INFO(f.name << "(" << p.name << ")");
            Call call(f);
            Words args = goodArgs(f);
            args[static_cast<size_t>(i)] = rec::toWord(static_cast<jint>(p.min - 1));
            CHECK(call(f, args) == JVMTI_ERROR_ILLEGAL_ARGUMENT);
            CHECK(rec::state().calls.empty());
            Call again(f);
            args[static_cast<size_t>(i)] = rec::toWord(static_cast<jint>(p.min));
            CHECK(again(f, args) == JVMTI_ERROR_NOT_FOUND);
        }
}

TEST_CASE("an enum value that is none of its constants returns the spec's error for it") {
    int checked = 0;
    for (const auto& f : md::functions)
        for (int i = 0; i < f.paramCount; ++i) {
            const md::Param& p = f.params[i];
            if (p.enumValueCount == 0) continue;
            INFO(f.name << "(" << p.name << ": " << p.enumName << ")");
            int bad = 0;
            for (int k = 0; k < p.enumValueCount; ++k) bad = std::max(bad, p.enumValues[k]);
            Call call(f);
            Words args = goodArgs(f);
            args[static_cast<size_t>(i)] = rec::toWord(static_cast<jint>(bad + 1000));
            const jvmtiError expected = std::string(p.enumName) == "jvmtiEvent" ? JVMTI_ERROR_INVALID_EVENT_TYPE
                                                                                : JVMTI_ERROR_ILLEGAL_ARGUMENT;
            CHECK(call(f, args) == expected);
            CHECK(rec::state().calls.empty());
            // Every listed value passes.
            for (int k = 0; k < p.enumValueCount; ++k) {
                Call ok(f);
                args[static_cast<size_t>(i)] = rec::toWord(static_cast<jint>(p.enumValues[k]));
                CHECK(ok(f, args) == JVMTI_ERROR_NOT_FOUND);
            }
            ++checked;
        }
    CHECK(checked >= 5);
}

TEST_CASE("an environment that is not live returns INVALID_ENVIRONMENT") {
    for (const auto& f : md::functions) {
        INFO(f.name);
        Call call(f);
        _jvmtiEnv other{};
        other.functions = &table();
        CHECK(rec::invoke(table(), f.num, &other, goodArgs(f).data()) == JVMTI_ERROR_INVALID_ENVIRONMENT);
        CHECK(rec::invoke(table(), f.num, nullptr, goodArgs(f).data()) == JVMTI_ERROR_INVALID_ENVIRONMENT);
        CHECK(rec::state().calls.empty());
        CHECK(rec::state().violations.size() == 2);
    }
}

TEST_CASE("inside a heap iteration callback only callback-safe functions get through") {
    int safe = 0;
    for (const auto& f : md::functions) {
        INFO(f.name);
        Call call(f);
        rec::state().callbackUnsafe = true;
        const jvmtiError got = call(f, goodArgs(f));
        if (f.callbackSafe) {
            ++safe;
            CHECK(got == JVMTI_ERROR_NOT_FOUND);
        } else {
            CHECK(got == JVMTI_ERROR_ACCESS_DENIED);
            CHECK(rec::state().calls.empty());
            CHECK(rec::state().violations == std::vector<std::string>{std::string(f.name) + ".callback_unsafe"});
        }
    }
    CHECK(safe >= 10);  // raw monitors, memory, environment storage, timers
}

TEST_CASE("a handle the runtime finds dead returns its type's error, as .invalid or .stale, only while checked") {
    const std::pair<const char*, jvmtiError> errors[] = {
        {"jobject", JVMTI_ERROR_INVALID_OBJECT},     {"jclass", JVMTI_ERROR_INVALID_CLASS},
        {"jthread", JVMTI_ERROR_INVALID_THREAD},     {"jthreadGroup", JVMTI_ERROR_INVALID_THREAD_GROUP},
        {"jmethodID", JVMTI_ERROR_INVALID_METHODID}, {"jfieldID", JVMTI_ERROR_INVALID_FIELDID}};
    int checked = 0;
    for (const auto& f : md::functions)
        for (int i = 0; i < f.paramCount; ++i) {
            const md::Param& p = f.params[i];
            INFO(f.name << "(" << p.name << ")");
            jvmtiError expected = JVMTI_ERROR_NONE;
            if (p.kind == md::Kind::Value || p.kind == md::Kind::PtrType)
                for (const auto& [base, error] : errors)
                    if (std::string(p.base) == base) expected = error;
            // The metadata says the same (Param::handle, Param::handleError).
            CHECK(p.handleError == expected);
            CHECK((p.handle != md::Handle::None) == (expected != JVMTI_ERROR_NONE));
            if (expected == JVMTI_ERROR_NONE) continue;
            const Words args = goodArgs(f);
            const void* handle = rec::fromWord<const void*>(args[static_cast<size_t>(i)]);
            for (const auto state : {jvmti_runtime::HandleState::Invalid, jvmti_runtime::HandleState::Stale}) {
                Call call(f);
                rec::state().deadHandles = {{handle, state}};
                CHECK(call(f, args) == JVMTI_ERROR_NOT_FOUND);  // not checked: the runtime is reached
                rec::reset();
                Call checking(f);
                rec::state().checkHandles = true;
                rec::state().deadHandles = {{handle, state}};
                CHECK(checking(f, args) == expected);
                CHECK(rec::state().calls.empty());
                const char* suffix = state == jvmti_runtime::HandleState::Stale ? ".stale" : ".invalid";
                CHECK(rec::state().violations == std::vector<std::string>{std::string(f.name) + "." + p.name + suffix});
            }
            // NULL is the runtime's to judge.
            Call null(f);
            rec::state().checkHandles = true;
            rec::state().deadHandles = {{nullptr, jvmti_runtime::HandleState::Invalid}};
            Words nulled = args;
            nulled[static_cast<size_t>(i)] = 0;
            const jvmtiError got = null(f, nulled);
            CHECK(got != expected);
            ++checked;
        }
    CHECK(checked >= 60);
}

TEST_CASE("every entry tells the runtime where it was called from") {
    const md::Function* f = md::functionByName("GetFrameCount");
    REQUIRE(f != nullptr);
    Call call(*f);
    call(*f, goodArgs(*f));
    CHECK(rec::state().caller != nullptr);
}

TEST_CASE("metadata: names, errors, events and out-parameters") {
    const md::Function* f = md::functionByName("GetFrameCount");
    REQUIRE(f != nullptr);
    CHECK(f->num == 16);
    CHECK(md::functionByNum(16) == f);
    CHECK(md::functionByNum(1) == nullptr);  // reserved
    CHECK(std::string(md::errorName(JVMTI_ERROR_INVALID_THREAD)) == "JVMTI_ERROR_INVALID_THREAD");
    CHECK(md::errorName(static_cast<jvmtiError>(9999)) == nullptr);
    REQUIRE(md::eventByNum(JVMTI_EVENT_VM_INIT) != nullptr);
    CHECK(std::string(md::eventByNum(JVMTI_EVENT_VM_INIT)->name) == "VMInit");
    CHECK(md::capabilityByName("can_tag_objects")->bit == 0);

    const md::Function* loaded = md::functionByName("GetLoadedClasses");
    REQUIRE(loaded != nullptr);
    REQUIRE(loaded->outParamCount == 1);
    const md::OutParam& classes = loaded->outParams[0];
    CHECK(std::string(loaded->params[classes.index].name) == "classes_ptr");
    CHECK(classes.allocated);
    CHECK(classes.localRefs);
    CHECK(std::string(loaded->params[classes.countIndex].name) == "class_count_ptr");
    CHECK(classes.countIsPointer);

    const md::Function* props = md::functionByName("GetSystemProperties");
    REQUIRE(props != nullptr);
    REQUIRE(props->outParamCount == 1);
    CHECK(props->outParams[0].nested);
    CHECK_FALSE(props->outParams[0].localRefs);
}
