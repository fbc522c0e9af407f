// --api-version: one spec, the header of each release. The JDK 17 header against JDK 17's own
// (the ABI test's machinery); for each release the header compiles as C and C++, has what the
// spec says that release had and lacks what the next one added (both lists read from the
// spec, not written here), keeps the numbering of the table and the 128 capability bits; an
// agent that uses a later function fails to compile with a message naming it; the docs and
// metadata follow the same selection.
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>

#include "abi_facts.hpp"
#include "api_version.hpp"
#include "reader.hpp"
#include "support.hpp"
#include "validate.hpp"

using namespace testsupport;
using namespace jvmtigen;

namespace {

const fs::path kJdk17 = "/usr/lib/jvm/java-17-openjdk-amd64/include";

// The releases the issue names, each with the one after it (the last has none).
const std::vector<std::string> kReleases = {"1.0.0",  "1.1.0",  "1.2.0",  "9.0.0", "11.0.0",
                                            "17.0.0", "21.0.0", "25.0.0", "27.0.0", "28.0.0"};

const Spec& projectSpec() {
    static const Spec spec = [] {
        Spec s;
        Diagnostics d("spec/jvmti.xml");
        const bool ok = readSpecFile((sourceDir() / "spec" / "jvmti.xml").string(), s, d) && validateSpec(s, d);
        if (!ok) throw std::runtime_error("spec/jvmti.xml does not read");
        return s;
    }();
    return spec;
}

Version since(const std::string& text) {
    const auto v = parseSince(text);
    REQUIRE(v);
    return *v;
}

// What a header shows of each kind of item the spec dates, for items with since in (after, upTo].
struct Dated {
    std::vector<std::string> functions, events, capabilities, errors, typedefs, callbacks;
};
Dated datedBetween(const Version& after, const Version& upTo) {
    const Spec& s = projectSpec();
    Dated d;
    auto in = [&](const std::string& text) {
        const Version v = since(text);
        return v > after && v <= upTo;
    };
    for (const auto& f : s.functions)
        if (!f.elided && in(f.since)) d.functions.push_back(f.id);
    for (const auto& e : s.events)
        if (!e.elided && in(e.since)) d.events.push_back(e.constName);
    for (const auto& c : s.capabilities.at(0).fields)
        if (in(c.since)) d.capabilities.push_back(c.id);
    for (const auto& e : s.errors)
        if (in(e.since)) d.errors.push_back(e.id);
    for (const auto& t : s.typedefs)
        if (!t.elided && in(t.since)) d.typedefs.push_back(t.id);
    for (const auto& c : s.callbacks)
        if (!c.elided && in(c.since)) d.callbacks.push_back(c.id);
    return d;
}

// The header's declarations of each kind, as the template writes them.
std::string slotOf(const std::string& fn) { return "(JNICALL *" + fn + ")(jvmtiEnv* env"; }
std::string enumeratorOf(const std::string& name) { return "    " + name + " = "; }
std::string capabilityOf(const std::string& cap) { return "unsigned int " + cap + " : 1;"; }
std::string typedefOf(const std::string& id) { return " " + id + ";\n"; }
std::string callbackOf(const std::string& id) { return "(JNICALL *" + id + ")\n"; }

void requireAll(const std::string& header, const Dated& d, bool present) {
    auto check = [&](const std::vector<std::string>& names, auto decl) {
        for (const auto& n : names) {
            INFO(n << (present ? " should be declared" : " should not be declared"));
            CHECK((header.find(decl(n)) != std::string::npos) == present);
        }
    };
    check(d.functions, slotOf);
    check(d.events, enumeratorOf);
    check(d.capabilities, capabilityOf);
    check(d.errors, enumeratorOf);
    check(d.typedefs, typedefOf);
    check(d.callbacks, callbackOf);
}

fs::path generate(const TempDir& out, const std::vector<std::string>& extra) {
    std::vector<std::string> args = {"--spec", (sourceDir() / "spec" / "jvmti.xml").string(), "--out", out.path().string()};
    args.insert(args.end(), extra.begin(), extra.end());
    const auto r = runTool(args);
    INFO(r.err);
    REQUIRE(r.status == 0);
    return out / "include";
}

std::string includes(const fs::path& dir) {
    return " -I'" + dir.string() + "' -isystem '" + kJdk17.string() + "' -isystem '" + (kJdk17 / "linux").string() + "'";
}

// Compiles `source` (C or C++ by its name) against the header in `dir`; the compiler's output.
RunResult compile(const std::string& compiler, const std::string& std, const fs::path& dir, const fs::path& source) {
    return runCommand(compiler + " -std=" + std + " -Wall -Wextra -pedantic -Werror -fsyntax-only" + includes(dir) + " '" +
                      source.string() + "'");
}

}  // namespace

