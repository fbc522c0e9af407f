// A JVM crash as HotSpot's error file (hs_err_pidPID.log) tells it: the signal, the
// problematic frame, the first native frames, and the frames of the agent's own library named
// at their source lines (read from the library's DWARF with elfutils' libdw).
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace jvmticheck {

struct CrashFrame {
    std::string text;      // "C  [libfaulty.so+0x1234]  onVMInit(...)+0x4b", as the file has it
    std::string library;   // libfaulty.so ("" for Java and VM frames without one)
    std::uint64_t offset = 0;
    std::string where;     // for the agent's frames: "libfaulty.so!onVMInit+0x4b (/src/faulty.cpp:54)"
    bool fromStack = false;  // not a frame HotSpot walked: a return address found on the stack
};

struct Crash {
    std::string hsErr;             // the file
    std::string signal;            // "SIGSEGV (0xb) at pc=0x00007f..., pid=4711, tid=4712"
    std::string problematicFrame;  // "C  [libc.so.6+0x15d9bd]  __strlen_avx2+0x1d"
    std::vector<CrashFrame> frames;  // the first native frames (at most `keep`)
};

// Reads an hs_err file's text; `file` names it. The frames of a library named in `agents`
// (file names) get their `where` from that library's path in the file's "Dynamic libraries".
Crash parseHsErr(const std::string& text, const std::string& file, const std::set<std::string>& agents, std::size_t keep = 6);

// "LIBRARY!function+0xOFFSET (FILE:LINE)" for the code at `offset` in the ELF file `path`
// (`returnAddress`: the byte before it is looked up, the call's); "" when it has no symbols.
std::string describeOffset(const std::string& path, std::uint64_t offset, bool returnAddress);

// The hs_err files HotSpot wrote for the JVMs `pids` into `dir` (a run's own directory, where
// --hs-err-dir sends them): hs_err_pidPID.log for each of `pids`, regular files of this user.
std::vector<std::filesystem::path> hsErrFiles(const std::filesystem::path& dir, const std::set<int>& pids);

}  // namespace jvmticheck
