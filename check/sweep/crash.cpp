#include "sweep/crash.hpp"

#include "checks/source_line.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cxxabi.h>
#include <dwarf.h>
#include <elfutils/libdw.h>
#include <elfutils/libdwfl.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <cctype>
#include <optional>
#include <string_view>
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
    std::unique_ptr<Dwfl, decltype(&dwfl_end)> dwfl(dwfl_begin(&jvmtilayer::checks::localOfflineCallbacks()), &dwfl_end);
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

namespace {

// A cursor over one line of an hs_err file: each step matches or leaves the cursor where it was.
// Linear in the line: HotSpot writes what the JVM saw (names, paths) and a line can be long.
struct Scan {
    std::string_view line;
    std::size_t at = 0;

    bool end() const { return at == line.size(); }
    bool literal(std::string_view text) {
        if (line.substr(at, text.size()) != text) return false;
        at += text.size();
        return true;
    }
    // One or more characters for which `ok` holds; the text taken.
    template <typename Ok>
    std::optional<std::string_view> run(Ok ok) {
        const std::size_t start = at;
        while (at < line.size() && ok(static_cast<unsigned char>(line[at]))) ++at;
        if (at == start) return std::nullopt;
        return line.substr(start, at - start);
    }
    std::optional<std::string_view> spaces() { return run([](unsigned char c) { return std::isspace(c) != 0; }); }
    std::optional<std::string_view> field() { return run([](unsigned char c) { return std::isspace(c) == 0; }); }
    std::optional<std::string_view> hexDigits() {
        return run([](unsigned char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
    }
    std::optional<std::string_view> decimal() { return run([](unsigned char c) { return c >= '0' && c <= '9'; }); }
    // "0x" and hex digits: the whole text.
    std::optional<std::string_view> hexNumber() {
        const std::size_t start = at;
        if (!literal("0x") || !hexDigits()) {
            at = start;
            return std::nullopt;
        }
        return line.substr(start, at - start);
    }
    std::string_view rest() const { return line.substr(at); }
};

std::uint64_t hexValue(std::string_view text) {
    if (text.rfind("0x", 0) == 0) text.remove_prefix(2);
    std::uint64_t v = 0;
    for (const char c : text.substr(0, 16)) v = v * 16 + static_cast<std::uint64_t>(c <= '9' ? c - '0' : c - 'a' + 10);
    return v;
}

// "#  SIGSEGV (0xb) at pc=...": the text from the signal's name on.
std::optional<std::string> signalLine(std::string_view line) {
    Scan s{line};
    if (!s.literal("#") || !s.spaces()) return std::nullopt;
    const std::size_t from = s.at;
    if (!s.literal("SIG") || !s.run([](unsigned char c) { return (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); }) ||
        !s.literal(" (") || !s.hexNumber() || !s.literal(")"))
        return std::nullopt;
    return std::string(line.substr(from));
}

// "C  [libagent.so+0x1234]  f()+0x4b": the library and the offset.
bool nativeFrame(std::string_view line, std::string& library, std::uint64_t& offset) {
    Scan s{line};
    if (s.end() || !std::isalpha(static_cast<unsigned char>(line[0]))) return false;
    s.at = 1;
    if (!s.spaces() || !s.literal("[")) return false;
    const auto name = s.run([](unsigned char c) { return c != ']' && c != '+'; });
    if (!name || !s.literal("+")) return false;
    const auto off = s.hexNumber();
    if (!off || !s.literal("]")) return false;
    library = std::string(*name);
    offset = hexValue(*off);
    return true;
}

// A "Dynamic libraries" line, as /proc/PID/maps writes it: "LOW-HIGH PERMS OFFSET DEV INODE /path".
struct Mapping {
    std::uint64_t low = 0, high = 0;
    std::string perms, path;
};
std::optional<Mapping> mappingLine(std::string_view line) {
    Scan s{line};
    Mapping m;
    const auto low = s.hexDigits();
    if (!low || !s.literal("-")) return std::nullopt;
    const auto high = s.hexDigits();
    if (!high || !s.spaces()) return std::nullopt;
    const auto perms = s.field();
    if (!perms) return std::nullopt;
    for (int i = 0; i < 3; ++i)
        if (!s.spaces() || !s.field()) return std::nullopt;
    if (!s.spaces() || s.end() || s.rest()[0] != '/' || s.rest().size() < 2 || std::isspace(static_cast<unsigned char>(s.rest()[1])))
        return std::nullopt;
    m.low = hexValue(*low);
    m.high = hexValue(*high);
    m.perms = std::string(*perms);
    m.path = std::string(s.rest());
    return m;
}

// "stack at sp + 3 slots: 0x7f...: <offset 0x1234> in /path/libagent.so at 0x7f...": the word,
// the offset and the library's path.
bool stackSlot(std::string_view line, std::uint64_t& word, std::uint64_t& offset, std::string& path) {
    Scan s{line};
    if (!s.literal("stack at sp + ") || !s.decimal() || !s.literal(" slots: ")) return false;
    const auto value = s.hexNumber();
    if (!value || !s.literal(": <offset ")) return false;
    const auto off = s.hexNumber();
    if (!off || !s.literal("> in /")) return false;
    --s.at;
    const auto file = s.field();
    if (!file || !s.literal(" at ") || !s.hexNumber() || !s.end()) return false;
    word = hexValue(*value);
    offset = hexValue(*off);
    path = std::string(*file);
    return true;
}

// The symbol HotSpot printed after a native frame ("C  [libjdwp.so+0x2a124]  debugMonitorEnter+0x24")
// as describeOffset names code: "libjdwp.so!debugMonitorEnter+0x24", parameters dropped; "" when
// the line has none.
std::string hotspotSymbol(const CrashFrame& f) {
    const auto close = f.text.find(']');
    if (close == std::string::npos || f.library.empty()) return "";
    std::string symbol = f.text.substr(close + 1);
    symbol.erase(0, symbol.find_first_not_of(" \t"));
    symbol.erase(symbol.find_last_not_of(" \t\r") + 1);
    const auto plus = symbol.rfind("+0x");
    if (symbol.empty() || plus == std::string::npos || plus == 0) return "";
    std::string name = symbol.substr(0, plus);
    // "ns::f(int, char*) const [clone .lto_priv.0]" -> "ns::f": from the end, past clones and
    // qualifiers, back to the '(' that opens the parameters ("(anonymous namespace)::" stays).
    while (name.size() > 1 && name.back() == ']')
        if (const auto open = name.rfind(" ["); open != std::string::npos) name.resize(open); else break;
    for (const char* q : {" const", " volatile", " &&", " &"})
        if (name.size() > std::strlen(q) && name.compare(name.size() - std::strlen(q), std::strlen(q), q) == 0)
            name.resize(name.size() - std::strlen(q));
    if (!name.empty() && name.back() == ')') {
        int depth = 0;
        for (std::size_t i = name.size(); i-- > 0;) {
            depth += name[i] == ')' ? 1 : name[i] == '(' ? -1 : 0;
            if (depth == 0) {
                if (i > 0) name.resize(i);
                break;
            }
        }
    }
    return f.library + "!" + name + symbol.substr(plus);
}

}  // namespace

Crash parseHsErr(const std::string& text, const std::string& file, const std::set<std::string>& agents, std::size_t keep) {
    Crash crash;
    crash.hsErr = file;
    std::map<std::string, std::string> paths;  // library file name -> its path
    std::vector<std::pair<std::uint64_t, std::uint64_t>> agentCode;  // the agents' executable mappings
    std::vector<CrashFrame> slots;  // words on the stack that point into an agent library
    std::vector<std::uint64_t> slotAddresses;
    std::istringstream lines(text);
    enum { Other, Problematic, Native, Libraries } part = Other;
    for (std::string line; std::getline(lines, line);) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (crash.signal.empty())
            if (auto signal = signalLine(line)) crash.signal = *signal;
        std::uint64_t word = 0, offset = 0;
        std::string path;
        if (stackSlot(line, word, offset, path) && agents.count(fs::path(path).filename().string())) {
            CrashFrame f;
            f.text = line;
            f.library = fs::path(path).filename().string();
            f.offset = offset;
            slots.push_back(std::move(f));
            slotAddresses.push_back(word);
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
            const auto text = line[0] == '#' ? line.find_first_not_of("# ") : 0;
            crash.problematicFrame = text == std::string::npos ? "" : line.substr(text);
            part = Other;
        } else if (part == Native) {
            if (line.empty()) {
                part = Other;
                continue;
            }
            CrashFrame f;
            f.text = line;
            nativeFrame(line, f.library, f.offset);
            crash.frames.push_back(std::move(f));
        } else if (part == Libraries) {
            if (line.empty()) {
                part = Other;
                continue;
            }
            if (const auto m = mappingLine(line)) {
                const std::string name = fs::path(m->path).filename().string();
                paths.emplace(name, m->path);
                if (m->perms == "r-xp" && agents.count(name)) agentCode.emplace_back(m->low, m->high);
            }
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
            // The library not read (an hs_err file cut short before "Dynamic libraries", as when
            // a FatalError aborts the JVM while another thread writes its crash report, or a file
            // gone): the symbol HotSpot printed, else the offset.
            if (f.where.empty()) f.where = hotspotSymbol(f);
            if (f.where.empty()) f.where = f.library + "+" + hex(f.offset);
        }
        if (kept.size() < keep || agent) kept.push_back(f);
    }
    crash.frames = std::move(kept);
    return crash;
}

std::vector<fs::path> hsErrFiles(const fs::path& dir, const std::set<int>& pids) {
    std::vector<fs::path> out;
    for (int pid : pids) {
        const fs::path file = dir / ("hs_err_pid" + std::to_string(pid) + ".log");
        struct stat st {};
        if (::lstat(file.c_str(), &st) == 0 && S_ISREG(st.st_mode) && st.st_uid == ::geteuid()) out.push_back(file);
    }
    return out;
}

}  // namespace jvmticheck
