// chaos_check RUNDIR: compares what the chaos agent predicted with what the layer reported in
// one run (agent_harness runs it with --check-program). Reads RUNDIR/prediction.txt (lines
// "ID COUNT ERROR", from the agent), RUNDIR/report.txt (the layer's report= file) and
// RUNDIR/summary.txt (the agent's summary). Passes when:
//   - the summary says every place was reached and no call returned an error other than predicted;
//   - the JVM left no hs_err file;
//   - every report the layer printed is an error report of a predicted id, carrying that id's
//     predicted error ("refused with JVMTI_ERROR_..."), and no warning was reported;
//   - for every id, the layer reported it exactly as many times as predicted (its printed lines,
//     and its count in the layer's exit summary where one is written).
// On failure it prints every difference, one line per id.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <string>

namespace fs = std::filesystem;

namespace {

struct Expected {
    long count = 0;
    std::string error;
};

struct Seen {
    long lines = 0;
    long summary = -1;  // -1: not in the exit summary
    std::map<std::string, long> errors;
};

bool startsWith(const std::string& s, const std::string& prefix) { return s.compare(0, prefix.size(), prefix) == 0; }

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::cerr << "usage: chaos_check RUNDIR\n";
        return 2;
    }
    const fs::path dir = argv[1];
    int failures = 0;
    auto fail = [&](const std::string& message) {
        std::cout << "FAIL: " << message << "\n";
        ++failures;
    };

    std::ifstream summaryFile(dir / "summary.txt");
    std::stringstream summaryText;
    summaryText << summaryFile.rdbuf();
    const std::string summary = summaryText.str();
    if (summary.find("mismatches: 0\n") == std::string::npos) fail("the agent saw errors other than predicted (see MISMATCH lines of summary.txt)");
    if (summary.find("places reached: 7 of 7\n") == std::string::npos) fail("the agent did not reach every place");

    for (const auto& entry : fs::directory_iterator(dir))
        if (startsWith(entry.path().filename().string(), "hs_err")) fail("the JVM crashed: " + entry.path().string());

    std::map<std::string, Expected> expected;
    std::ifstream prediction(dir / "prediction.txt");
    if (!prediction) fail("no prediction.txt");
    for (std::string line; std::getline(prediction, line);) {
        std::istringstream in(line);
        std::string id;
        Expected e;
        if (!(in >> id >> e.count >> e.error)) {
            fail("bad prediction line: " + line);
            continue;
        }
        expected[id] = e;
    }

    std::map<std::string, Seen> seen;
    std::ifstream report(dir / "report.txt");
    if (!report) fail("no report.txt");
    const std::string errorPrefix = "jvmtilayer: error: ", summaryPrefix = "jvmtilayer: summary: ";
    for (std::string line; std::getline(report, line);) {
        if (startsWith(line, errorPrefix)) {
            const std::string rest = line.substr(errorPrefix.size());
            const std::string id = rest.substr(0, rest.find(':'));
            Seen& s = seen[id];
            ++s.lines;
            const std::string marker = "refused with ";
            const auto at = line.find(marker);
            std::string error = "(no error named)";
            if (at != std::string::npos) {
                error = line.substr(at + marker.size());
                error = error.substr(0, error.find_first_of(" ;["));
            }
            ++s.errors[error];
        } else if (startsWith(line, summaryPrefix)) {
            const std::string rest = line.substr(summaryPrefix.size());
            if (startsWith(rest, "total:")) continue;
            const auto colon = rest.find(": ");
            if (colon == std::string::npos) continue;
            seen[rest.substr(0, colon)].summary = std::stol(rest.substr(colon + 2));
        } else if (startsWith(line, "jvmtilayer: warning")) {
            fail("the layer warned: " + line);
        }
    }

    long predictedTotal = 0, reportedTotal = 0;
    for (const auto& [id, e] : expected) predictedTotal += e.count;
    for (const auto& [id, s] : seen) {
        reportedTotal += s.lines;
        const auto it = expected.find(id);
        if (it == expected.end()) {
            fail(id + ": reported " + std::to_string(s.lines) + " times, predicted never");
            continue;
        }
        if (s.lines != it->second.count)
            fail(id + ": reported " + std::to_string(s.lines) + " times, predicted " + std::to_string(it->second.count));
        if (s.summary >= 0 && s.summary != s.lines)
            fail(id + ": the layer's summary counts " + std::to_string(s.summary) + ", it printed " + std::to_string(s.lines));
        for (const auto& [error, n] : s.errors)
            if (error != it->second.error)
                fail(id + ": " + std::to_string(n) + " refusals with " + error + ", predicted " + it->second.error);
    }
    for (const auto& [id, e] : expected)
        if (seen.find(id) == seen.end()) fail(id + ": predicted " + std::to_string(e.count) + " times, never reported");

    std::cout << "predicted " << predictedTotal << " refusals of " << expected.size() << " ids; the layer reported "
              << reportedTotal << " of " << seen.size() << " ids\n";
    if (failures != 0) {
        std::cout << failures << " differences\n";
        return 1;
    }
    std::cout << "every refusal as predicted\n";
    return 0;
}
