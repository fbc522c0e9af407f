#include "checks/source_line.hpp"

#include <dwarf.h>
#include <elfutils/libdw.h>

#include <fcntl.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include <elfutils/libdwelf.h>

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

// The build-id of the ELF file open at `fd` equals `id`.
bool hasBuildId(int fd, const unsigned char* id, int length) {
    Elf* elf = elf_begin(fd, ELF_C_READ_MMAP, nullptr);
    if (elf == nullptr) return false;
    const void* own = nullptr;
    const ssize_t n = dwelf_elf_gnu_build_id(elf, &own);
    const bool same = n == length && own != nullptr && std::memcmp(own, id, static_cast<std::size_t>(n)) == 0;
    elf_end(elf);
    return same;
}

int findLocalDebuginfo(Dwfl_Module* module, void**, const char*, Dwarf_Addr, const char* fileName,
                       const char* debuglink, GElf_Word, char** debuginfoFileName) {
    try {
        const unsigned char* id = nullptr;
        GElf_Addr idAddress = 0;
        const int idLength = dwfl_module_build_id(module, &id, &idAddress);
        std::vector<std::string> candidates;
        if (idLength > 1) {
            static const char* const digits = "0123456789abcdef";
            std::string hex;
            for (int i = 0; i < idLength; ++i) {
                hex += digits[id[i] >> 4];
                hex += digits[id[i] & 15];
            }
            candidates.push_back("/usr/lib/debug/.build-id/" + hex.substr(0, 2) + "/" + hex.substr(2) + ".debug");
        }
        if (debuglink != nullptr && debuglink[0] != '\0' && std::strchr(debuglink, '/') == nullptr && fileName != nullptr) {
            const std::string dir = std::filesystem::path(fileName).parent_path().string();
            candidates.push_back(dir + "/" + debuglink);
            candidates.push_back(dir + "/.debug/" + debuglink);
            candidates.push_back("/usr/lib/debug" + dir + "/" + debuglink);
        }
        // dwz's shared file of a debug file (.gnu_debugaltlink) is named by its absolute path,
        // which is taken only inside the system's debug directory.
        const bool altFile = debuglink != nullptr && std::strncmp(debuglink, "/usr/lib/debug/", 15) == 0 &&
                             std::strstr(debuglink, "/../") == nullptr;
        if (altFile) candidates.push_back(debuglink);
        for (const auto& candidate : candidates) {
            if (fileName != nullptr && candidate == fileName) continue;
            const int fd = ::open(candidate.c_str(), O_RDONLY | O_CLOEXEC);
            if (fd < 0) continue;
            // Without a build-id to compare, a file found by name alone is not trusted.
            if (!(altFile && candidate == debuglink) && (idLength <= 1 || !hasBuildId(fd, id, idLength))) {
                ::close(fd);
                continue;
            }
            *debuginfoFileName = ::strdup(candidate.c_str());
            return fd;
        }
    } catch (...) {
    }
    return -1;
}

// Files reported by path are opened by libdwfl itself: there is nothing more to find.
int noOtherElf(Dwfl_Module*, void**, const char*, Dwarf_Addr, char**, Elf**) { return -1; }

}  // namespace

const Dwfl_Callbacks& localProcessCallbacks() {
    static char* debuginfoPath = nullptr;
    static const Dwfl_Callbacks callbacks = {dwfl_linux_proc_find_elf, findLocalDebuginfo, nullptr, &debuginfoPath};
    return callbacks;
}

const Dwfl_Callbacks& localOfflineCallbacks() {
    static char* debuginfoPath = nullptr;
    static const Dwfl_Callbacks callbacks = {noOtherElf, findLocalDebuginfo, dwfl_offline_section_address,
                                             &debuginfoPath};
    return callbacks;
}

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
