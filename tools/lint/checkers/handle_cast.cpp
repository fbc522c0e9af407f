// handle.from_integer: a jmethodID, jfieldID or JNI reference (jobject, jclass, jthread, ...)
// made from an integer. The VM hands these out; a value made up (or kept in an integer and cast
// back) names nothing the VM knows. NULL (a null pointer constant) is allowed.
#include <clang/StaticAnalyzer/Core/BugReporter/BugReporter.h>
#include <clang/StaticAnalyzer/Core/Checker.h>
#include <clang/StaticAnalyzer/Core/CheckerManager.h>
#include <clang/StaticAnalyzer/Core/PathSensitive/AnalysisManager.h>

#include "checkers/registry.hpp"
#include "model/api.hpp"
#include "model/ast_visitor.hpp"
#include "model/report.hpp"

namespace jvmtilint {

using namespace clang;
using namespace clang::ento;

namespace {

class HandleCastChecker : public Checker<check::ASTCodeBody> {
public:
    void checkASTCodeBody(const Decl* d, AnalysisManager& manager, BugReporter& reporter) const;
};

class CastFinder : public RecursiveASTVisitor<CastFinder> {
public:
    CastFinder(const CheckerBase* checker, const Decl* d, AnalysisDeclContext* context, BugReporter& reporter)
        : checker_(checker), decl_(d), context_(context), reporter_(reporter) {}

    bool VisitCastExpr(CastExpr* ce) {
        if (ce->getCastKind() != CK_IntegralToPointer) return true;
        const Expr* from = ce->getSubExpr();
        if (from->isNullPointerConstant(decl_->getASTContext(), Expr::NPC_ValueDependentIsNotNull)) return true;
        const auto* written = dyn_cast<ExplicitCastExpr>(ce);
        const QualType to = written ? written->getTypeAsWritten() : ce->getType();
        std::string which;
        if (!isTypedefNamed(to, jvmti_lint::handleTypes, jvmti_lint::handleTypeCount, &which)) return true;
        Payload p;
        p.rule = "handle.from_integer";
        p.message = "a " + which + " is made from an integer: only the VM hands out " + which +
                    " values, through JVMTI and JNI functions and events";
        emitAstReport(reporter_, checker_, context_, decl_, ce, p);
        return true;
    }

private:
    const CheckerBase* checker_;
    const Decl* decl_;
    AnalysisDeclContext* context_;
    BugReporter& reporter_;
};

void HandleCastChecker::checkASTCodeBody(const Decl* d, AnalysisManager& manager, BugReporter& reporter) const {
    if (!d->hasBody()) return;
    CastFinder finder(this, d, manager.getAnalysisDeclContext(d), reporter);
    finder.TraverseStmt(d->getBody());
}

}  // namespace

void registerHandleCastChecker(CheckerManager& manager) { manager.registerChecker<HandleCastChecker>(); }

}  // namespace jvmtilint
