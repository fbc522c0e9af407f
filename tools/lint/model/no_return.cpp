#include "model/no_return.hpp"

#include <algorithm>
#include <deque>
#include <map>
#include <memory>

#include "model/ast_visitor.hpp"
#include <clang/Analysis/CFG.h>
#include <clang/StaticAnalyzer/Core/PathSensitive/ExplodedGraph.h>

namespace jvmtilint {

using namespace clang;

namespace {

// Every function of the unit with a body.
class BodiesOfUnit : public RecursiveASTVisitor<BodiesOfUnit> {
public:
    std::vector<const FunctionDecl*> found;
    bool VisitFunctionDecl(FunctionDecl* fd) {
        if (fd->doesThisDeclarationHaveABody() && !fd->isDependentContext()) found.push_back(fd);
        return true;
    }
};

// Whether a block ends the path: it holds a call of a function that never returns.
bool blockEndsPath(const CFGBlock& block, const std::set<const FunctionDecl*>& endless) {
    if (block.hasNoReturnElement()) return true;
    for (const CFGElement& element : block) {
        const auto stmt = element.getAs<CFGStmt>();
        if (!stmt) continue;
        const auto* call = dyn_cast<CallExpr>(stmt->getStmt());
        const FunctionDecl* callee = call ? call->getDirectCallee() : nullptr;
        if (callee && (callee->isNoReturn() || endless.count(callee->getCanonicalDecl()))) return true;
    }
    return false;
}

// Whether some path from the entry reaches the exit without passing such a call.
bool reachesExit(const CFG& cfg, const std::set<const FunctionDecl*>& endless) {
    std::vector<bool> seen(cfg.getNumBlockIDs(), false);
    std::deque<const CFGBlock*> work{&cfg.getEntry()};
    seen[cfg.getEntry().getBlockID()] = true;
    while (!work.empty()) {
        const CFGBlock* block = work.front();
        work.pop_front();
        if (block == &cfg.getExit()) return true;
        if (blockEndsPath(*block, endless)) continue;
        for (const auto& next : block->succs()) {
            const CFGBlock* to = next.getReachableBlock();
            if (to == nullptr || seen[to->getBlockID()]) continue;
            seen[to->getBlockID()] = true;
            work.push_back(to);
        }
    }
    return false;
}

}  // namespace

NoReturnFacts findNoReturn(ASTContext& ast) {
    BodiesOfUnit bodies;
    bodies.TraverseDecl(ast.getTranslationUnitDecl());
    std::map<const FunctionDecl*, std::unique_ptr<CFG>> graphs;
    for (const FunctionDecl* fd : bodies.found) {
        if (fd->isNoReturn()) continue;  // the analyzer knows these already
        CFG::BuildOptions options;
        if (auto cfg = CFG::buildCFG(fd, fd->getBody(), &ast, options)) graphs.emplace(fd, std::move(cfg));
    }
    // A function that never returns can make its callers never return: until nothing changes.
    std::set<const FunctionDecl*> endless;
    for (bool changed = true; changed;) {
        changed = false;
        for (const auto& [fd, cfg] : graphs) {
            const FunctionDecl* canonical = fd->getCanonicalDecl();
            if (endless.count(canonical) || reachesExit(*cfg, endless)) continue;
            endless.insert(canonical);
            changed = true;
        }
    }
    NoReturnFacts facts;
    facts.decls = endless;
    for (const FunctionDecl* fd : endless) {
        const std::string name = fd->getQualifiedNameAsString();
        facts.all.insert(name);
        if (fd->isExternallyVisible()) facts.exported.insert(name);
    }
    return facts;
}

std::vector<std::string> callsOnPath(const ento::ExplodedNode* node) {
    // Each call the path made and came back from has a point after its statement: a call
    // stepped into returned on this path, so only the others can matter, but naming all is simpler
    // and no less right.
    std::set<std::string> names;
    for (const ento::ExplodedNode* n = node; n != nullptr; n = n->getFirstPred()) {
        const auto post = n->getLocationAs<PostStmt>();
        if (!post) continue;
        const auto* call = dyn_cast<CallExpr>(post->getStmt());
        const FunctionDecl* callee = call ? call->getDirectCallee() : nullptr;
        if (callee != nullptr && !callee->isNoReturn()) names.insert(callee->getQualifiedNameAsString());
    }
    return {names.begin(), names.end()};
}

}  // namespace jvmtilint
