// Every header the generator makes compiles as C89/C99/C11 and C++98 through C++20, with gcc
// and clang, -Wall -Wextra -pedantic, and no warnings at all.
#include <catch2/catch.hpp>

#include "support.hpp"

using namespace testsupport;

namespace {

const fs::path kJni = "/usr/lib/jvm/java-17-openjdk-amd64/include";

struct Header {
    std::string name;
    std::vector<std::string> args;
};

void compileEverywhere(const fs::path& includeDir) {
    TempDir tmp;
    writeFile(tmp / "use.c", "#include \"jvmti.h\"\nint main(void) { jvmtiCapabilities c; (void)c; return 0; }\n");
    writeFile(tmp / "use.cpp",
              "#include \"jvmti.h\"\nint main() {\n  jvmtiEnv* e = 0;\n  jint v = 0;\n"
              "  if (e) {\n    e->GetVersionNumber(&v);\n  }\n  return v;\n}\n");
    // jni.h is the JDK's: its own warnings are not ours, so it comes in as a system header.
    const std::string inc = " -I'" + includeDir.string() + "' -isystem '" + kJni.string() + "' -isystem '" +
                            (kJni / "linux").string() + "'";
    const std::string flags = " -Wall -Wextra -pedantic -Werror -fsyntax-only";
    for (const std::string cc : {"gcc", "clang"}) {
        for (const std::string std : {"c89", "c99", "c11"}) {
            auto r = runCommand(cc + " -std=" + std + flags + inc + " '" + (tmp / "use.c").string() + "'");
            INFO(cc << " -std=" << std << "\n" << r.out);
            CHECK(r.status == 0);
            CHECK(r.out == "");
        }
    }
    for (const std::string cxx : {"g++", "clang++"}) {
        for (const std::string std : {"c++98", "c++11", "c++14", "c++17", "c++20"}) {
            auto r = runCommand(cxx + " -std=" + std + flags + inc + " '" + (tmp / "use.cpp").string() + "'");
            INFO(cxx << " -std=" << std << "\n" << r.out);
            CHECK(r.status == 0);
            CHECK(r.out == "");
        }
    }
}

}  // namespace

TEST_CASE("generated/include/jvmti.h (the spec's newest release) compiles cleanly as every C and C++ standard") {
    compileEverywhere(sourceDir() / "generated" / "include");
}

TEST_CASE("OpenJDK's JDK 16 spec generates with --jvmti-version 17.0.0 and compiles cleanly") {
    TempDir out;
    auto r = runTool({"--spec", upstreamSpec("jdk16").string(), "--jvmti-version", "17.0.0", "--out", out.path().string()});
    INFO(r.err);
    REQUIRE(r.status == 0);
    CHECK(readFile(out / "include/jvmti.h").find("/* version: 17.0.0 */") != std::string::npos);
    compileEverywhere(out / "include");
}

TEST_CASE("OpenJDK's JDK 11-ea spec generates with the version it declares and compiles cleanly") {
    TempDir out;
    auto r = runTool({"--spec", upstreamSpec("jdk11-ea").string(), "--out", out.path().string()});
    INFO(r.err);
    REQUIRE(r.status == 0);
    const std::string header = readFile(out / "include/jvmti.h");
    CHECK(header.find("/* version: 9.0.0 */") != std::string::npos);
    // The early heap-sampling function of that snapshot, and no constant newer than 9.
    CHECK(header.find("SetHeapSamplingRate") != std::string::npos);
    CHECK(header.find("JVMTI_VERSION_11") == std::string::npos);
    // The tags of its era: a leading underscore before JVMTI 16 (JDK-8254364).
    CHECK(header.find("struct _jvmtiThreadInfo;\ntypedef struct _jvmtiThreadInfo jvmtiThreadInfo;") != std::string::npos);
    CHECK(header.find("union _jvmtiHeapReferenceInfo {") != std::string::npos);
    CHECK(header.find("struct jvmtiThreadInfo") == std::string::npos);
    compileEverywhere(out / "include");
}

TEST_CASE("the VM-side sources (entries, table, metadata, stubs, recorder, forward, thunks, tracing) compile with -Werror under g++ and clang++") {
    for (const auto& spec : {sourceDir() / "spec" / "jvmti.xml", upstreamSpec("jdk16")}) {
        TempDir out;
        auto r = runTool({"--spec", spec.string(), "--jvmti-version", "17.0.0", "--out", out.path().string()});
        REQUIRE(r.status == 0);
        const auto files = listFiles(out / "src");
        REQUIRE(files.size() >= 14);
        for (const auto& f : files) {
            if (!f.ends_with(".cpp")) continue;
            for (const std::string cxx : {"g++", "clang++"}) {
                auto c = runCommand(cxx + " -std=c++20 -Wall -Wextra -Werror -fsyntax-only -I'" + (out / "include").string() +
                                    "' -I'" + (out / "src").string() + "' -isystem '" + kJni.string() + "' -isystem '" +
                                    (kJni / "linux").string() + "' '" + (out / "src" / f).string() + "'");
                INFO(spec.string() << ": " << cxx << " " << f << "\n" << c.out);
                CHECK(c.status == 0);
                CHECK(c.out == "");
            }
        }
    }
}
