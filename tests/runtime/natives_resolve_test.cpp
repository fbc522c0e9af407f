// Resolution of a native method as the VM does it (runtime/natives/jni_mangle.hpp resolve()):
// short name before long name, and native method prefixes stripped by the rule of
// SetNativeMethodPrefix, over a symbol table the test controls.
#include <catch2/catch.hpp>

#include <map>
#include <string>
#include <vector>

#include "natives/jni_mangle.hpp"

using namespace jvmtilayer::jni;

namespace {

// A symbol table: each name gets a distinct fake address; `asked` records every lookup, in order.
struct Symbols {
    std::map<std::string, void*> table;
    std::vector<std::string> asked;
    char storage[16]{};

    explicit Symbols(std::initializer_list<std::string> names) {
        int i = 0;
        for (const std::string& n : names) table[n] = &storage[i++];
    }
    void* address(const std::string& name) const { return table.at(name); }
    SymbolLookup lookup() {
        return [this](const std::string& name) -> void* {
            asked.push_back(name);
            auto it = table.find(name);
            return it == table.end() ? nullptr : it->second;
        };
    }
};

std::size_t indexOf(const std::vector<Method>& methods, std::string_view name) {
    for (std::size_t i = 0; i < methods.size(); ++i)
        if (methods[i].name == name) return i;
    FAIL("no method " << name);
    return 0;
}

const std::vector<std::string> kNoPrefixes;

}  // namespace

TEST_CASE("natives: the short name is tried first, then the long name", "[natives][resolve]") {
    const std::vector<Method> methods = {{"add", "(II)I", true}};
    SECTION("only the short name exists") {
        Symbols s{"Java_NativeHello_add"};
        auto r = resolve("NativeHello", methods, 0, kNoPrefixes, s.lookup());
        REQUIRE(r.has_value());
        CHECK(r->symbol == "Java_NativeHello_add");
        CHECK(r->address == s.address("Java_NativeHello_add"));
        CHECK(r->implementation == "add");
        CHECK(s.asked == std::vector<std::string>{"Java_NativeHello_add"});
    }
    SECTION("only the long name exists") {
        Symbols s{"Java_NativeHello_add__II"};
        auto r = resolve("NativeHello", methods, 0, kNoPrefixes, s.lookup());
        REQUIRE(r.has_value());
        CHECK(r->symbol == "Java_NativeHello_add__II");
        CHECK(r->address == s.address("Java_NativeHello_add__II"));
        CHECK(s.asked == std::vector<std::string>{"Java_NativeHello_add", "Java_NativeHello_add__II"});
    }
    SECTION("both exist: the short one wins") {
        Symbols s{"Java_NativeHello_add", "Java_NativeHello_add__II"};
        auto r = resolve("NativeHello", methods, 0, kNoPrefixes, s.lookup());
        REQUIRE(r.has_value());
        CHECK(r->symbol == "Java_NativeHello_add");
    }
    SECTION("neither exists") {
        Symbols s{"Java_NativeHello_sub", "Java_Other_add", "Java_NativeHello_add__J"};
        CHECK_FALSE(resolve("NativeHello", methods, 0, kNoPrefixes, s.lookup()).has_value());
        // With no prefixes nothing is tried beyond the two names.
        CHECK(s.asked == std::vector<std::string>{"Java_NativeHello_add", "Java_NativeHello_add__II"});
    }
    SECTION("an index past the methods") {
        Symbols s{"Java_NativeHello_add"};
        CHECK_FALSE(resolve("NativeHello", methods, 1, kNoPrefixes, s.lookup()).has_value());
        CHECK(s.asked.empty());
    }
}

TEST_CASE("natives: overloads resolve through their long names", "[natives][resolve]") {
    const std::vector<Method> methods = {{"f", "(I)V", true}, {"f", "(Ljava/lang/String;)V", true}};
    Symbols s{"Java_p_C_f__I", "Java_p_C_f__Ljava_lang_String_2"};
    auto first = resolve("p_C", methods, 0, kNoPrefixes, s.lookup());
    auto second = resolve("p_C", methods, 1, kNoPrefixes, s.lookup());
    REQUIRE(first.has_value());
    REQUIRE(second.has_value());
    CHECK(first->symbol == "Java_p_C_f__I");
    CHECK(second->symbol == "Java_p_C_f__Ljava_lang_String_2");
    CHECK(first->address != second->address);
}

