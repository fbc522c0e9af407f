// The source line of an address in an agent library, from its DWARF (elfutils' libdw), as the
// layer names call sites and jvmti-check's sweep names crash frames.
#pragma once

#include <elfutils/libdwfl.h>

#include <string>

namespace jvmtilayer::checks {

// The agent's own line at `at` (a module address, bias included): the line table's line when it
// is in the compilation unit's own source file. Code from a header inlined there (jvmti.h's C++
// wrappers, a helper of the agent's own headers) has its line in that header: then the line in
// the unit's own file that called it, going out one inlined body at a time. False when the
// module has no line data there. `file` is made absolute from the unit's compilation directory.
bool agentSourceLine(Dwfl_Module* module, Dwarf_Addr at, std::string& file, int& line);

}  // namespace jvmtilayer::checks
