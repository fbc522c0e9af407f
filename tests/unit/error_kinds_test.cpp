// Which errors a correct agent must handle (generator/error_kinds.hpp): the rule, its
// exceptions, what the spec's functions get from them, an error the table does not know, and
// docs/generator.md's tables against the code's.
#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "derive.hpp"
#include "diag.hpp"
#include "error_kinds.hpp"
#include "minimal_spec.hpp"
#include "param_rules.hpp"
#include "reader.hpp"
#include "support.hpp"
#include "validate.hpp"

using namespace jvmtigen;
namespace ts = testsupport;

namespace {

struct Loaded {
    Spec spec;
    std::vector<std::string> warnings;
};

const Loaded& load(const std::string& path) {
    static std::map<std::string, Loaded> cache;
    if (auto it = cache.find(path); it != cache.end()) return it->second;
    Loaded l;
    Diagnostics d(path);
    REQUIRE(readSpecFile(path, l.spec, d));
    REQUIRE(validateSpec(l.spec, d));
    l.warnings = d.warnings();
    return cache.emplace(path, std::move(l)).first->second;
}

const std::vector<std::string>& specPaths() {
    static const std::vector<std::string> paths = {(ts::sourceDir() / "spec" / "jvmti.xml").string(),
                                                   ts::upstreamSpec("jdk16").string(),
                                                   ts::upstreamSpec("jdk11-ea").string()};
    return paths;
}
const Spec& ours() { return load(specPaths()[0]).spec; }

const Function& fn(const Spec& s, const std::string& id) {
    const auto it = std::find_if(s.functions.begin(), s.functions.end(),
                                 [&](const Function& f) { return f.id == id && !f.elided; });
    INFO("function " << id);
    REQUIRE(it != s.functions.end());
    return *it;
}

std::set<std::string> kindOf(const Spec& s, const Function& f, ErrorKind k) {
    std::set<std::string> out;
    for (const auto& c : classifiedErrors(s, f))
        if (c.kind == k) out.insert(c.error->id);
    return out;
}
std::set<std::string> allowedSet(const Spec& s, const Function& f) {
    std::set<std::string> out;
    for (const auto& c : classifiedErrors(s, f)) out.insert(c.error->id);
    return out;
}

}  // namespace

TEST_CASE("error kinds: the rule table is sorted by name, once each, and knows every error of our spec and "
          "OpenJDK's", "[error-kinds]") {
    const auto rules = errorKindRules();
    for (size_t i = 1; i < rules.size(); ++i) {
        INFO(rules[i - 1].error << " then " << rules[i].error);
        CHECK(std::string(rules[i - 1].error) < std::string(rules[i].error));
    }
    for (const auto& path : specPaths()) {
        INFO(path);
        const Loaded& l = load(path);
        std::vector<std::string> unknown;
        for (const auto* e : unclassifiedErrors(l.spec)) unknown.push_back(e->id);
        CHECK(unknown.empty());
        CHECK(l.warnings.empty());
        // Success is no error: never allowed, never in the table.
        CHECK_FALSE(ruleKind("JVMTI_ERROR_NONE"));
    }
    // Each row names an error our spec defines.
    std::set<std::string> defined;
    for (const auto& e : ours().errors) defined.insert(e.id);
    for (const auto& r : rules) CHECK(defined.count(r.error) == 1);
}

