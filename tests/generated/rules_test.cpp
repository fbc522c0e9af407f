// The rule catalogue (generator/rules.hpp): one entry per row of the generated entries'
// kViolations tables and per rule of the layer's own code, ids unique; every id runtime/ can
// report is in it; and the committed docs/rules.md and docs/jvmti.html anchor every id (the
// anchor each report links to); and the committed docs/rules.json holds the same list for tools.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <iterator>
#include <map>
#include <regex>
#include <set>

#include <nlohmann/json.hpp>

#include "diag.hpp"
#include "emitters.hpp"
#include "reader.hpp"
#include "rules.hpp"
#include "support.hpp"

using namespace testsupport;

namespace {

jvmtigen::Spec ourSpec() {
    jvmtigen::Spec spec;
    const std::string file = (sourceDir() / "spec" / "jvmti.xml").string();
    jvmtigen::Diagnostics diag(file);
    const bool ok = jvmtigen::readSpecFile(file, spec, diag);
    for (const auto& m : diag.messages()) UNSCOPED_INFO(m);
    REQUIRE(ok);
    return spec;
}

// The ids of the kViolations rows of the committed entry files, in file order.
std::vector<std::string> violationRows() {
    std::vector<std::string> ids;
    const std::regex row(R"#(\n    \{"([^"]+)", "[^"]*", "[^"]*", ")#");
    for (int n = 1; n <= 4; ++n) {
        const std::string text = readFile(sourceDir() / "generated" / "src" / ("jvmti_entries_" + std::to_string(n) + ".cpp"));
        const auto begin = text.find("kViolations[] = {"), end = text.find("\n};", begin);
        REQUIRE(begin != std::string::npos);
        const std::string table = text.substr(begin, end - begin);
        for (std::sregex_iterator it(table.begin(), table.end(), row, std::regex_constants::match_default), e; it != e; ++it)
            ids.push_back((*it)[1]);
    }
    return ids;
}

// The text of every C++ source file of the layer.
std::map<std::string, std::string> runtimeSources() {
    std::map<std::string, std::string> files;
    for (const auto& f : listFiles(sourceDir() / "runtime"))
        if (f.ends_with(".cpp") || f.ends_with(".hpp")) files[f] = readFile(sourceDir() / "runtime" / f);
    return files;
}

}  // namespace

TEST_CASE("rules: one entry per kViolations row and per layer rule, ids unique") {
    const auto spec = ourSpec();
    const auto rules = jvmtigen::allRules(spec);
    std::vector<std::string> entryIds;
    std::set<std::string> ids;
    size_t layer = 0;
    for (const auto& r : rules) {
        INFO(r.id);
        CHECK(ids.insert(r.id).second);
        CHECK_FALSE(r.text.empty());
        CHECK((r.severity == "error" || r.severity == "warning" || r.severity == "error, warning" ||
               r.severity == "warning, error" || r.severity == "info" || r.severity == "advice"));
        if (r.layer) ++layer;
        else entryIds.push_back(r.id);
    }
    // The entry rules are the kViolations rows, in their order.
    CHECK(entryIds == violationRows());
    CHECK(layer == jvmtigen::layerRules(spec).size());
    CHECK(layer > 10);
    // The layer's rules come after the entries' and are the same list.
    for (const auto& r : jvmtigen::layerRules(spec)) CHECK(r.layer);
}

TEST_CASE("rules: every id the layer reports is in the catalogue, with its severity") {
    const auto spec = ourSpec();
    std::map<std::string, std::string> severity;  // id -> the catalogue's severity
    for (const auto& r : jvmtigen::allRules(spec)) severity[r.id] = r.severity;

    // Every report of the layer's code: reportProblem(Severity::X, "id", ...) and
    // reporter().report(Severity::X, "id", ...).
    const std::regex literal(R"#((?:reportProblem|\.report)\(\s*Severity::(\w+),\s*"([^"]+)")#");
    const std::regex call(R"((?:reportProblem|\.report)\(\s*Severity::)");
    size_t literals = 0, calls = 0;
    for (const auto& [file, text] : runtimeSources()) {
        calls += static_cast<size_t>(std::distance(std::sregex_iterator(text.begin(), text.end(), call), std::sregex_iterator()));
        for (std::sregex_iterator it(text.begin(), text.end(), literal), e; it != e; ++it) {
            ++literals;
            const std::string id = (*it)[2];
            std::string sev = (*it)[1];
            for (auto& c : sev) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
            INFO(file << ": " << id);
            REQUIRE(severity.count(id) == 1);
            CHECK(severity[id].find(sev) != std::string::npos);
        }
    }
    CHECK(literals >= 15);  // the scan finds them (18 when this was written)
    // The other one: a failed check of an entry (violations.cpp), whose id is a kViolations
    // row's. The leak report (startup.cpp), whose id is "leak." + function, takes its severity
    // from the check mode: warning under spec, error under strict.
    // And the advice about costly capabilities (advice.cpp), whose ids are rows of kCostly.
    CHECK(calls == literals + 2);
    CHECK(runtimeSources()["checks/advice.cpp"].find("out.report(Severity::Advice, c.id,") != std::string::npos);
    const std::string advice = runtimeSources()["checks/advice.cpp"];
    const std::regex costly(R"#(\{"(advice\.costly\.\w+)",)#");
    size_t costlyRows = 0;
    for (std::sregex_iterator it(advice.begin(), advice.end(), costly), e; it != e; ++it, ++costlyRows) {
        INFO((*it)[1]);
        CHECK(severity[(*it)[1]] == "advice");
    }
    CHECK(costlyRows == 3);
    CHECK(runtimeSources()["layer/startup.cpp"].find(
              "const Severity severity = checkMode() == CheckMode::Strict ? Severity::Error : Severity::Warning;") !=
          std::string::npos);
    CHECK(severity["leak.Allocate"] == "warning, error");
    CHECK(runtimeSources()["report/violations.cpp"].find("reporter().report(Severity::Error, v.id,") != std::string::npos);
    CHECK(runtimeSources()["layer/startup.cpp"].find(R"(const std::string id = "leak." + leak.function;)") != std::string::npos);

    // leak.<F> for every function whose memory the layer records: the forwarding runtime's
    // trackAllocation calls and the layer's own Allocate.
    const std::string forward = readFile(sourceDir() / "generated" / "src" / "jvmti_forward.cpp");
    const std::regex tracked(R"#(trackAllocation\(env, [^;]*, "(\w+)"\))#");
    std::set<std::string> allocating{"Allocate"};
    for (std::sregex_iterator it(forward.begin(), forward.end(), tracked), e; it != e; ++it) allocating.insert((*it)[1]);
    CHECK(allocating.size() > 20);
    for (const auto& f : allocating) {
        INFO("leak." << f);
        CHECK(severity.count("leak." + f) == 1);
    }
}

TEST_CASE("rules: docs/rules.md and docs/jvmti.html anchor every rule id") {
    const auto rules = jvmtigen::allRules(ourSpec());
    const std::string md = readFile(sourceDir() / "generated" / "docs" / "rules.md");
    const std::string html = readFile(sourceDir() / "generated" / "docs" / "jvmti.html");
    size_t rows = 0;
    for (size_t at = md.find("\n| <a id=\"rule-"); at != std::string::npos; at = md.find("\n| <a id=\"rule-", at + 1)) ++rows;
    CHECK(rows == rules.size());
    for (const auto& r : rules) {
        INFO(r.id);
        CHECK(jvmtigen::ruleAnchor(r.id) == "rule-" + r.id);
        CHECK(md.find("<a id=\"rule-" + r.id + "\"></a>`" + r.id + "`") != std::string::npos);
        CHECK(html.find("<tr id=\"rule-" + r.id + "\">") != std::string::npos);
    }
    CHECK(html.find("<section id=\"RuleCatalogue\">") != std::string::npos);
}

TEST_CASE("rules: docs/rules.json holds every rule of the catalogue, in its order, for tools") {
    const auto& emitters = jvmtigen::allEmitters();
    CHECK(std::any_of(emitters.begin(), emitters.end(), [](const auto& e) { return e.name == "rules-json"; }));

    const auto spec = ourSpec();
    const auto rules = jvmtigen::allRules(spec);
    const auto doc = nlohmann::json::parse(readFile(sourceDir() / "generated" / "docs" / "rules.json"));
    REQUIRE(doc.is_object());
    CHECK(doc.size() == 2);
    REQUIRE(spec.version.has_value());
    CHECK(doc.at("jvmti") == spec.version->str());
    const auto& list = doc.at("rules");
    REQUIRE(list.is_array());

    // As many as docs/rules.md has rows, and as allRules() has.
    const std::string md = readFile(sourceDir() / "generated" / "docs" / "rules.md");
    size_t rows = 0;
    for (size_t at = md.find("\n| <a id=\"rule-"); at != std::string::npos; at = md.find("\n| <a id=\"rule-", at + 1)) ++rows;
    CHECK(list.size() == rows);
    REQUIRE(list.size() == rules.size());

    std::set<std::string> ids;
    for (size_t i = 0; i < rules.size(); ++i) {
        const auto& j = list[i];
        const auto& r = rules[i];
        INFO(i << ": " << r.id);
        REQUIRE(j.is_object());
        CHECK(j.size() == 8);
        for (const char* key : {"id", "function", "parameter", "text", "severity", "error", "outcome"})
            CHECK(j.at(key).is_string());
        REQUIRE(j.at("layer").is_boolean());
        CHECK(ids.insert(j.at("id").get<std::string>()).second);
        CHECK(j.at("id") == r.id);
        CHECK(j.at("function") == r.function);
        CHECK(j.at("parameter") == r.parameter);
        CHECK(j.at("text") == r.text);
        CHECK(j.at("severity") == r.severity);
        CHECK(j.at("error") == r.error);
        CHECK(j.at("outcome") == r.outcome);
        CHECK(j.at("layer").get<bool>() == r.layer);
    }

    auto find = [&](const std::string& id) {
        const auto it = std::find_if(list.begin(), list.end(), [&](const auto& j) { return j.at("id") == id; });
        REQUIRE(it != list.end());
        return *it;
    };
    // GetClassSignature's signature_ptr is <nullok>: no NULL check, so no rule for it.
    CHECK(std::none_of(list.begin(), list.end(),
                       [](const auto& j) { return j.at("id") == "GetClassSignature.signature_ptr.null"; }));
    const auto null = find("GetFrameCount.count_ptr.null");
    CHECK(null.at("function") == "GetFrameCount");
    CHECK(null.at("parameter") == "count_ptr");
    CHECK(null.at("text") == "count_ptr must not be NULL");
    CHECK(null.at("error") == "JVMTI_ERROR_NULL_POINTER");
    CHECK(null.at("severity") == "error");
    CHECK(null.at("layer") == false);
    const auto leak = find("leak.GetClassSignature");
    CHECK(leak.at("function") == "GetClassSignature");
    CHECK(leak.at("layer") == true);
    CHECK(find("natives.bind_failed").at("severity") == "error, warning");
}
