// jvmti-abi-diff: two jvmti.h files compared as Clang sees them, as C and as C++. The
// reference is JDK 17's header; each candidate is that header with one small edit, and the
// test expects exactly the difference lines the edit must cause.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>
#include <sstream>

#include "support.hpp"

using namespace testsupport;

namespace {

const fs::path kJdk17 = "/usr/lib/jvm/java-17-openjdk-amd64/include";
const fs::path kJdk25 = "/usr/lib/jvm/temurin-25-jdk-amd64/include";

std::string quoted(const fs::path& p) { return "'" + p.string() + "'"; }

RunResult abiDiff(const fs::path& reference, const fs::path& candidate, const std::string& more = "") {
    return runCommand(std::string(JVMTI_ABI_DIFF) + " " + quoted(reference) + " " + quoted(candidate) + " -I " +
                      quoted(kJdk17) + " -I " + quoted(kJdk17 / "linux") + more);
}

std::vector<std::string> lines(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string l; std::getline(in, l);) out.push_back(l);
    return out;
}

std::string jdk17Header() {
    REQUIRE(fs::exists(kJdk17 / "jvmti.h"));  // openjdk-17-jdk-headless, installed by scripts/setup.sh
    return readFile(kJdk17 / "jvmti.h");
}

// Replaces `from` (which must occur exactly once) by `to`.
void replaceOnce(std::string& text, const std::string& from, const std::string& to) {
    const auto at = text.find(from);
    INFO("the edit's anchor: " << from);
    REQUIRE(at != std::string::npos);
    REQUIRE(text.find(from, at + 1) == std::string::npos);
    text.replace(at, from.size(), to);
}

// The part of `text` from `begin` up to (not including) `end`.
std::pair<size_t, size_t> span(const std::string& text, const std::string& begin, const std::string& end) {
    const auto b = text.find(begin);
    REQUIRE(b != std::string::npos);
    const auto e = text.find(end, b);
    REQUIRE(e != std::string::npos);
    return {b, e};
}

// Runs the tool on JDK 17's header against `candidate` and expects exactly `expected` (the
// difference lines, then the summary) and exit status 1.
void expectDifferences(const TempDir& dir, const std::string& candidate, const std::vector<std::string>& expected) {
    writeFile(dir / "jvmti.h", candidate);
    const RunResult r = abiDiff(kJdk17 / "jvmti.h", dir / "jvmti.h");
    INFO("jvmti-abi-diff printed:\n" << r.out);
    CHECK(lines(r.out) == expected);
    CHECK(r.status == 1);
}

}  // namespace

TEST_CASE("jvmti-abi-diff finds nothing between a header and itself") {
    jdk17Header();
    const RunResult r = abiDiff(kJdk17 / "jvmti.h", kJdk17 / "jvmti.h");
    INFO(r.out);
    CHECK(r.status == 0);
    const auto out = lines(r.out);
    REQUIRE(out.size() == 1);
    CHECK(out[0].rfind("jvmti-abi-diff: identical (", 0) == 0);
}

TEST_CASE("jvmti-abi-diff finds nothing between a header and a cosmetically reformatted copy") {
    std::string text = jdk17Header();
    // No comments, no indentation, one space between tokens, blank lines everywhere, the
    // pointer star moved, parameter lists on one line, and the whole file moved elsewhere.
    std::string plain;
    for (size_t i = 0; i < text.size();) {
        if (text.compare(i, 2, "/*") == 0) {
            const auto end = text.find("*/", i + 2);
            REQUIRE(end != std::string::npos);
            i = end + 2;
            plain += ' ';
        } else {
            plain += text[i++];
        }
    }
    std::string reformatted;
    bool lineStart = true, lastSpace = false;
    for (char c : plain) {
        if (c == '\n') {
            reformatted += "\n\n";
            lineStart = true;
            lastSpace = false;
        } else if (c == ' ' || c == '\t') {
            if (!lineStart && !lastSpace) reformatted += ' ';
            lastSpace = true;
        } else {
            reformatted += c;
            lineStart = lastSpace = false;
        }
    }
    for (std::string::size_type at; (at = reformatted.find("jvmtiEnv* env")) != std::string::npos;)
        reformatted.replace(at, 13, "jvmtiEnv *env");
    for (std::string::size_type at; (at = reformatted.find(",\n\n")) != std::string::npos;)
        reformatted.replace(at, 3, ", ");
    TempDir dir;
    writeFile(dir / "elsewhere" / "jvmti.h", reformatted);
    REQUIRE(reformatted != text);
    const RunResult r = abiDiff(kJdk17 / "jvmti.h", dir / "elsewhere" / "jvmti.h");
    INFO(r.out);
    CHECK(r.status == 0);
    CHECK(lines(r.out).size() == 1);
}

