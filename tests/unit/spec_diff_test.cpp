// jvmtigen --diff on its own: comparing fact lists (parts of added or removed items folded
// into the item), the facts of the minimal spec, the options, a spec against itself (text and
// JSON), and bad usage.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli.hpp"
#include "minimal_spec.hpp"
#include "reader.hpp"
#include "spec_diff.hpp"
#include "support.hpp"
#include "validate.hpp"

using namespace jvmtigen;
namespace ts = testsupport;

namespace {

std::string parseError(const std::vector<std::string>& args) {
    Options o;
    const auto problem = parseOptions(args, o);
    return problem ? *problem : "";
}

std::vector<std::string> factsOf(const std::vector<FactValue>& list) {
    std::vector<std::string> out;
    for (const auto& f : list) out.push_back(f.fact);
    return out;
}

}  // namespace

TEST_CASE("diffFacts: added, removed and changed, sorted, parts folded into a new or gone item", "[diff]") {
    const Facts from = {{"version", "1.0.0"},
                        {"function A", "num 1"},
                        {"function A.param x", "1: jint"},
                        {"function B", "num 2"},
                        {"function B.param y", "1: jint"},
                        {"function B.error E", ""}};
    const Facts to = {{"version", "2.0.0"},
                      {"function A", "num 1"},
                      {"function A.param x", "1: jlong"},
                      {"function A.error E", ""},
                      {"function C", "num 3"},
                      {"function C.param z", "1: jint"}};
    const SpecDiff d = diffFacts(from, to);
    CHECK(factsOf(d.added) == std::vector<std::string>{"function A.error E", "function C"});
    CHECK(factsOf(d.removed) == std::vector<std::string>{"function B"});
    REQUIRE(d.changed.size() == 2);
    CHECK(d.changed[0].fact == "function A.param x");
    CHECK(d.changed[0].from == "1: jint");
    CHECK(d.changed[0].to == "1: jlong");
    CHECK(d.changed[1].fact == "version");
    CHECK_FALSE(d.identical());
    CHECK(diffText(d, {"a.xml", "1.0.0"}, {"b.xml", "2.0.0"}) ==
          "added:\n"
          "  function A.error E\n"
          "  function C: num 3\n"
          "removed:\n"
          "  function B: num 2\n"
          "changed:\n"
          "  function A.param x: 1: jint -> 1: jlong\n"
          "  version: 1.0.0 -> 2.0.0\n"
          "a.xml (1.0.0) -> b.xml (2.0.0): 2 added, 1 removed, 2 changed\n");
    CHECK(diffFacts(from, from).identical());
}

TEST_CASE("specFacts: the minimal spec's items and their parts", "[diff]") {
    Spec spec;
    Diagnostics diag("mini.xml");
    REQUIRE((readSpecText(minispec::text(), spec, diag) && validateSpec(spec, diag)));
    const Facts f = specFacts(spec, Version{1, 2, 0});
    CHECK(f.at("version") == "1.2.0");
    CHECK(f.at("constant JVMTI_VERSION_1_2") == "0x30010200 (header version constant)");
    CHECK_FALSE(f.count("constant JVMTI_VERSION_9"));
    // Every function, event, capability, error and constant of the spec is a fact of its own.
    for (const auto& fn : spec.functions) {
        if (fn.elided) continue;
        CHECK(f.count("function " + fn.id));
        for (const auto& p : fn.params) CHECK(f.count("function " + fn.id + ".param " + p.id));
        for (const auto& c : fn.required) CHECK(f.at("function " + fn.id + ".capability " + c.id) == "required");
        for (const auto& e : fn.errors) CHECK(f.count("function " + fn.id + ".error " + e.id));
    }
    for (const auto& e : spec.events) CHECK(f.count("event " + e.id) == (e.elided ? 0u : 1u));
    for (const auto& c : spec.capabilities.at(0).fields) CHECK(f.count("capability " + c.id));
    for (const auto& e : spec.errors) CHECK(f.at("error " + e.id).rfind("num " + std::to_string(e.num) + ", ", 0) == 0);
    for (const auto& g : spec.constants)
        for (const auto& c : g.constants) CHECK(f.at("constant " + c.id).find(" in " + g.id) != std::string::npos);
    for (const auto& [key, value] : f) {
        INFO(key);
        CHECK(key.find('\n') == std::string::npos);
        CHECK(value.find('\n') == std::string::npos);
    }
}

TEST_CASE("parseOptions: --diff with FILE@X.Y.Z, --diff-api-version, --json", "[diff][cli]") {
    Options o;
    REQUIRE_FALSE(parseOptions({"--diff", "a.xml", "dir/b@2.xml@16.0.0", "--jvmti-version", "17.0.0", "--json", "d.json"}, o));
    REQUIRE(o.diff.size() == 2);
    CHECK(o.diff[0].file == "a.xml");
    CHECK_FALSE(o.diff[0].version);
    CHECK(o.diff[1].file == "dir/b@2.xml");
    CHECK(o.diff[1].version == Version{16, 0, 0});
    CHECK(o.json == "d.json");
    Options r;
    REQUIRE_FALSE(parseOptions({"--spec", "s.xml", "--diff-api-version", "11.0.0", "21.0.0"}, r));
    CHECK(r.diffApiVersions == std::vector<Version>{{11, 0, 0}, {21, 0, 0}});
    // '@' not followed by a digit is part of the name.
    Options n;
    REQUIRE_FALSE(parseOptions({"--diff", "a@x.xml", "b.xml"}, n));
    CHECK(n.diff[0].file == "a@x.xml");
}

