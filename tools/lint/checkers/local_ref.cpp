// local_ref.escape: a local reference of an event handler (a jobject, jclass or jthread
// parameter, a reference a JNI or JVMTI call returned there) stored where it outlives the
// handler: a global or static variable, memory reached through one, or the heap. The VM frees
// local references when the handler returns; what was stored then names no object (or another
// one). NewGlobalRef's result is the reference to keep.
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

// Whether memory at `region` outlives the handler, and where it is, in words.
std::string lasting(ProgramStateRef st, const MemRegion* region) {
    const MemRegion* base = region->getBaseRegion();
    if (const auto* symbolic = dyn_cast<SymbolicRegion>(base)) {
        SymbolRef sym = symbolic->getSymbol();
        if (st->get<state::Blocks>(sym)) return "JVMTI memory";
        if (st->contains<state::CHeap>(sym)) return "memory from the C library's allocator";
        // A pointer read from a global: what it points to is reachable after the handler.
        if (const MemRegion* origin = sym->getOriginRegion())
            if (isa<GlobalsSpaceRegion>(origin->getMemorySpace())) return "memory a global variable points to";
        return "";
    }
    const MemSpaceRegion* space = base->getMemorySpace();
    if (isa<GlobalsSpaceRegion>(space)) return "a global or static variable";
    if (isa<HeapSpaceRegion>(space)) return "the heap";
    return "";
}

class LocalRefChecker : public Checker<check::Bind> {
public:
    void checkBind(SVal location, SVal value, const Stmt* stmt, CheckerContext& c) const {
        ProgramStateRef st = c.getState();
        if (!st->get<state::InHandler>()) return;
        SymbolRef sym = value.getAsSymbol();
        if (!sym || !st->contains<state::LocalRefs>(sym)) return;
        const MemRegion* region = location.getAsRegion();
        if (!region) return;
        const std::string where = lasting(st, region);
        if (where.empty()) return;
        std::string name = region->getDescriptiveName(false);
        Payload p;
        p.rule = "local_ref.escape";
        p.message = "a local reference of the event handler is stored in " + where +
                    (name.empty() ? std::string() : " (" + name + ")") +
                    ", where it outlives the handler: store a global reference (NewGlobalRef) instead";
        p.at = userSite(stmt, c).getRawEncoding();
        emitPathReport(c, type_, c.generateNonFatalErrorNode(st->remove<state::LocalRefs>(sym)), p, {sym});
    }

private:
    BugType type_{this, "local reference outliving its handler", kCategory};
};

}  // namespace

void registerLocalRefChecker(CheckerManager& manager) { manager.registerChecker<LocalRefChecker>(); }

}  // namespace jvmtilint
