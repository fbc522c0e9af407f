// {function}.env.invalid (the generated entries' rule): a JVMTI function called through an
// environment that DisposeEnvironment disposed of.
#include <clang/StaticAnalyzer/Core/Checker.h>
#include <clang/StaticAnalyzer/Core/CheckerManager.h>
#include <clang/StaticAnalyzer/Core/PathSensitive/CheckerContext.h>

#include "checkers/registry.hpp"
#include "model/api.hpp"
#include "model/report.hpp"
#include "model/state.hpp"

namespace jvmtilint {

using namespace clang;
using namespace clang::ento;

namespace {

class DisposedEnvChecker : public Checker<check::PreCall> {
public:
    void checkPreCall(const CallEvent& call, CheckerContext& c) const {
        const auto jc = jvmtiCall(call);
        if (!jc) return;
        const SVal env = jc->env(call);
        ProgramStateRef st = c.getState();
        SymbolRef sym = baseSymbol(env);
        const Ended* ended = sym ? st->get<state::DisposedEnvs>(sym) : nullptr;
        if (!ended) return;
        Payload p;
        p.rule = std::string(jc->meta->name) + ".env.invalid";
        p.message = std::string(jc->meta->name) + " is called through an environment that " +
                    jvmti_lint::disposeEnvironment + " disposed of";
        p.at = userSite(call.getOriginExpr(), c).getRawEncoding();
        if (ended->userSite) p.notes.emplace_back(ended->userSite, "disposed of here");
        emitPathReport(c, type_, c.generateNonFatalErrorNode(st->remove<state::DisposedEnvs>(sym)), p);
    }

private:
    BugType type_{this, "environment used after DisposeEnvironment", kCategory};
};

}  // namespace

void registerDisposedEnvChecker(CheckerManager& manager) { manager.registerChecker<DisposedEnvChecker>(); }

}  // namespace jvmtilint
