// Every member of jvmti::Env, driven by the metadata and the member table of jvmti.hpp through
// the checking entries into the recording runtime: arguments arrive unchanged, an error comes
// back as the Error with no value, and JVMTI memory is deallocated once per block, never after
// a failure. Built for spec/jvmti.xml and for OpenJDK's JDK 16 file (JVMTI 17).
#define JVMTI_HPP_MEMBER_TABLE
#include "jvmti.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "check_args.hpp"
#include "jvmti_runtime.hpp"

namespace {

// Blocks the test hands out as JVMTI memory; each is a zeroed 4 KiB, freed at the end of a case.
struct Blocks {
    std::vector<std::unique_ptr<std::uint64_t[]>> owned;
    std::set<std::uint64_t> addresses;
    void* make() {
        owned.emplace_back(new std::uint64_t[512]());
        addresses.insert(rec::toWord(owned.back().get()));
        return owned.back().get();
    }
};
Blocks* blocks = nullptr;
constexpr jint kCount = 3;  // what every out-parameter count says

// Writes the out-parameters the metadata lists for the call: counts, allocated buffers, and
// for allocallocbuf the inner blocks.
void fillOutParams(const rec::Call& call) {
    const md::Function* f = md::functionByNum(call.num);
    if (f == nullptr || blocks == nullptr) return;
    for (int i = 0; i < f->outParamCount; ++i) {
        const md::OutParam& o = f->outParams[i];
        if (o.countIndex >= 0 && o.countIsPointer) *rec::fromWord<jint*>(call.args[static_cast<size_t>(o.countIndex)]) = kCount;
    }
    for (int i = 0; i < f->outParamCount; ++i) {
        const md::OutParam& o = f->outParams[i];
        if (!o.allocated) continue;
        auto** slot = rec::fromWord<void**>(call.args[static_cast<size_t>(o.index)]);
        void* block = blocks->make();
        if (o.nested) {
            auto** inner = static_cast<void**>(block);
            for (jint k = 0; k < kCount; ++k) inner[k] = blocks->make();
        }
        *slot = block;
    }
}

const md::Function& deallocate() { return *md::functionByName("Deallocate"); }

// A call as an agent makes it: live environment, all capabilities, the function's phase.
struct Fixture {
    _jvmtiEnv env{};
    Blocks memory;
    explicit Fixture(const md::Function& f, jvmtiError result) {
        rec::reset();
        env.functions = &jvmti_runtime::checkedFunctionTable;
        rec::state().liveEnv = &env;
        rec::state().capabilities = allCapabilities();
        rec::state().phase = f.phaseCount ? f.phases[0] : JVMTI_PHASE_LIVE;
        rec::state().result = result;
        rec::state().respond = fillOutParams;
        blocks = &memory;
    }
    ~Fixture() {
        blocks = nullptr;
        rec::reset();
    }
    // Addresses passed to Deallocate, in order.
    std::vector<std::uint64_t> deallocated() const {
        std::vector<std::uint64_t> out;
        for (const auto& c : rec::state().calls)
            if (c.num == deallocate().num) out.push_back(c.args[0]);
        return out;
    }
};

// ---- Sample arguments, and the words each becomes in the C call ----

alignas(16) unsigned char storage[64][256];
const jvmti::Capabilities sampleCaps = [] {
    jvmti::Capabilities c;
    c.insert(jvmti::Capability::can_tag_objects);
    return c;
}();

template <class T>
struct IsSpan : std::false_type {};
template <class T>
struct IsSpan<jvmti::Span<T>> : std::true_type {};

// Builds argument `i` of type P; appends the words the wrapper must pass for it. `enums` are
// the values the function's enum parameters accept, in order (from the metadata).
struct Sampler {
    explicit Sampler(std::vector<int> e) : enums(std::move(e)) {}
    std::vector<int> enums;
    size_t nextEnum = 0;
    bool spanCount = false;
    std::vector<std::uint64_t> words;

