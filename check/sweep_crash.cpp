#include "sweep_crash.hpp"

#include "checks/source_line.hpp"

#include <cxxabi.h>
#include <dwarf.h>
#include <elfutils/libdw.h>
#include <elfutils/libdwfl.h>

#include <algorithm>
#include <cstdlib>
#include <map>
#include <memory>
#include <regex>
#include <sstream>

namespace jvmticheck {

namespace fs = std::filesystem;

namespace {

std::string hex(std::uint64_t v) {
    std::ostringstream s;
    s << "0x" << std::hex << v;
    return s.str();
}

std::string demangled(const char* name) {
    int status = 0;
    std::unique_ptr<char, decltype(&std::free)> d(abi::__cxa_demangle(name, nullptr, nullptr, &status), &std::free);
    std::string out = status == 0 && d ? d.get() : name;
    // "f(int, char*)" -> "f": the site names functions without their parameters, as the layer does.
    if (const auto paren = out.find('('); paren != std::string::npos && paren > 0) out.resize(paren);
    return out;
}

}  // namespace

std::string describeOffset(const std::string& path, std::uint64_t offset, bool returnAddress) {
    static char* debuginfoPath = nullptr;
    static const Dwfl_Callbacks callbacks = {dwfl_build_id_find_elf, dwfl_standard_find_debuginfo,
                                             dwfl_offline_section_address, &debuginfoPath};
    std::unique_ptr<Dwfl, decltype(&dwfl_end)> dwfl(dwfl_begin(&callbacks), &dwfl_end);
    if (!dwfl) return "";
    const std::string name = fs::path(path).filename().string();
    Dwfl_Module* module = dwfl_report_offline(dwfl.get(), name.c_str(), path.c_str(), -1);
    if (module == nullptr || dwfl_report_end(dwfl.get(), nullptr, nullptr) != 0) return "";
    Dwarf_Addr low = 0;
    dwfl_module_info(module, nullptr, &low, nullptr, nullptr, nullptr, nullptr, nullptr);
    const Dwarf_Addr at = low + offset - (returnAddress && offset > 0 ? 1 : 0);
    std::string out = name;
    GElf_Off symOffset = 0;
    GElf_Sym sym;
    if (const char* symbol = dwfl_module_addrinfo(module, at, &symOffset, &sym, nullptr, nullptr, nullptr))
        out += "!" + demangled(symbol) + "+" + hex(symOffset + (returnAddress ? 1 : 0));
    else
        out += "+" + hex(offset);
    std::string file;
    int line = 0;
    if (jvmtilayer::checks::agentSourceLine(module, at, file, line)) out += " (" + file + ":" + std::to_string(line) + ")";
    return out;
}

Crash parseHsErr(const std::string& text, const std::string& file, const std::set<std::string>& agents, std::size_t keep) {
    Crash crash;
    crash.hsErr = file;
    static const std::regex signal(R"(^#\s+(SIG[A-Z0-9]+ \(0x[0-9a-f]+\).*)$)");
    static const std::regex frame(R"(^[A-Za-z]\s+\[([^\]+]+)\+(0x[0-9a-f]+)\].*$)");
    static const std::regex library(R"(^[0-9a-f]+-[0-9a-f]+\s+\S+\s+\S+\s+\S+\s+\S+\s+(/\S.*)$)");
    static const std::regex slot(R"(^stack at sp \+ \d+ slots: (0x[0-9a-f]+): <offset (0x[0-9a-f]+)> in (/\S+) at 0x[0-9a-f]+$)");
    static const std::regex code(R"(^([0-9a-f]+)-([0-9a-f]+)\s+r-xp\s.*\s(/\S.*)$)");
    std::map<std::string, std::string> paths;  // library file name -> its path
    std::vector<std::pair<std::uint64_t, std::uint64_t>> agentCode;  // the agents' executable mappings
    std::vector<CrashFrame> slots;  // words on the stack that point into an agent library
    std::vector<std::uint64_t> slotAddresses;
    std::istringstream lines(text);
    enum { Other, Problematic, Native, Libraries } part = Other;
    for (std::string line; std::getline(lines, line);) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        std::smatch m;
        if (crash.signal.empty() && std::regex_match(line, m, signal)) crash.signal = m[1];
        if (std::regex_match(line, m, slot) && agents.count(fs::path(m[3].str()).filename().string())) {
            CrashFrame f;
            f.text = line;
            f.library = fs::path(m[3].str()).filename().string();
            f.offset = std::stoull(m[2].str(), nullptr, 16);
            slots.push_back(std::move(f));
            slotAddresses.push_back(std::stoull(m[1].str(), nullptr, 16));
            continue;
        }
        if (line.rfind("# Problematic frame:", 0) == 0) {
            part = Problematic;
            continue;
        }
        if (line.rfind("Native frames:", 0) == 0) {
            part = Native;
            continue;
        }
        if (line.rfind("Dynamic libraries:", 0) == 0) {
            part = Libraries;
            continue;
        }
        if (part == Problematic) {
            crash.problematicFrame = line.size() > 2 && line[0] == '#' ? line.substr(line.find_first_not_of("# ")) : line;
            part = Other;
        } else if (part == Native) {
            if (line.empty()) {
                part = Other;
                continue;
            }
            CrashFrame f;
            f.text = line;
            if (std::regex_match(line, m, frame)) {
                f.library = m[1];
                f.offset = std::stoull(m[2].str(), nullptr, 16);
            }
            crash.frames.push_back(std::move(f));
        } else if (part == Libraries) {
            if (line.empty()) {
                part = Other;
                continue;
            }
            if (std::regex_match(line, m, library)) paths.emplace(fs::path(m[1].str()).filename().string(), m[1]);
            if (std::regex_match(line, m, code) && agents.count(fs::path(m[3].str()).filename().string()))
                agentCode.emplace_back(std::stoull(m[1].str(), nullptr, 16), std::stoull(m[2].str(), nullptr, 16));
        }
    }
    // A crash in a function that keeps no frame (strlen in libc) leaves HotSpot's walk at the
    // top frame: then the first word on the stack that points into an agent's code is the
    // return address into it.
    const bool agentFrame = std::any_of(crash.frames.begin(), crash.frames.end(),
                                        [&](const CrashFrame& f) { return agents.count(f.library) > 0; });
    if (!agentFrame)
        for (std::size_t i = 0; i < slots.size(); ++i) {
            const auto a = slotAddresses[i];
            if (std::any_of(agentCode.begin(), agentCode.end(), [&](const auto& r) { return a >= r.first && a < r.second; })) {
                slots[i].fromStack = true;
                crash.frames.push_back(slots[i]);
                break;
            }
        }
    // The agents' frames named at their source lines; the first native frames kept, and any
    // agent frame beyond them.
    std::vector<CrashFrame> kept;
    for (std::size_t i = 0; i < crash.frames.size(); ++i) {
        auto& f = crash.frames[i];
        const bool agent = agents.count(f.library) > 0;
        if (agent) {
            if (auto p = paths.find(f.library); p != paths.end()) f.where = describeOffset(p->second, f.offset, i > 0 || f.fromStack);
            if (f.where.empty()) f.where = f.library + "+" + hex(f.offset);
        }
        if (kept.size() < keep || agent) kept.push_back(f);
    }
    crash.frames = std::move(kept);
    return crash;
}

std::vector<fs::path> hsErrFiles(const fs::path& dir, const std::set<int>& pids) {
    std::vector<fs::path> out;
    std::error_code ec;
    for (int pid : pids) {
        const fs::path file = dir / ("hs_err_pid" + std::to_string(pid) + ".log");
        if (fs::is_regular_file(file, ec)) out.push_back(file);
    }
    return out;
}

}  // namespace jvmticheck
