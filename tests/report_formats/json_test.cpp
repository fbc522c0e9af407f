// The JSON file between the layer and jvmti-check: an exact round trip, errors that name the
// field, unknown fields ignored; and the rule catalogue (docs/rules.json) as the generator
// writes it.
#include <catch2/catch.hpp>

#include <functional>
#include <nlohmann/json.hpp>

#include "report/formats/jvm_report.hpp"
#include "samples.hpp"

using namespace jvmtireport;
using nlohmann::json;

namespace {

// What fromJson says about the sample report after `edit`; the report it reads into must stay
// as it was when it fails.
std::string errorAfter(const std::function<void(json&)>& edit) {
    json j = toJson(samples::brokeRules());
    edit(j);
    JvmReport out = samples::clean();
    const auto error = fromJson(j, out);
    CHECK(toJson(out) == toJson(samples::clean()));
    return error.value_or("(no error)");
}

}  // namespace

TEST_CASE("JSON: every field survives the round trip through text") {
    for (const JvmReport& original : {samples::brokeRules(), samples::clean(), samples::died()}) {
        JvmReport copy = original;
        copy.htmlReport = "r \"é\" \u2014.html";
        const std::string text = toJson(copy).dump();
        JvmReport back;
        REQUIRE(fromJson(json::parse(text), back) == std::nullopt);
        CHECK(toJson(back).dump() == text);
        CHECK(back.pid == copy.pid);
        CHECK(back.commandLine == copy.commandLine);
        CHECK(back.finished == copy.finished);
        CHECK(back.htmlReport == copy.htmlReport);
        REQUIRE(back.rules.size() == copy.rules.size());
        for (std::size_t i = 0; i < back.rules.size(); ++i) {
            const RuleSeen &a = back.rules[i], &b = copy.rules[i];
            CHECK(a.id == b.id);
            CHECK(a.level == b.level);
            CHECK(a.ignored == b.ignored);
            CHECK(a.reported == b.reported);
            CHECK(a.printed == b.printed);
            CHECK(a.otherSites == b.otherSites);
            CHECK(a.noSite == b.noSite);
            REQUIRE(a.sites.size() == b.sites.size());
            for (std::size_t k = 0; k < a.sites.size(); ++k) {
                CHECK(a.sites[k].text == b.sites[k].text);
                CHECK(a.sites[k].count == b.sites[k].count);
            }
        }
    }
}

