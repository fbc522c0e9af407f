// The parts an agent's functions play, found in the translation unit before the path-sensitive
// analysis runs: the VM's entry points (Agent_OnLoad runs in the OnLoad phase), the event
// handlers an agent installs in jvmtiEventCallbacks (or with jvmti.hpp's Events::on), and the
// heap iteration callbacks it hands to the heap functions. The analyzer starts a path at each
// such function with the context its role gives (context.cpp).
#pragma once

#include <map>
#include <string>

#include <clang/AST/ASTContext.h>
#include <clang/AST/Decl.h>

#include "model/capability_facts.hpp"
#include "model/no_return.hpp"
#include "jvmti_lint_tables.hpp"

namespace jvmtilint {

struct Role {
    enum class Kind { EntryPoint, EventHandler, HeapCallback };
    Kind kind = Kind::EntryPoint;
    std::string name;            // Agent_OnLoad, the event (VMInit) or the callback type
    jvmtiPhase phase{};          // the phase it runs in; 0 when not one phase
    bool restricted = false;     // only callback-safe functions, no JNI
};

// What the checkers of one translation unit share: the roles, and the facts the capability
// rule gathers for the whole program.
struct TuContext {
    std::map<const clang::FunctionDecl*, Role> roles;  // by canonical declaration
    CapabilityFacts capabilities;
    NoReturnFacts noReturn;                // its functions that never return (no_return.hpp)
    bool readsEnvironmentStorage = false;  // the agent's code calls GetEnvironmentLocalStorage

    const Role* roleOf(const clang::FunctionDecl* fd) const;
};

// The translation unit being analysed (one at a time per thread).
TuContext*& currentTu();

// Finds the roles of the functions of the agent's own code (API and system headers skipped).
void collectRoles(clang::ASTContext& ast, TuContext& tu);

// Whether a declaration is the agent's own code: not in a system header nor an API header.
bool isAgentCode(const clang::Decl* d, const clang::SourceManager& sm);

}  // namespace jvmtilint