TEST_CASE("error kinds: each exception names a function that allows the error, and goes against the rule",
          "[error-kinds]") {
    REQUIRE(errorKindExceptions().size() == 6);
    for (const auto& x : errorKindExceptions()) {
        INFO(x.function << " " << x.error);
        const Function& f = fn(ours(), x.function);
        CHECK(allowedSet(ours(), f).count(x.error) == 1);
        REQUIRE(ruleKind(x.error));
        CHECK(*ruleKind(x.error) != x.kind);
        CHECK(errorKind(f, x.error) == x.kind);
    }
    CHECK(errorKind(fn(ours(), "GetStackTrace"), "JVMTI_ERROR_ILLEGAL_ARGUMENT") == ErrorKind::Environmental);
    CHECK(errorKind(fn(ours(), "GetAllStackTraces"), "JVMTI_ERROR_ILLEGAL_ARGUMENT") == ErrorKind::Caller);
    CHECK(errorKind(fn(ours(), "GetConstantPool"), "JVMTI_ERROR_ABSENT_INFORMATION") == ErrorKind::Caller);
    CHECK(errorKind(fn(ours(), "GetSourceFileName"), "JVMTI_ERROR_ABSENT_INFORMATION") == ErrorKind::Environmental);
    CHECK(errorKind(fn(ours(), "RunAgentThread"), "JVMTI_ERROR_UNSUPPORTED_OPERATION") == ErrorKind::Caller);
    CHECK(errorKind(fn(ours(), "GetThreadCpuTime"), "JVMTI_ERROR_UNSUPPORTED_OPERATION") == ErrorKind::Environmental);
    // No exception: the VM decides which properties exist.
    CHECK(errorKind(fn(ours(), "GetSystemProperty"), "JVMTI_ERROR_NOT_AVAILABLE") == ErrorKind::Environmental);
}

TEST_CASE("error kinds: GetFrameCount must handle a thread that ended, the dead phase, memory, access and "
          "internal errors, and no CLASS_NOT_PREPARED", "[error-kinds]") {
    const Function& f = fn(ours(), "GetFrameCount");
    CHECK(kindOf(ours(), f, ErrorKind::Environmental) ==
          std::set<std::string>{"JVMTI_ERROR_THREAD_NOT_ALIVE", "JVMTI_ERROR_OUT_OF_MEMORY", "JVMTI_ERROR_ACCESS_DENIED",
                                "JVMTI_ERROR_WRONG_PHASE", "JVMTI_ERROR_INTERNAL"});
    CHECK(kindOf(ours(), f, ErrorKind::Caller) ==
          std::set<std::string>{"JVMTI_ERROR_INVALID_THREAD", "JVMTI_ERROR_NULL_POINTER",
                                "JVMTI_ERROR_UNATTACHED_THREAD", "JVMTI_ERROR_INVALID_ENVIRONMENT"});
    CHECK(allowedSet(ours(), f).count("JVMTI_ERROR_CLASS_NOT_PREPARED") == 0);
    CHECK(allowedSet(ours(), f).count("JVMTI_ERROR_NONE") == 0);
    // By value, as the metadata lays them out.
    const auto c = classifiedErrors(ours(), f);
    CHECK(std::is_sorted(c.begin(), c.end(), [](const auto& a, const auto& b) { return a.error->num < b.error->num; }));
    CHECK(c.front().error->id == "JVMTI_ERROR_INVALID_THREAD");  // 10
}

TEST_CASE("error kinds: an ID saved across a class unload, frames, suspension and interrupts are environmental",
          "[error-kinds]") {
    CHECK(errorKind(fn(ours(), "GetMethodName"), "JVMTI_ERROR_INVALID_METHODID") == ErrorKind::Environmental);
    CHECK(kindOf(ours(), fn(ours(), "GetMethodName"), ErrorKind::Environmental).count("JVMTI_ERROR_INVALID_METHODID"));
    CHECK(kindOf(ours(), fn(ours(), "GetFieldName"), ErrorKind::Environmental).count("JVMTI_ERROR_INVALID_FIELDID"));
    CHECK(kindOf(ours(), fn(ours(), "GetClassMethods"), ErrorKind::Environmental).count("JVMTI_ERROR_CLASS_NOT_PREPARED"));
    CHECK(kindOf(ours(), fn(ours(), "GetFrameLocation"), ErrorKind::Environmental).count("JVMTI_ERROR_NO_MORE_FRAMES"));
    CHECK(kindOf(ours(), fn(ours(), "PopFrame"), ErrorKind::Environmental).count("JVMTI_ERROR_OPAQUE_FRAME"));
    CHECK(kindOf(ours(), fn(ours(), "RawMonitorWait"), ErrorKind::Environmental) ==
          std::set<std::string>{"JVMTI_ERROR_INTERRUPT", "JVMTI_ERROR_OUT_OF_MEMORY", "JVMTI_ERROR_ACCESS_DENIED",
                                "JVMTI_ERROR_INTERNAL"});
    CHECK(kindOf(ours(), fn(ours(), "GetLineNumberTable"), ErrorKind::Caller).count("JVMTI_ERROR_NATIVE_METHOD"));
    CHECK(kindOf(ours(), fn(ours(), "RetransformClasses"), ErrorKind::Caller).count("JVMTI_ERROR_FAILS_VERIFICATION"));
    CHECK(kindOf(ours(), fn(ours(), "RetransformClasses"), ErrorKind::Environmental).count("JVMTI_ERROR_UNMODIFIABLE_CLASS"));
}

