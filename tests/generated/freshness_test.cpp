// generated/ must hold exactly what the generator makes of spec/jvmti.xml today.
#include <catch2/catch.hpp>

#include "support.hpp"

using namespace testsupport;

TEST_CASE("generated/ is fresh: regenerating spec/jvmti.xml reproduces it byte for byte") {
    TempDir out;
    auto r = runTool({"--spec", (sourceDir() / "spec" / "jvmti.xml").string(), "--out", out.path().string()});
    INFO(r.err);
    REQUIRE(r.status == 0);
    const auto fresh = listFiles(out.path());
    const auto committed = listFiles(sourceDir() / "generated");
    REQUIRE_FALSE(fresh.empty());
    INFO("regenerate with: cmake --build build --target regenerate");
    REQUIRE(fresh == committed);
    for (const auto& f : fresh) {
        INFO("stale: generated/" << f);
        CHECK(readFile(out / f) == readFile(sourceDir() / "generated" / f));
    }
}

TEST_CASE("a second run over unchanged outputs rewrites nothing") {
    TempDir out;
    const std::vector<std::string> args = {"--spec", (sourceDir() / "spec" / "jvmti.xml").string(), "--out",
                                           out.path().string()};
    REQUIRE(runTool(args).status == 0);
    const auto header = out / "include/jvmti.h";
    const auto before = fs::last_write_time(header);
    auto again = runTool(args);
    REQUIRE(again.status == 0);
    CHECK(again.out.find("unchanged ") != std::string::npos);
    CHECK(again.out.find("wrote ") == std::string::npos);
    CHECK(fs::last_write_time(header) == before);
}
