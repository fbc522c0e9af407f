// Deallocate.mem.used_after: JVMTI memory read or written after Deallocate gave it back.
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

class UseAfterDeallocateChecker : public Checker<check::Location> {
public:
    void checkLocation(SVal location, bool, const Stmt* stmt, CheckerContext& c) const {
        ProgramStateRef st = c.getState();
        SymbolRef sym = nullptr;
        const Block* block = blockOf(st, location, &sym);
        if (!block || block->allocated()) return;
        const auto& f = jvmti_metadata::functions[block->function];
        Payload p;
        p.rule = "Deallocate.mem.used_after";
        p.message = std::string("memory from ") + f.name + " is used after " + jvmti_lint::deallocate + " gave it back";
        p.at = userSite(stmt, c).getRawEncoding();
        if (block->releaseUserSite) p.notes.emplace_back(block->releaseUserSite, "deallocated here");
        // Reported once: the block is no longer followed on this path.
        emitPathReport(c, type_, c.generateNonFatalErrorNode(st->remove<state::Blocks>(sym)), p, {sym});
    }

private:
    BugType type_{this, "JVMTI memory used after Deallocate", kCategory};
};

}  // namespace

void registerUseAfterDeallocateChecker(CheckerManager& manager) { manager.registerChecker<UseAfterDeallocateChecker>(); }

}  // namespace jvmtilint
