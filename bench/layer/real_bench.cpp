// A real program under real agents we did not write, with and without the layer: javac
// compiling the sources of a JDK module (jdk.compiler by default, from the JDK's src.zip),
// under JaCoCo's coverage agent (a -javaagent, Debian's libjacoco-java) and under JDWP (a
// debugger agent with many capabilities, no debugger attached). Each agent runs alone (the
// baseline of its rows), behind the layer with check=spec and with check=strict; javac alone
// and behind the layer without an agent (adopt=true: the layer waits for agents that never come)
// are the reference. Rounds take the variants in turn;
// the table gives the median and the minimum wall time of the whole java process, with the
// ratio of each median to its baseline's. Each run must exit as its baseline did, print the same
// and write the same class files; the layer's report of each run must be empty (leaks ignored).
//   real_bench [--runs N] [--sources ZIP] [--module NAME] [--jacoco JAR]
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "../whole_process.hpp"

namespace fs = std::filesystem;

namespace {

using bench::slurp;
using Result = bench::ProcessRun;

// Runs `command` through the shell, exec'd so that the time is the JVM's from fork to exit.
Result run(const std::string& command, const fs::path& outFile) { return bench::runWholeProcess(command, outFile); }

// One number for a tree of files: FNV-1a over each relative path and its bytes, in path order.
std::uint64_t digest(const fs::path& dir) {
    std::vector<fs::path> files;
    for (const auto& e : fs::recursive_directory_iterator(dir))
        if (e.is_regular_file()) files.push_back(fs::relative(e.path(), dir));
    std::sort(files.begin(), files.end());
    std::uint64_t h = 1469598103934665603ULL;
    auto mix = [&h](const std::string& s) {
        for (const unsigned char c : s) h = (h ^ c) * 1099511628211ULL;
    };
    for (const fs::path& f : files) {
        mix(f.string());
        mix(slurp(dir / f));
    }
    return h;
}

// The report's lines other than its summary; empty when the layer had nothing to say.
std::string reportFindings(const fs::path& report) {
    std::istringstream in(slurp(report));
    std::string found;
    for (std::string line; std::getline(in, line);)
        if (!line.empty() && line.find(": summary:") == std::string::npos) found += line + "\n";
    return found;
}

struct Variant {
    std::string agent, how;  // the rows' two columns
    std::string flags;       // the JVM options that load it
    bool layered = false;
    std::size_t baseline = 0;  // the variant its ratio and output are measured against
    std::vector<double> times;
    std::string mismatch, findings;
};

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
}

bool shell(const std::string& command) { return std::system(command.c_str()) == 0; }

}  // namespace

