// Generator speed on OpenJDK's JDK 16 spec: each stage, the whole run, and the I/O floor
// (reading the input and writing the same output bytes, nothing else). Prints one table of
// stages, then the three figures issue 2 sets targets for: read + model + validate, all
// outputs (every stage one after another, on one thread: the work, not the wall time of
// the parallel run), and the whole run against the I/O floor.
//
//   gen_bench [SPEC] [--runs N]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include "cli.hpp"
#include "api_version.hpp"
#include "emitters.hpp"
#include "output.hpp"
#include "reader.hpp"
#include "validate.hpp"

using namespace jvmtigen;
namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

namespace {

// Median wall time of `runs` calls, in milliseconds.
double median(int runs, const std::function<void()>& fn) {
    std::vector<double> t;
    for (int i = 0; i < runs; ++i) {
        const auto a = Clock::now();
        fn();
        t.push_back(std::chrono::duration<double, std::milli>(Clock::now() - a).count());
    }
    std::sort(t.begin(), t.end());
    return t[t.size() / 2];
}

std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

void row(const std::string& stage, double ms) { std::printf("| %-40s | %9.3f |\n", stage.c_str(), ms); }

void target(const char* figure, const std::string& value, const char* goal, bool met) {
    std::printf("| %-40s | %9s | %-12s | %-6s |\n", figure, value.c_str(), goal, met ? "met" : "MISSED");
}

std::string fixed(double v, const char* unit) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f%s", v, unit);
    return buf;
}

}  // namespace

int main(int argc, char** argv) {
    std::string specPath = std::string(JVMTIGEN_SHARED_DIR) + "/upstream/jdk16/jvmti.xml";
    int runs = 30;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        if (a == "--runs" && i + 1 < argc) runs = std::max(1, std::atoi(argv[++i]));
        else specPath = a;
    }
    const Version version{17, 0, 0};
    const fs::path outDir = fs::temp_directory_path() / "jvmtigen-bench";
    fs::create_directories(outDir);

    // Everything once, to have the outputs whose bytes the floor writes.
    std::string text = slurp(specPath);
    Spec spec;
    Diagnostics diag(specPath);
    if (!readSpecText(text, spec, diag) || !validateSpec(spec, diag)) {
        for (const auto& m : diag.messages()) std::fprintf(stderr, "%s\n", m.c_str());
        return 1;
    }
    const EmitContext ctx{spec, version, "jvmti.xml"};
    std::vector<Output> outputs;
    for (const auto& e : allEmitters())
        for (auto& o : e.run(ctx)) outputs.push_back(std::move(o));

    std::printf("jvmtigen generator benchmark: %s (%zu bytes), median of %d runs, times in ms\n\n",
                specPath.c_str(), text.size(), runs);
    std::printf("| %-40s | %9s |\n", "stage", "ms");
    std::printf("|%s|%s|\n", std::string(42, '-').c_str(), std::string(11, '-').c_str());

    const double tRead = median(runs, [&] { text = slurp(specPath); });
    row("read file", tRead);
    const double tModel = median(runs, [&] {
        Spec s;
        Diagnostics d(specPath);
        readSpecText(text, s, d);
    });
    row("parse XML + build model", tModel);
    const double tValidate = median(runs, [&] {
        Diagnostics d(specPath);
        validateSpec(spec, d);
    });
    row("validate", tValidate);
    const double front = tRead + tModel + tValidate;
    row("= read + model + validate", front);

    double tEmit = 0;
    for (const auto& e : allEmitters()) {
        const double t = median(runs, [&] { e.run(ctx); });
        tEmit += t;
        row("emit " + e.name + (e.name == "docs" ? " (and its side worker)" : ""), t);
    }
    const double tWrite = median(runs, [&] {
        for (const auto& o : outputs) {
            fs::remove(outDir / "out");
            writeIfChanged((outDir / "out").string(), o.text);
        }
    });
    row("write outputs (changed)", tWrite);
    const double all = front + tEmit + tWrite;
    row("= all outputs (the stages in sequence)", all);

    // The whole tool in-process, as a build runs it, into an empty directory each time.
    const double whole = median(runs, [&] {
        fs::remove_all(outDir / "whole");
        std::ostringstream out, err;
        runJvmtigen({"--spec", specPath, "--jvmti-version", "17.0.0", "--out", (outDir / "whole").string()}, out, err);
    });
    row("whole run (jvmtigen, in-process)", whole);

    // The floor: read the input, write the same output bytes.
    const double floor = median(runs, [&] {
        std::string in = slurp(specPath);
        fs::remove_all(outDir / "floor");
        for (const auto& o : outputs) writeIfChanged((outDir / "floor" / o.path).string(), o.text);
    });
    row("I/O floor (read input, write outputs)", floor);
    std::printf("\nwhole run / I/O floor = %.1fx\n\n", whole / floor);

    // Issue 14: the header of an earlier release from the same spec (--api-version) against
    // the full header. Measured, not a target: the tool moves its model into the selection
    // (no copy); here the model is copied first, so the row includes a copy the tool does not make.
    std::printf("| %-40s | %9s |\n", "header of one release (issue 14)", "ms");
    std::printf("|%s|%s|\n", std::string(42, '-').c_str(), std::string(11, '-').c_str());
    const Version older{11, 0, 0};
    const double tSelect = median(runs, [&] {
        Diagnostics d(specPath);
        const Spec selected = specAsOf(spec, older, d);
    });
    row("copy model + select 11.0.0 (specAsOf)", tSelect);
    auto headerRun = [&](std::vector<std::string> extra) {
        return median(runs, [&] {
            fs::remove_all(outDir / "header");
            std::vector<std::string> args = {"--spec", specPath, "--jvmti-version", "17.0.0", "--only", "header", "--out",
                                             (outDir / "header").string()};
            args.insert(args.end(), extra.begin(), extra.end());
            std::ostringstream out, err;
            runJvmtigen(args, out, err);
        });
    };
    const double fullHeader = headerRun({});
    row("whole run, --only header (17.0.0)", fullHeader);
    const double olderHeader = headerRun({"--api-version", older.str()});
    row("whole run, --only header --api-version 11", olderHeader);
    std::printf("\nversion-targeted header / full header = %.2fx\n\n", olderHeader / fullHeader);

    std::printf("| %-40s | %9s | %-12s | %-6s |\n", "issue 2's targets", "figure", "target", "");
    std::printf("|%s|%s|%s|%s|\n", std::string(42, '-').c_str(), std::string(11, '-').c_str(),
                std::string(14, '-').c_str(), std::string(8, '-').c_str());
    target("read + model + validate", fixed(front, " ms"), "< 10 ms", front < 10);
    target("all outputs (the stages in sequence)", fixed(all, " ms"), "< 50 ms", all < 50);
    target("whole run / I/O floor", fixed(whole / floor, "x"), "within 10x", whole / floor <= 10);
    fs::remove_all(outDir);
    return 0;
}
