// The CI guard of HotSpot's outputs (docs/hotspot.md): those of OpenJDK's JDK 16 file at JVMTI
// 17.0.0 are fresh against tests/hotspot/expected/, hold none of the spec's prose, and are
// written only when asked for. (The compile check with HotSpot's flags and the comparison with
// HotSpot's own pipeline are ctest entries of their own: tests/CMakeLists.txt.)
#include <catch2/catch.hpp>

#include <sstream>
#include <unordered_set>

#include "model.hpp"
#include "reader.hpp"
#include "support.hpp"

using namespace testsupport;

namespace {

const std::vector<std::string> kOnly = {"--only", "hotspot-enter,hotspot-enter-trace,hotspot-env-hpp,hotspot-env-stub"};

std::vector<std::string> hotspotArgs(const fs::path& out) {
    std::vector<std::string> args = {"--spec", upstreamSpec("jdk16").string(), "--jvmti-version", "17.0.0", "--out",
                                     out.string()};
    args.insert(args.end(), kOnly.begin(), kOnly.end());
    return args;
}

std::vector<std::string> words(const std::string& text) {
    std::istringstream in(text);
    std::vector<std::string> out;
    for (std::string w; in >> w;) out.push_back(w);
    return out;
}

constexpr size_t kRun = 8;  // this many words of a description in a row would be its prose

std::string runAt(const std::vector<std::string>& ws, size_t i) {
    std::string s;
    for (size_t k = i; k < i + kRun; ++k) s += ws[k] + " ";
    return s;
}

void collect(const jvmtigen::Prose& prose, std::vector<std::string>& texts) {
    const std::string t = jvmtigen::plainText(prose);
    if (!t.empty()) texts.push_back(t);
}

}  // namespace

TEST_CASE("outputs: those of the JDK 16 spec at 17.0.0 are fresh against tests/hotspot/expected") {
    TempDir out;
    const auto r = runTool(hotspotArgs(out.path()));
    INFO(r.err);
    REQUIRE(r.status == 0);
    const auto fresh = listFiles(out.path());
    const auto committed = listFiles(sourceDir() / "tests" / "hotspot" / "expected");
    CHECK(fresh == std::vector<std::string>{"jvmtifiles/jvmtiEnter.cpp", "jvmtifiles/jvmtiEnterTrace.cpp",
                                            "jvmtifiles/jvmtiEnv.hpp", "jvmtifiles/jvmtiEnvStub.cpp"});
    INFO("regenerate with: cmake --build build --target regenerate");
    REQUIRE(fresh == committed);
    for (const auto& f : fresh) {
        INFO("stale: tests/hotspot/expected/" << f);
        CHECK(readFile(out / f) == readFile(sourceDir() / "tests" / "hotspot" / "expected" / f));
    }
}

TEST_CASE("outputs: they hold none of the spec's prose") {
    jvmtigen::Spec spec;
    jvmtigen::Diagnostics diag(upstreamSpec("jdk16").string());
    REQUIRE(jvmtigen::readSpecFile(upstreamSpec("jdk16").string(), spec, diag));
    std::vector<std::string> texts;
    for (const auto& i : spec.intros) collect(i.body, texts);
    for (const auto& f : spec.functions) {
        collect(f.description, texts);
        for (const auto& p : f.params) collect(p.description, texts);
        for (const auto& e : f.errors) collect(e.text, texts);
        for (const auto& c : f.required) collect(c.text, texts);
    }
    for (const auto& e : spec.events) {
        collect(e.description, texts);
        for (const auto& p : e.params) collect(p.description, texts);
    }
    for (const auto& t : spec.typedefs)
        for (const auto& f : t.fields) collect(f.description, texts);
    for (const auto& g : spec.constants)
        for (const auto& c : g.constants) collect(c.description, texts);
    for (const auto& e : spec.errors) collect(e.description, texts);
    for (const auto& c : spec.changes) collect(c.text, texts);
    REQUIRE(texts.size() > 1000);

    std::unordered_set<std::string> outputRuns;
    for (const auto& f : listFiles(sourceDir() / "tests" / "hotspot" / "expected")) {
        const auto ws = words(readFile(sourceDir() / "tests" / "hotspot" / "expected" / f));
        for (size_t i = 0; i + kRun <= ws.size(); ++i) outputRuns.insert(runAt(ws, i));
    }
    REQUIRE_FALSE(outputRuns.empty());
    size_t runsChecked = 0;
    for (const auto& t : texts) {
        const auto ws = words(t);
        for (size_t i = 0; i + kRun <= ws.size(); ++i, ++runsChecked) {
            INFO(runAt(ws, i));
            CHECK_FALSE(outputRuns.count(runAt(ws, i)));
        }
    }
    CHECK(runsChecked > 10000);
}

TEST_CASE("outputs: they are written only when --only names them") {
    TempDir plain;
    REQUIRE(runTool({"--spec", upstreamSpec("jdk16").string(), "--jvmti-version", "17.0.0", "--out",
                     plain.path().string()})
                .status == 0);
    CHECK_FALSE(fs::exists(plain / "jvmtifiles"));
    CHECK(fs::exists(plain / "include" / "jvmti.h"));

    TempDir one;
    REQUIRE(runTool({"--spec", upstreamSpec("jdk16").string(), "--jvmti-version", "17.0.0", "--out",
                     one.path().string(), "--only", "hotspot-env-hpp"})
                .status == 0);
    CHECK(listFiles(one.path()) == std::vector<std::string>{"jvmtifiles/jvmtiEnv.hpp"});
}