TEST_CASE("parseOptions: --diff's bad usage is named", "[diff][cli]") {
    CHECK(parseError({"--diff", "a.xml"}) == "--diff needs two specs: --diff A.xml B.xml (1 given)");
    CHECK(parseError({"--diff", "a.xml", "--json", "x"}) == "--diff needs two specs: --diff A.xml B.xml (1 given)");
    CHECK(parseError({"--diff=a.xml", "b.xml"}).find("without '='") != std::string::npos);
    CHECK(parseError({"--diff", "a.xml@16", "b.xml"}) == "--diff: '16' after '@' in 'a.xml@16' is not a version X.Y.Z");
    CHECK(parseError({"--diff", "a", "b", "--diff", "c", "d"}) == "--diff is given twice");
    CHECK(parseError({"--diff", "a", "b", "--spec", "c"}).find("--spec goes with --diff-api-version") != std::string::npos);
    CHECK(parseError({"--diff", "a", "b", "--diff-api-version", "9.0.0", "11.0.0"}) ==
          "--diff and --diff-api-version exclude each other");
    CHECK(parseError({"--diff", "a", "b", "--only", "header"}).find("writes no outputs") != std::string::npos);
    CHECK(parseError({"--diff-api-version", "11.0.0", "17.0.0", "--api-version", "11.0.0"}) ==
          "--diff-api-version and --api-version exclude each other");
    CHECK(parseError({"--diff-api-version", "11.0.0", "12.1.0"}).find("names no JVMTI release") != std::string::npos);
    CHECK(parseError({"--json", "x.json"}) == "--json goes with --diff or --diff-api-version");
}

TEST_CASE("jvmtigen --diff: a spec against itself is identical, exit 0, the JSON agrees", "[diff]") {
    const std::string spec = (ts::sourceDir() / "spec" / "jvmti.xml").string();
    ts::TempDir dir;
    const std::string file = (dir / "d.json").string();
    const auto r = ts::runTool({"--diff", spec, spec, "--json", file});
    INFO(r.err);
    CHECK(r.status == 0);
    CHECK(r.err.empty());
    CHECK(r.out == spec + " (28.0.0) -> " + spec + " (28.0.0): identical\n");
    const auto j = nlohmann::json::parse(ts::readFile(file));
    CHECK(j.at("added").empty());
    CHECK(j.at("removed").empty());
    CHECK(j.at("changed").empty());
    CHECK(j.at("from") == nlohmann::json{{"spec", spec}, {"version", "28.0.0"}});

    // A release against itself, and the JSON's counts against the text's summary.
    const auto same = ts::runTool({"--spec", spec, "--diff-api-version", "11.0.0", "11.0.0"});
    CHECK(same.status == 0);
    CHECK(same.out.find("identical\n") != std::string::npos);
    const auto r2 = ts::runTool({"--spec", spec, "--diff-api-version", "9.0.0", "11.0.0", "--json", file});
    CHECK(r2.status == 3);
    const auto j2 = nlohmann::json::parse(ts::readFile(file));
    const std::string summary = std::to_string(j2.at("added").size()) + " added, " +
                                std::to_string(j2.at("removed").size()) + " removed, " +
                                std::to_string(j2.at("changed").size()) + " changed\n";
    CHECK(r2.out.size() > summary.size());
    CHECK(r2.out.substr(r2.out.size() - summary.size()) == summary);
    size_t lines = 0;
    for (char c : r2.out) lines += c == '\n';
    const size_t groups = !j2.at("added").empty() + !j2.at("removed").empty() + !j2.at("changed").empty();
    CHECK(lines == j2.at("added").size() + j2.at("removed").size() + j2.at("changed").size() + groups + 1);
}

TEST_CASE("jvmtigen --diff: one file, a missing file, no version, a later release", "[diff]") {
    const std::string spec = (ts::sourceDir() / "spec" / "jvmti.xml").string();
    const auto one = ts::runTool({"--diff", spec});
    CHECK(one.status == 2);
    CHECK(one.err.find("--diff needs two specs") != std::string::npos);
    CHECK(one.out.empty());

    ts::TempDir dir;
    const std::string missing = (dir / "missing.xml").string();
    const auto gone = ts::runTool({"--diff", spec, missing});
    CHECK(gone.status == 1);
    CHECK(gone.err.find(missing + ": error: cannot open the file") != std::string::npos);
    CHECK(gone.out.empty());

    const std::string jdk16 = ts::upstreamSpec("jdk16").string();
    const auto noVersion = ts::runTool({"--diff", jdk16, spec});
    CHECK(noVersion.status == 1);
    CHECK(noVersion.err.find("the spec declares no version") != std::string::npos);
    CHECK(ts::runTool({"--diff", jdk16, jdk16, "--jvmti-version", "17.0.0"}).status == 0);

    const auto later = ts::runTool({"--spec", spec, "--diff-api-version", "21.0.0", "29.0.0"});
    CHECK(later.status == 2);
    CHECK(later.err.find("--diff-api-version 29.0.0 is later than the spec's version 28.0.0") != std::string::npos);
}