    template <class P>
    P make(size_t i) {
        using T = std::remove_cv_t<std::remove_reference_t<P>>;
        void* mem = storage[i];
        if constexpr (std::is_same_v<T, jvmti::Capabilities>) {
            words.push_back(rec::toWord(&sampleCaps));
            return sampleCaps;
        } else if constexpr (std::is_same_v<T, jvmti::CStr>) {
            words.push_back(rec::toWord(static_cast<const char*>(mem)));
            return jvmti::CStr(static_cast<const char*>(mem));
        } else if constexpr (IsSpan<T>::value) {
            using E = std::remove_pointer_t<decltype(std::declval<T>().data())>;
            // Spans of one call share their count (SuspendThreadList's requests and results).
            if (!spanCount) words.push_back(rec::toWord(static_cast<jint>(2)));
            spanCount = true;
            words.push_back(rec::toWord(static_cast<E*>(mem)));
            return T(static_cast<E*>(mem), 2);
        } else if constexpr (std::is_enum_v<T>) {
            const int v = nextEnum < enums.size() ? enums[nextEnum++] : 0;
            words.push_back(rec::toWord(v));
            return static_cast<T>(v);
        } else if constexpr (std::is_base_of_v<jvmti::detail::Flags<T>, T>) {
            const jint bits = static_cast<jint>(8 + i);
            words.push_back(rec::toWord(bits));
            return T{bits};
        } else if constexpr (std::is_pointer_v<T>) {
            const auto w = rec::toWord(mem);
            words.push_back(w);
            return reinterpret_cast<T>(static_cast<std::uintptr_t>(w));
        } else if constexpr (std::is_same_v<T, jboolean>) {
            words.push_back(rec::toWord(jboolean(1)));
            return jboolean(1);
        } else if constexpr (std::is_arithmetic_v<T>) {
            const T v = static_cast<T>(5 + i);
            words.push_back(rec::toWord(v));
            return v;
        } else {
            const T v{};
            words.push_back(rec::toWord(v));
            return v;
        }
    }
};

template <class M>
struct MemberTraits;
template <class R, class... P>
struct MemberTraits<R (jvmti::Env::*)(P...) const noexcept> {
    using Value = typename R::value_type;
    template <class F>
    static R call(jvmti::Env env, F member, Sampler& s) {
        return callWith(env, member, s, std::index_sequence_for<P...>{});
    }
    template <class F, size_t... I>
    static R callWith(jvmti::Env env, F member, Sampler& s, std::index_sequence<I...>) {
        // Arguments are built in order (braced initialization sequences them).
        std::tuple<P...> args{s.make<P>(I)...};
        return (env.*member)(std::get<I>(args)...);
    }
};

std::vector<int> enumValues(const md::Function& f) {
    std::vector<int> out;
    for (int i = 0; i < f.paramCount; ++i)
        if (f.params[i].enumValueCount > 0) out.push_back(f.params[i].enumValues[f.params[i].enumValueCount - 1]);
    return out;
}

bool isOutput(const md::Param& p) {
    return p.kind == md::Kind::OutPtr || p.kind == md::Kind::AllocBuf || p.kind == md::Kind::AllocAllocBuf ||
           (p.kind == md::Kind::AgentBuf && std::string(p.base) == "void");
}

template <class Visit, class M>
void visitOne(Visit& visit, const jvmti::detail::Member<M>& m) {
    visit(m);
}
template <class Visit>
void visitOne(Visit&, const jvmti::detail::MembersEnd&) {}
template <class Visit>
void forEachMember(Visit&& visit) {
    std::apply([&](const auto&... m) { (visitOne(visit, m), ...); }, jvmti::members);
}

}  // namespace

