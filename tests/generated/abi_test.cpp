// jvmti.h as the compiler sees it, against the JDK's own headers.
#include <catch2/catch.hpp>

#include "abi_facts.hpp"
#include "support.hpp"

using namespace testsupport;

namespace {

const fs::path kJdk17 = "/usr/lib/jvm/java-17-openjdk-amd64/include";
const fs::path kJdk25 = "/usr/lib/jvm/temurin-25-jdk-amd64/include";

// What the committed header (spec/jvmti.xml's newest release) has that JDK 25's lacks, and
// the reverse, as the ABI facts read them.
// JVMTI_VERSION, and the 46th capability of JDK 28 (bit 45), which takes one bit of the padding.
const std::string kOnlyInJdk25 =
    "  enumerator JVMTI_VERSION = 806944768 in enum (anonymous)\n"  // 0x30190000: 25.0.0
    "  struct jvmtiCapabilities field #45 (unnamed) : unsigned int bits 3\n"
    "  struct jvmtiCapabilities field #46 (unnamed) : unsigned int bits 16\n";
const std::string kOnlyInOurs =
    "  enumerator JVMTI_VERSION = 807141376 in enum (anonymous)\n"  // 0x301C0000: 28.0.0
    "  layout jvmtiCapabilities.can_support_value_objects bit 45\n"
    "  struct jvmtiCapabilities field #45 can_support_value_objects : unsigned int bits 1\n"
    "  struct jvmtiCapabilities field #46 (unnamed) : unsigned int bits 2\n"
    "  struct jvmtiCapabilities field #51 (unnamed) : unsigned int bits 16\n";

void requireIdentical(const fs::path& ours, const fs::path& reference, const fs::path& jni) {
    const auto ref = abifacts::collect(reference, jni);
    const auto got = abifacts::collect(ours, jni);
    INFO("reference: " << reference.string() << "\nours: " << ours.string());
    REQUIRE(ref.error == "");
    REQUIRE(got.error == "");
    // A real header yields thousands of facts; a broken analysis would yield few.
    CHECK(ref.lines.size() > 1000);
    INFO("in the reference header but not in ours:\n" << abifacts::missing(ref, got));
    INFO("in our header but not in the reference:\n" << abifacts::missing(got, ref));
    CHECK(ref.lines == got.lines);
}

}  // namespace

TEST_CASE("jvmti.h from OpenJDK's JDK 16 spec with --jvmti-version 17.0.0 is ABI- and API-identical to JDK 17's") {
    REQUIRE(fs::exists(kJdk17 / "jvmti.h"));  // openjdk-17-jdk-headless, installed by scripts/setup.sh
    TempDir out;
    auto r = runTool({"--spec", upstreamSpec("jdk16").string(), "--jvmti-version", "17.0.0", "--out", out.path().string(),
                      "--only", "header"});
    INFO(r.err);
    REQUIRE(r.status == 0);
    requireIdentical(out / "include", kJdk17, kJdk17);
}

TEST_CASE("spec/jvmti.xml with --api-version 25.0.0 gives a jvmti.h ABI- and API-identical to JDK 25's") {
    if (!fs::exists(kJdk25 / "jvmti.h")) {
        WARN("JDK 25 is not installed at " << kJdk25.string()
                                           << ": the JDK 25 comparison is skipped; the JDK 17 one still runs");
        return;
    }
    TempDir out;
    auto r = runTool({"--spec", (sourceDir() / "spec" / "jvmti.xml").string(), "--api-version", "25.0.0", "--out",
                      out.path().string(), "--only", "header"});
    INFO(r.err);
    REQUIRE(r.status == 0);
    requireIdentical(out / "include", kJdk25, kJdk25);
}

