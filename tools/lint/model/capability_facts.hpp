// The capability rule's facts of one translation unit: which capabilities its code asks for
// (AddCapabilities' jvmtiCapabilities, filled field by field or from GetPotentialCapabilities;
// jvmti.hpp's Capability constants), and which calls and enabled events need one. The rule
// itself is judged over every file analysed together (tools/lint/capabilities.cpp).
#pragma once

#include <set>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
}

namespace jvmtilint {

struct CapabilityUse {
    std::string what;                       // the function, or the event enabled
    bool event = false;
    std::vector<std::string> capabilities;  // every one it needs
    std::string file;                       // as the compiler names it
    unsigned line = 0, column = 0;
    std::string enclosing;                  // the agent's function holding the use
};

struct CapabilityFacts {
    std::set<std::string> requested;
    bool everyPotential = false;  // AddCapabilities of what GetPotentialCapabilities returned
    std::vector<CapabilityUse> uses;
};

void collectCapabilityFacts(clang::ASTContext& ast, CapabilityFacts& facts);

}  // namespace jvmtilint
