#include "check.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>
#include <utility>

namespace implcheck {
namespace {

bool earlier(const Location& a, const Location& b) {
    return std::tie(a.file, a.line) < std::tie(b.file, b.line);
}

std::string at(const Location& l) { return l.file + ":" + std::to_string(l.line); }

std::string qualified(const Function& f) { return f.scope == Scope::Hooks ? "hooks::" + f.name : f.name; }

}  // namespace

Report check(const Collected& collected) {
    Report report;
    std::map<std::pair<Scope, std::string>, std::vector<const Function*>> definitions;
    for (const Function& d : collected.definitions) definitions[{d.scope, d.name}].push_back(&d);
    for (auto& [key, defs] : definitions)
        std::sort(defs.begin(), defs.end(), [](const Function* a, const Function* b) { return earlier(a->where, b->where); });

    std::set<std::pair<Scope, std::string>> declared;
    for (const Function& decl : collected.interface) {
        const bool hook = decl.scope == Scope::Hooks;
        ++(hook ? report.hooksDeclared : report.required);
        declared.insert({decl.scope, decl.name});
        std::vector<const Function*> matching, other;
        for (const Function* d : definitions[{decl.scope, decl.name}])
            (d->canonical == decl.canonical ? matching : other).push_back(d);

        if (!matching.empty()) {
            ++(hook ? report.hooksDefined : report.implemented);
            for (size_t i = 1; i < matching.size(); ++i)
                report.findings.push_back({Problem::Duplicate, matching[i]->where,
                                           qualified(decl) + " is defined more than once; first at " +
                                               at(matching[0]->where)});
            for (const Function* d : other)
                report.findings.push_back({Problem::Extra, d->where,
                                           d->shown + " overloads " + qualified(decl) +
                                               ", and the interface declares no such overload"});
        } else if (!other.empty()) {
            for (const Function* d : other)
                report.findings.push_back({Problem::Mismatched, d->where,
                                           d->shown + "; the interface declares " + decl.shown + " at " +
                                               at(decl.where)});
        } else if (!hook) {
            report.missing.push_back(&decl);
            report.findings.push_back({Problem::Missing, decl.where, decl.shown + " is defined nowhere"});
        }
    }
    for (const auto& [key, defs] : definitions) {
        if (declared.count(key)) continue;
        for (const Function* d : defs) {
            if (collected.declaredInHeaders.count(signatureKey(*d))) continue;  // a helper declared on purpose
            const std::string where = d->scope == Scope::Hooks ? "jvmti_runtime::hooks" : "jvmti_runtime";
            report.findings.push_back(
                {Problem::Extra, d->where, d->shown + " in " + where + " is not declared by the interface"});
        }
    }
    std::stable_sort(report.findings.begin(), report.findings.end(), [](const Finding& a, const Finding& b) {
        if (a.problem != b.problem) return a.problem < b.problem;
        return earlier(a.where, b.where);
    });
    std::sort(report.missing.begin(), report.missing.end(),
              [](const Function* a, const Function* b) { return earlier(a->where, b->where); });
    return report;
}

std::string format(const Finding& finding, const std::string& cwd) {
    static const char* const names[] = {"missing", "extra", "mismatched", "duplicate"};
    std::string file = finding.where.file;
    if (!cwd.empty() && file.size() > cwd.size() + 1 && file.compare(0, cwd.size(), cwd) == 0 && file[cwd.size()] == '/')
        file = file.substr(cwd.size() + 1);
    return file + ":" + std::to_string(finding.where.line) + ": " + names[static_cast<int>(finding.problem)] + ": " +
           finding.message;
}

std::string summary(const Report& report, const Collected& collected) {
    const std::string checked = std::to_string(collected.sources.size()) +
                                (collected.sources.size() == 1 ? " source file" : " source files");
    const std::string hooks = std::to_string(report.hooksDefined) + " of " + std::to_string(report.hooksDeclared) +
                              " hooks defined";
    if (report.findings.empty()) {
        return "jvmti-impl-check: ok: all " + std::to_string(report.required) +
               " functions of the interface implemented once with their signatures (" + hooks + "; " + checked + ")";
    }
    size_t count[4] = {};
    for (const Finding& f : report.findings) ++count[static_cast<int>(f.problem)];
    const size_t n = report.findings.size();
    return "jvmti-impl-check: " + std::to_string(n) + (n == 1 ? " problem: " : " problems: ") +
           std::to_string(count[0]) + " missing, " + std::to_string(count[1]) + " extra, " + std::to_string(count[2]) +
           " mismatched, " + std::to_string(count[3]) + " duplicate (" + std::to_string(report.implemented) + " of " +
           std::to_string(report.required) + " functions implemented; " + hooks + "; " + checked + ")";
}

}  // namespace implcheck