TEST_CASE("the member table has one member per function the metadata lists at the target version") {
    std::set<int> seen;
    forEachMember([&](const auto& m) {
        const md::Function* f = md::functionByNum(m.num);
        REQUIRE(f != nullptr);
        CHECK(std::string(f->name) == m.id);
        CHECK(seen.insert(m.num).second);
    });
    CHECK(static_cast<int>(seen.size()) == md::functionCount);
}

TEST_CASE("every wrapper passes its arguments unchanged, once, and returns a value on success") {
    forEachMember([&](const auto& m) {
        const md::Function& f = *md::functionByNum(m.num);
        INFO(f.name);
        Fixture fx(f, JVMTI_ERROR_NONE);
        rec::state().respond = nullptr;  // out-parameters stay as the wrapper initialized them
        Sampler s(enumValues(f));
        {
            auto r = MemberTraits<decltype(m.member)>::call(jvmti::Env(&fx.env), m.member, s);
            CHECK(r.has_value());
            CHECK(rec::state().violations.empty());
            REQUIRE(!rec::state().calls.empty());
            const rec::Call call = rec::state().calls[0];
            CHECK(call.num == f.num);
            REQUIRE(call.args.size() == static_cast<size_t>(f.paramCount));
            // Every input word is among the arguments; what is left are the out-parameters,
            // each the address of the wrapper's own storage.
            std::multiset<std::uint64_t> left(call.args.begin(), call.args.end());
            for (auto w : s.words) {
                INFO("input word " << w);
                auto it = left.find(w);
                CHECK(it != left.end());
                if (it != left.end()) left.erase(it);
            }
            size_t outputs = 0;
            for (int i = 0; i < f.paramCount; ++i) outputs += isOutput(f.params[i]) ? 1 : 0;
            CHECK(left.size() == outputs);
            CHECK(left.count(0) == 0);
        }
        if (std::string(f.name) != "Deallocate") CHECK(fx.deallocated().empty());  // nothing allocated, nothing freed
    });
}

TEST_CASE("an error comes back as the Error, naming the function, with no value and nothing freed") {
    forEachMember([&](const auto& m) {
        const md::Function& f = *md::functionByNum(m.num);
        INFO(f.name);
        Fixture fx(f, JVMTI_ERROR_NOT_FOUND);  // out-parameters get blocks anyway: they must not be freed
        Sampler s(enumValues(f));
        {
            auto r = MemberTraits<decltype(m.member)>::call(jvmti::Env(&fx.env), m.member, s);
            REQUIRE(!r.has_value());
            CHECK(r.error().code() == JVMTI_ERROR_NOT_FOUND);
            CHECK(std::string(r.error().name()) == "JVMTI_ERROR_NOT_FOUND");
            CHECK(std::string(r.error().function()) == f.name);
        }
        CHECK(rec::state().calls.size() == 1);  // the call itself, and no Deallocate after it
    });
}

TEST_CASE("every block a function returns is deallocated exactly once when its owner goes") {
    int functionsWithMemory = 0;
    forEachMember([&](const auto& m) {
        const md::Function& f = *md::functionByNum(m.num);
        if (std::string(f.name) == "Deallocate") return;
        INFO(f.name);
        Fixture fx(f, JVMTI_ERROR_NONE);
        Sampler s(enumValues(f));
        {
            auto r = MemberTraits<decltype(m.member)>::call(jvmti::Env(&fx.env), m.member, s);
            REQUIRE(r.has_value());
            CHECK(fx.deallocated().empty());  // nothing before the owner goes
        }
        const auto freed = fx.deallocated();
        std::multiset<std::uint64_t> once(freed.begin(), freed.end());
        CHECK(std::set<std::uint64_t>(freed.begin(), freed.end()) == fx.memory.addresses);
        for (auto a : fx.memory.addresses) CHECK(once.count(a) == 1);
        functionsWithMemory += fx.memory.addresses.empty() ? 0 : 1;
    });
    CHECK(functionsWithMemory > 20);
}
