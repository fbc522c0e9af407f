#include "checks/call_site.hpp"
#include "checks/source_line.hpp"

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <utility>

#include <cxxabi.h>
#include <dlfcn.h>
#include <dwarf.h>
#include <elfutils/libdw.h>
#include <elfutils/libdwfl.h>
#include <link.h>
#include <unistd.h>
#include <unwind.h>

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
// A call site as looked up: its name, and its source line when the library has line data.
struct Described {
    std::string name;
    std::string file;  // "" without line data
    int line = 0;
};
// Sites already found: a loop in an agent reports from one site again and again, and each
// lookup reads /proc/self/maps and the library's DWARF anew.
std::unordered_map<std::uintptr_t, Described> described;

// How many times the process has loaded and unloaded a library (glibc's counters, the same in
// every dl_iterate_phdr entry): a session made at other counts may know a library gone since, or
// another in its place.
int loadCounts(dl_phdr_info* info, std::size_t size, void* data) {
    auto* counts = static_cast<std::pair<unsigned long long, unsigned long long>*>(data);
    if (size >= offsetof(dl_phdr_info, dlpi_subs) + sizeof info->dlpi_subs) *counts = {info->dlpi_adds, info->dlpi_subs};
    return 1;  // the first entry is enough
}

// The module holding `at`, from one libdw session of this process kept between lookups (each
// reads /proc/self/maps and the libraries' symbols). It is made again when a library was loaded
// or unloaded since (else an address of a library loaded later could be taken for one of a
// library that lay there before, or for none), and when `at` lies in no module it knows. The
// caller holds `describing`.
Dwfl* session = nullptr;
std::pair<unsigned long long, unsigned long long> sessionCounts{0, 0};
Dwfl_Module* moduleAt(Dwarf_Addr at) {
    std::pair<unsigned long long, unsigned long long> counts{0, 0};
    dl_iterate_phdr(loadCounts, &counts);
    for (int attempt = 0; attempt < 2; ++attempt) {
        if (session == nullptr || attempt == 1 || counts != sessionCounts) {
            if (session != nullptr) dwfl_end(session);
            sessionCounts = counts;
            session = dwfl_begin(&localProcessCallbacks());
            if (session == nullptr || dwfl_linux_proc_report(session, ::getpid()) != 0 ||
                dwfl_report_end(session, nullptr, nullptr) != 0) {
                if (session != nullptr) dwfl_end(session);
                session = nullptr;
                return nullptr;
            }
        }
        if (Dwfl_Module* module = dwfl_addrmodule(session, at)) return module;
    }
    return nullptr;
}

// The call site `ra` returns to, read with libdw; the caller holds `describing`.
Described lookUp(std::uintptr_t ra) {
    // The call instruction ends just before the return address: look up the byte before it.
    const Dwarf_Addr at = ra - 1;
    Dwfl_Module* module = moduleAt(at);
    if (module == nullptr) return {hex(ra), "", 0};
    Dwarf_Addr base = 0;
    const char* path = dwfl_module_info(module, nullptr, &base, nullptr, nullptr, nullptr, nullptr, nullptr);
    std::string out = path ? baseName(path) : "?";
    GElf_Off offset = 0;
    GElf_Sym sym;
    const char* name = dwfl_module_addrinfo(module, at, &offset, &sym, nullptr, nullptr, nullptr);
    if (name != nullptr) out += "!" + demangled(name) + "+" + hex(offset + 1);
    else out += "+" + hex(ra - base);
    Described d;
    if (agentSourceLine(module, at, d.file, d.line)) out += " (" + d.file + ":" + std::to_string(d.line) + ")";
    else d.file.clear();
    d.name = std::move(out);
    return d;
}

// `ra` looked up once: later calls read the cache.
Described describedOnce(std::uintptr_t ra) {
    std::lock_guard<std::mutex> lock(describing);
    if (const auto it = described.find(ra); it != described.end()) return it->second;
    Described d = lookUp(ra);
    try {
        described.emplace(ra, d);
    } catch (...) {
        // Out of memory: the site is looked up again next time.
    }
    return d;
}

// At -O0 the C++ members of jvmti.h (_jvmtiEnv::GetThreadInfo, ...) and of jvmti.hpp
// (jvmti::Env::getFrameCount, ...) are functions of their own in the agent's library: an entry's
// return address then lies inside the member, the same for every call of that function. The
// agent's own line is where the member returns to, one frame further out. Their mangled names
// start so (jvmti.hpp's const members with _ZNK).
bool wrapperSymbol(const char* name) {
    return name != nullptr && (std::strncmp(name, "_ZN9_jvmtiEnv", 13) == 0 || std::strncmp(name, "_ZN5jvmti3Env", 13) == 0 ||
                               std::strncmp(name, "_ZNK5jvmti3Env", 14) == 0);
}