TEST_CASE("jvmti-abi-diff catches two table slots swapped") {
    std::string text = jdk17Header();
    const auto [b17, e17] = span(text, "  /*   17 : ", "  /*   18 : ");
    const auto [b18, e18] = span(text, "  /*   18 : ", "  /*   19 : ");
    REQUIRE(e17 == b18);
    const std::string slot17 = text.substr(b17, e17 - b17), slot18 = text.substr(b18, e18 - b18);
    text.replace(b17, e18 - b17, slot18 + slot17);
    TempDir dir;
    expectDifferences(
        dir, text,
        {"slot 17: changed: GetThreadState jvmtiError (*)(jvmtiEnv *, jthread, jint *) -> "
         "GetCurrentThread jvmtiError (*)(jvmtiEnv *, jthread *)",
         "slot 18: changed: GetCurrentThread jvmtiError (*)(jvmtiEnv *, jthread *) -> "
         "GetThreadState jvmtiError (*)(jvmtiEnv *, jthread, jint *)",
         "jvmti-abi-diff: 2 differences: 2 slot"});
}

TEST_CASE("jvmti-abi-diff catches a changed enumerator value") {
    std::string text = jdk17Header();
    replaceOnce(text, "JVMTI_ERROR_INVALID_THREAD = 10,", "JVMTI_ERROR_INVALID_THREAD = 9,");
    TempDir dir;
    expectDifferences(dir, text,
                      {"enumerator JVMTI_ERROR_INVALID_THREAD: changed: = 10 in jvmtiError -> = 9 in jvmtiError",
                       "jvmti-abi-diff: 1 difference: 1 enumerator"});
}

TEST_CASE("jvmti-abi-diff catches a field whose type changed at the same offset") {
    std::string text = jdk17Header();
    replaceOnce(text, "    jint entry_count;\n", "    jfloat entry_count;\n");
    TempDir dir;
    expectDifferences(dir, text,
                      {"field jvmtiMonitorUsage.entry_count: changed: offset 8, jint -> offset 8, jfloat",
                       "jvmti-abi-diff: 1 difference: 1 field"});
}

TEST_CASE("jvmti-abi-diff catches fields whose offsets changed") {
    std::string text = jdk17Header();
    replaceOnce(text, "struct jvmtiFrameInfo {\n    jmethodID method;\n    jlocation location;\n};",
                "struct jvmtiFrameInfo {\n    jlocation location;\n    jmethodID method;\n};");
    TempDir dir;
    expectDifferences(dir, text,
                      {"field jvmtiFrameInfo.location: changed: offset 8, jlocation -> offset 0, jlocation",
                       "field jvmtiFrameInfo.method: changed: offset 0, jmethodID -> offset 8, jmethodID",
                       "jvmti-abi-diff: 2 differences: 2 field"});
}

TEST_CASE("jvmti-abi-diff catches a removed bit-field") {
    std::string text = jdk17Header();
    replaceOnce(text, "    unsigned int can_generate_sampled_object_alloc_events : 1;\n", "");
    TempDir dir;
    expectDifferences(
        dir, text,
        {"field jvmtiCapabilities.can_generate_sampled_object_alloc_events: removed: bit 43, width 1, unsigned int",
         "jvmti-abi-diff: 1 difference: 1 field"});
}