TEST_CASE("api version 17.0.0 on spec/jvmti.xml is ABI- and API-identical to JDK 17's jvmti.h") {
    REQUIRE(fs::exists(kJdk17 / "jvmti.h"));
    TempDir out;
    const auto dir = generate(out, {"--api-version", "17.0.0", "--only", "header"});
    const auto ref = abifacts::collect(kJdk17, kJdk17);
    const auto got = abifacts::collect(dir, kJdk17);
    REQUIRE(ref.error == "");
    REQUIRE(got.error == "");
    CHECK(ref.lines.size() > 1000);
    INFO("in JDK 17's header but not in ours:\n" << abifacts::missing(ref, got));
    INFO("in ours but not in JDK 17's:\n" << abifacts::missing(got, ref));
    CHECK(ref.lines == got.lines);
#ifdef JVMTI_ABI_DIFF
    const auto r = runCommand(std::string(JVMTI_ABI_DIFF) + " '" + (kJdk17 / "jvmti.h").string() + "' '" +
                              (dir / "jvmti.h").string() + "' -I '" + kJdk17.string() + "' -I '" +
                              (kJdk17 / "linux").string() + "'");
    INFO("jvmti-abi-diff printed:\n" << r.out);
    CHECK(r.status == 0);
#endif
}

TEST_CASE("api version: the spec's own version changes no output at all") {
    TempDir full, same;
    generate(full, {});
    generate(same, {"--api-version", projectSpec().version->str()});
    const auto files = listFiles(full.path());
    REQUIRE(files.size() > 20);
    CHECK(listFiles(same.path()) == files);
    for (const auto& f : files) {
        INFO(f);
        CHECK(readFile(same / f) == readFile(full / f));
    }
}

