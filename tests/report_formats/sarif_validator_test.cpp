// The SARIF log through Microsoft's SARIF multitool (`Sarif.Multitool validate`, from npm:
// scripts/test-tools.sh installs it): no finding at level error, and a broken log to prove the
// validator finds errors at all.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <nlohmann/json.hpp>

#include "report/formats/jvm_report.hpp"
#include "samples.hpp"
#include "sarif_multitool.hpp"
#include "support.hpp"

using namespace jvmtireport;
using nlohmann::json;
namespace fs = std::filesystem;

#ifndef SARIF_MULTITOOL
#define SARIF_MULTITOOL ""
#endif

namespace {

struct Findings {
    std::vector<std::string> errors, warnings, notes;
};

// The validator's findings on `sarif`, each as "RULE: what (where)".
Findings validate(const std::string& sarif) {
    const std::string tool = testsupport::sarifMultitool(SARIF_MULTITOOL);
    if (tool.empty())
        FAIL("Microsoft's SARIF multitool (Sarif.Multitool) is not installed: run scripts/test-tools.sh, "
             "then configure the build again");
    testsupport::TempDir dir;
    const fs::path input = dir.path() / "log.sarif", output = dir.path() / "findings.sarif";
    testsupport::writeFile(input, sarif);
    fs::remove(output);  // the tool refuses to overwrite its output
    const auto run = testsupport::runCommand(testsupport::shellQuote(tool) + " validate " + testsupport::shellQuote(input.string()) +
                                  " --output " + testsupport::shellQuote(output.string()));
    INFO(run.out);
    REQUIRE(run.status == 0);
    REQUIRE(fs::exists(output));
    const json log = json::parse(testsupport::readFile(output));
    Findings f;
    for (const auto& r : log["runs"][0].value("results", json::array())) {
        std::string text = r.value("ruleId", "?") + ":";
        if (r["message"].contains("text")) text += " " + r["message"]["text"].get<std::string>();
        for (const auto& a : r["message"].value("arguments", json::array())) text += " " + a.get<std::string>();
        const std::string level = r.value("level", "warning");
        (level == "error" ? f.errors : level == "warning" ? f.warnings : f.notes).push_back(text);
    }
    return f;
}

std::string lines(const std::vector<std::string>& v) {
    std::string out;
    for (const auto& s : v) out += s + "\n";
    return out;
}

}  // namespace

TEST_CASE("SARIF validator: the multitool finds no error in the written logs, and no warning but a missing docs URL") {
    const auto catalogue = samples::catalogue();
    SarifContext full;
    full.toolVersion = "0.1.0";
    full.docsUrl = "https://example.org/jvmtigen/jvmti.html";
    full.commandLine = {"jvmti-check", "--", "java", "-cp", "app dir", "agenttest.Main"};
    full.exitCode = 1;
    full.sourceRoot = samples::kSourceRoot;
    full.catalogue = &catalogue;
    SarifContext bare;  // no version, no docs URL, no command, no source root, no catalogue
    bare.toolVersion = "0.1.0";
    // Without a docs URL there is no absolute informationUri to give, and the validator warns
    // (SARIF2005) that the tool has none: the one warning expected.
    const std::string noInformationUri = "SARIF2005: runs[0].tool.driver jvmti-check\n";
    struct Log {
        std::string what, sarif, warnings;
    };
    const std::vector<Log> logs = {
        {"three JVMs, every context field", writeSarif({samples::brokeRules(), samples::clean(), samples::died()}, full),
         ""},
        {"three JVMs, a bare context", writeSarif({samples::brokeRules(), samples::clean(), samples::died()}, bare),
         noInformationUri},
        {"one clean JVM", writeSarif({samples::clean()}, full), ""},
        {"no JVM", writeSarif({}, bare), noInformationUri}};
    for (const auto& log : logs) {
        INFO(log.what);
        const Findings f = validate(log.sarif);
        INFO("notes:\n" << lines(f.notes));
        CHECK(lines(f.errors) == "");
        CHECK(lines(f.warnings) == log.warnings);
    }
}

TEST_CASE("SARIF validator: the multitool reports a result without a message as an error") {
    json broken = json::parse(writeSarif({samples::brokeRules()}, SarifContext{}));
    broken["runs"][0]["results"][0].erase("message");
    const Findings f = validate(broken.dump());
    REQUIRE_FALSE(f.errors.empty());
    CHECK_THAT(lines(f.errors), Catch::Contains("message"));
}
