// local_storage.unset: SetEnvironmentLocalStorage may fail (with one of its environmental
// errors), and on that path the environment stays in use: the path ends without disposing of
// it, while the agent's code reads environment-local storage somewhere (GetEnvironmentLocalStorage),
// where this environment's then gives NULL. The finding is at the SetEnvironmentLocalStorage call,
// with the inject= rule that makes it fail. A path that stops the VM (abort(), or an entry
// point returning an error) ends nothing in use.
#include <clang/StaticAnalyzer/Core/Checker.h>
#include <clang/StaticAnalyzer/Core/CheckerManager.h>
#include <clang/StaticAnalyzer/Core/PathSensitive/CheckerContext.h>

#include "checkers/registry.hpp"
#include "model/api.hpp"
#include "model/report.hpp"
#include "model/roles.hpp"
#include "model/state.hpp"

namespace jvmtilint {

using namespace clang;
using namespace clang::ento;

namespace {

class LocalStorageChecker : public Checker<check::PreCall, check::EndFunction> {
public:
    void checkPreCall(const CallEvent& call, CheckerContext& c) const;
    void checkEndFunction(const ReturnStmt* ret, CheckerContext& c) const;

private:
    BugType type_{this, "environment in use after SetEnvironmentLocalStorage failed", kCategory};
};

// Disposing of the environment ends its use.
void LocalStorageChecker::checkPreCall(const CallEvent& call, CheckerContext& c) const {
    const auto jc = jvmtiCall(call);
    if (!jc || std::string(jc->meta->name) != jvmti_lint::disposeEnvironment) return;
    ProgramStateRef st = c.getState();
    if (SymbolRef env = baseSymbol(jc->env(call)); env && st->get<state::UnsetStorage>(env))
        c.addTransition(st->remove<state::UnsetStorage>(env));
}

void LocalStorageChecker::checkEndFunction(const ReturnStmt* ret, CheckerContext& c) const {
    if (!c.inTopFrame() || !currentTu() || !currentTu()->readsEnvironmentStorage) return;
    ProgramStateRef st = c.getState();
    const auto unset = st->get<state::UnsetStorage>();
    if (unset.isEmpty()) return;
    // An entry point that returns an error stops the VM.
    const auto* fd = dyn_cast_or_null<FunctionDecl>(c.getLocationContext()->getDecl());
    const Role* role = currentTu()->roleOf(fd);
    if (role && role->kind == Role::Kind::EntryPoint && ret && ret->getRetValue()) {
        const SVal value = c.getSVal(ret->getRetValue());
        if (st->isNull(value).isConstrainedFalse()) return;
    }
    ExplodedNode* node = c.generateNonFatalErrorNode();
    if (!node) return;
    for (const auto& [env, failed] : unset) {
        const auto& f = jvmti_metadata::functions[failed.function];
        Payload p;
        p.rule = "local_storage.unset";
        p.message = std::string(f.name) + " may fail, and on that path the environment stays in use without "
                    "local storage: whoever reads it with " + jvmti_lint::getEnvironmentLocalStorage + " gets NULL";
        p.at = failed.userSite;
        p.failedFunction = f.name;
        p.failedError = errorShortName(failed.error);
        p.failedAt = failed.userSite;
        emitPathReport(c, type_, node, p, {failed.result}, failed.site);
    }
}

}  // namespace

void registerLocalStorageChecker(CheckerManager& manager) { manager.registerChecker<LocalStorageChecker>(); }

}  // namespace jvmtilint
