// Escaping and number formatting of the trace formats (runtime/trace/format.hpp).
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "trace/format.hpp"

using namespace jvmtilayer::trace::detail;
using nlohmann::json;

namespace {

std::string jsonOf(std::string_view s) {
    std::string out;
    appendJsonString(out, s);
    return out;
}

std::string textOf(std::string_view s) {
    std::string out;
    appendTextValue(out, s);
    return out;
}

std::string micros(std::int64_t ns) {
    char buf[64];
    return std::string(buf, putMicros(buf, ns));
}

std::string seconds(std::int64_t ns) {
    char buf[64];
    return std::string(buf, putSeconds(buf, ns));
}

}  // namespace

TEST_CASE("JSON strings: quotes, backslashes and control characters are escaped") {
    CHECK(jsonOf("plain") == "\"plain\"");
    CHECK(jsonOf("") == "\"\"");
    CHECK(jsonOf("a\"b\\c") == R"("a\"b\\c")");
    CHECK(jsonOf("\n\r\t\b\f") == R"("\n\r\t\b\f")");
    CHECK(jsonOf(std::string_view("\x01\x1f\0", 3)) == R"("\u0001\u001f\u0000")");
    CHECK(jsonOf("\x7f") == "\"\x7f\"");
    for (const char* s : {"a\"b", "\\\\", "x\ny", "\x01"}) CHECK(json::parse(jsonOf(s)) == s);
}

TEST_CASE("JSON strings: UTF-8 is kept, modified UTF-8 is converted, anything else replaced") {
    // Valid UTF-8 of every length.
    CHECK(jsonOf("caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80") == "\"caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80\"");
    // Modified UTF-8: NUL as C0 80, U+1F600 as the surrogates D83D DE00, each in three bytes.
    CHECK(jsonOf("a\xC0\x80z") == R"("a\u0000z")");
    CHECK(jsonOf("\xED\xA0\xBD\xED\xB8\x80") == "\"\xF0\x9F\x98\x80\"");
    // Lone surrogates, overlong forms, stray continuation bytes, truncated sequences: U+FFFD.
    const std::string fffd = "\xEF\xBF\xBD";
    CHECK(jsonOf("\xED\xA0\xBD") == "\"" + fffd + "\"");
    CHECK(jsonOf("\xED\xB8\x80") == "\"" + fffd + "\"");
    CHECK(jsonOf("\xE0\x80\xAF") == "\"" + fffd + "\"");
    CHECK(jsonOf("\x80") == "\"" + fffd + "\"");
    CHECK(jsonOf("\xC3") == "\"" + fffd + "\"");
    CHECK(jsonOf("\xF5\x80\x80\x80") == "\"" + fffd + fffd + fffd + fffd + "\"");
    // Whatever the bytes, the result parses.
    std::string all;
    for (int c = 0; c < 256; ++c) all.push_back(char(c));
    all += "\xED\xA0\xBD\xED\xB8\x80\xC0\x80\xF4\x8F\xBF\xBF";
    REQUIRE_NOTHROW(json::parse(jsonOf(all)));
    CHECK(json::parse(jsonOf(all)).get<std::string>().substr(0, 32) == all.substr(0, 32));
}

TEST_CASE("JSON strings: the size bound holds at the worst") {
    for (std::string s : {std::string(100, '\x01'), std::string(100, '\x80'), std::string(100, '"')}) {
        CHECK(jsonOf(s).size() <= jsonStringBound(s.size()));
        CHECK(textOf(s).size() <= textValueBound(s.size()));
    }
}

TEST_CASE("text values: control characters escaped, the rest as it is") {
    CHECK(textOf("a b\"c\\d") == "a b\"c\\d");
    CHECK(textOf("1\n2\r3\t4") == R"(1\n2\r3\t4)");
    CHECK(textOf(std::string_view("\0\x1b\x7f", 3)) == R"(\x00\x1b\x7f)");
    CHECK(textOf("caf\xC3\xA9") == "caf\xC3\xA9");
}

TEST_CASE("times: microseconds with three decimals, seconds with six") {
    CHECK(micros(0) == "0.000");
    CHECK(micros(1) == "0.001");
    CHECK(micros(1234567) == "1234.567");
    CHECK(micros(-1500) == "-1.500");
    CHECK(seconds(0) == "0.000000");
    CHECK(seconds(1'000'234'999) == "1.000234");
    CHECK(seconds(61'000'000'000) == "61.000000");
    CHECK(seconds(-2'500'000) == "-0.002500");
}
