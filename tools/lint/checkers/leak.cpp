// leak.{function} (the layer's rule, per function that returns JVMTI memory): a block of JVMTI
// memory that no pointer reaches any more and that was never deallocated (an array whose count
// is 0 on the path holds none), and the elements of an allocated array that hold JVMTI memory
// of their own (GetSystemProperties' strings, GetLocalVariableTable's names and signatures)
// when the array is deallocated and none of its elements was. A block stays the agent's (no finding) once it is stored where the analysis
// cannot follow (a global, a structure reached through one, a call into code it cannot see),
// returned to the caller of the analysed function, or handed to JVMTI to keep. Memory that
// jvmti.hpp's owning types receive is theirs (they deallocate it): the call model does not
// track it.
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

class LeakChecker
    : public Checker<check::DeadSymbols, check::PreCall, check::PointerEscape, check::PreStmt<ReturnStmt>> {
public:
    void checkDeadSymbols(SymbolReaper& reaper, CheckerContext& c) const;
    void checkPreCall(const CallEvent& call, CheckerContext& c) const;
    ProgramStateRef checkPointerEscape(ProgramStateRef st, const InvalidatedSymbols& escaped, const CallEvent* call,
                                       PointerEscapeKind kind) const;
    void checkPreStmt(const ReturnStmt* ret, CheckerContext& c) const;

private:
    // A leak on a path that ends in a sink (exit(), abort()) is no leak.
    BugType type_{this, "JVMTI memory leak", kCategory, /*SuppressOnSink=*/true};
};

std::string what(const Block& b) {
    const auto& f = jvmti_metadata::functions[b.function];
    std::string out = f.name;
    if (b.param >= 0) out += std::string(" (") + f.params[b.param].name + (b.field ? std::string("->") + b.field : "") + ")";
    return out;
}

void LeakChecker::checkDeadSymbols(SymbolReaper& reaper, CheckerContext& c) const {
    ProgramStateRef st = c.getState();
    std::vector<std::pair<SymbolRef, Block>> leaked;
    bool changed = false;
    for (const auto& [sym, block] : st->get<state::Blocks>()) {
        if (!reaper.isDead(sym)) continue;
        // A NULL on this path is no memory (a call that returned none, checked by the agent);
        // nor is an array whose count is 0 on it: the VM returns none for no elements
        // (Allocate(0) gives NULL; HotSpot allocates no empty array).
        ConstraintManager& constraints = st->getConstraintManager();
        const bool null = constraints.isNull(st, sym).isConstrainedTrue();
        const bool empty = block.count && constraints.isNull(st, block.count).isConstrainedTrue();
        if (block.allocated() && !null && !empty) leaked.emplace_back(sym, block);
        st = st->remove<state::Blocks>(sym);
        changed = true;
    }
    if (!changed) return;
    if (leaked.empty()) {
        c.addTransition(st);
        return;
    }
    ExplodedNode* node = c.generateNonFatalErrorNode(st);
    if (!node) return;
    for (const auto& [sym, block] : leaked) {
        Payload p;
        p.rule = std::string("leak.") + jvmti_metadata::functions[block.function].name;
        p.message = "JVMTI memory from " + what(block) + " is never deallocated";
        p.at = block.userSite;
        emitPathReport(c, type_, node, p, {sym}, block.site);
    }
}

// Deallocate of an array whose elements hold JVMTI memory, none of which was deallocated.
void LeakChecker::checkPreCall(const CallEvent& call, CheckerContext& c) const {
    const auto jc = jvmtiCall(call);
    if (!jc || std::string(jc->meta->name) != jvmti_lint::deallocate) return;
    ProgramStateRef st = c.getState();
    SymbolRef sym = nullptr;
    const Block* block = blockOf(st, jc->argValue(call, 0), &sym);
    if (!block || !block->allocated() || !block->elements || block->elementsReleased) return;
    if (block->count) {
        // No element when the count is 0 on this path.
        SValBuilder& svb = c.getSValBuilder();
        const SVal count = svb.makeSymbolVal(block->count);
        const SVal positive = svb.evalBinOp(st, BO_GT, count, svb.makeZeroVal(block->count->getType()),
                                            svb.getConditionType());
        if (auto cond = positive.getAs<DefinedOrUnknownSVal>(); cond && !st->assume(*cond, true)) return;
    }
    Block seen = *block;
    seen.elementsReleased = true;
    ExplodedNode* node = c.generateNonFatalErrorNode(st->set<state::Blocks>(sym, seen));
    Payload p;
    p.rule = std::string("leak.") + jvmti_metadata::functions[block->function].name;
    p.message = "the elements of " + what(*block) +
                " hold JVMTI memory of their own, which is lost when the array is deallocated before them";
    p.at = block->userSite;
    p.notes.emplace_back(userSite(call.getOriginExpr(), c).getRawEncoding(),
                         "the array is deallocated here, none of its elements' memory before it");
    emitPathReport(c, type_, node, p, {sym});
}

ProgramStateRef LeakChecker::checkPointerEscape(ProgramStateRef st, const InvalidatedSymbols& escaped, const CallEvent*,
                                                PointerEscapeKind) const {
    for (SymbolRef sym : escaped)
        if (st->get<state::Blocks>(sym)) st = st->remove<state::Blocks>(sym);
    return st;
}

// Returned from the analysed function: its caller, which the analysis does not see, owns it.
void LeakChecker::checkPreStmt(const ReturnStmt* ret, CheckerContext& c) const {
    if (!c.inTopFrame() || !ret->getRetValue()) return;
    ProgramStateRef st = c.getState();
    SymbolRef sym = nullptr;
    if (blockOf(st, c.getSVal(ret->getRetValue()), &sym)) c.addTransition(st->remove<state::Blocks>(sym));
}

}  // namespace

void registerLeakChecker(CheckerManager& manager) { manager.registerChecker<LeakChecker>(); }

}  // namespace jvmtilint
