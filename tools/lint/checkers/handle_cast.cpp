// handle.from_integer: a jmethodID, jfieldID or JNI reference (jobject, jclass, jthread, ...)
// made from an integer. The VM hands these out; a value made up (or kept in an integer and cast
// back) names nothing the VM knows. NULL (a null pointer constant) is allowed. A check of the
// AST alone, run over every function of the agent's code before the path-sensitive analysis.
#include "checkers/ast_checks.hpp"
#include "model/api.hpp"
#include "model/ast_visitor.hpp"
#include "model/place.hpp"
#include "model/roles.hpp"

namespace jvmtilint {

using namespace clang;

namespace {

class CastFinder : public RecursiveASTVisitor<CastFinder> {
public:
    CastFinder(ASTContext& ast, const std::string& directory, std::vector<Finding>& out)
        : ast_(ast), directory_(directory), out_(out) {}

    bool TraverseFunctionDecl(FunctionDecl* fd) {
        const FunctionDecl* outer = function_;
        function_ = fd;
        const bool ok = RecursiveASTVisitor::TraverseFunctionDecl(fd);
        function_ = outer;
        return ok;
    }

    bool VisitCastExpr(CastExpr* ce) {
        if (ce->getCastKind() != CK_IntegralToPointer) return true;
        if (ce->getSubExpr()->isNullPointerConstant(ast_, Expr::NPC_ValueDependentIsNotNull)) return true;
        const auto* written = dyn_cast<ExplicitCastExpr>(ce);
        const QualType to = written ? written->getTypeAsWritten() : ce->getType();
        std::string which;
        if (!isTypedefNamed(to, jvmti_lint::handleTypes, jvmti_lint::handleTypeCount, &which)) return true;
        Finding f;
        f.rule = "handle.from_integer";
        f.message = "a " + which + " is made from an integer: only the VM hands out " + which +
                    " values, through JVMTI and JNI functions and events";
        f.at = placeOf(ce->getBeginLoc(), ast_.getSourceManager(), directory_);
        if (function_ && function_->getIdentifier()) f.function = function_->getName().str();
        if (f.at.valid()) out_.push_back(std::move(f));
        return true;
    }

private:
    ASTContext& ast_;
    const std::string& directory_;
    std::vector<Finding>& out_;
    const FunctionDecl* function_ = nullptr;
};

}  // namespace

void findHandleCasts(ASTContext& ast, const std::string& directory, std::vector<Finding>& out) {
    CastFinder finder(ast, directory, out);
    const SourceManager& sm = ast.getSourceManager();
    for (Decl* d : ast.getTranslationUnitDecl()->decls())
        if (isAgentCode(d, sm)) finder.TraverseDecl(d);
}

}  // namespace jvmtilint