TEST_CASE("error kinds: WRONG_PHASE is a caller's error only where every phase, or only OnLoad, is allowed",
          "[error-kinds]") {
    for (const char* id : {"Deallocate", "RawMonitorEnter", "GetPhase", "SetSystemProperty"}) {
        INFO(id);
        CHECK(errorKind(fn(ours(), id), "JVMTI_ERROR_WRONG_PHASE") == ErrorKind::Caller);
    }
    for (const char* id : {"GetFrameCount", "GetClassSignature", "AddCapabilities", "DestroyRawMonitor"}) {
        INFO(id);
        CHECK(errorKind(fn(ours(), id), "JVMTI_ERROR_WRONG_PHASE") == ErrorKind::Environmental);
    }
}

TEST_CASE("error kinds: in every spec NULL_POINTER and the other caller-only errors are never environmental, "
          "and every function must handle OUT_OF_MEMORY", "[error-kinds]") {
    const std::set<std::string> neverEnvironmental = {
        "JVMTI_ERROR_NULL_POINTER", "JVMTI_ERROR_INVALID_ENVIRONMENT", "JVMTI_ERROR_UNATTACHED_THREAD",
        "JVMTI_ERROR_MUST_POSSESS_CAPABILITY", "JVMTI_ERROR_INVALID_THREAD", "JVMTI_ERROR_INVALID_OBJECT",
        "JVMTI_ERROR_INVALID_EVENT_TYPE", "JVMTI_ERROR_INVALID_SLOT", "JVMTI_ERROR_TYPE_MISMATCH",
        "JVMTI_ERROR_NOT_MONITOR_OWNER", "JVMTI_ERROR_INVALID_CLASS_FORMAT"};
    for (const auto& path : specPaths()) {
        const Spec& s = load(path).spec;
        size_t functions = 0;
        for (const auto* f : activeFunctions(s)) {
            ++functions;
            INFO(path << ": " << f->id);
            const auto env = kindOf(s, *f, ErrorKind::Environmental);
            for (const auto& e : neverEnvironmental) CHECK(env.count(e) == 0);
            CHECK(env.count("JVMTI_ERROR_OUT_OF_MEMORY") == 1);
            // Every error the spec allows is classified once, and the listed ones are among them.
            const auto allowed = allowedSet(s, *f);
            CHECK(allowed.size() == classifiedErrors(s, *f).size());
            for (const auto& e : f->errors) CHECK(allowed.count(e.id) == 1);
            // The docs' implied errors are the same facts as allowedErrors'.
            for (const auto& e : impliedErrors(s, *f)) CHECK(allowed.count(e.id) == 1);
        }
        CHECK(functions > 140);
    }
}

