// Facts derived from the model that several emitters share: table slots, event slots,
// capability bit layout, the JVMTI_VERSION_* constants.
#pragma once

#include <string>
#include <vector>

#include "model.hpp"

namespace jvmtigen {

// One slot of jvmtiInterface_1_: slot `num` holds `fn`, or is reserved when fn is null.
struct FunctionSlot {
    int num;
    const Function* fn;
};
std::vector<FunctionSlot> functionTable(const Spec& spec);

// Event numbers from the lowest to the highest active event; `ev` null for reserved numbers.
struct EventSlot {
    int num;
    const Event* ev;
};
std::vector<EventSlot> eventTable(const Spec& spec);

// Active (not elided) items, in the order the header lists them.
std::vector<const Function*> activeFunctions(const Spec& spec);      // document order
std::vector<const Event*> activeEventsByName(const Spec& spec);      // sorted by id
std::vector<const Typedef*> activeTypedefs(const Spec& spec);        // document order
std::vector<const Callback*> activeCallbacks(const Spec& spec);      // document order
std::vector<const ErrorCode*> errorsByNum(const Spec& spec);

// Unnamed bit-field widths that pad the capability flags to 128 bits: first to a multiple of
// 16, then whole 16-bit units (the layout of every JDK header).
std::vector<int> capabilityPadding(size_t flags);

// JVMTI_VERSION_<suffix> constants the header declares for a spec of `version`. OpenJDK's
// jvmti.xml does not list them (its header stylesheet does); they are kept here as data:
// each constant with the release whose header introduced it.
struct VersionConstant {
    std::string name;  // JVMTI_VERSION_1_2
    std::string hex;   // 0x30010200
};
std::vector<VersionConstant> versionConstants(const Version& version);

}  // namespace jvmtigen
