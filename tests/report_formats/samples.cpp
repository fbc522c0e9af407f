// The sample reports of the report-format tests (samples.hpp).
#include "samples.hpp"

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

}  // namespace samples
