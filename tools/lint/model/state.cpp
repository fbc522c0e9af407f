#include "model/state.hpp"

#include <clang/StaticAnalyzer/Core/PathSensitive/MemRegion.h>
#include <clang/StaticAnalyzer/Core/PathSensitive/SVals.h>

#define JVMTILINT_STATE_KEY(Name)                                               \
    void* clang::ento::ProgramStateTrait<jvmtilint::state::Name>::GDMIndex() {  \
        static int index;                                                       \
        return &index;                                                          \
    }

JVMTILINT_STATE_KEY(Blocks)
JVMTILINT_STATE_KEY(Garbage)
JVMTILINT_STATE_KEY(LocalRefs)
JVMTILINT_STATE_KEY(DestroyedMonitors)
JVMTILINT_STATE_KEY(DisposedEnvs)
JVMTILINT_STATE_KEY(CHeap)
JVMTILINT_STATE_KEY(Phase)
JVMTILINT_STATE_KEY(Restricted)
JVMTILINT_STATE_KEY(InHandler)
JVMTILINT_STATE_KEY(UnsetStorage)

namespace jvmtilint {

using namespace clang::ento;

SymbolRef baseSymbol(SVal value) {
    if (SymbolRef sym = value.getAsSymbol()) return sym;
    if (const MemRegion* region = value.getAsRegion())
        if (const auto* symbolic = llvm::dyn_cast<SymbolicRegion>(region->getBaseRegion()))
            return symbolic->getSymbol();
    return nullptr;
}

const Block* blockOf(ProgramStateRef state, SVal value, SymbolRef* sym) {
    SymbolRef s = baseSymbol(value);
    if (!s) return nullptr;
    const Block* block = state->get<state::Blocks>(s);
    if (block && sym) *sym = s;
    return block;
}

const FailedOut* garbageIn(ProgramStateRef state, SVal value, SymbolRef* found) {
    if (state->get<state::Garbage>().isEmpty()) return nullptr;
    SymbolRef root = value.getAsSymbol();
    if (!root) root = baseSymbol(value);
    if (!root) return nullptr;
    for (auto it = root->symbol_begin(), end = root->symbol_end(); it != end; ++it) {
        SymbolRef sym = *it;
        for (int depth = 0; sym && depth < 8; ++depth) {
            if (const FailedOut* f = state->get<state::Garbage>(sym)) {
                if (found) *found = sym;
                return f;
            }
            const auto* derived = llvm::dyn_cast<SymbolDerived>(sym);
            sym = derived ? derived->getParentSymbol() : nullptr;
        }
    }
    return nullptr;
}

SymbolRef containingBlock(ProgramStateRef state, SymbolRef element) {
    // The element was read from a region inside a block's region: table[i].name, props[i].
    for (int depth = 0; element && depth < 8; ++depth) {
        const MemRegion* origin = element->getOriginRegion();
        if (!origin) return nullptr;
        const auto* symbolic = llvm::dyn_cast<SymbolicRegion>(origin->getBaseRegion());
        if (!symbolic) return nullptr;
        SymbolRef base = symbolic->getSymbol();
        if (state->get<state::Blocks>(base)) return base;
        element = base;
    }
    return nullptr;
}

}  // namespace jvmtilint
