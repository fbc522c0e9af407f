// jvmti.hpp compiles warning-free as C++17, C++20 and C++23 with g++ and clang++, for the spec's newest release
// and for OpenJDK's JDK 16 spec at 17.0.0; ignoring a Result warns; a member newer than
// JVMTI_TARGET_VERSION does not compile, and the message names the release that added it.
#include <catch2/catch.hpp>

#include "support.hpp"

using namespace testsupport;

namespace {

const fs::path kJni = "/usr/lib/jvm/java-17-openjdk-amd64/include";

// Uses enough of the API that its templates are instantiated: members returning each owning
// type, Result's interface, typed events, capabilities and bit sets.
const char* kUse = R"(#include "jvmti.hpp"
#include <cstdio>
static void onClassPrepare(jvmti::Env env, JNIEnv*, jthread, jclass klass) {
    if (auto sig = env.getClassSignature(klass)) std::printf("%s\n", sig->signature.c_str());
}
int use(jvmtiEnv* raw) {
    jvmti::Env env(raw);
    jvmti::Capabilities caps{jvmti::Capability::can_tag_objects};
    if (!env.addCapabilities(caps)) return 1;
    jvmti::Events events;
    events.on<jvmti::Event::ClassPrepare, onClassPrepare>();
    if (auto r = env.setEvents(events); !r) return r.error().code();
    int n = 0;
    if (auto classes = env.getLoadedClasses())
        for (jclass k : *classes) n += k != nullptr;
    if (auto props = env.getSystemProperties()) n += static_cast<int>(props->size());
    if (auto info = env.getThreadInfo(nullptr)) n += (*info)->priority;
    if (auto state = env.getThreadState(nullptr)) n += static_cast<int>(state->toString().size());
    if (auto phase = env.getPhase()) n += *phase == jvmti::Phase::Live;
    return n + env.getFrameCount(nullptr).value_or(0);
}
int main() { return use(nullptr); }
)";

std::string compile(const std::string& cxx, const std::string& std, const fs::path& includeDir, const fs::path& source,
                    const std::string& extra = "") {
    return cxx + " -std=" + std + " -Wall -Wextra -pedantic -fsyntax-only " + extra + " -I'" + includeDir.string() +
           "' -isystem '" + kJni.string() + "' -isystem '" + (kJni / "linux").string() + "' '" + source.string() + "'";
}

void compileEverywhere(const fs::path& includeDir) {
    TempDir tmp;
    writeFile(tmp / "use.cpp", kUse);
    for (const std::string cxx : {"g++", "clang++"}) {
        for (const std::string std : {"c++17", "c++20", "c++2b"}) {
            auto r = runCommand(compile(cxx, std, includeDir, tmp / "use.cpp", "-Werror"));
            INFO(cxx << " -std=" << std << "\n" << r.out);
            CHECK(r.status == 0);
            CHECK(r.out == "");
        }
    }
}

}  // namespace

TEST_CASE("generated/include/jvmti.hpp (the spec's newest release) compiles cleanly as C++17, C++20 and C++23") {
    compileEverywhere(sourceDir() / "generated" / "include");
}

TEST_CASE("jvmti.hpp of OpenJDK's JDK 16 spec at 17.0.0 compiles cleanly as C++17, C++20 and C++23") {
    TempDir out;
    auto r = runTool({"--spec", upstreamSpec("jdk16").string(), "--jvmti-version", "17.0.0", "--only", "header,cpp", "--out",
                      out.path().string()});
    INFO(r.err);
    REQUIRE(r.status == 0);
    compileEverywhere(out / "include");
}

TEST_CASE("ignoring a jvmti::Result warns") {
    TempDir tmp;
    writeFile(tmp / "ignore.cpp", "#include \"jvmti.hpp\"\nvoid f(jvmti::Env env) { env.getFrameCount(nullptr); }\n");
    for (const std::string cxx : {"g++", "clang++"}) {
        for (const std::string std : {"c++17", "c++2b"}) {
            auto r = runCommand(compile(cxx, std, sourceDir() / "generated" / "include", tmp / "ignore.cpp"));
            INFO(cxx << " -std=" << std << "\n" << r.out);
            CHECK(r.status == 0);
            CHECK(r.out.find("warning") != std::string::npos);
            CHECK((r.out.find("nodiscard") != std::string::npos || r.out.find("unused-result") != std::string::npos ||
                   r.out.find("unused-value") != std::string::npos));
        }
    }
}

TEST_CASE("a member newer than JVMTI_TARGET_VERSION is unavailable, naming the release that added it") {
    TempDir tmp;
    writeFile(tmp / "newer.cpp",
              "#include \"jvmti.hpp\"\nint f(jvmti::Env env) { return env.suspendAllVirtualThreads(nullptr) ? 1 : 0; }\n");
    writeFile(tmp / "older.cpp",
              "#include \"jvmti.hpp\"\nint f(jvmti::Env env) { return env.getFrameCount(nullptr) ? 1 : 0; }\n");
    for (const std::string cxx : {"g++", "clang++"}) {
        const auto include = sourceDir() / "generated" / "include";
        auto at21 = runCommand(compile(cxx, "c++17", include, tmp / "newer.cpp", "-Werror -DJVMTI_TARGET_VERSION=0x30150000"));
        INFO(cxx << " at 21\n" << at21.out);
        CHECK(at21.status == 0);
        auto at11 = runCommand(compile(cxx, "c++17", include, tmp / "newer.cpp", "-DJVMTI_TARGET_VERSION=0x300B0000"));
        INFO(cxx << " at 11\n" << at11.out);
        CHECK(at11.status != 0);
        CHECK(at11.out.find("suspendAllVirtualThreads (SuspendAllVirtualThreads) was added in JVMTI 21") != std::string::npos);
        auto old = runCommand(compile(cxx, "c++17", include, tmp / "older.cpp", "-Werror -DJVMTI_TARGET_VERSION=0x30010000"));
        INFO(cxx << " 1.0 function at 1.0\n" << old.out);
        CHECK(old.status == 0);
    }
}