TEST_CASE("jvmti-abi-diff catches a C++ method added and a method's signature changed") {
    const std::string original = jdk17Header();
    const std::string anchor = "struct _jvmtiEnv {\n    const struct jvmtiInterface_1_ *functions;\n#ifdef __cplusplus\n";
    TempDir dir;
    SECTION("added") {
        std::string text = original;
        replaceOnce(text, anchor,
                    anchor + "  jvmtiError GetVersionTwice(jint* a, jint* b) {\n"
                             "    functions->GetVersionNumber(this, a);\n"
                             "    return functions->GetVersionNumber(this, b);\n  }\n");
        expectDifferences(dir, text,
                          {"method _jvmtiEnv::GetVersionTwice: added: jvmtiError (jint *, jint *)",
                           "jvmti-abi-diff: 1 difference: 1 method"});
    }
    SECTION("signature changed") {
        std::string text = original;
        replaceOnce(text, "  jvmtiError GetFrameCount(jthread thread,", "  jint GetFrameCount(jthread thread,");
        expectDifferences(
            dir, text,
            {"method _jvmtiEnv::GetFrameCount: changed: jvmtiError (jthread, jint *) -> jint (jthread, jint *)",
             "jvmti-abi-diff: 1 difference: 1 method"});
    }
}

TEST_CASE("jvmti-abi-diff catches a changed macro value") {
    std::string reference = jdk17Header(), candidate = reference;
    replaceOnce(reference, "#define _JAVA_JVMTI_H_\n", "#define _JAVA_JVMTI_H_\n#define JVMTI_PROBE_LIMIT 100\n");
    replaceOnce(candidate, "#define _JAVA_JVMTI_H_\n", "#define _JAVA_JVMTI_H_ 1\n#define JVMTI_PROBE_LIMIT (100+1)\n");
    TempDir dir;
    writeFile(dir / "ref" / "jvmti.h", reference);
    writeFile(dir / "new" / "jvmti.h", candidate);
    const RunResult r = abiDiff(dir / "ref" / "jvmti.h", dir / "new" / "jvmti.h");
    INFO(r.out);
    CHECK(lines(r.out) == std::vector<std::string>{"macro JVMTI_PROBE_LIMIT: changed: 100 -> ( 100 + 1 )",
                                                   "macro _JAVA_JVMTI_H_: changed: (empty) -> 1",
                                                   "jvmti-abi-diff: 2 differences: 2 macro"});
    CHECK(r.status == 1);
}

TEST_CASE("jvmti-abi-diff lists exactly the header-visible changes from JDK 17 to JDK 25") {
    if (!fs::exists(kJdk25 / "jvmti.h")) {
        WARN("JDK 25 is not installed at " << kJdk25.string() << ": the JDK 17 to 25 comparison is skipped");
        return;
    }
    // Each JDK's own jni.h and jni_md.h: the tool searches a header's directory and its linux/ first.
    const RunResult r = runCommand(std::string(JVMTI_ABI_DIFF) + " " + quoted(kJdk17 / "jvmti.h") + " " +
                                   quoted(kJdk25 / "jvmti.h"));
    INFO(r.out);
    const std::vector<std::string> expected = {
        "enumerator JVMTI_ERROR_UNSUPPORTED_OPERATION: added: = 73 in jvmtiError",
        "enumerator JVMTI_EVENT_VIRTUAL_THREAD_END: added: = 88 in jvmtiEvent",
        "enumerator JVMTI_EVENT_VIRTUAL_THREAD_START: added: = 87 in jvmtiEvent",
        "enumerator JVMTI_MAX_EVENT_TYPE_VAL: changed: = 86 in jvmtiEvent -> = 88 in jvmtiEvent",
        "enumerator JVMTI_VERSION: changed: = 806420480 (0x30110000) in anonymous enum {JVMTI_VERSION_1, ...} -> "
        "= 806944768 (0x30190000) in anonymous enum {JVMTI_VERSION_1, ...}",
        "enumerator JVMTI_VERSION_19: added: = 806551552 (0x30130000) in anonymous enum {JVMTI_VERSION_1, ...}",
        "enumerator JVMTI_VERSION_21: added: = 806682624 (0x30150000) in anonymous enum {JVMTI_VERSION_1, ...}",
        "typedef jvmtiEventVirtualThreadEnd: added: void (*)(jvmtiEnv *, JNIEnv *, jthread)",
        "typedef jvmtiEventVirtualThreadStart: added: void (*)(jvmtiEnv *, JNIEnv *, jthread)",
        "record jvmtiEventCallbacks: changed: struct, size 296, align 8 -> struct, size 312, align 8",
        "field jvmtiCapabilities.can_support_virtual_threads: added: bit 44, width 1, unsigned int",
        "field jvmtiEventCallbacks.VirtualThreadEnd: added: offset 304, jvmtiEventVirtualThreadEnd",
        "field jvmtiEventCallbacks.VirtualThreadStart: added: offset 296, jvmtiEventVirtualThreadStart",
        "slot 67: changed: reserved67 void * -> ClearAllFramePops jvmtiError (*)(jvmtiEnv *, jthread)",
        "slot 118: changed: reserved118 void * -> SuspendAllVirtualThreads jvmtiError (*)(jvmtiEnv *, jint, const "
        "jthread *)",
        "slot 119: changed: reserved119 void * -> ResumeAllVirtualThreads jvmtiError (*)(jvmtiEnv *, jint, const "
        "jthread *)",
        "method _jvmtiEnv::ClearAllFramePops: added: jvmtiError (jthread)",
        "method _jvmtiEnv::ResumeAllVirtualThreads: added: jvmtiError (jint, const jthread *)",
        "method _jvmtiEnv::SuspendAllVirtualThreads: added: jvmtiError (jint, const jthread *)",
        "jvmti-abi-diff: 19 differences: 7 enumerator, 2 typedef, 1 record, 3 field, 3 slot, 3 method",
    };
    CHECK(lines(r.out) == expected);
    CHECK(r.status == 1);
}