// The symbol containing `ra`, by libdw (the symbol table too, for members an agent built with
// -fvisibility=hidden keeps out of the dynamic one); the caller holds `describing`.
const char* symbolOf(std::uintptr_t ra) {
    const Dwarf_Addr at = ra - 1;
    Dwfl_Module* module = moduleAt(at);
    if (module == nullptr) return nullptr;
    GElf_Off offset = 0;
    GElf_Sym sym;
    return dwfl_module_addrinfo(module, at, &offset, &sym, nullptr, nullptr, nullptr);
}

// Whether a return address lies in such a member: looked up once per address (the dynamic
// symbol table first, libdw when no dynamic symbol covers it), then read from a fixed table
// without a lock. 0: not known yet, 1: the agent's own code, 2: a member of jvmti.h or jvmti.hpp.
struct Known {
    std::atomic<std::uintptr_t> address{0};
    std::atomic<unsigned char> kind{0};
};
constexpr std::size_t kKnownSlots = 4096;
Known known[kKnownSlots];

unsigned char classify(std::uintptr_t ra) {
    Dl_info info{};
    void* entry = nullptr;
    const int found = ::dladdr1(reinterpret_cast<const void*>(ra - 1), &info, &entry, RTLD_DL_SYMENT);
    const auto* sym = static_cast<const ElfW(Sym)*>(entry);
    if (found != 0 &&
        info.dli_sname != nullptr && sym != nullptr && sym->st_size > 0 &&
        ra - 1 - reinterpret_cast<std::uintptr_t>(info.dli_saddr) < sym->st_size)
        return wrapperSymbol(info.dli_sname) ? 2 : 1;
    std::lock_guard<std::mutex> lock(describing);
    return wrapperSymbol(symbolOf(ra)) ? 2 : 1;
}

bool inWrapper(std::uintptr_t ra) {
    const std::size_t home = (ra >> 4) * 0x9e3779b97f4a7c15ULL >> 52;  // 12 bits: kKnownSlots
    for (std::size_t probe = 0; probe < 8; ++probe) {
        Known& slot = known[(home + probe) % kKnownSlots];
        std::uintptr_t at = slot.address.load(std::memory_order_acquire);
        if (at == ra) {
            const unsigned char kind = slot.kind.load(std::memory_order_acquire);
            if (kind != 0) return kind == 2;
            return classify(ra) == 2;  // another thread is looking it up
        }
        if (at == 0 && slot.address.compare_exchange_strong(at, ra, std::memory_order_acq_rel)) {
            const unsigned char kind = classify(ra);
            slot.kind.store(kind, std::memory_order_release);
            return kind == 2;
        }
        if (at == ra) return classify(ra) == 2;  // taken by another thread for the same address
    }
    return classify(ra) == 2;  // the table is full around it: looked up each time
}

// Walks this thread's stack out to the frame that returns to `inner`, then past every frame
// that lies in a member of jvmti.h or jvmti.hpp: the first return address in the agent's own
// code. `inner` itself when it is not on the stack (a call that has returned).
struct Walk {
    std::uintptr_t inner;
    std::uintptr_t out = 0;
    bool passed = false;
    int frames = 0;
};
_Unwind_Reason_Code walkStep(_Unwind_Context* context, void* data) {
    auto* walk = static_cast<Walk*>(data);
    if (++walk->frames > 128) return _URC_END_OF_STACK;
    const std::uintptr_t ip = _Unwind_GetIP(context);
    if (!walk->passed) {
        walk->passed = ip == walk->inner;
        return _URC_NO_REASON;
    }
    if (ip != 0 && inWrapper(ip)) return _URC_NO_REASON;
    walk->out = ip;
    return _URC_END_OF_STACK;
}

}  // namespace

void findLayerCode() noexcept {
    std::uintptr_t span[2] = {reinterpret_cast<std::uintptr_t>(&findLayerCode), 0};
    if (dl_iterate_phdr(spanOfObject, span) == 1) {
        detail::codeStart = span[0];
        detail::codeSize = span[1];
    }
}

const void* currentCallSite() noexcept {
    const void* site = detail::callSite;
    const auto ra = reinterpret_cast<std::uintptr_t>(site);
    if (ra == 0) return site;
    try {
        if (!inWrapper(ra)) return site;
    } catch (...) {
        return site;  // the lookup's lock could not be taken: the member's own address
    }
    Walk walk{ra};
    _Unwind_Backtrace(walkStep, &walk);
    return walk.out != 0 ? reinterpret_cast<const void*>(walk.out) : site;
}

std::string describeCallSite(const void* returnAddress) {
    const auto ra = reinterpret_cast<std::uintptr_t>(returnAddress);
    if (ra == 0) return "an unknown call site";
    return describedOnce(ra).name;
}

bool callSiteLine(const void* returnAddress, std::string& file, int& line) {
    const auto ra = reinterpret_cast<std::uintptr_t>(returnAddress);
    if (ra == 0) return false;
    Described d = describedOnce(ra);
    if (d.file.empty()) return false;
    file = std::move(d.file);
    line = d.line;
    return true;
}

}  // namespace jvmtilayer::checks
