// The SARIF log's structure, read back with nlohmann: the driver and its rules, one result per
// JVM, rule id and call site with matching ruleIndex, physical and logical locations, paths
// relative to %SRCROOT%, levels, invocations; ignored ids leave no trace.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "report/formats/jvm_report.hpp"
#include "samples.hpp"

using namespace jvmtireport;
using nlohmann::json;

namespace {

SarifContext fullContext(const std::vector<CatalogueRule>& catalogue) {
    SarifContext c;
    c.toolVersion = "0.1.0";
    c.docsUrl = "https://example.org/jvmtigen/jvmti.html";
    c.commandLine = {"jvmti-check", "check=strict", "--", "java", "-cp", "app dir", "agenttest.Main"};
    c.exitCode = 1;
    c.sourceRoot = samples::kSourceRoot + "/";
    c.catalogue = &catalogue;
    return c;
}

json sampleLog() {
    static const auto catalogue = samples::catalogue();
    return json::parse(writeSarif({samples::brokeRules(), samples::clean(), samples::died()}, fullContext(catalogue)));
}

std::vector<json> resultsOf(const json& log, const std::string& ruleId, int pid) {
    std::vector<json> out;
    for (const auto& r : log["runs"][0]["results"])
        if (r["ruleId"] == ruleId && r["properties"]["pid"] == pid) out.push_back(r);
    return out;
}

}  // namespace

TEST_CASE("SARIF: the log, its tool and the rules the results use") {
    const json log = sampleLog();
    CHECK(log["$schema"] == "https://json.schemastore.org/sarif-2.1.0.json");
    CHECK(log["version"] == "2.1.0");
    REQUIRE(log["runs"].size() == 1);
    const json& driver = log["runs"][0]["tool"]["driver"];
    CHECK(driver["name"] == "jvmti-check");
    CHECK(driver["version"] == "0.1.0");
    CHECK(driver["semanticVersion"] == "0.1.0");
    CHECK(driver["informationUri"] == "https://example.org/jvmtigen/jvmti.html");
    std::vector<std::string> ids;
    for (const auto& r : driver["rules"]) ids.push_back(r["id"]);
    // Sorted, each once, leak.Allocate (ignored) left out.
    CHECK(ids == std::vector<std::string>{"GetClassSignature.klass.stale", "GetMethodName.method.invalid",
                                          "natives.unbound", "startup.agents"});
    const json& bad = driver["rules"][1];
    CHECK(bad["name"] == "GetMethodNameMethodInvalid");  // Pascal case: SARIF's friendly name
    CHECK(bad["shortDescription"]["text"] == "method must be a live jmethodID");  // the catalogue's words
    CHECK(bad["fullDescription"]["text"] == "method must be a live jmethodID. Refused with JVMTI_ERROR_INVALID_METHODID.");
    CHECK(bad["helpUri"] == "https://example.org/jvmtigen/jvmti.html#rule-GetMethodName.method.invalid");
    CHECK(bad["help"]["text"] == "method must be a live jmethodID. Refused with JVMTI_ERROR_INVALID_METHODID. The rule "
                                 "catalogue: https://example.org/jvmtigen/jvmti.html#rule-GetMethodName.method.invalid");
    CHECK(bad["defaultConfiguration"]["level"] == "error");
    CHECK(bad["properties"]["parameter"] == "method");
    const json& unbound = driver["rules"][2];
    CHECK(unbound["fullDescription"]["text"] ==
          "an agent's native method binds to a function of its library. Reported; the VM throws UnsatisfiedLinkError.");
    CHECK(unbound["defaultConfiguration"]["level"] == "warning");
    // Not in the catalogue: the report's own words.
    CHECK(driver["rules"][3]["shortDescription"]["text"] == "startup.agents: 1 agent behind the layer");
    CHECK(driver["rules"][3]["defaultConfiguration"]["level"] == "note");
}

TEST_CASE("SARIF: each result's ruleIndex points at its rule, and levels map to SARIF's") {
    const json log = sampleLog();
    const json& rules = log["runs"][0]["tool"]["driver"]["rules"];
    const json& results = log["runs"][0]["results"];
    REQUIRE(results.size() == 7);  // 4 sites + the remainder; natives.unbound; startup.agents; the dead JVM's
    for (const auto& r : results) {
        INFO(r.dump());
        CHECK(rules.at(r["ruleIndex"].get<std::size_t>())["id"] == r["ruleId"]);
        CHECK(r["ruleId"] != "leak.Allocate");
    }
    CHECK(resultsOf(log, "GetMethodName.method.invalid", 1234).at(0)["level"] == "error");
    CHECK(resultsOf(log, "natives.unbound", 1234).at(0)["level"] == "warning");
    CHECK(resultsOf(log, "startup.agents", 1234).at(0)["level"] == "note");
}

