#include "inject/plan.hpp"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "trace/filter/trace_filter.hpp"

namespace jvmtilayer::inject {

namespace {

bool contains(const std::vector<int>& values, int value) {
    return std::find(values.begin(), values.end(), value) != values.end();
}

std::string errorName(const Universe& u, int value) {
    for (const auto& e : u.errors)
        if (e.value == value) return e.name;
    return std::to_string(value);
}

std::string errorList(const Universe& u, const std::vector<int>& values) {
    std::string out;
    for (int v : values) out += (out.empty() ? "" : ", ") + errorName(u, v);
    return out.empty() ? "none" : out;
}

std::optional<int> errorByName(const Universe& u, const std::string& text) {
    const std::string full = text.rfind("JVMTI_ERROR_", 0) == 0 ? text : "JVMTI_ERROR_" + text;
    for (const auto& e : u.errors)
        if (e.name == full) return e.value;
    return std::nullopt;
}

// A whole decimal number from 1, or nothing.
std::optional<std::uint64_t> count(const std::string& text) {
    if (text.empty() || text.size() > 18 || text.find_first_not_of("0123456789") != std::string::npos)
        return std::nullopt;
    const std::uint64_t n = std::strtoull(text.c_str(), nullptr, 10);
    if (n == 0) return std::nullopt;
    return n;
}

bool looksLikeWhen(const std::string& part) {
    if (part.empty()) return false;
    if (part[0] == '%' || (part[0] >= '0' && part[0] <= '9')) return true;
    return part[0] == 'p' && part.size() > 1 && ((part[1] >= '0' && part[1] <= '9') || part[1] == '.' || part[1] == '-');
}

std::optional<std::string> parseWhen(const std::string& part, Rule& r) {
    if (part[0] == '%') {
        const auto n = count(part.substr(1));
        if (!n) return "'" + part + "': %N needs a whole number N from 1 (every Nth call)";
        r.when = When::Every;
        r.n = *n;
        return std::nullopt;
    }
    if (part[0] == 'p') {
        const std::string number = part.substr(1);
        char* end = nullptr;
        errno = 0;
        const double p = std::strtod(number.c_str(), &end);
        if (end == number.c_str() || *end != '\0' || errno != 0 || !std::isfinite(p))
            return "'" + part + "': pP needs a number P, such as p0.25";
        if (p < 0 || p > 1) return "probability " + number + " is outside 0..1";
        r.when = When::Probability;
        r.probability = p;
        return std::nullopt;
    }
    const auto n = count(part);
    if (!n) return "'" + part + "': N needs a whole number from 1 (the Nth call)";
    r.when = When::Nth;
    r.n = *n;
    return std::nullopt;
}

// LIBRARY+0xOFFSET: a file name without '/', '+', and hex digits.
std::optional<std::string> normalSite(const std::string& text) {
    const auto plus = text.rfind('+');
    if (plus == std::string::npos || plus == 0) return std::nullopt;
    const std::string library = text.substr(0, plus), offset = text.substr(plus + 1);
    if (library.find('/') != std::string::npos) return std::nullopt;
    if (offset.size() < 3 || offset.size() > 18 || (offset.rfind("0x", 0) != 0 && offset.rfind("0X", 0) != 0) ||
        offset.find_first_not_of("0123456789abcdefABCDEF", 2) != std::string::npos)
        return std::nullopt;
    return siteText(library, static_cast<std::uintptr_t>(std::strtoull(offset.c_str() + 2, nullptr, 16)));
}

// FILE:LINE; an error says what is wrong with it. FILE loses leading "./" and "../": the
// tail of a relative path is what a DWARF path ends with.
std::optional<std::string> lineSite(const std::string& text, Rule& r) {
    const auto colon = text.rfind(':');
    std::string file = text.substr(0, colon);
    const std::string line = text.substr(colon + 1);
    if (line.empty()) return "site '" + text + "' has no line after ':' (FILE:LINE, such as agent.cpp:42)";
    if (line.find_first_not_of("0123456789") != std::string::npos)
        return "site '" + text + "': '" + line + "' is no line number (FILE:LINE, such as agent.cpp:42)";
    if (line.size() > 9 || std::strtol(line.c_str(), nullptr, 10) == 0)
        return "site '" + text + "': line " + line + " is out of range (lines count from 1)";
    while (file.rfind("./", 0) == 0 || file.rfind("../", 0) == 0) file.erase(0, file.find('/') + 1);
    if (file.empty() || file.back() == '/')
        return "site '" + text + "' names no file before ':" + line + "' (FILE:LINE, such as agent.cpp:42)";
    if (std::any_of(file.begin(), file.end(), [](unsigned char c) { return c < 0x20 || c == 0x7f; }))
        return "site '" + text + "': a control character in the file name";
    r.siteFile = file;
    r.siteLine = static_cast<int>(std::strtol(line.c_str(), nullptr, 10));
    return std::nullopt;
}

// The rule's site, after its '@'.
std::optional<std::string> parseSite(const std::string& text, Rule& r) {
    if (text.find(':') != std::string::npos) return lineSite(text, r);
    const auto site = normalSite(text);
    if (!site)
        return "site '" + text + "' is not LIBRARY+0xOFFSET (libagent.so+0x1a2b) nor FILE:LINE (agent.cpp:42)";
    r.site = *site;
    return std::nullopt;
}

// The rule list is split at ':' (the layer's list setting, the fuzzer), which also cuts a
// FILE:LINE site in two: an item that starts with a digit joins the rule before it when that
// rule has a site with neither '+' nor ':' (no library site, no line yet). No rule starts with
// a digit.
std::vector<std::string> joinLineSites(const std::vector<std::string>& items) {
    std::vector<std::string> out;
    for (const std::string& item : items) {
        if (!out.empty() && !item.empty() && item[0] >= '0' && item[0] <= '9') {
            const std::string& previous = out.back();
            const auto at = previous.find('@');
            if (at != std::string::npos && previous.find_first_of("+:", at) == std::string::npos) {
                out.back() += ":" + item;
                continue;
            }
        }
        out.push_back(item);
    }
    return out;
}

std::vector<std::string> split(const std::string& text, char sep) {
    std::vector<std::string> out;
    std::size_t at = 0;
    for (;;) {
        const auto next = text.find(sep, at);
        out.push_back(text.substr(at, next == std::string::npos ? std::string::npos : next - at));
        if (next == std::string::npos) return out;
        at = next + 1;
    }
}

// Where the FUNCTIONS[@SITE] part of a rule ends. A FILE:LINE site may hold '/' (a path): it
// ends after the first ':' followed by digits and then '/' or the end; any other site at the
// first '/'.
std::size_t headEnd(const std::string& text) {
    const auto at = text.find('@');
    if (at == std::string::npos) return text.find('/');
    for (auto colon = text.find(':', at); colon != std::string::npos; colon = text.find(':', colon + 1)) {
        auto end = colon + 1;
        while (end < text.size() && text[end] >= '0' && text[end] <= '9') ++end;
        if (end > colon + 1 && (end == text.size() || text[end] == '/')) return end == text.size() ? std::string::npos : end;
    }
    return text.find('/', at);
}

// FUNCTIONS[@SITE], then the parts after it, split at '/'.
std::vector<std::string> ruleParts(const std::string& text) {
    const auto end = headEnd(text);
    std::vector<std::string> parts{text.substr(0, end)};
    if (end == std::string::npos) return parts;
    for (auto& part : split(text.substr(end + 1), '/')) parts.push_back(std::move(part));
    return parts;
}

// One rule; an error names what is wrong (the caller adds the rule).
std::optional<std::string> parseRule(const std::string& text, const Universe& u,
                                     const trace_filter::Index& index, Rule& r, std::vector<std::string>& warnings) {
    r.text = text;
    const auto parts = ruleParts(text);
    if (parts.size() > 3) return std::string("too many parts: FUNCTIONS[@SITE][/ERROR][/WHEN]");
    std::string functions = parts[0];
    if (const auto at = functions.find('@'); at != std::string::npos) {
        if (auto problem = parseSite(functions.substr(at + 1), r)) return problem;
        functions.resize(at);
    }
    if (functions.empty()) return std::string("no function named (a function, a category, func, allfunc or all)");
    if (functions.find_first_of("+-,:") != std::string::npos)
        return "'" + functions + "': a function, a category, func, allfunc or all, without trace='s flags";
    const trace_filter::FilterResult selected = trace_filter::parse({functions}, index);
    if (!selected) return selected.message();
    std::vector<int> chosen;
    for (std::size_t i = 0; i < u.functions.size(); ++i)
        if (selected.filter->function(i).any()) chosen.push_back(static_cast<int>(i));
    if (chosen.empty()) return "'" + functions + "' selects no function";

    std::string errorPart, whenPart;
    if (parts.size() == 3) {
        errorPart = parts[1];
        whenPart = parts[2];
        if (errorPart.empty() || whenPart.empty()) return std::string("an empty part: FUNCTIONS[@SITE][/ERROR][/WHEN]");
    } else if (parts.size() == 2) {
        if (parts[1].empty()) return std::string("an empty part after '/'");
        (looksLikeWhen(parts[1]) ? whenPart : errorPart) = parts[1];
    }
    if (!whenPart.empty())
        if (auto problem = parseWhen(whenPart, r)) return problem;

    if (errorPart.empty() || errorPart == "each") {
        r.mode = ErrorMode::Each;
    } else if (errorPart == "any") {
        r.mode = ErrorMode::Any;
    } else {
        const auto value = errorByName(u, errorPart);
        if (!value) return "'" + errorPart + "' is no JVMTI error (each, any, or a name such as THREAD_NOT_ALIVE)";
        r.mode = ErrorMode::Named;
        r.error = *value;
    }

    // Keep the functions the rule can fail; name what it cannot.
    std::vector<std::string> never, unable;
    for (int i : chosen) {
        const FunctionFacts& f = u.functions[static_cast<std::size_t>(i)];
        if (neverInjected(f.name)) {
            never.push_back(f.name);
            continue;
        }
        const bool can = r.mode == ErrorMode::Named ? contains(f.allowed, r.error) : !f.environmental.empty();
        if (!can) {
            unable.push_back(f.name);
            continue;
        }
        r.functions.push_back(i);
    }
    if (r.functions.empty()) {
        if (chosen.size() == 1 && !never.empty())
            return never.front() + " is never injected: failing it would keep what the agent gives back "
                                   "(memory, an environment, a raw monitor, capabilities)";
        const FunctionFacts& f = u.functions[static_cast<std::size_t>(chosen.front())];
        if (r.mode == ErrorMode::Named)
            return chosen.size() == 1 ? f.name + " never returns " + errorName(u, r.error) + " (it may return " +
                                            errorList(u, f.allowed) + ")"
                                      : "no function of '" + functions + "' returns " + errorName(u, r.error);
        return chosen.size() == 1 ? f.name + " has no environmental error to inject"
                                  : "no function of '" + functions + "' has an environmental error to inject";
    }
    if (!unable.empty())
        warnings.push_back("inject=" + text + ": " + std::to_string(unable.size()) + " function(s) of '" + functions +
                           "' left out: they never return " +
                           (r.mode == ErrorMode::Named ? errorName(u, r.error) : std::string("an environmental error")));
    return std::nullopt;
}

}  // namespace

bool neverInjected(const std::string& function) {
    return function == "Deallocate" || function == "DisposeEnvironment" || function == "DestroyRawMonitor" ||
           function == "RawMonitorExit" || function == "RelinquishCapabilities";
}

std::string siteText(const std::string& library, std::uintptr_t offset) {
    char hex[24];
    std::snprintf(hex, sizeof hex, "+0x%llx", static_cast<unsigned long long>(offset));
    return library + hex;
}

std::size_t faultLines(std::string_view log) {
    std::size_t faults = 0;
    for (std::size_t at = 0; at < log.size();) {
        if (log.compare(at, 6, "fault ") == 0) ++faults;
        const auto end = log.find('\n', at);
        if (end == std::string_view::npos) break;
        at = end + 1;
    }
    return faults;
}

bool fileMatches(const std::string& path, const std::string& tail) {
    if (tail.empty() || path.size() < tail.size()) return false;
    if (path.compare(path.size() - tail.size(), tail.size(), tail) != 0) return false;
    return path.size() == tail.size() || tail.front() == '/' || path[path.size() - tail.size() - 1] == '/';
}

PlanResult parse(const std::vector<std::string>& items, const Universe& universe) {
    const std::vector<std::string> rules = joinLineSites(items);
    trace_filter::Universe names;
    for (const auto& f : universe.functions) names.functions.push_back({f.name, f.category, f.traceByDefault});
    const trace_filter::Index index(names);
    Plan plan;
    for (const std::string& text : rules) {
        if (text.empty()) continue;
        Rule r;
        if (auto problem = parseRule(text, universe, index, r, plan.warnings))
            return PlanResult{std::nullopt, "inject=" + text + ": " + *problem};
        plan.rules.push_back(std::move(r));
    }
    return PlanResult{std::move(plan), {}};
}

}  // namespace jvmtilayer::inject