int main(int argc, char** argv) {
    const std::string javaHome = JAVA_HOME, layer = LAYER_PATH;
    int runs = 3;
    std::string sources = javaHome + "/lib/src.zip", module = "jdk.compiler", jacocoJar = "/usr/share/java/org.jacoco.agent.jar";
    for (int i = 1; i + 1 < argc; ++i) {
        if (!std::strcmp(argv[i], "--runs")) runs = std::max(1, std::atoi(argv[++i]));
        else if (!std::strcmp(argv[i], "--sources")) sources = argv[++i];
        else if (!std::strcmp(argv[i], "--module")) module = argv[++i];
        else if (!std::strcmp(argv[i], "--jacoco")) jacocoJar = argv[++i];
    }
    const fs::path work = WORK_DIR, src = work / "src", out = work / "out";
    if (!fs::exists(sources)) {
        std::printf("real_bench: no %s (Debian's openjdk-17-source; or apt-get download it, dpkg -x it and give "
                    "--sources ZIP)\n", sources.c_str());
        return 1;
    }
    // The source tree: the module's directory of the zip, extracted once into the build tree.
    fs::create_directories(src);
    if (!fs::exists(src / module) &&
        !shell("cd '" + src.string() + "' && '" + javaHome + "/bin/jar' xf '" + sources + "' '" + module + "/'")) {
        std::printf("real_bench: could not extract %s/ from %s\n", module.c_str(), sources.c_str());
        return 1;
    }
    std::string fileList;
    long files = 0;
    for (const auto& e : fs::recursive_directory_iterator(src / module))
        if (e.path().extension() == ".java") fileList += e.path().string() + "\n", ++files;
    std::ofstream(work / "files.txt") << fileList;
    // JaCoCo's package holds its runnable agent as a jar inside a jar.
    const fs::path jacocoAgent = work / "jacocoagent.jar";
    if (!fs::exists(jacocoAgent) && fs::exists(jacocoJar))
        shell("cd '" + work.string() + "' && '" + javaHome + "/bin/jar' xf '" + jacocoJar + "' jacocoagent.jar");

    const fs::path report = work / ("report." + std::to_string(::getpid()));
    const std::string layerOpts = "-agentpath:" + layer + "=report=" + report.string() + ",report-ignore=leak.*,check=";
    std::vector<Variant> variants{{"none (javac alone)", "alone", "", false, 0, {}, {}, {}},
                                  {"none", "layer, check=spec", layerOpts + "spec,adopt=true", true, 0, {}, {}, {}}};
    // An agent's three rows: alone, behind the layer with check=spec and with check=strict.
    // `extra`: what the JVM does on its own for the direct form and must be told behind the layer.
    auto agent = [&](const std::string& name, const std::string& direct, const std::string& library, const std::string& opts,
                     const std::string& extra) {
        const std::size_t base = variants.size();
        variants.push_back({name, "alone", direct, false, base, {}, {}, {}});
        for (const char* check : {"spec", "strict"})
            variants.push_back({name, std::string("layer, check=") + check,
                                extra + layerOpts + check + ",agent=" + library + "=" + opts, true, base, {}, {}, {}});
    };
    if (fs::exists(jacocoAgent)) {
        const std::string opts = "destfile=" + (work / "jacoco.exec").string() + ",append=false";
        agent("JaCoCo 0.8 (coverage)", "-javaagent:" + jacocoAgent.string() + "=" + opts, javaHome + "/lib/libinstrument.so",
              jacocoAgent.string() + "=" + opts, "--add-modules=java.instrument ");  // javac runs from a named module
    } else std::printf("JaCoCo: skipped, no %s (Debian's libjacoco-java)\n", jacocoJar.c_str());
    const std::string jdwp = "transport=dt_socket,server=y,suspend=n,address=localhost:0,quiet=y";
    agent("JDWP (debugger, none attached)", "-agentlib:jdwp=" + jdwp, javaHome + "/lib/libjdwp.so", jdwp, "");

    const std::string javac = " -m jdk.compiler/com.sun.tools.javac.Main --patch-module " + module + "=" + (src / module).string() +
                              " -proc:none -implicit:none -Xlint:none -nowarn -XDignore.symbol.file -d " + out.string() +
                              " @" + (work / "files.txt").string();
    std::string loadAtStart = slurp("/proc/loadavg");
    loadAtStart = loadAtStart.substr(0, loadAtStart.find(' '));
    std::vector<std::string> outputs(variants.size());
    std::vector<int> statuses(variants.size());
    std::vector<std::uint64_t> classes(variants.size());
    for (int round = 0; round < runs; ++round)
        for (std::size_t v = 0; v < variants.size(); ++v) {
            Variant& x = variants[v];
            fs::remove_all(out);
            fs::remove(report);
            const Result r = run(javaHome + "/bin/java -Xshare:auto " + x.flags + javac, work / "output.txt");
            x.times.push_back(r.seconds);
            if (x.layered) x.findings += reportFindings(report);
            if (round > 0) continue;  // what a run prints and writes: compared in the first round
            statuses[v] = r.status;
            outputs[v] = r.out;
            classes[v] = fs::exists(out) ? digest(out) : 0;
            const std::size_t b = x.baseline;
            if (statuses[v] != statuses[b]) x.mismatch += " exit " + std::to_string(r.status) + ";";
            if (outputs[v] != outputs[b]) x.mismatch += " output differs;";
            if (classes[v] != classes[0]) x.mismatch += " class files differ;";
        }
    fs::remove(report);

    std::string load = slurp("/proc/loadavg");
    load = load.substr(0, load.find(' '));
    std::printf("real_bench: javac compiling %s (%ld files), JDK %s; median and min of %d interleaved rounds, "
                "wall time of the whole java process; load average %s at the start, %s at the end\n\n",
                module.c_str(), files, fs::path(javaHome).lexically_normal().string().c_str(), runs, loadAtStart.c_str(),
                load.c_str());
    std::printf("| %-30s | %-19s | %8s | %8s | %7s | %-28s |\n", "agent", "run", "median s", "min s", "ratio",
                "javac's exit, output, classes");
    std::printf("|%s|%s|%s|%s|%s|%s|\n", std::string(32, '-').c_str(), std::string(21, '-').c_str(),
                std::string(10, '-').c_str(), std::string(10, '-').c_str(), std::string(9, '-').c_str(),
                std::string(30, '-').c_str());
    for (std::size_t v = 0; v < variants.size(); ++v) {
        const Variant& x = variants[v];
        const double m = median(x.times), base = median(variants[x.baseline].times);
        const std::string same = v == x.baseline ? "exit " + std::to_string(statuses[v]) + ", baseline"
                                 : x.mismatch.empty() ? "same" : x.mismatch;
        std::printf("| %-30s | %-19s | %8.2f | %8.2f | %7.3f | %-28s |\n", x.agent.c_str(), x.how.c_str(), m,
                    *std::min_element(x.times.begin(), x.times.end()), m / base, same.c_str());
    }
    std::printf("\nthe layer's reports (leak.* ignored):");
    bool clean = true;
    for (const Variant& x : variants)
        if (x.layered && !x.findings.empty()) {
            clean = false;
            std::printf("\n%s, %s:\n%s", x.agent.c_str(), x.how.c_str(), x.findings.c_str());
        }
    std::printf("%s\ntarget: check=spec at most 1.05 against the agent alone\n", clean ? " empty in every run" : "");
    return 0;
}
