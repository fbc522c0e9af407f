// Loads both agents into the tiny VM, starts it, lets it call through its checking table,
// and checks every result and every check that fired. Exit status 0 when all match.
#include <cstdio>
#include <cstring>

#include "tinyvm.h"

namespace {

int failures = 0;

void expectInt(const char* what, int got, int expected) {
    std::printf("%s: %d%s\n", what, got, got == expected ? "" : " (WRONG)");
    if (got != expected) ++failures;
}

void expectText(const char* what, const char* got, const char* expected) {
    const bool same = std::strcmp(got, expected) == 0;
    std::printf("%s:\n%s\n", what, got);
    if (!same) {
        std::printf("(WRONG: expected)\n%s\n", expected);
        ++failures;
    }
}

}  // namespace

int main() {
    expectInt("quiet_agent Agent_OnLoad", tinyvm_load_agent(QUIET_AGENT, "quiet"), 0);
    expectInt("version_agent Agent_OnLoad", tinyvm_load_agent(VERSION_AGENT, nullptr), 0);
    tinyvm_start();
    char report[1024];
    expectInt("self check, calls with an unexpected result", tinyvm_self_check(report, sizeof report), 0);
    expectText("self check", report,
               "GetVersionNumber(env, NULL) = JVMTI_ERROR_NULL_POINTER\n"
               "GetVersionNumber(env, &version) = JVMTI_ERROR_NOT_AVAILABLE\n"
               "GetVersionNumber(foreign, &version) = JVMTI_ERROR_INVALID_ENVIRONMENT\n"
               "SuspendThread(env, NULL) = JVMTI_ERROR_MUST_POSSESS_CAPABILITY\n");
    expectText("violations", tinyvm_violations(),
               "GetFrameCount.phase GetVersionNumber.version_ptr.null GetVersionNumber.version_ptr.null "
               "GetVersionNumber.env.invalid SuspendThread.capability.can_suspend");
    std::printf(failures == 0 ? "consumer: all checks passed\n" : "consumer: %d checks FAILED\n", failures);
    return failures == 0 ? 0 : 1;
}
