// jvmti-lint's checkers, registered with the analyzer by the tool itself (no plugin): the call
// model first, then one checker per rule, each in its own file.
#pragma once

#include <string>
#include <vector>

namespace clang::ento {
class CheckerManager;
class CheckerRegistry;
}  // namespace clang::ento

namespace jvmtilint {

// Each checker's registration function (defined in its file).
void registerOutValueChecker(clang::ento::CheckerManager& manager);
void registerDeallocateChecker(clang::ento::CheckerManager& manager);
void registerFreeChecker(clang::ento::CheckerManager& manager);
void registerLeakChecker(clang::ento::CheckerManager& manager);
void registerUseAfterDeallocateChecker(clang::ento::CheckerManager& manager);
void registerNullArgumentChecker(clang::ento::CheckerManager& manager);
void registerPhaseChecker(clang::ento::CheckerManager& manager);
void registerCallbackUnsafeChecker(clang::ento::CheckerManager& manager);
void registerCallbackJniChecker(clang::ento::CheckerManager& manager);
void registerLocalRefChecker(clang::ento::CheckerManager& manager);
void registerRawMonitorChecker(clang::ento::CheckerManager& manager);
void registerDisposedEnvChecker(clang::ento::CheckerManager& manager);
void registerLocalStorageChecker(clang::ento::CheckerManager& manager);

// Adds every checker to the registry under "jvmti.<Name>".
void addCheckers(clang::ento::CheckerRegistry& registry);
// Their full names, for the analyzer's options (all enabled).
std::vector<std::string> checkerNames();

// The rules the checkers report (an id, or a family such as "{function}.phase"), with what
// each finds; the capability rule, judged over all files, among them.
struct RuleFamily {
    const char* id;
    const char* finds;
};
std::vector<RuleFamily> ruleFamilies();

}  // namespace jvmtilint