TEST_CASE("the committed generated/include/jvmti.h differs from JDK 25's in what later releases changed, only") {
    if (!fs::exists(kJdk25 / "jvmti.h")) {
        WARN("JDK 25 is not installed at " << kJdk25.string() << ": this comparison is skipped");
        return;
    }
    const auto ref = abifacts::collect(kJdk25, kJdk25);
    const auto got = abifacts::collect(sourceDir() / "generated" / "include", kJdk25);
    REQUIRE(ref.error == "");
    REQUIRE(got.error == "");
    CHECK(abifacts::missing(ref, got) == kOnlyInJdk25);
    CHECK(abifacts::missing(got, ref) == kOnlyInOurs);
}

TEST_CASE("the analysis sees a one-enumerator change and a swapped table slot") {
    // The ABI check must be able to fail: alter our JDK 17 header in two small ways.
    TempDir out;
    REQUIRE(runTool({"--spec", upstreamSpec("jdk16").string(), "--jvmti-version", "17.0.0", "--out", out.path().string(),
                     "--only", "header"})
                .status == 0);
    const auto good = abifacts::collect(out / "include", kJdk17);
    REQUIRE(good.error == "");
    std::string text = readFile(out / "include" / "jvmti.h");
    auto replace = [&](const std::string& from, const std::string& to) {
        auto at = text.find(from);
        REQUIRE(at != std::string::npos);
        text.replace(at, from.size(), to);
    };
    replace("JVMTI_ERROR_INVALID_THREAD = 10,", "JVMTI_ERROR_INVALID_THREAD = 9,");
    replace("void *reserved1;", "void *reserved1x;");
    writeFile(out / "include" / "jvmti.h", text);
    const auto bad = abifacts::collect(out / "include", kJdk17);
    REQUIRE(bad.error == "");
    CHECK(abifacts::missing(good, bad).find("JVMTI_ERROR_INVALID_THREAD = 10") != std::string::npos);
    CHECK(abifacts::missing(bad, good).find("reserved1x") != std::string::npos);
}

// The same comparisons through jvmti-abi-diff (tools/), where Clang's dev packages let it be
// built: Clang's own record layouts, every slot's canonical signature and the header's macros.
namespace {

void requireToolIdentical(const fs::path& reference, const fs::path& ours, const fs::path& jni) {
#ifdef JVMTI_ABI_DIFF
    const auto r = runCommand(std::string(JVMTI_ABI_DIFF) + " '" + reference.string() + "' '" + ours.string() +
                              "' -I '" + jni.string() + "' -I '" + (jni / "linux").string() + "'");
    INFO("jvmti-abi-diff " << reference.string() << " " << ours.string() << " printed:\n" << r.out);
    CHECK(r.out.find("jvmti-abi-diff: identical") != std::string::npos);
    CHECK(r.status == 0);
#else
    (void)reference, (void)ours, (void)jni;
    WARN("jvmti-abi-diff is not built (no libclang-14-dev/llvm-14-dev): this comparison is skipped");
#endif
}

}  // namespace

TEST_CASE("jvmti-abi-diff: jvmti.h from the JDK 16 spec with --jvmti-version 17.0.0 against JDK 17's") {
    REQUIRE(fs::exists(kJdk17 / "jvmti.h"));
    TempDir out;
    auto r = runTool({"--spec", upstreamSpec("jdk16").string(), "--jvmti-version", "17.0.0", "--out", out.path().string(),
                      "--only", "header"});
    INFO(r.err);
    REQUIRE(r.status == 0);
    requireToolIdentical(kJdk17 / "jvmti.h", out / "include" / "jvmti.h", kJdk17);
}

TEST_CASE("jvmti-abi-diff: spec/jvmti.xml with --api-version 25.0.0 against JDK 25's jvmti.h") {
    if (!fs::exists(kJdk25 / "jvmti.h")) {
        WARN("JDK 25 is not installed at " << kJdk25.string() << ": this comparison is skipped");
        return;
    }
    TempDir out;
    auto r = runTool({"--spec", (sourceDir() / "spec" / "jvmti.xml").string(), "--api-version", "25.0.0", "--out",
                      out.path().string(), "--only", "header"});
    INFO(r.err);
    REQUIRE(r.status == 0);
    requireToolIdentical(kJdk25 / "jvmti.h", out / "include" / "jvmti.h", kJdk25);
}