TEST_CASE("jvmti-abi-diff writes the differences as JSON") {
    std::string text = jdk17Header();
    replaceOnce(text, "JVMTI_ERROR_INVALID_THREAD = 10,", "JVMTI_ERROR_INVALID_THREAD = 9,");
    TempDir dir;
    writeFile(dir / "jvmti.h", text);
    const RunResult r = abiDiff(kJdk17 / "jvmti.h", dir / "jvmti.h", " --json " + quoted(dir / "diff.json"));
    INFO(r.out);
    REQUIRE(r.status == 1);
    const auto json = nlohmann::json::parse(readFile(dir / "diff.json"));
    CHECK(json["identical"] == false);
    CHECK(json["candidate"] == (dir / "jvmti.h").string());
    REQUIRE(json["differences"].size() == 1);
    const auto& d = json["differences"][0];
    CHECK(d["kind"] == "enumerator");
    CHECK(d["name"] == "JVMTI_ERROR_INVALID_THREAD");
    CHECK(d["change"] == "changed");
    CHECK(d["reference"] == "= 10 in jvmtiError");
    CHECK(d["candidate"] == "= 9 in jvmtiError");
    CHECK(d["languages"] == nlohmann::json::array({"C", "C++"}));
}

TEST_CASE("jvmti-abi-diff exits 2 with Clang's message when a header does not parse") {
    TempDir dir;
    SECTION("a syntax error") {
        std::string text = jdk17Header();
        replaceOnce(text, "#define _JAVA_JVMTI_H_\n", "#define _JAVA_JVMTI_H_\nthis is not C;\n");
        writeFile(dir / "jvmti.h", text);
        const RunResult r = abiDiff(kJdk17 / "jvmti.h", dir / "jvmti.h");
        INFO(r.out);
        CHECK(r.status == 2);
        CHECK(r.out.find("error: unknown type name 'this'") != std::string::npos);
        CHECK(r.out.find("jvmti-abi-diff: cannot parse " + (dir / "jvmti.h").string() + " as C") != std::string::npos);
    }
    SECTION("jni.h not found") {
        writeFile(dir / "jvmti.h", jdk17Header());
        const RunResult r = runCommand(std::string(JVMTI_ABI_DIFF) + " " + quoted(kJdk17 / "jvmti.h") + " " +
                                       quoted(dir / "jvmti.h"));
        INFO(r.out);
        CHECK(r.status == 2);
        CHECK(r.out.find("'jni.h' file not found") != std::string::npos);
    }
    SECTION("bad usage") {
        const RunResult r = runCommand(std::string(JVMTI_ABI_DIFF) + " " + quoted(kJdk17 / "jvmti.h"));
        CHECK(r.status == 2);
        CHECK(r.out.find("expected two headers") != std::string::npos);
        CHECK(r.out.find("jvmti-abi-diff: expected two headers, REF.h and CANDIDATE.h\n(run jvmti-abi-diff --help for the options)\n") != std::string::npos);
    }
}
