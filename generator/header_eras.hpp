// Conventions of the JDK's jvmti.h that changed from one release to the next, kept as data:
// each with the first JVMTI version whose header follows it and where that fact is recorded.
// None of them is written in jvmti.xml; OpenJDK's header stylesheet of each release made them.
// (The JVMTI_VERSION_* constants, data of the same kind, are in derive.hpp.)
#pragma once

#include <string>
#include <vector>

#include "model.hpp"

namespace jvmtigen {

// What the header of one release looks like where releases differ. Every member is false
// for the oldest header and turns true at the release its rule names.
struct HeaderConventions {
    // `Agent_OnAttach` is declared beside Agent_OnLoad/Agent_OnUnload.
    bool declaresAgentOnAttach = false;
    // Structure and union tags are the typedef's own name (`struct jvmtiThreadInfo`), not the
    // name with a leading underscore (`struct _jvmtiThreadInfo`).
    bool plainTags = false;
};

struct HeaderRule {
    Version from;            // the first release whose header has it
    std::string what;        // the convention, in words
    std::string source;      // where the fact is recorded
    bool HeaderConventions::*flag;
};

// Every rule, oldest first.
const std::vector<HeaderRule>& headerRules();

// The conventions of the header of JVMTI `version`.
HeaderConventions headerConventions(const Version& version);

// The tag of a structure or union typedef `id` in that header.
std::string structTag(const HeaderConventions& c, const std::string& id);

}  // namespace jvmtigen
