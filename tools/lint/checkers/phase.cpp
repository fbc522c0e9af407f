// {function}.phase (the generated entries' rule): a function called in a phase the spec does
// not allow it, where the path's phase is certain: from Agent_OnLoad (the OnLoad phase), from
// Agent_OnAttach or a live-phase event's handler (the live phase), from the VMStart handler
// (the start phase), and from any function of the agent they call (the analyzer follows calls
// into the same file).
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

// The function the path started in: Agent_OnLoad, a handler.
std::string topFunction(const CheckerContext& c) {
    const LocationContext* lc = c.getLocationContext();
    while (lc->getParent()) lc = lc->getParent();
    const auto* nd = dyn_cast_or_null<NamedDecl>(lc->getDecl());
    return nd ? nd->getNameAsString() : "";
}

class PhaseChecker : public Checker<check::PreCall> {
public:
    void checkPreCall(const CallEvent& call, CheckerContext& c) const {
        const auto jc = jvmtiCall(call);
        if (!jc || jc->meta->phaseCount == 0) return;
        const auto phase = static_cast<jvmtiPhase>(c.getState()->get<state::Phase>());
        if (!phase) return;
        for (int i = 0; i < jc->meta->phaseCount; ++i)
            if (jc->meta->phases[i] == phase) return;
        Payload p;
        p.rule = std::string(jc->meta->name) + ".phase";
        p.message = std::string(jc->meta->name) + " may be called " + phaseListWords(*jc->meta) + ", but " +
                    topFunction(c) + " runs in the " + phaseWords(phase) + " phase";
        p.at = userSite(call.getOriginExpr(), c).getRawEncoding();
        emitPathReport(c, type_, c.generateNonFatalErrorNode(), p);
    }

private:
    BugType type_{this, "function called in the wrong phase", kCategory};
};

}  // namespace

void registerPhaseChecker(CheckerManager& manager) { manager.registerChecker<PhaseChecker>(); }

}  // namespace jvmtilint