TEST_CASE("error kinds: an error the table does not know warns with its line, and is environmental",
          "[error-kinds]") {
    const std::string text = minispec::edited({
        {"<errorid id=\"JVMTI_ERROR_ABSENT_INFORMATION\" num=\"20\">There were no gadgets.</errorid>",
         "<errorid id=\"JVMTI_ERROR_ABSENT_INFORMATION\" num=\"20\">There were no gadgets.</errorid>\n"
         "      <errorid id=\"TINY_ERROR_GADGET_MELTED\" num=\"21\">The gadget melted.</errorid>"},
        {"<error id=\"JVMTI_ERROR_ABSENT_INFORMATION\">The thread holds no gadget.</error>",
         "<error id=\"JVMTI_ERROR_ABSENT_INFORMATION\">The thread holds no gadget.</error>\n"
         "          <error id=\"TINY_ERROR_GADGET_MELTED\">A gadget melted while counted.</error>"}});
    Spec s;
    Diagnostics d("spec.xml");
    REQUIRE(readSpecText(text, s, d));
    REQUIRE(validateSpec(s, d));
    REQUIRE(d.warnings().size() == 1);
    const std::string line = std::to_string(minispec::lineOf(text, "<errorid id=\"TINY_ERROR_GADGET_MELTED\""));
    CHECK(d.warnings()[0] == "spec.xml:" + line +
                                 ": warning: error 'TINY_ERROR_GADGET_MELTED' has no kind in jvmtigen's table "
                                 "(generator/error_kinds.cpp): taken as environmental, one a correct agent must handle");
    const Function& f = fn(s, "GetGadgetCount");
    CHECK(errorKind(f, "TINY_ERROR_GADGET_MELTED") == ErrorKind::Environmental);
    CHECK(kindOf(s, f, ErrorKind::Environmental).count("TINY_ERROR_GADGET_MELTED") == 1);
    // The known ones keep their kinds.
    CHECK(kindOf(s, f, ErrorKind::Environmental).count("JVMTI_ERROR_ABSENT_INFORMATION") == 1);
    CHECK(kindOf(s, f, ErrorKind::Caller).count("JVMTI_ERROR_NULL_POINTER") == 1);

    // The tool still writes its outputs, and says so on standard error.
    ts::TempDir dir;
    ts::writeFile(dir / "spec.xml", text);
    const auto r = ts::runTool({"--spec", (dir / "spec.xml").string(), "--out", (dir / "out").string()});
    CHECK(r.status == 0);
    CHECK(r.err.find("warning: error 'TINY_ERROR_GADGET_MELTED' has no kind") != std::string::npos);
    const std::string metadata = ts::readFile(dir / "out" / "src" / "jvmti_metadata.cpp");
    CHECK(metadata.find("const jvmtiError environmental_GetGadgetCount[] = { JVMTI_ERROR_ABSENT_INFORMATION, "
                          "TINY_ERROR_GADGET_MELTED,") !=
          std::string::npos);
}

TEST_CASE("error kinds: docs/generator.md states the rule and the exceptions as the code has them",
          "[error-kinds]") {
    const std::string doc = ts::readFile(ts::sourceDir() / "docs" / "generator.md");
    const auto at = doc.find("## Errors a correct agent must handle");
    REQUIRE(at != std::string::npos);
    const std::string section = doc.substr(at);
    std::map<std::string, std::string> rules, exceptions;
    const std::regex ruleRow(R"(\n\| `(JVMTI_ERROR_\w+)` \| (environmental|caller) \|)");
    for (auto it = std::sregex_iterator(section.begin(), section.end(), ruleRow); it != std::sregex_iterator(); ++it)
        CHECK(rules.emplace((*it)[1], (*it)[2]).second);
    const std::regex exceptionRow(R"(\n\| `(\w+)` \| `(JVMTI_ERROR_\w+)` \| (environmental|caller) \|)");
    for (auto it = std::sregex_iterator(section.begin(), section.end(), exceptionRow); it != std::sregex_iterator(); ++it)
        CHECK(exceptions.emplace(std::string((*it)[1]) + " " + std::string((*it)[2]), (*it)[3]).second);
    std::map<std::string, std::string> codeRules, codeExceptions;
    for (const auto& r : errorKindRules()) codeRules[r.error] = errorKindName(r.kind);
    for (const auto& x : errorKindExceptions())
        codeExceptions[std::string(x.function) + " " + x.error] = errorKindName(x.kind);
    CHECK(rules == codeRules);
    CHECK(exceptions == codeExceptions);
}
