// out_value.unchecked: an out-value used on a path where its call may have failed with one of
// the function's environmental errors: the agent never looked at the result, or did not find
// JVMTI_ERROR_NONE there and went on. What the out-value holds then is not the call's (the
// layer's inject= fills it with 0x0badbad0). The call model gives each out-value of a failed
// call a value of its own; using it (dereferencing it, comparing or computing with it, passing
// it to a function) is the finding, with the inject= rule that makes the call fail at that line.
// Copying it (into the caller's out-parameter, say, beside the error returned) is no use.
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

class OutValueChecker
    : public Checker<check::Location, check::PreStmt<BinaryOperator>, check::BranchCondition, check::PreCall> {
public:
    void checkLocation(SVal location, bool, const Stmt* stmt, CheckerContext& c) const {
        use(c.getState(), location, stmt, c);
    }
    void checkPreStmt(const BinaryOperator* op, CheckerContext& c) const {
        if (op->isAssignmentOp() || op->isCommaOp()) return;
        ProgramStateRef st = c.getState();
        for (const Expr* side : {op->getLHS(), op->getRHS()})
            if (use(st, c.getSVal(side), side, c)) return;
    }
    void checkBranchCondition(const Stmt* condition, CheckerContext& c) const {
        use(c.getState(), c.getSVal(condition), condition, c);
    }
    void checkPreCall(const CallEvent& call, CheckerContext& c) const {
        ProgramStateRef st = c.getState();
        for (unsigned i = 0; i < call.getNumArgs(); ++i)
            if (use(st, call.getArgSVal(i), call.getArgExpr(i), c)) return;
    }

private:
    bool use(ProgramStateRef st, SVal value, const Stmt* stmt, CheckerContext& c) const;

    BugType type_{this, "out-value of a call that may have failed", kCategory};
};

bool OutValueChecker::use(ProgramStateRef st, SVal value, const Stmt* stmt, CheckerContext& c) const {
    SymbolRef sym = nullptr;
    const FailedOut* failed = garbageIn(st, value, &sym);
    if (!failed) return false;
    const FailedOut out = *failed;
    const auto& f = jvmti_metadata::functions[out.function];
    const std::string param = f.params[out.param].name;
    Payload p;
    p.rule = "out_value.unchecked";
    p.message = std::string(f.name) + "'s out-value " + param + " is used, but " + f.name +
                " may have failed on this path: use it only after the call returned JVMTI_ERROR_NONE";
    p.at = userSite(stmt, c).getRawEncoding();
    p.failedFunction = f.name;
    p.failedError = errorShortName(out.error);
    p.failedAt = out.userSite;
    ExplodedNode* node = c.generateNonFatalErrorNode(st->remove<state::Garbage>(sym));
    emitPathReport(c, type_, node, p, {out.result});
    return node != nullptr;
}

}  // namespace

void registerOutValueChecker(CheckerManager& manager) { manager.registerChecker<OutValueChecker>(); }

}  // namespace jvmtilint
