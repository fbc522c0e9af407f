#include "checks/call_site.hpp"
#include "checks/source_line.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

#include <cxxabi.h>
#include <dlfcn.h>
#include <dwarf.h>
#include <elfutils/libdw.h>
#include <elfutils/libdwfl.h>
#include <link.h>
#include <unistd.h>

#include "state/state.hpp"

namespace jvmtilayer::detail {
__attribute__((tls_model("initial-exec"))) constinit thread_local const void* callSite = nullptr;
std::uintptr_t codeStart = 0, codeSize = 0;
}  // namespace jvmtilayer::detail

namespace jvmtilayer::checks {

namespace {

// dl_iterate_phdr: the span of the loadable segments of the object containing `data`.
int spanOfObject(dl_phdr_info* info, std::size_t, void* data) {
    auto* span = static_cast<std::uintptr_t*>(data);  // in: an address; out: start, size
    std::uintptr_t lo = UINTPTR_MAX, hi = 0;
    for (int i = 0; i < info->dlpi_phnum; ++i) {
        const auto& ph = info->dlpi_phdr[i];
        if (ph.p_type != PT_LOAD) continue;
        lo = std::min<std::uintptr_t>(lo, info->dlpi_addr + ph.p_vaddr);
        hi = std::max<std::uintptr_t>(hi, info->dlpi_addr + ph.p_vaddr + ph.p_memsz);
    }
    if (span[0] < lo || span[0] >= hi) return 0;
    span[0] = lo;
    span[1] = hi - lo;
    return 1;
}

std::string hex(std::uintptr_t v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "0x%lx", static_cast<unsigned long>(v));
    return buf;
}

std::string demangled(const char* name) {
    int status = 0;
    std::unique_ptr<char, decltype(&std::free)> d(abi::__cxa_demangle(name, nullptr, nullptr, &status), &std::free);
    return status == 0 && d ? std::string(d.get()) : std::string(name);
}

std::string baseName(const char* path) {
    const char* slash = std::strrchr(path, '/');
    return slash ? slash + 1 : path;
}

std::mutex describing;  // libdw's session is not thread-safe; guards `described` too
// Names already found: a loop in an agent reports from one site again and again, and each
// lookup reads /proc/self/maps and the library's DWARF anew.
std::unordered_map<std::uintptr_t, std::string> described;

// The name of the call site `ra` returns to, read with libdw; the caller holds `describing`.
std::string lookUp(std::uintptr_t ra) {
    // The call instruction ends just before the return address: look up the byte before it.
    const Dwarf_Addr at = ra - 1;
    // A fresh session for each new site: agents load libraries as they run.
    std::unique_ptr<Dwfl, decltype(&dwfl_end)> dwfl(dwfl_begin(&localProcessCallbacks()), &dwfl_end);
    if (!dwfl || dwfl_linux_proc_report(dwfl.get(), ::getpid()) != 0 ||
        dwfl_report_end(dwfl.get(), nullptr, nullptr) != 0)
        return hex(ra);
    Dwfl_Module* module = dwfl_addrmodule(dwfl.get(), at);
    if (module == nullptr) return hex(ra);
    Dwarf_Addr base = 0;
    const char* path = dwfl_module_info(module, nullptr, &base, nullptr, nullptr, nullptr, nullptr, nullptr);
    std::string out = path ? baseName(path) : "?";
    GElf_Off offset = 0;
    GElf_Sym sym;
    const char* name = dwfl_module_addrinfo(module, at, &offset, &sym, nullptr, nullptr, nullptr);
    if (name != nullptr) out += "!" + demangled(name) + "+" + hex(offset + 1);
    else out += "+" + hex(ra - base);
    std::string file;
    int line = 0;
    if (agentSourceLine(module, at, file, line)) out += " (" + file + ":" + std::to_string(line) + ")";
    return out;
}

}  // namespace

void findLayerCode() noexcept {
    std::uintptr_t span[2] = {reinterpret_cast<std::uintptr_t>(&findLayerCode), 0};
    if (dl_iterate_phdr(spanOfObject, span) == 1) {
        detail::codeStart = span[0];
        detail::codeSize = span[1];
    }
}

const void* currentCallSite() noexcept { return detail::callSite; }

std::string describeCallSite(const void* returnAddress) {
    const auto ra = reinterpret_cast<std::uintptr_t>(returnAddress);
    if (ra == 0) return "an unknown call site";
    std::lock_guard<std::mutex> lock(describing);
    if (const auto it = described.find(ra); it != described.end()) return it->second;
    std::string name = lookUp(ra);
    try {
        described.emplace(ra, name);
    } catch (...) {
        // Out of memory: the name is found again next time.
    }
    return name;
}

}  // namespace jvmtilayer::checks