TEST_CASE("natives: one prefix, with the non-native wrapper the transformer left", "[natives][resolve][prefix]") {
    // The shape of tests/agents/java/agenttest/natives/NativeHello.java.
    const std::string cls = mangledClass("Lagenttest/natives/NativeHello;");
    const std::vector<Method> methods = {
        {"add", "(II)I", true}, {"jvmtitest_mul", "(II)I", true}, {"mul", "(II)I", false}};
    const std::vector<std::string> prefixes = {"jvmtitest_"};
    Symbols s{"Java_agenttest_natives_NativeHello_add", "Java_agenttest_natives_NativeHello_mul"};

    SECTION("the prefixed native binds to the implementation of the wrapped name") {
        auto r = resolve(cls, methods, indexOf(methods, "jvmtitest_mul"), prefixes, s.lookup());
        REQUIRE(r.has_value());
        CHECK(r->symbol == "Java_agenttest_natives_NativeHello_mul");
        CHECK(r->address == s.address("Java_agenttest_natives_NativeHello_mul"));
        CHECK(r->implementation == "mul");
        // The prefixed names were tried first, as the VM does.
        REQUIRE(s.asked.size() == 3);
        CHECK(s.asked[0] == "Java_agenttest_natives_NativeHello_jvmtitest_1mul");
        CHECK(s.asked[1] == "Java_agenttest_natives_NativeHello_jvmtitest_1mul__II");
        CHECK(s.asked[2] == "Java_agenttest_natives_NativeHello_mul");
    }
    SECTION("without the prefix set it stays unresolved") {
        CHECK_FALSE(resolve(cls, methods, indexOf(methods, "jvmtitest_mul"), kNoPrefixes, s.lookup()).has_value());
    }
    SECTION("an unprefixed native is not touched by the prefix") {
        auto r = resolve(cls, methods, indexOf(methods, "add"), prefixes, s.lookup());
        REQUIRE(r.has_value());
        CHECK(r->symbol == "Java_agenttest_natives_NativeHello_add");
    }
    SECTION("a direct implementation of the prefixed name wins over stripping") {
        Symbols both{"Java_agenttest_natives_NativeHello_jvmtitest_1mul", "Java_agenttest_natives_NativeHello_mul"};
        auto r = resolve(cls, methods, indexOf(methods, "jvmtitest_mul"), prefixes, both.lookup());
        REQUIRE(r.has_value());
        CHECK(r->symbol == "Java_agenttest_natives_NativeHello_jvmtitest_1mul");
        CHECK(r->implementation == "jvmtitest_mul");
    }
    SECTION("the stripped name also resolves through its long name") {
        Symbols longOnly{"Java_agenttest_natives_NativeHello_mul__II"};
        auto r = resolve(cls, methods, indexOf(methods, "jvmtitest_mul"), prefixes, longOnly.lookup());
        REQUIRE(r.has_value());
        CHECK(r->symbol == "Java_agenttest_natives_NativeHello_mul__II");
    }
}

TEST_CASE("natives: a prefix counts only when its wrapper is in the class", "[natives][resolve][prefix]") {
    const std::vector<std::string> prefixes = {"w_"};
    Symbols s{"Java_C_run"};
    SECTION("no wrapper at all") {
        const std::vector<Method> methods = {{"w_run", "()V", true}};
        CHECK_FALSE(resolve("C", methods, 0, prefixes, s.lookup()).has_value());
    }
    SECTION("the wrapper has another descriptor") {
        const std::vector<Method> methods = {{"w_run", "()V", true}, {"run", "(I)V", false}};
        CHECK_FALSE(resolve("C", methods, 0, prefixes, s.lookup()).has_value());
    }
    SECTION("the method of the stripped name is itself native: not a wrapper") {
        const std::vector<Method> methods = {{"w_run", "()V", true}, {"run", "()V", true}};
        auto r = resolve("C", methods, 0, prefixes, s.lookup());
        CHECK_FALSE(r.has_value());
        // The other native binds by its own name.
        auto own = resolve("C", methods, 1, prefixes, s.lookup());
        REQUIRE(own.has_value());
        CHECK(own->symbol == "Java_C_run");
    }
    SECTION("with the wrapper") {
        const std::vector<Method> methods = {{"w_run", "()V", true}, {"run", "()V", false}};
        auto r = resolve("C", methods, 0, prefixes, s.lookup());
        REQUIRE(r.has_value());
        CHECK(r->symbol == "Java_C_run");
    }
    SECTION("an empty prefix strips nothing") {
        const std::vector<std::string> empty = {""};
        const std::vector<Method> methods = {{"run", "()V", true}, {"run", "()V", false}};
        CHECK(stripPrefixes("run", "()V", methods, empty) == "run");
    }
}

