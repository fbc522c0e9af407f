#include "outputs.hpp"
#include "suppress.hpp"

namespace jvmtilint {

namespace {

std::string where(const Place& p, const std::string& root) {
    return displayPath(p.file, root) + ":" + std::to_string(p.line) + ":" + std::to_string(p.column);
}

}  // namespace

std::string textFinding(const Finding& f, const std::string& root) {
    std::string out = where(f.at, root) + ": warning: " + f.message + " [" + f.rule + "]\n";
    for (const auto& n : f.notes) out += where(n.at, root) + ": note: " + n.message + "\n";
    if (const std::string inject = f.injectRule(displayPath(f.failedAt.file, root)); !inject.empty())
        out += where(f.failedAt, root) + ": note: to make this call fail under the layer: inject=" + inject + "\n";
    if (!f.verdict.empty())
        out += where(f.failedAt, root) + ": note: --confirm: " + f.verdict + ": " + f.verdictWhy + "\n";
    return out;
}

}  // namespace jvmtilint