TEST_CASE("SARIF: one result per call site with its count, the rest without a location") {
    const json log = sampleLog();
    const auto bad = resultsOf(log, "GetMethodName.method.invalid", 1234);
    REQUIRE(bad.size() == 4);
    std::uint64_t total = 0;
    for (const auto& r : bad) total += r["properties"]["count"].get<std::uint64_t>();
    CHECK(total == 7);
    CHECK(bad[0]["message"]["text"] ==
          "GetMethodName(method): refused with JVMTI_ERROR_INVALID_METHODID \u2014 3 reports in JVM 1234 (agenttest.Main).");
    CHECK(bad[0]["properties"]["count"] == 3);
    CHECK(bad[0]["properties"]["site"] == samples::kGarbageSite);
    CHECK(bad[0]["partialFingerprints"]["jvmtiRuleSite/v1"] ==
          "GetMethodName.method.invalid|libmisbehave.so!(anonymous namespace)::garbage_method() "
          "(/work/main/tests/agents/src/misbehave.cpp:142)");
    CHECK(bad[3]["message"]["text"] == "GetMethodName(method): refused with JVMTI_ERROR_INVALID_METHODID \u2014 1 report "
                                       "from other call sites in JVM 1234 (agenttest.Main).");
    CHECK(bad[3]["properties"]["count"] == 1);
    CHECK_FALSE(bad[3].contains("locations"));
    const auto noted = resultsOf(log, "startup.agents", 1234);
    REQUIRE(noted.size() == 1);
    CHECK_THAT(noted[0]["message"]["text"].get<std::string>(), Catch::Contains("2 reports without a call site"));
    CHECK_FALSE(noted[0].contains("locations"));
}

TEST_CASE("SARIF: a source line is a physical location relative to SRCROOT, the code a logical one") {
    const json log = sampleLog();
    const auto bad = resultsOf(log, "GetMethodName.method.invalid", 1234);
    REQUIRE(bad.size() == 4);

    const json& underRoot = bad[0]["locations"].at(0);
    CHECK(underRoot["physicalLocation"]["artifactLocation"] ==
          json{{"uri", "tests/agents/src/misbehave.cpp"}, {"uriBaseId", "%SRCROOT%"}});
    CHECK(underRoot["physicalLocation"]["region"] == json{{"startLine", 142}});
    CHECK(underRoot["logicalLocations"] ==
          json::array({{{"name", "(anonymous namespace)::garbage_method()"},
                        {"fullyQualifiedName", "libmisbehave.so!(anonymous namespace)::garbage_method()+0x1c"},
                        {"kind", "function"}}}));

    const json& outside = bad[1]["locations"].at(0);
    CHECK(outside["physicalLocation"]["artifactLocation"] == json{{"uri", "file:///usr/include/jni.h"}});
    CHECK(outside["physicalLocation"]["region"]["startLine"] == 1000);

    const json& noSource = bad[2]["locations"].at(0);
    CHECK_FALSE(noSource.contains("physicalLocation"));
    CHECK(noSource["logicalLocations"][0]["fullyQualifiedName"] == samples::kOffsetSite);
    CHECK(noSource["logicalLocations"][0]["kind"] == "function");

    CHECK(log["runs"][0]["originalUriBaseIds"] == json{{"%SRCROOT%", {{"uri", "file:///work/main/"}}}});
}