TEST_CASE("natives: prefixes of several environments, the spec's example", "[natives][resolve][prefix]") {
    // Environments A, B, C with prefixes a_, b_, c_ each wrapping checksum: c_b_a_checksum.
    const std::vector<std::string> prefixes = {"a_", "b_", "c_"};
    Symbols s{"Java_org_demo_Codec_checksum"};
    SECTION("all three wrapped") {
        const std::vector<Method> methods = {{"checksum", "([B)J", false},
                                             {"a_checksum", "([B)J", false},
                                             {"b_a_checksum", "([B)J", false},
                                             {"c_b_a_checksum", "([B)J", true}};
        CHECK(stripPrefixes("c_b_a_checksum", "([B)J", methods, prefixes) == "checksum");
        auto r = resolve("org_demo_Codec", methods, 3, prefixes, s.lookup());
        REQUIRE(r.has_value());
        CHECK(r->symbol == "Java_org_demo_Codec_checksum");
        CHECK(r->implementation == "checksum");
    }
    SECTION("B did not wrap: c_a_checksum, and b_ is not counted as applied") {
        const std::vector<Method> methods = {
            {"checksum", "([B)J", false}, {"a_checksum", "([B)J", false}, {"c_a_checksum", "([B)J", true}};
        CHECK(stripPrefixes("c_a_checksum", "([B)J", methods, prefixes) == "checksum");
        auto r = resolve("org_demo_Codec", methods, 2, prefixes, s.lookup());
        REQUIRE(r.has_value());
        CHECK(r->symbol == "Java_org_demo_Codec_checksum");
    }
    SECTION("a name that only looks prefixed: b_ is skipped when b_'s wrapper is missing") {
        // b_ matches "b_x_checksum" but no method x_checksum exists, so b_ was not applied there.
        const std::vector<Method> methods = {{"b_x_checksum", "([B)J", true}};
        CHECK(stripPrefixes("b_x_checksum", "([B)J", methods, prefixes) == "b_x_checksum");
        CHECK_FALSE(resolve("org_demo_Codec", methods, 0, prefixes, s.lookup()).has_value());
    }
    SECTION("the order of the prefixes matters: the last applied is stripped first") {
        const std::vector<Method> methods = {
            {"checksum", "([B)J", false}, {"a_checksum", "([B)J", false}, {"c_a_checksum", "([B)J", true}};
        // Listed the wrong way round, a_ is tried first, while the name does not start with it
        // yet; then c_ comes off, leaving a_checksum, which nothing implements.
        const std::vector<std::string> reversed = {"c_", "a_"};
        CHECK(stripPrefixes("c_a_checksum", "([B)J", methods, reversed) == "a_checksum");
        CHECK_FALSE(resolve("org_demo_Codec", methods, 2, reversed, s.lookup()).has_value());
    }
}

TEST_CASE("natives: one environment's several prefixes (SetNativeMethodPrefixes)", "[natives][resolve][prefix]") {
    // A meta-agent with prefixes p1_ then p2_, both wrapping open.
    const std::vector<std::string> prefixes = {"p1_", "p2_"};
    const std::vector<Method> methods = {
        {"open", "(Ljava/lang/String;)I", false}, {"p1_open", "(Ljava/lang/String;)I", false},
        {"p2_p1_open", "(Ljava/lang/String;)I", true}};
    Symbols s{"Java_io_F_open__Ljava_lang_String_2"};
    auto r = resolve("io_F", methods, 2, prefixes, s.lookup());
    REQUIRE(r.has_value());
    CHECK(r->symbol == "Java_io_F_open__Ljava_lang_String_2");
    CHECK(r->implementation == "open");
}
