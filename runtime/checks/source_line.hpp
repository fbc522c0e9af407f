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

// libdwfl's callbacks with debug information looked for in local files only: the module's own
// file, then /usr/lib/debug by build-id, then its .gnu_debuglink beside it, in .debug/ there and
// under /usr/lib/debug; a separate file counts only when its build-id is the module's. Never a
// debuginfod server, whatever DEBUGINFOD_URLS says: a report must not make the JVM reach the
// network, nor wait on it. For modules of a running process (dwfl_linux_proc_report) and for
// files reported by path (dwfl_report_offline).
const Dwfl_Callbacks& localProcessCallbacks();
const Dwfl_Callbacks& localOfflineCallbacks();

}  // namespace jvmtilayer::checks
