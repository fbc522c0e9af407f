// Call-site texts as the layer writes them, split into module, function, offset, file and line;
// levels by name; which reports count toward a failed run.
#include <catch2/catch.hpp>

#include "report/formats/jvm_report.hpp"
#include "samples.hpp"

using namespace jvmtireport;

namespace {

void requireParts(const std::string& text, const std::string& module, const std::string& function,
                  const std::string& offset, const std::string& file, int line) {
    INFO(text);
    const SiteParts p = parseSite(text);
    CHECK(p.module == module);
    CHECK(p.function == function);
    CHECK(p.offset == offset);
    CHECK(p.file == file);
    CHECK(p.line == line);
}

}  // namespace

TEST_CASE("parseSite: a function with its source line") {
    requireParts(samples::kGarbageSite, "libmisbehave.so", "(anonymous namespace)::garbage_method()", "0x1c",
                 "/work/main/tests/agents/src/misbehave.cpp", 142);
    requireParts(samples::kJniSite, "libjvm.so", "JNIEnv_::CallVoidMethod(_jobject*, _jmethodID*, ...)", "0x90",
                 "/usr/include/jni.h", 1000);
}

TEST_CASE("parseSite: spaces and parentheses in templates, paths and operators") {
    requireParts("libx.so!std::function<void (int)>::operator()(int) const+0x2a (/src/a b/x (copy).cpp:7)", "libx.so",
                 "std::function<void (int)>::operator()(int) const", "0x2a", "/src/a b/x (copy).cpp", 7);
    // A " (a:1)" inside the name is not the source part: that follows the offset.
    requireParts("libx.so!f<g (a:1)>()+0x2 (/s.cpp:9)", "libx.so", "f<g (a:1)>()", "0x2", "/s.cpp", 9);
    requireParts("libx.so!operator!=(A const&, A const&)+0x10", "libx.so", "operator!=(A const&, A const&)", "0x10", "",
                 0);
    requireParts("libx.so!ns::Map<std::string, int>::at(std::string const&)+0xff (C:/odd:path.cpp:12)", "libx.so",
                 "ns::Map<std::string, int>::at(std::string const&)", "0xff", "C:/odd:path.cpp", 12);
}

TEST_CASE("parseSite: a function without a source line") {
    requireParts("libagent.so!Agent_OnLoad+0x40", "libagent.so", "Agent_OnLoad", "0x40", "", 0);
    requireParts("libagent.so!f(int)+0x1", "libagent.so", "f(int)", "0x1", "", 0);
}

TEST_CASE("parseSite: a module and an offset, with and without a source line") {
    requireParts("libagent.so+0x1234", "libagent.so", "", "0x1234", "", 0);
    requireParts("libagent.so+0x1234 (/src/agent.cpp:5)", "libagent.so", "", "0x1234", "/src/agent.cpp", 5);
}

TEST_CASE("parseSite: a bare address, an unknown site and other texts") {
    requireParts("0x7f12ab", "", "", "0x7f12ab", "", 0);
    requireParts("an unknown call site", "", "", "", "", 0);
    requireParts("", "", "", "", "", 0);
    // Not a line number: no source part.
    requireParts("libx.so!f+0x1 (/a.cpp:x1)", "libx.so", "f+0x1 (/a.cpp:x1)", "", "", 0);
    requireParts("libx.so!f+0x1 (/a.cpp:)", "libx.so", "f+0x1 (/a.cpp:)", "", "", 0);
}

TEST_CASE("levelName and parseLevel are each other's inverse") {
    CHECK(std::string(levelName(Level::Error)) == "error");
    CHECK(std::string(levelName(Level::Warning)) == "warning");
    CHECK(std::string(levelName(Level::Info)) == "info");
    for (Level l : {Level::Error, Level::Warning, Level::Info}) CHECK(parseLevel(levelName(l)) == l);
    CHECK_FALSE(parseLevel("Error").has_value());
    CHECK_FALSE(parseLevel("note").has_value());
    CHECK_FALSE(parseLevel("").has_value());
}

TEST_CASE("failingReports counts reports at the level or above, never ignored ones") {
    const JvmReport j = samples::brokeRules();
    CHECK(failingReports(j, Level::Error) == 7);    // GetMethodName; leak.Allocate is ignored
    CHECK(failingReports(j, Level::Warning) == 8);  // and natives.unbound
    CHECK(failingReports(j, Level::Info) == 10);    // and startup.agents
    CHECK(failingReports(samples::clean(), Level::Info) == 0);
}
