// JNI name mangling (runtime/natives/jni_mangle.hpp): every escape of the JNI specification,
// modified UTF-8 decoding, short and long names, class signatures that cannot have natives.
#include <catch2/catch.hpp>

#include <string>

#include "natives/jni_mangle.hpp"

using namespace jvmtilayer::jni;

TEST_CASE("natives: letters and digits stay, '/' becomes '_'", "[natives][mangle]") {
    CHECK(mangle("add") == "add");
    CHECK(mangle("Add2") == "Add2");
    CHECK(mangle("java/lang/String") == "java_lang_String");
    CHECK(mangle("") == "");
}

TEST_CASE("natives: underscore, semicolon and opening bracket get their escapes", "[natives][mangle]") {
    CHECK(mangle("f_g") == "f_1g");
    CHECK(mangle("__") == "_1_1");
    CHECK(mangle("Ljava/lang/String;") == "Ljava_lang_String_2");
    CHECK(mangle("[I") == "_3I");
    CHECK(mangle("[[Ljava/lang/Object;") == "_3_3Ljava_lang_Object_2");
}

TEST_CASE("natives: other ASCII becomes _0 and four lowercase hex digits", "[natives][mangle]") {
    CHECK(mangle("$") == "_00024");
    CHECK(mangle("Outer$Inner") == "Outer_00024Inner");
    CHECK(mangle("a-b") == "a_0002db");
    CHECK(mangle("a.b") == "a_0002eb");
    CHECK(mangle(" ") == "_00020");
    CHECK(mangle("\x7f") == "_0007f");
}

TEST_CASE("natives: non-ASCII characters are UTF-16 code units of the modified UTF-8 name", "[natives][mangle]") {
    // U+00E9 (two bytes), U+4E2D (three bytes), U+FFFF (the largest three-byte unit).
    CHECK(mangle("caf\xc3\xa9") == "caf_000e9");
    CHECK(mangle("\xe4\xb8\xad") == "_04e2d");
    CHECK(mangle("\xef\xbf\xbf") == "_0ffff");
    // U+0000 is C0 80 in modified UTF-8.
    CHECK(mangle(std::string("a\xc0\x80" "b")) == "a_00000b");
    // U+1F600 in modified UTF-8 is its surrogate pair, three bytes each; standard UTF-8's four
    // bytes mean the same character and mangle the same.
    CHECK(mangle("\xed\xa0\xbd\xed\xb8\x80") == "_0d83d_0de00");
    CHECK(mangle("\xf0\x9f\x98\x80") == "_0d83d_0de00");
    // The hex digits are lowercase, always four.
    CHECK(mangle("\xc3\xbf") == "_000ff");
}

TEST_CASE("natives: malformed bytes are taken as code units of their value", "[natives][mangle]") {
    CHECK(mangle("\x80") == "_00080");        // a lone continuation byte
    CHECK(mangle("\xc3" "A") == "_000c3A");     // a lead byte without its continuation
    CHECK(mangle("\xe4\xb8") == "_000e4_000b8");  // a three-byte sequence cut short
}

TEST_CASE("natives: class signatures", "[natives][mangle]") {
    CHECK(mangledClass("LNativeHello;") == "NativeHello");
    CHECK(mangledClass("Lpkg/Name;") == "pkg_Name");
    CHECK(mangledClass("Lagenttest/natives/NativeHello;") == "agenttest_natives_NativeHello");
    CHECK(mangledClass("La/b/My_Class;") == "a_b_My_1Class");
    CHECK(mangledClass("Lpkg/Outer$Inner;") == "pkg_Outer_00024Inner");
    // Arrays and primitives have no methods of their own, let alone natives.
    CHECK(mangledClass("[I") == "");
    CHECK(mangledClass("[Ljava/lang/Object;") == "");
    CHECK(mangledClass("I") == "");
    CHECK(mangledClass("L;") == "");
    CHECK(mangledClass("") == "");
    CHECK(classSymbolPrefix("pkg_Name") == "Java_pkg_Name_");
}

TEST_CASE("natives: argument descriptors", "[natives][mangle]") {
    CHECK(mangledArguments("(II)I") == "II");
    CHECK(mangledArguments("()V") == "");
    CHECK(mangledArguments("(Ljava/lang/String;[I)V") == "Ljava_lang_String_2_3I");
    CHECK(mangledArguments("(J[[Ljava/lang/Object;)I") == "J_3_3Ljava_lang_Object_2");
    CHECK(mangledArguments("(Lpkg/Outer$Inner;)V") == "Lpkg_Outer_00024Inner_2");
    CHECK_FALSE(mangledArguments("II)I").has_value());
    CHECK_FALSE(mangledArguments("(II").has_value());
    CHECK_FALSE(mangledArguments("").has_value());
}

TEST_CASE("natives: short and long names", "[natives][mangle]") {
    CHECK(shortName("NativeHello", "add") == "Java_NativeHello_add");
    CHECK(longName("NativeHello", "add", "(II)I") == "Java_NativeHello_add__II");
    CHECK(shortName("a_b_My_1Class", "f_g") == "Java_a_b_My_1Class_f_1g");
    CHECK(longName("a_b_My_1Class", "f_g", "(Ljava/lang/String;[I)V") ==
          "Java_a_b_My_1Class_f_1g__Ljava_lang_String_2_3I");
    // No arguments: the long name ends in the separator.
    CHECK(longName("C", "m", "()V") == "Java_C_m__");
    // The return type is not part of the name.
    CHECK(longName("C", "m", "(I)Ljava/lang/String;") == "Java_C_m__I");
    CHECK(shortName(mangledClass("Lagenttest/natives/NativeHello;"), "jvmtitest_mul") ==
          "Java_agenttest_natives_NativeHello_jvmtitest_1mul");
    CHECK_FALSE(longName("C", "m", "garbage").has_value());
}