TEST_CASE("JSON: the fields have the names and types of the format") {
    const json j = toJson(samples::brokeRules());
    CHECK(j.at("pid") == 1234);
    CHECK(j.at("mainClass") == "agenttest.Main");
    CHECK(j.at("finished") == true);
    CHECK(j.at("startTime") == "2026-11-25T20:30:00Z");
    const json& r = j.at("rules").at(0);
    CHECK(r.at("id") == "GetMethodName.method.invalid");
    CHECK(r.at("level") == "error");
    CHECK(r.at("sites").at(0).at("count") == 3);
    CHECK(r.at("otherSites") == 1);
    CHECK(j.at("rules").at(2).at("level") == "warning");
    CHECK(j.at("rules").at(3).at("level") == "info");
    // Counts beyond 32 bits stay exact.
    JvmReport big = samples::brokeRules();
    big.rules[0].reported = 0xFFFF'FFFF'FFFF'FFFFull;
    JvmReport back;
    REQUIRE(fromJson(json::parse(toJson(big).dump()), back) == std::nullopt);
    CHECK(back.rules[0].reported == 0xFFFF'FFFF'FFFF'FFFFull);
}

TEST_CASE("JSON: unknown fields are ignored, absent optional ones keep their defaults") {
    json j = toJson(samples::brokeRules());
    j["format"] = "jvmtilayer-report/2";
    j["rules"][0]["future"] = {{"x", 1}};
    JvmReport back;
    REQUIRE(fromJson(j, back) == std::nullopt);
    CHECK(back.rules[0].id == "GetMethodName.method.invalid");

    JvmReport minimal;
    REQUIRE(fromJson(json{{"pid", 7}, {"rules", {{{"id", "x.y"}}}}}, minimal) == std::nullopt);
    CHECK(minimal.pid == 7);
    CHECK_FALSE(minimal.finished);
    REQUIRE(minimal.rules.size() == 1);
    CHECK(minimal.rules[0].level == Level::Error);
    CHECK(minimal.rules[0].sites.empty());
}

TEST_CASE("JSON: an error names the field that is wrong") {
    CHECK(errorAfter([](json& j) { j = json::array(); }) == "the document: expected an object, got array");
    CHECK(errorAfter([](json& j) { j.erase("pid"); }) == "missing field \"pid\"");
    CHECK(errorAfter([](json& j) { j["pid"] = "1234"; }) ==
          "field \"pid\": expected a process id (an integer from 0), got string");
    CHECK(errorAfter([](json& j) { j["pid"] = -3; }) ==
          "field \"pid\": expected a process id (an integer from 0), got the negative number -3");
    CHECK(errorAfter([](json& j) { j["pid"] = 3000000000; }) ==
          "field \"pid\": expected a process id (an integer from 0), got the number 3000000000");
    CHECK(errorAfter([](json& j) { j["finished"] = "yes"; }) == "field \"finished\": expected true or false, got string");
    CHECK(errorAfter([](json& j) { j["agents"] = {"a", 3}; }) == "field \"agents[1]\": expected a string, got the number 3");
    CHECK(errorAfter([](json& j) { j["commandLine"] = "java"; }) ==
          "field \"commandLine\": expected an array of strings, got string");
    CHECK(errorAfter([](json& j) { j["rules"] = json::object(); }) == "field \"rules\": expected an array, got object");
    CHECK(errorAfter([](json& j) { j["rules"][2] = 5; }) == "field \"rules[2]\": expected an object, got number");
    CHECK(errorAfter([](json& j) { j["rules"][1].erase("id"); }) == "missing field \"rules[1].id\"");
    CHECK(errorAfter([](json& j) { j["rules"][0]["level"] = "fatal"; }) ==
          "field \"rules[0].level\": unknown level \"fatal\" (error, warning, info, advice)");
    CHECK(errorAfter([](json& j) { j["rules"][0]["reported"] = 1.5; }) ==
          "field \"rules[0].reported\": expected a non-negative integer, got the number 1.5");
    CHECK(errorAfter([](json& j) { j["rules"][0]["sites"][1]["count"] = -1; }) ==
          "field \"rules[0].sites[1].count\": expected a non-negative integer, got the negative number -1");
    CHECK(errorAfter([](json& j) { j["rules"][0]["sites"][2].erase("text"); }) ==
          "missing field \"rules[0].sites[2].text\"");
    CHECK(errorAfter([](json& j) { j["rules"][0]["ignored"] = nullptr; }) ==
          "field \"rules[0].ignored\": expected true or false, got null");
}

TEST_CASE("catalogue: the generator's docs/rules.json shape") {
    const std::string text = R"({"jvmti": "25.0.0", "rules": [
  {"id": "Allocate.mem_ptr.null", "function": "Allocate", "parameter": "mem_ptr", "text": "mem_ptr must not be NULL", "severity": "error", "error": "JVMTI_ERROR_NULL_POINTER", "outcome": "", "layer": false},
  {"id": "leak.Allocate", "function": "Allocate", "parameter": "", "text": "JVMTI memory must be freed with Deallocate", "severity": "error", "error": "", "outcome": "reported at exit", "layer": true}
]})";
    std::vector<CatalogueRule> rules;
    REQUIRE(parseCatalogue(text, rules) == std::nullopt);
    REQUIRE(rules.size() == 2);
    CHECK(rules[0].id == "Allocate.mem_ptr.null");
    CHECK(rules[0].function == "Allocate");
    CHECK(rules[0].parameter == "mem_ptr");
    CHECK(rules[0].text == "mem_ptr must not be NULL");
    CHECK(rules[0].severity == "error");
    CHECK(rules[0].error == "JVMTI_ERROR_NULL_POINTER");
    CHECK(rules[0].outcome.empty());
    CHECK(rules[1].outcome == "reported at exit");
}

TEST_CASE("catalogue: what is not that shape is refused, naming why") {
    std::vector<CatalogueRule> rules = samples::catalogue();
    const auto error = [&](const std::string& text) { return parseCatalogue(text, rules).value_or("(no error)"); };
    CHECK_THAT(error("{\"rules\": ["), Catch::StartsWith("the rule catalogue is not JSON: "));
    CHECK(error("[]") == "the rule catalogue: the document: expected an object, got array");
    CHECK(error("{}") == "the rule catalogue: missing field \"rules\"");
    CHECK(error(R"({"rules": {}})") == "the rule catalogue: field \"rules\": expected an array, got object");
    CHECK(error(R"({"rules": [{"id": "a"}, {"text": "t"}]})") == "the rule catalogue: missing field \"rules[1].id\"");
    CHECK(error(R"({"rules": [{"id": "a", "text": 3}]})") ==
          "the rule catalogue: field \"rules[0].text\": expected a string, got the number 3");
    CHECK(rules.size() == samples::catalogue().size());  // untouched by the failures
}
