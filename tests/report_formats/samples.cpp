// The sample reports and the process and file helpers of the report-format tests (samples.hpp).
#include "samples.hpp"

#include <array>
#include <cstdio>
#include <fstream>
#include <random>
#include <sstream>
#include <stdexcept>
#include <sys/wait.h>

namespace samples {

using namespace jvmtireport;

JvmReport brokeRules() {
    JvmReport j;
    j.pid = 1234;
    j.mainClass = "agenttest.Main";
    j.commandLine = {"java", "-agentpath:/opt/lib/libjvmtilayer.so=check=strict,agent=/opt/libmisbehave.so", "-cp",
                     "app dir", "agenttest.Main"};
    j.jvm = "OpenJDK 64-Bit Server VM 17.0.15+6-Debian-1deb12u1";
    j.agents = {"/opt/libmisbehave.so"};
    j.checkMode = "strict";
    j.startTime = "2026-11-25T20:30:00Z";
    j.endTime = "2026-11-25T20:30:02.5Z";
    j.finished = true;
    j.textReport = "/tmp/jvmti-check.1234.report";

    RuleSeen bad;
    bad.id = "GetMethodName.method.invalid";
    bad.level = Level::Error;
    bad.rule = "method must be a jmethodID";
    bad.message = "refused with JVMTI_ERROR_INVALID_METHODID";
    bad.function = "GetMethodName";
    bad.reported = 7;
    bad.printed = 5;
    bad.sites = {{kGarbageSite, 3}, {kJniSite, 2}, {kOffsetSite, 1}};
    bad.otherSites = 1;

    RuleSeen leak;
    leak.id = "leak.Allocate";
    leak.rule = "JVMTI memory must be freed with Deallocate";
    leak.message = "2 blocks (64 bytes) never deallocated";
    leak.function = "Allocate";
    leak.reported = 2;
    leak.printed = 2;
    leak.ignored = true;
    leak.sites = {{"libmisbehave.so!Agent_OnLoad+0x40 (/work/main/tests/agents/src/misbehave.cpp:30)", 2}};

    RuleSeen unbound;
    unbound.id = "natives.unbound";
    unbound.level = Level::Warning;
    unbound.rule = "an agent's native method binds to a function of its library";
    unbound.message = "no function for agenttest.Main.nativeHello";
    unbound.reported = 1;
    unbound.printed = 1;
    unbound.sites = {{"0x7f12ab", 1}};

    RuleSeen noted;
    noted.id = "startup.agents";
    noted.level = Level::Info;
    noted.message = "1 agent behind the layer";
    noted.reported = 2;
    noted.printed = 2;
    noted.noSite = 2;

    j.rules = {bad, leak, unbound, noted};
    return j;
}

JvmReport clean() {
    JvmReport j;
    j.pid = 1300;
    j.mainClass = "app.Clean";
    j.commandLine = {"java", "-cp", "app", "app.Clean"};
    j.jvm = "OpenJDK 64-Bit Server VM 17.0.15+6-Debian-1deb12u1";
    j.agents = {"/opt/libcounter.so"};
    j.checkMode = "spec";
    j.startTime = "2026-11-25T20:31:00Z";
    j.endTime = "2026-11-25T20:31:01Z";
    j.finished = true;
    return j;
}

JvmReport died() {
    JvmReport j;
    j.pid = 1400;
    j.mainClass = "app.Crash";
    j.commandLine = {"java", "app.Crash"};
    j.checkMode = "spec";
    j.startTime = "2026-11-25T20:32:00Z";
    RuleSeen stale;
    stale.id = "GetClassSignature.klass.stale";
    stale.message = "refused with JVMTI_ERROR_INVALID_CLASS";
    stale.function = "GetClassSignature";
    stale.reported = 1;
    stale.printed = 1;
    stale.sites = {{kGarbageSite, 1}};
    j.rules = {stale};
    return j;
}

std::vector<CatalogueRule> catalogue() {
    return {{"GetMethodName.method.invalid", "GetMethodName", "method", "method must be a live jmethodID", "error",
             "JVMTI_ERROR_INVALID_METHODID", ""},
            {"leak.Allocate", "Allocate", "", "JVMTI memory must be freed with Deallocate", "error", "",
             "reported at exit, one report per call site"},
            {"natives.unbound", "", "", "an agent's native method binds to a function of its library", "warning", "",
             "reported; the VM throws UnsatisfiedLinkError"}};
}

TempDir::TempDir() {
    std::random_device random;
    for (int i = 0; i < 100; ++i) {
        auto p = fs::temp_directory_path() / ("report_formats_" + std::to_string(random()));
        if (fs::create_directory(p)) {
            path_ = p;
            return;
        }
    }
    throw std::runtime_error("no temporary directory");
}

TempDir::~TempDir() {
    std::error_code ignored;
    fs::remove_all(path_, ignored);
}

Run run(const std::string& command) {
    Run r;
    FILE* pipe = ::popen((command + " 2>&1").c_str(), "r");
    if (pipe == nullptr) return r;
    std::array<char, 4096> buffer;
    while (std::size_t n = std::fread(buffer.data(), 1, buffer.size(), pipe)) r.output.append(buffer.data(), n);
    const int status = ::pclose(pipe);
    if (status != -1 && WIFEXITED(status)) r.status = WEXITSTATUS(status);
    return r;
}

std::string shellQuote(const std::string& word) {
    std::string out = "'";
    for (char c : word) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

std::string readFile(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

void writeFile(const fs::path& p, const std::string& text) {
    std::ofstream out(p, std::ios::binary);
    out << text;
    if (!out) throw std::runtime_error("cannot write " + p.string());
}

}  // namespace samples