TEST_CASE("SARIF: without a source root every path is an absolute file URI") {
    JvmReport j = samples::brokeRules();
    j.rules[0].sites = {{"libx.so!f()+0x1 (/home/me/my project/a%b.cpp:3)", 7}};
    SarifContext c;
    const json log = json::parse(writeSarif({j}, c));
    CHECK_FALSE(log["runs"][0].contains("originalUriBaseIds"));
    const json& results = log["runs"][0]["results"];
    CHECK(results[0]["locations"][0]["physicalLocation"]["artifactLocation"] ==
          json{{"uri", "file:///home/me/my%20project/a%25b.cpp"}});
    // No docs URL: the page's name, relative, so only in the help text (SARIF's URIs are absolute).
    CHECK_FALSE(log["runs"][0]["tool"]["driver"].contains("informationUri"));
    CHECK_FALSE(log["runs"][0]["tool"]["driver"]["rules"][0].contains("helpUri"));
    CHECK_THAT(log["runs"][0]["tool"]["driver"]["rules"][0]["help"]["text"].get<std::string>(),
               Catch::EndsWith(" The rule catalogue: jvmti.html#rule-GetMethodName.method.invalid"));
    CHECK_FALSE(log["runs"][0]["tool"]["driver"].contains("version"));
    // Without a catalogue the rule's words come from the report.
    CHECK(log["runs"][0]["tool"]["driver"]["rules"][0]["shortDescription"]["text"] == "method must be a jmethodID");
    // An absolute docs path becomes a file: URI.
    c.docsUrl = "/usr/share/doc/jvmtigen/jvmti.html";
    const json fileDocs = json::parse(writeSarif({j}, c));
    CHECK(fileDocs["runs"][0]["tool"]["driver"]["informationUri"] == "file:///usr/share/doc/jvmtigen/jvmti.html");
    CHECK(fileDocs["runs"][0]["tool"]["driver"]["rules"][0]["helpUri"] ==
          "file:///usr/share/doc/jvmtigen/jvmti.html#rule-GetMethodName.method.invalid");
}

TEST_CASE("SARIF: an invocation for the command, then one per JVM") {
    const json log = sampleLog();
    const json& inv = log["runs"][0]["invocations"];
    REQUIRE(inv.size() == 4);
    CHECK(inv[0]["commandLine"] == "jvmti-check check=strict -- java -cp 'app dir' agenttest.Main");
    CHECK(inv[0]["arguments"].size() == 7);
    CHECK(inv[0]["exitCode"] == 1);
    CHECK(inv[0]["executionSuccessful"] == false);

    CHECK(inv[1]["processId"] == 1234);
    CHECK(inv[1]["executionSuccessful"] == true);
    CHECK(inv[1]["commandLine"] ==
          "java -agentpath:/opt/lib/libjvmtilayer.so=check=strict,agent=/opt/libmisbehave.so -cp 'app dir' agenttest.Main");
    CHECK(inv[1]["arguments"][3] == "app dir");
    CHECK(inv[1]["startTimeUtc"] == "2026-11-25T20:30:00Z");
    CHECK(inv[1]["endTimeUtc"] == "2026-11-25T20:30:02.5Z");
    CHECK(inv[1]["properties"] == json{{"jvm", "OpenJDK 64-Bit Server VM 17.0.15+6-Debian-1deb12u1"},
                                       {"mainClass", "agenttest.Main"},
                                       {"agents", {"/opt/libmisbehave.so"}},
                                       {"checkMode", "strict"}});
    CHECK(inv[2]["processId"] == 1300);

    CHECK(inv[3]["processId"] == 1400);
    CHECK(inv[3]["executionSuccessful"] == false);
    CHECK_FALSE(inv[3].contains("endTimeUtc"));
    CHECK(inv[3]["toolExecutionNotifications"][0]["level"] == "error");

    // Without the command: only the JVMs; exit status 0 makes the command successful.
    SarifContext c;
    CHECK(json::parse(writeSarif({samples::clean()}, c))["runs"][0]["invocations"].size() == 1);
    c.commandLine = {"jvmti-check", "--", "java", "app.Clean"};
    c.exitCode = 0;
    const json ok = json::parse(writeSarif({samples::clean()}, c));
    CHECK(ok["runs"][0]["invocations"][0]["executionSuccessful"] == true);
    CHECK(ok["runs"][0]["results"].empty());
    CHECK(ok["runs"][0]["tool"]["driver"]["rules"].empty());
}

TEST_CASE("SARIF: ignored ids and rules without reports leave no result and no rule") {
    JvmReport j = samples::clean();
    RuleSeen ignored;
    ignored.id = "leak.GetClassSignature";
    ignored.reported = 498;
    ignored.ignored = true;
    ignored.sites = {{samples::kGarbageSite, 498}};
    j.rules = {ignored};
    const json log = json::parse(writeSarif({j}, SarifContext{}));
    CHECK(log["runs"][0]["results"].empty());
    CHECK(log["runs"][0]["tool"]["driver"]["rules"].empty());
}

TEST_CASE("SARIF: text that is not UTF-8 is replaced, not fatal") {
    JvmReport j = samples::brokeRules();
    j.rules[0].message = "refused \xff\xfe here";
    const json log = json::parse(writeSarif({j}, SarifContext{}));
    CHECK_THAT(log["runs"][0]["results"][0]["message"]["text"].get<std::string>(),
               Catch::Contains("refused \xEF\xBF\xBD\xEF\xBF\xBD here"));
}
