#include "checks/source_line.hpp"

#include <dwarf.h>
#include <elfutils/libdw.h>

#include <cstdlib>
#include <filesystem>

namespace jvmtilayer::checks {

namespace {

// A name relative to the unit's compilation directory (ccache's base_dir, -fdebug-prefix-map)
// made absolute from that directory.
std::string absoluteSource(Dwarf_Die* cu, const char* name) {
    if (name[0] == '/' || cu == nullptr) return name;
    Dwarf_Attribute attr;
    const char* dir = dwarf_formstring(dwarf_attr(cu, DW_AT_comp_dir, &attr));
    if (dir == nullptr || dir[0] != '/') return name;
    return (std::filesystem::path(dir) / name).lexically_normal().string();
}

}  // namespace

bool agentSourceLine(Dwfl_Module* module, Dwarf_Addr at, std::string& file, int& line) {
    Dwarf_Addr bias = 0;
    Dwarf_Die* cu = dwfl_module_addrdie(module, at, &bias);
    std::string own;
    if (cu != nullptr)
        if (const char* name = dwarf_diename(cu)) own = absoluteSource(cu, name);
    std::string tableFile;
    int tableLine = 0;
    if (Dwfl_Line* l = dwfl_module_getsrc(module, at))
        if (const char* name = dwfl_lineinfo(l, nullptr, &tableLine, nullptr, nullptr, nullptr); name && tableLine > 0)
            tableFile = absoluteSource(cu, name);
    if (!tableFile.empty() && (own.empty() || tableFile == own)) {
        file = tableFile;
        line = tableLine;
        return true;
    }
    // A header's line: the inlined bodies around `at`, innermost first, each with the line it
    // was called from; the first call written in the unit's own file is the agent's line.
    bool found = false;
    std::string outerFile;
    int outerLine = 0;
    Dwarf_Die* scopes = nullptr;
    const int n = cu != nullptr ? dwarf_getscopes(cu, at - bias, &scopes) : 0;
    Dwarf_Files* files = nullptr;
    if (n > 0 && dwarf_getsrcfiles(cu, &files, nullptr) == 0) {
        for (int i = 0; i < n && !found; ++i) {
            if (dwarf_tag(&scopes[i]) != DW_TAG_inlined_subroutine) continue;
            Dwarf_Attribute attr;
            Dwarf_Word fileIndex = 0, lineNo = 0;
            if (dwarf_formudata(dwarf_attr(&scopes[i], DW_AT_call_file, &attr), &fileIndex) != 0 ||
                dwarf_formudata(dwarf_attr(&scopes[i], DW_AT_call_line, &attr), &lineNo) != 0)
                continue;
            const char* name = dwarf_filesrc(files, fileIndex, nullptr, nullptr);
            if (name == nullptr) continue;
            outerFile = absoluteSource(cu, name);
            outerLine = static_cast<int>(lineNo);
            found = outerFile == own;
        }
    }
    std::free(scopes);
    if (outerLine > 0) {
        file = outerFile;
        line = outerLine;
        return true;
    }
    if (tableFile.empty()) return false;
    file = tableFile;
    line = tableLine;
    return true;
}

}  // namespace jvmtilayer::checks
