// free.jvmti_memory: JVMTI memory handed to the C library's free(). JVMTI allocates with its
// own allocator; only Deallocate gives the memory back.
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

class FreeChecker : public Checker<check::PreCall> {
public:
    void checkPreCall(const CallEvent& call, CheckerContext& c) const {
        if (call.getNumArgs() != 1 || !isCFunction(call, jvmti_lint::cFree)) return;
        SymbolRef sym = nullptr;
        const Block* block = blockOf(c.getState(), call.getArgSVal(0), &sym);
        if (!block) return;
        const auto& f = jvmti_metadata::functions[block->function];
        Payload p;
        p.rule = "free.jvmti_memory";
        p.message = std::string("free() of memory from ") + f.name + ": JVMTI memory is given back with " +
                    jvmti_lint::deallocate;
        p.at = userSite(call.getOriginExpr(), c).getRawEncoding();
        // The block is gone (to the wrong allocator): no leak follows from it.
        emitPathReport(c, type_, c.generateNonFatalErrorNode(c.getState()->remove<state::Blocks>(sym)), p, {sym});
    }

private:
    BugType type_{this, "free() of JVMTI memory", kCategory};
};

}  // namespace

void registerFreeChecker(CheckerManager& manager) { manager.registerChecker<FreeChecker>(); }

}  // namespace jvmtilint
