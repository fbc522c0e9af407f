// Call sites: the return address of the agent's call into the layer, captured by every entry
// (jvmti_runtime::enteredFrom, one thread-local store) and named only when a report is
// printed: library!function+0xOFFSET, and (file:line) where the library has DWARF line data.
#pragma once

#include <string>

namespace jvmtilayer::checks {

// Finds the layer's own code, so that enteredFrom skips return addresses inside it. Call once
// at start-up, before any agent runs.
void findLayerCode() noexcept;

// The call site of the agent's current (or latest) call on this thread; nullptr if none. When
// the return address lies in a member of jvmti.h's _jvmtiEnv or of jvmti.hpp's jvmti::Env (an
// agent built at -O0, where they are not inlined), the stack is walked out past it to the
// agent's own line. Whether an address is such a member is looked up once; the walk costs a
// stack unwind, for those calls only.
const void* currentCallSite() noexcept;

// "libagent.so!function+0x1c (agent.cpp:42)", "libagent.so+0x1234" without a symbol,
// "0x7f..." outside any module. Looks the address up with elfutils' libdw; slow, for reports.
std::string describeCallSite(const void* returnAddress);

// The agent's source line of a call site, as describeCallSite names it (the file absolute):
// false when the library has no line data there. Looked up once per address, with the name.
bool callSiteLine(const void* returnAddress, std::string& file, int& line);

}  // namespace jvmtilayer::checks
