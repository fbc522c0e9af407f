// out_value.unchecked: an out-value read on a path where its call may have failed with one of
// the function's environmental errors: the agent never looked at the result, or did not find
// JVMTI_ERROR_NONE there and went on. What the out-value holds then is not the call's (the
// layer's inject= fills it with 0x0badbad0). The call model records each out-value of a failed
// call; the first read of one on the path is the finding, with the inject= rule that makes the
// call fail at that line.
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

class OutValueChecker : public Checker<check::Location, check::Bind> {
public:
    void checkLocation(SVal location, bool isLoad, const Stmt* stmt, CheckerContext& c) const;
    void checkBind(SVal location, SVal value, const Stmt* stmt, CheckerContext& c) const;

private:
    BugType type_{this, "out-value of a call that may have failed", kCategory};
};

// The recorded region `region` lies in (itself, a field, an element), if any.
const MemRegion* recordedAround(ProgramStateRef st, const MemRegion* region) {
    for (const MemRegion* r = region; r; ) {
        if (st->get<state::FailedOuts>(r)) return r;
        const auto* sub = dyn_cast<SubRegion>(r);
        if (!sub || isa<MemSpaceRegion>(sub->getSuperRegion())) return nullptr;
        r = sub->getSuperRegion();
    }
    return nullptr;
}

void OutValueChecker::checkLocation(SVal location, bool isLoad, const Stmt* stmt, CheckerContext& c) const {
    if (!isLoad) return;
    ProgramStateRef st = c.getState();
    if (st->get<state::FailedOuts>().isEmpty()) return;
    const MemRegion* region = location.getAsRegion();
    if (!region) return;
    const MemRegion* recorded = recordedAround(st, region);
    if (!recorded) return;
    const FailedOut out = *st->get<state::FailedOuts>(recorded);
    const auto& f = jvmti_metadata::functions[out.function];
    const std::string param = f.params[out.param].name;
    Payload p;
    p.rule = "out_value.unchecked";
    p.message = std::string(f.name) + "'s out-value " + param + " is read, but " + f.name +
                " may have failed on this path: read it only after the call returned JVMTI_ERROR_NONE";
    p.at = userSite(stmt, c).getRawEncoding();
    p.failedFunction = f.name;
    p.failedError = errorShortName(out.error);
    p.failedAt = out.userSite;
    ExplodedNode* node = c.generateNonFatalErrorNode(st->remove<state::FailedOuts>(recorded));
    emitPathReport(c, type_, node, p, {out.result});
}

// The agent wrote the out-value itself: it holds the agent's value again.
void OutValueChecker::checkBind(SVal location, SVal, const Stmt*, CheckerContext& c) const {
    ProgramStateRef st = c.getState();
    const MemRegion* region = location.getAsRegion();
    if (!region || !st->get<state::FailedOuts>(region)) return;
    c.addTransition(st->remove<state::FailedOuts>(region));
}

}  // namespace

void registerOutValueChecker(CheckerManager& manager) { manager.registerChecker<OutValueChecker>(); }

}  // namespace jvmtilint
