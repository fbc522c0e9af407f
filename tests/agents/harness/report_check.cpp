// report_check RUNDIR: the layer's machine-readable reports of one run are complete. The run
// wrote report.json and report.sarif beside report.txt (report=RUNDIR/report,
// report-format=text:json:sarif); the JSON says the layer finished its end-of-run report, and
// every rule id the text report printed is in the JSON and has a result in the SARIF log.
// These are the parts a JVM that crashes after a bad call never writes. Exit 0 when complete,
// 1 with the reasons otherwise.
#include <fstream>
#include <iostream>
#include <regex>
#include <set>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "report/formats/jvm_report.hpp"

namespace {

std::string readFile(const std::string& path, bool& ok) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    ok = static_cast<bool>(in);
    return text.str();
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::cerr << "usage: report_check RUNDIR\n";
        return 2;
    }
    const std::string dir = argv[1];
    int failures = 0;
    const auto fail = [&](const std::string& why) {
        std::cerr << "report_check: " << why << "\n";
        ++failures;
    };

    bool ok = false;
    const std::string text = readFile(dir + "/report.txt", ok);
    if (!ok) fail("no report.txt in " + dir);
    std::set<std::string> printed;
    const std::regex line("jvmtilayer: (error|warning|info): ([A-Za-z0-9_.{}]+):");
    for (std::sregex_iterator it(text.begin(), text.end(), line), end; it != end; ++it) printed.insert((*it)[2]);
    if (printed.empty()) fail("report.txt names no rule");

    jvmtireport::JvmReport jvm;
    const std::string jsonText = readFile(dir + "/report.json", ok);
    if (!ok) {
        fail("no report.json in " + dir);
    } else {
        try {
            if (auto problem = jvmtireport::fromJson(nlohmann::json::parse(jsonText), jvm)) fail("report.json: " + *problem);
        } catch (const std::exception& e) {
            fail(std::string("report.json is not JSON: ") + e.what());
        }
        if (!jvm.finished) fail("report.json: the layer did not finish its end-of-run report");
        for (const std::string& id : printed) {
            bool found = false;
            for (const auto& r : jvm.rules) found = found || r.id == id;
            if (!found) fail("report.json lacks the rule " + id);
        }
    }

    const std::string sarifText = readFile(dir + "/report.sarif", ok);
    if (!ok) {
        fail("no report.sarif in " + dir);
    } else {
        std::set<std::string> results;
        try {
            const auto sarif = nlohmann::json::parse(sarifText);
            for (const auto& run : sarif.at("runs"))
                for (const auto& result : run.at("results")) results.insert(result.at("ruleId").get<std::string>());
        } catch (const std::exception& e) {
            fail(std::string("report.sarif: ") + e.what());
        }
        for (const std::string& id : printed)
            if (!results.count(id)) fail("report.sarif has no result for " + id);
    }
    if (failures == 0) std::cout << "report_check: complete: " << printed.size() << " rules in text, JSON and SARIF\n";
    return failures == 0 ? 0 : 1;
}
