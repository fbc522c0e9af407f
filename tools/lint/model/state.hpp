// What the checkers keep in the analyzer's program state, per path: the JVMTI memory the agent
// holds, the out-values of calls that failed, local references, destroyed raw monitors and
// disposed environments, memory from the C library, and the context the path runs in (the
// phase, a restricted callback, an event handler). The call model (call_model.cpp) writes most
// of it; each checker reads what its rule needs. The traits are shared between the checkers'
// files, so they are declared here and their keys defined once (state.cpp).
#pragma once

#include <clang/AST/Stmt.h>
#include <clang/StaticAnalyzer/Core/PathSensitive/ProgramState.h>
#include <clang/StaticAnalyzer/Core/PathSensitive/ProgramStateTrait.h>
#include <clang/StaticAnalyzer/Core/PathSensitive/SymExpr.h>
#include <llvm/ADT/FoldingSet.h>
#include <llvm/ADT/ImmutableMap.h>
#include <llvm/ADT/ImmutableSet.h>

#include "jvmti.h"

namespace jvmtilint {

// A block of JVMTI memory an out-value handed to the agent (or Allocate's).
struct Block {
    enum class Status : unsigned char { Allocated, Released };
    Status status = Status::Allocated;
    int function = -1;              // index into jvmti_metadata::functions
    int param = -1;                 // the out-parameter
    const char* field = nullptr;    // the field of the struct it points to, for allocated fields
    bool elements = false;          // each element holds JVMTI memory too
    bool elementsReleased = false;  // an element's memory was deallocated on this path
    clang::ento::SymbolRef count = nullptr;  // the element count, when known
    const clang::Stmt* site = nullptr;       // the call that allocated it
    unsigned userSite = 0;                   // raw SourceLocation of that call in the agent's code
    const clang::Stmt* releaseSite = nullptr;
    unsigned releaseUserSite = 0;

    bool allocated() const { return status == Status::Allocated; }
    bool operator==(const Block& o) const {
        return status == o.status && function == o.function && param == o.param && field == o.field &&
               elements == o.elements && elementsReleased == o.elementsReleased && count == o.count &&
               site == o.site && userSite == o.userSite && releaseSite == o.releaseSite &&
               releaseUserSite == o.releaseUserSite;
    }
    void Profile(llvm::FoldingSetNodeID& id) const {
        id.AddInteger(static_cast<unsigned>(status));
        id.AddInteger(function);
        id.AddInteger(param);
        id.AddPointer(field);
        id.AddBoolean(elements);
        id.AddBoolean(elementsReleased);
        id.AddPointer(count);
        id.AddPointer(site);
        id.AddInteger(userSite);
        id.AddPointer(releaseSite);
        id.AddInteger(releaseUserSite);
    }
};

// A call that failed on this path, for the out-values it leaves (and the environment whose
// local storage it did not set): what they hold is not the call's.
struct FailedOut {
    int function = -1;
    int param = -1;
    jvmtiError error = JVMTI_ERROR_NONE;  // the environmental error the path assumes
    const clang::Stmt* site = nullptr;
    unsigned userSite = 0;
    clang::ento::SymbolRef result = nullptr;  // the call's jvmtiError

    bool operator==(const FailedOut& o) const {
        return function == o.function && param == o.param && error == o.error && site == o.site &&
               userSite == o.userSite && result == o.result;
    }
    void Profile(llvm::FoldingSetNodeID& id) const {
        id.AddInteger(function);
        id.AddInteger(param);
        id.AddInteger(static_cast<int>(error));
        id.AddPointer(site);
        id.AddInteger(userSite);
        id.AddPointer(result);
    }
};

// Where a raw monitor was destroyed or an environment disposed.
struct Ended {
    const clang::Stmt* site = nullptr;
    unsigned userSite = 0;
    bool operator==(const Ended& o) const { return site == o.site && userSite == o.userSite; }
    void Profile(llvm::FoldingSetNodeID& id) const {
        id.AddPointer(site);
        id.AddInteger(userSite);
    }
};

namespace state {
struct Blocks {};
struct Garbage {};
struct LocalRefs {};
struct DestroyedMonitors {};
struct DisposedEnvs {};
struct CHeap {};
struct Phase {};
struct Restricted {};
struct InHandler {};
struct UnsetStorage {};

using BlockMap = llvm::ImmutableMap<clang::ento::SymbolRef, Block>;
using SymbolSet = llvm::ImmutableSet<clang::ento::SymbolRef>;
using EndedMap = llvm::ImmutableMap<clang::ento::SymbolRef, Ended>;
using FailedCallMap = llvm::ImmutableMap<clang::ento::SymbolRef, FailedOut>;
}  // namespace state

}  // namespace jvmtilint

// The traits: each names its value type; the keys (GDMIndex) are defined in state.cpp.
#define JVMTILINT_STATE_TRAIT(Name, Type)                                                          \
    template <>                                                                                    \
    struct clang::ento::ProgramStateTrait<jvmtilint::state::Name>                                  \
        : public clang::ento::ProgramStatePartialTrait<Type> {                                     \
        static void* GDMIndex();                                                                   \
    };

JVMTILINT_STATE_TRAIT(Blocks, jvmtilint::state::BlockMap)
// The values a failed call left in its out-values (a fresh symbol, or for a struct or array the
// symbol its fields and elements derive from).
JVMTILINT_STATE_TRAIT(Garbage, jvmtilint::state::FailedCallMap)
JVMTILINT_STATE_TRAIT(LocalRefs, jvmtilint::state::SymbolSet)
JVMTILINT_STATE_TRAIT(DestroyedMonitors, jvmtilint::state::EndedMap)
JVMTILINT_STATE_TRAIT(DisposedEnvs, jvmtilint::state::EndedMap)
JVMTILINT_STATE_TRAIT(CHeap, jvmtilint::state::SymbolSet)
// Environments whose SetEnvironmentLocalStorage failed on this path (param -1), by environment.
JVMTILINT_STATE_TRAIT(UnsetStorage, jvmtilint::state::FailedCallMap)
// The phase the path runs in (0: not known), the restricted callback it runs in (its name, or
// null), and whether it runs in an event handler (whose local references die with it).
JVMTILINT_STATE_TRAIT(Phase, unsigned)
JVMTILINT_STATE_TRAIT(Restricted, const void*)
JVMTILINT_STATE_TRAIT(InHandler, bool)

#undef JVMTILINT_STATE_TRAIT

namespace jvmtilint {

// The symbol a pointer value points into: the base of its region, when that is symbolic.
clang::ento::SymbolRef baseSymbol(clang::ento::SVal value);

// The JVMTI block that `value` points into or holds, if any.
const Block* blockOf(clang::ento::ProgramStateRef state, clang::ento::SVal value, clang::ento::SymbolRef* sym = nullptr);

// The failed call whose out-value `value` holds or is computed from, if any.
const FailedOut* garbageIn(clang::ento::ProgramStateRef state, clang::ento::SVal value, clang::ento::SymbolRef* sym = nullptr);

// The block whose array an element's value was read from (Deallocate(table[i].name) reads a
// symbol that lives in table's block): the block's symbol, or null.
clang::ento::SymbolRef containingBlock(clang::ento::ProgramStateRef state, clang::ento::SymbolRef element);

}  // namespace jvmtilint
