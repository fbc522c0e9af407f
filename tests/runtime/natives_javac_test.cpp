// JNI names against the JDK's own: javac -h writes the C declaration of every native method,
// named as the VM will look it up (the long name for overloaded natives). The names
// runtime/natives/jni_mangle.hpp builds for the same methods must be exactly those.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "natives/jni_mangle.hpp"
#include "runtime_test_support.hpp"

using namespace jvmtilayer::jni;
using runtimetest::readFile;
using runtimetest::TempDir;
using runtimetest::writeFile;

namespace {

namespace fs = std::filesystem;

// A class with natives whose names exercise every escape: an underscore in the package, the
// class and the method; '$' in nested class and method names; Latin-1, CJK and a character
// outside the BMP; arrays, objects and nested types in overloaded signatures.
const char* const kSource = R"JAVA(package jt.x_y;

public class My_Names {
    static native int add(int a, int b);
    native void f_g(String s, int[] a);
    static native int ovl(int a);
    static native int ovl(long a, Object[][] o);
    native void ünï中(char c);
    native void $d();
    native void 𝐀x();
    static native void take(In$ner n);
    static native void take(java.util.List<String>[] l, double d);
    static native void noArgs();
    static native void noArgs(boolean b);

    static class In$ner {
        native void x();
        native String y_(byte[][] b, short s, float f);
    }
}
)JAVA";

struct Native {
    const char* classSignature;
    const char* name;  // UTF-8, as in the source
    const char* signature;
    bool overloaded;   // javac, like the VM, needs the long name only then
};

const Native kNatives[] = {
    {"Ljt/x_y/My_Names;", "add", "(II)I", false},
    {"Ljt/x_y/My_Names;", "f_g", "(Ljava/lang/String;[I)V", false},
    {"Ljt/x_y/My_Names;", "ovl", "(I)I", true},
    {"Ljt/x_y/My_Names;", "ovl", "(J[[Ljava/lang/Object;)I", true},
    {"Ljt/x_y/My_Names;", "\xc3\xbc" "n\xc3\xaf\xe4\xb8\xad", "(C)V", false},
    {"Ljt/x_y/My_Names;", "$d", "()V", false},
    {"Ljt/x_y/My_Names;", "\xf0\x9d\x90\x80x", "()V", false},
    {"Ljt/x_y/My_Names;", "take", "(Ljt/x_y/My_Names$In$ner;)V", true},
    {"Ljt/x_y/My_Names;", "take", "([Ljava/util/List;D)V", true},
    {"Ljt/x_y/My_Names;", "noArgs", "()V", true},
    {"Ljt/x_y/My_Names;", "noArgs", "(Z)V", true},
    {"Ljt/x_y/My_Names$In$ner;", "x", "()V", false},
    {"Ljt/x_y/My_Names$In$ner;", "y_", "([[BSF)Ljava/lang/String;", false},
};

}  // namespace

TEST_CASE("natives: the names javac -h declares are the names jni_mangle builds", "[natives][mangle][javac]") {
    const std::string javac = std::string(NATIVES_JDK_HOME) + "/bin/javac";
    REQUIRE(fs::exists(javac));
    TempDir dir;
    fs::create_directories(fs::path(dir / "src") / "jt" / "x_y");
    writeFile(fs::path(dir / "src") / "jt" / "x_y" / "My_Names.java", kSource);
    const std::string command = javac + " -J-Xshare:auto -J-XX:TieredStopAtLevel=1 -encoding UTF-8 -h " +
                                (dir / "h") + " -d " + (dir / "classes") + " " + (dir / "src") +
                                "/jt/x_y/My_Names.java 2>&1";
    INFO(command);
    REQUIRE(std::system(command.c_str()) == 0);

    std::set<std::string> declared;
    const std::regex function(R"(JNICALL\s+(Java_[A-Za-z0-9_]+))");
    for (const auto& entry : fs::directory_iterator(dir / "h")) {
        const std::string text = readFile(entry.path());
        for (auto it = std::sregex_iterator(text.begin(), text.end(), function); it != std::sregex_iterator(); ++it)
            declared.insert((*it)[1].str());
    }

    std::set<std::string> built;
    for (const Native& n : kNatives) {
        const std::string cls = mangledClass(n.classSignature);
        REQUIRE_FALSE(cls.empty());
        if (n.overloaded) {
            const auto name = longName(cls, n.name, n.signature);
            REQUIRE(name.has_value());
            built.insert(*name);
        } else {
            built.insert(shortName(cls, n.name));
        }
    }
    CHECK(declared.size() == std::size(kNatives));
    CHECK(built == declared);
    // Spot checks of the escapes, as javac spells them.
    CHECK(declared.count("Java_jt_x_1y_My_1Names__000fcn_000ef_04e2d") == 1);
    CHECK(declared.count("Java_jt_x_1y_My_1Names__0d835_0dc00x") == 1);
    CHECK(declared.count("Java_jt_x_1y_My_1Names_take__Ljt_x_1y_My_1Names_00024In_00024ner_2") == 1);
    CHECK(declared.count("Java_jt_x_1y_My_1Names_noArgs__") == 1);
}