TEST_CASE("for each release the header compiles as C and C++, has that release's items and not the next one's") {
    TempDir tmp;
    writeFile(tmp / "use.c",
              "#include \"jvmti.h\"\n"
              "typedef char capabilities_are_128_bits[sizeof(jvmtiCapabilities) == 16 ? 1 : -1];\n"
              "int main(void) { jvmtiCapabilities c; (void)c; return 0; }\n");
    writeFile(tmp / "use.cpp",
              "#include \"jvmti.h\"\n"
              "typedef char capabilities_are_128_bits[sizeof(jvmtiCapabilities) == 16 ? 1 : -1];\n"
              "int main() {\n  jvmtiEnv* e = 0;\n  jint v = 0;\n  if (e) e->GetVersionNumber(&v);\n  return v;\n}\n");
    const Version none{0, 0, 0};
    for (size_t i = 0; i < kReleases.size(); ++i) {
        const std::string release = kReleases[i];
        DYNAMIC_SECTION("--api-version " << release) {
            const Version v = since(release);
            TempDir out;
            const auto dir = generate(out, {"--api-version", release, "--only", "header"});
            const std::string header = readFile(dir / "jvmti.h");
            CHECK(header.find("/* version: " + release + " */") != std::string::npos);
            for (const auto& [cc, std, file] : {std::tuple{"gcc", "c89", "use.c"}, {"gcc", "c11", "use.c"},
                                                {"g++", "c++98", "use.cpp"}, {"g++", "c++20", "use.cpp"},
                                                {"clang", "c99", "use.c"}, {"clang++", "c++17", "use.cpp"}}) {
                const auto r = compile(cc, std, dir, tmp / file);
                INFO(cc << " -std=" << std << "\n" << r.out);
                CHECK(r.status == 0);
                CHECK(r.out == "");
            }
            // Everything up to this release is there...
            const Dated mine = datedBetween(none, v);
            CHECK(mine.functions.size() > 100);
            requireAll(header, mine, true);
            // ... and nothing the next release added.
            if (i + 1 < kReleases.size()) {
                const Dated next = datedBetween(v, since(kReleases[i + 1]));
                // (Between 11 and 17 the spec dates nothing: those headers differ in their tags
                // alone; nor between 25 and 27, which differ in JVMTI_VERSION alone.)
                if (release != "11.0.0" && release != "25.0.0")
                    CHECK(next.functions.size() + next.events.size() + next.capabilities.size() + next.errors.size() > 0);
                requireAll(header, next, false);
                const Dated later = datedBetween(v, Version{99, 0, 0});
                requireAll(header, later, false);
            }
            // Functions keep their numbers: a left-out one below the last kept slot is reserved.
            int lastKept = 0;
            for (const auto& f : projectSpec().functions)
                if (!f.elided && since(f.since) <= v) lastKept = std::max(lastKept, f.num);
            for (const auto& f : projectSpec().functions) {
                if (f.elided || since(f.since) <= v || f.num > lastKept) continue;
                INFO(f.id << " leaves its slot " << f.num);
                CHECK(header.find("void *reserved" + std::to_string(f.num) + ";") != std::string::npos);
            }
            // Tags: with the underscore before JVMTI 16 (JDK-8254364).
            const bool underscore = v < Version{16, 0, 0};
            CHECK((header.find("struct _jvmtiThreadInfo {") != std::string::npos) == underscore);
            CHECK((header.find("struct jvmtiThreadInfo {") != std::string::npos) == !underscore);
            CHECK((header.find("typedef struct _jvmtiThreadInfo jvmtiThreadInfo;") != std::string::npos) == underscore);
            // Agent_OnAttach from 1.1 (start-up in the live phase).
            CHECK((header.find("Agent_OnAttach(") != std::string::npos) == (v >= Version{1, 1, 0}));
        }
    }
}

TEST_CASE("an agent calling a function later than its --api-version fails to compile, and the message names it") {
    // For each release, the first function the next one added, from the spec.
    for (size_t i = 0; i + 1 < kReleases.size(); ++i) {
        const Version v = since(kReleases[i]);
        const Dated next = datedBetween(v, since(kReleases[i + 1]));
        if (next.functions.empty()) continue;  // 17 -> 21 adds functions, 9 -> 11 one; every pair is tried
        const std::string fn = next.functions.front();
        DYNAMIC_SECTION(kReleases[i] << " with " << fn << " from " << kReleases[i + 1]) {
            TempDir out, newer, tmp;
            const auto dir = generate(out, {"--api-version", kReleases[i], "--only", "header"});
            const auto newerDir = generate(newer, {"--api-version", kReleases[i + 1], "--only", "header"});
            writeFile(tmp / "agent.c", "#include \"jvmti.h\"\nint uses(jvmtiEnv *env) { return (*env)->" + fn +
                                           " != 0; }\n");
            writeFile(tmp / "agent.cpp", "#include \"jvmti.h\"\nint main() {\n  auto method = &_jvmtiEnv::" + fn +
                                             ";\n  (void)method;\n  return 0;\n}\n");
            for (const auto& [cc, std, file] : {std::tuple{"gcc", "c11", "agent.c"}, {"g++", "c++17", "agent.cpp"},
                                                {"clang", "c11", "agent.c"}, {"clang++", "c++17", "agent.cpp"}}) {
                const auto bad = compile(cc, std, dir, tmp / file);
                INFO(cc << " against " << kReleases[i] << ":\n" << bad.out);
                CHECK(bad.status != 0);
                CHECK(bad.out.find(fn) != std::string::npos);
                CHECK(bad.out.find("error") != std::string::npos);
                // The same agent builds against the release that has the function.
                const auto good = compile(cc, std, newerDir, tmp / file);
                INFO(cc << " against " << kReleases[i + 1] << ":\n" << good.out);
                CHECK(good.status == 0);
            }
        }
    }
}

