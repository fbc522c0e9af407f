// Deallocate.mem.double and Deallocate.mem.unknown (the layer's rules of the same names): a
// block of JVMTI memory deallocated a second time, and Deallocate of memory JVMTI did not hand
// out (the stack, a global, a string literal, malloc's memory, or a pointer into the middle of
// a block). Both corrupt the VM's heap; the layer refuses such calls at run time.
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

class DeallocateChecker : public Checker<check::PreCall> {
public:
    void checkPreCall(const CallEvent& call, CheckerContext& c) const;

private:
    BugType double_{this, "Deallocate twice", kCategory};
    BugType unknown_{this, "Deallocate of memory JVMTI did not allocate", kCategory};
};

// What kind of memory `v` points to, when it cannot be JVMTI's; "" otherwise.
std::string foreignMemory(ProgramStateRef st, SVal v) {
    const MemRegion* r = v.getAsRegion();
    if (!r) return "";
    r = r->StripCasts();
    const MemRegion* base = r->getBaseRegion();
    if (isa<StringRegion>(base)) return "a string literal";
    if (const auto* symbolic = dyn_cast<SymbolicRegion>(base)) {
        SymbolRef sym = symbolic->getSymbol();
        if (st->contains<state::CHeap>(sym)) return "memory the C library allocated";
        if (st->get<state::Blocks>(sym)) {
            const RegionOffset offset = r->getAsOffset();
            if (offset.isValid() && !offset.hasSymbolicOffset() && offset.getOffset() != 0)
                return "a pointer into the middle of a block";
        }
        return "";
    }
    const MemSpaceRegion* space = base->getMemorySpace();
    if (isa<StackSpaceRegion>(space)) return "memory on the stack";
    if (isa<GlobalsSpaceRegion>(space)) return "a global variable";
    return "";
}

void DeallocateChecker::checkPreCall(const CallEvent& call, CheckerContext& c) const {
    const auto jc = jvmtiCall(call);
    if (!jc || std::string(jc->meta->name) != jvmti_lint::deallocate) return;
    const SVal mem = jc->argValue(call, 0);
    ProgramStateRef st = c.getState();
    if (st->isNull(mem).isConstrainedTrue()) return;  // the spec lets mem be NULL
    const unsigned at = userSite(call.getOriginExpr(), c).getRawEncoding();

    SymbolRef sym = nullptr;
    if (const Block* block = blockOf(st, mem, &sym); block && !block->allocated()) {
        const auto& f = jvmti_metadata::functions[block->function];
        Payload p;
        p.rule = "Deallocate.mem.double";
        p.message = std::string("memory from ") + f.name + " is deallocated a second time";
        p.at = at;
        if (block->releaseUserSite) p.notes.emplace_back(block->releaseUserSite, "first deallocated here");
        emitPathReport(c, double_, c.generateNonFatalErrorNode(), p, {sym});
        return;
    }
    if (const std::string what = foreignMemory(st, mem); !what.empty()) {
        Payload p;
        p.rule = "Deallocate.mem.unknown";
        p.message = "Deallocate of " + what + ": Deallocate frees only memory that Allocate or a JVMTI function returned";
        p.at = at;
        emitPathReport(c, unknown_, c.generateNonFatalErrorNode(), p);
    }
}

}  // namespace

void registerDeallocateChecker(CheckerManager& manager) { manager.registerChecker<DeallocateChecker>(); }

}  // namespace jvmtilint
