// The rule catalogue (generator/rules.hpp): one entry per row of the generated entries'
// kViolations tables and per rule of the layer's own list (runtime/report/own_rules.hpp), ids
// unique, texts the list's; the layer reports only by that list; and the committed docs/rules.md and docs/jvmti.html anchor every id (the
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
#include "report/own_rules.hpp"
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

TEST_CASE("rules: the layer reports by its own list of rules, and the catalogue shows that list") {
    namespace own = jvmtilayer::own_rules;
    const auto spec = ourSpec();
    std::map<std::string, const jvmtigen::Rule*> catalogue;
    const auto all = jvmtigen::allRules(spec);
    for (const auto& r : all) catalogue[r.id] = &r;

    // Every row of the layer's list is in the catalogue with the same text, severity, error
    // and outcome ("leak.{function}" as one rule per function whose memory the layer records).
    std::set<std::string> ownIds;
    for (const auto& row : own::kRules) {
        INFO(row.id);
        CHECK(ownIds.insert(row.id).second);
        const std::string id = row.id;
        const std::string probe = id == "leak.{function}" ? "leak.Allocate" : id;
        REQUIRE(catalogue.count(probe) == 1);
        const jvmtigen::Rule& r = *catalogue[probe];
        CHECK(r.layer);
        CHECK(r.text == row.text);
        CHECK(r.severity == row.severity);
        CHECK(r.error == row.error);
        CHECK(r.outcome == row.outcome);
        CHECK(r.underSpec == own::outcomeName(row.underSpec));
        CHECK(r.underStrict == own::outcomeName(row.underStrict));
    }
    // What the layer knows would corrupt the VM is refused in every mode, not passed on.
    for (const char* id : {"Deallocate.mem.double", "Deallocate.mem.unknown"}) {
        INFO(id);
        REQUIRE(catalogue.count(id) == 1);
        CHECK(catalogue[id]->underSpec == "refused");
        CHECK(catalogue[id]->underStrict == "refused");
        CHECK(catalogue[id]->error == "JVMTI_ERROR_ILLEGAL_ARGUMENT");
    }
    // Entry checks refuse in both modes, except handle validity, which check=strict alone checks.
    for (const auto& r : all)
        if (!r.layer) {
            INFO(r.id);
            const bool handle = r.id.ends_with(".stale") || (r.id.ends_with(".invalid") && !r.id.ends_with(".env.invalid") &&
                                                             !r.parameter.empty());
            CHECK(r.underStrict == "refused");
            CHECK(r.underSpec == (handle ? "not checked" : "refused"));
        }
    // ... and the catalogue's layer rules are exactly those rows.
    for (const auto& r : all)
        if (r.layer) {
            INFO(r.id);
            CHECK((ownIds.count(r.id) == 1 || (r.id.starts_with("leak.") && ownIds.count("leak.{function}") == 1)));
        }

    // The layer's code reports its own problems only by a row of that list, so the text a report
    // prints after "rule:" is the catalogue's: reportProblem(Severity::X, own_rules::rule("id"), ...)
    // with a severity the row allows, and the advice through its report(own_rules::rule("id"), ...).
    const std::regex byRule(R"#(reportProblem\(\s*Severity::(\w+),\s*own_rules::rule\("([^"]+)"\))#");
    const std::regex anyProblem(R"(reportProblem\(\s*Severity::)");
    const std::regex advice(R"#(report\(\s*own_rules::rule\("(advice\.[\w.]+)"\))#");
    const std::regex direct(R"(\.report\(\s*Severity::)");
    size_t byRuleCalls = 0, problemCalls = 0, adviceCalls = 0, directCalls = 0;
    for (const auto& [file, text] : runtimeSources()) {
        problemCalls += static_cast<size_t>(std::distance(std::sregex_iterator(text.begin(), text.end(), anyProblem), std::sregex_iterator()));
        directCalls += static_cast<size_t>(std::distance(std::sregex_iterator(text.begin(), text.end(), direct), std::sregex_iterator()));
        for (std::sregex_iterator it(text.begin(), text.end(), byRule), e; it != e; ++it, ++byRuleCalls) {
            const std::string id = (*it)[2];
            std::string sev = (*it)[1];
            for (auto& c : sev) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
            INFO(file << ": " << id);
            REQUIRE(ownIds.count(id) == 1);
            CHECK(catalogue[id]->severity.find(sev) != std::string::npos);
        }
        for (std::sregex_iterator it(text.begin(), text.end(), advice), e; it != e; ++it, ++adviceCalls) {
            INFO(file << ": " << (*it)[1]);
            REQUIRE(catalogue.count((*it)[1]) == 1);
            CHECK(catalogue[(*it)[1]]->severity == "advice");
        }
    }
    CHECK(byRuleCalls >= 20);  // the scan finds them (22 when this was written)
    CHECK(problemCalls == byRuleCalls);
    CHECK(adviceCalls == 3);
    // The reporter's other callers: a failed check of a generated entry (its id and text are a
    // kViolations row's), reportProblem itself, the advice (a row's id and text, severity advice)
    // and the leak report ("leak." + function, the leak row's text; warning under check=spec,
    // error under check=strict).
    CHECK(directCalls == 2);
    const auto sources = runtimeSources();
    CHECK(sources.at("report/violations.cpp").find("reporter().report(Severity::Error, v.id,") != std::string::npos);
    CHECK(sources.at("report/violations.cpp").find("reporter().report(severity, rule.id, function, argument, what, rule.text,") != std::string::npos);
    CHECK(sources.at("report/advice.cpp").find("out.report(Severity::Advice, rule.id, function, nullptr, what, rule.text, site)") != std::string::npos);
    const std::string& startup = sources.at("layer/startup.cpp");
    CHECK(startup.find(R"(const std::string id = "leak." + leak.function;)") != std::string::npos);
    CHECK(startup.find(R"(reporter().report(severity, id.c_str(), nullptr, nullptr, what, own_rules::rule("leak.{function}").text,)") != std::string::npos);
    CHECK(startup.find("const Severity severity = checkMode() == CheckMode::Strict ? Severity::Error : Severity::Warning;") != std::string::npos);
    REQUIRE(catalogue.count("leak.Allocate") == 1);
    CHECK(catalogue["leak.Allocate"]->severity == "warning, error");
    // The costly-capability advice names its rows by rule too.
    const std::string& adviceText = sources.at("report/advice.cpp");
    const std::regex costly(R"#(\{&own_rules::rule\("(advice\.costly\.\w+)"\),)#");
    size_t costlyRows = 0;
    for (std::sregex_iterator it(adviceText.begin(), adviceText.end(), costly), e; it != e; ++it, ++costlyRows) {
        INFO((*it)[1]);
        REQUIRE(catalogue.count((*it)[1]) == 1);
        CHECK(catalogue[(*it)[1]]->severity == "advice");
    }
    CHECK(costlyRows == 3);

    // leak.<F> for every function whose memory the layer records: the forwarding runtime's
    // trackAllocation calls and the layer's own Allocate.
    const std::string forward = readFile(sourceDir() / "generated" / "src" / "jvmti_forward.cpp");
    const std::regex tracked(R"#(trackAllocation\(env, [^;]*, "(\w+)"\))#");
    std::set<std::string> allocating{"Allocate"};
    for (std::sregex_iterator it(forward.begin(), forward.end(), tracked), e; it != e; ++it) allocating.insert((*it)[1]);
    CHECK(allocating.size() > 20);
    for (const auto& f : allocating) {
        INFO("leak." << f);
        CHECK(catalogue.count("leak." + f) == 1);
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
        CHECK(j.size() == 9);
        for (const char* key : {"id", "function", "parameter", "text", "severity", "error", "outcome"})
            CHECK(j.at(key).is_string());
        REQUIRE(j.at("modes").is_object());
        CHECK(j.at("modes").size() == 2);
        CHECK(j.at("modes").at("spec") == r.underSpec);
        CHECK(j.at("modes").at("strict") == r.underStrict);
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
