#include "model/interest.hpp"

#include <map>
#include <vector>

#include "jvmti_lint_tables.hpp"
#include "model/api.hpp"
#include "model/ast_visitor.hpp"

namespace jvmtilint {

using namespace clang;

namespace {

struct FunctionFacts {
    bool touches = false;
    std::set<const FunctionDecl*> callees;
};

class Scan : public RecursiveASTVisitor<Scan> {
public:
    std::map<const FunctionDecl*, FunctionFacts> facts;

    bool TraverseFunctionDecl(FunctionDecl* fd) { return within(fd, [&] { return RecursiveASTVisitor::TraverseFunctionDecl(fd); }); }
    bool TraverseCXXMethodDecl(CXXMethodDecl* md) { return within(md, [&] { return RecursiveASTVisitor::TraverseCXXMethodDecl(md); }); }
    bool TraverseCXXConstructorDecl(CXXConstructorDecl* cd) {
        return within(cd, [&] { return RecursiveASTVisitor::TraverseCXXConstructorDecl(cd); });
    }
    bool TraverseCXXDestructorDecl(CXXDestructorDecl* dd) {
        return within(dd, [&] { return RecursiveASTVisitor::TraverseCXXDestructorDecl(dd); });
    }

    bool VisitCallExpr(CallExpr* call) {
        if (!current_) return true;
        FunctionFacts& f = facts[current_];
        if (jvmtiCall(call, current_) || !jniCall(call, current_).empty()) f.touches = true;
        if (const FunctionDecl* callee = call->getDirectCallee()) {
            for (const char* allocator : jvmti_lint::cAllocators)
                if (callee->getIdentifier() && callee->getName() == allocator) f.touches = true;
            if (callee->getIdentifier() && callee->getName() == jvmti_lint::cFree) f.touches = true;
            // A member of jvmti.hpp's Env, or any function whose body the TU has.
            f.callees.insert(callee->getCanonicalDecl());
            if (!callee->hasBody()) {
                const auto* method = dyn_cast<CXXMethodDecl>(callee);
                if (method && recordName(method->getParent()) == jvmti_lint::cppEnv) f.touches = true;
            }
        }
        return true;
    }

private:
    template <class F>
    bool within(FunctionDecl* fd, F traverse) {
        const FunctionDecl* outer = current_;
        current_ = fd->getCanonicalDecl();
        facts[current_];
        const bool ok = traverse();
        current_ = outer;
        return ok;
    }

    const FunctionDecl* current_ = nullptr;
};

}  // namespace

std::set<const FunctionDecl*> functionsOfInterest(ASTContext& ast, const TuContext& tu) {
    Scan scan;
    scan.TraverseDecl(ast.getTranslationUnitDecl());
    std::set<const FunctionDecl*> out;
    for (const auto& [fd, f] : scan.facts)
        if (f.touches || tu.roleOf(fd)) out.insert(fd);
    // Callers of interesting functions, until nothing changes.
    for (bool grew = true; grew;) {
        grew = false;
        for (const auto& [fd, f] : scan.facts) {
            if (out.count(fd)) continue;
            for (const FunctionDecl* callee : f.callees)
                if (out.count(callee)) {
                    out.insert(fd);
                    grew = true;
                    break;
                }
        }
    }
    return out;
}

}  // namespace jvmtilint