TEST_CASE("api version: the docs and the metadata tables follow the selection") {
    TempDir out17;
    generate(out17, {"--api-version", "17.0.0"});
    const Dated later = datedBetween(Version{17, 0, 0}, Version{99, 0, 0});
    REQUIRE(!later.functions.empty());
    const std::string docs = readFile(out17 / "docs" / "jvmti.html");
    const std::string metadata = readFile(out17 / "src" / "jvmti_metadata.cpp");
    for (const auto& fn : later.functions) {
        INFO(fn);
        CHECK(docs.find("id=\"" + fn + "\"") == std::string::npos);
        CHECK(metadata.find("\"" + fn + "\"") == std::string::npos);
    }
    for (const auto& e : later.errors) {
        INFO(e);
        CHECK(docs.find("id=\"" + e + "\"") == std::string::npos);
        CHECK(metadata.find("\"" + e + "\"") == std::string::npos);
    }
    // The change history stops at the release.
    CHECK(docs.find("25.0.0") == std::string::npos);
    CHECK(docs.find("26.0.0") == std::string::npos);
    CHECK(docs.find("17.0.0") != std::string::npos);
    // What stays is whole: a function of 1.0 is in both.
    CHECK(docs.find("id=\"GetFrameCount\"") != std::string::npos);
    CHECK(metadata.find("\"GetFrameCount\"") != std::string::npos);
}

TEST_CASE("api version on OpenJDK's JDK 16 file: 17.0.0 matches JDK 17, 9.0.0 has underscore tags and compiles") {
    TempDir out17, out9, tmp;
    auto r = runTool({"--spec", upstreamSpec("jdk16").string(), "--jvmti-version", "17.0.0", "--api-version", "17.0.0",
                      "--out", out17.path().string(), "--only", "header"});
    INFO(r.err);
    REQUIRE(r.status == 0);
    const auto ref = abifacts::collect(kJdk17, kJdk17);
    const auto got = abifacts::collect(out17 / "include", kJdk17);
    REQUIRE(got.error == "");
    INFO("missing:\n" << abifacts::missing(ref, got) << "\nextra:\n" << abifacts::missing(got, ref));
    CHECK(ref.lines == got.lines);

    r = runTool({"--spec", upstreamSpec("jdk16").string(), "--jvmti-version", "17.0.0", "--api-version", "9.0.0", "--out",
                 out9.path().string(), "--only", "header"});
    REQUIRE(r.status == 0);
    const std::string header = readFile(out9 / "include" / "jvmti.h");
    CHECK(header.find("struct _jvmtiThreadInfo {") != std::string::npos);
    CHECK(header.find("SetHeapSamplingInterval") == std::string::npos);  // since 11 in that file
    CHECK(header.find("JVMTI_VERSION_11") == std::string::npos);
    writeFile(tmp / "use.cpp", "#include \"jvmti.h\"\nint main() { jvmtiThreadInfo i; (void)i; return 0; }\n");
    const auto c = compile("g++", "c++17", out9 / "include", tmp / "use.cpp");
    INFO(c.out);
    CHECK(c.status == 0);
}

TEST_CASE("specAsOf of spec/jvmti.xml is a valid spec for every release") {
    for (const auto& release : kReleases) {
        Diagnostics d("spec/jvmti.xml");
        const Spec s = specAsOf(projectSpec(), since(release), d);
        Diagnostics v("spec/jvmti.xml");
        const bool valid = validateSpec(s, v);
        for (const auto& m : d.messages()) UNSCOPED_INFO(m);
        for (const auto& m : v.messages()) UNSCOPED_INFO(m);
        INFO(release);
        CHECK(d.ok());
        CHECK(valid);
    }
}
