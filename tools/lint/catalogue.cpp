#include "catalogue.hpp"

#include <filesystem>

#include "report/formats/report_files_io.hpp"
#include "report/own_rules.hpp"

#ifndef JVMTI_LINT_RULES_CANDIDATES
#define JVMTI_LINT_RULES_CANDIDATES ""
#endif
#ifndef JVMTI_LINT_DOCS_CANDIDATES
#define JVMTI_LINT_DOCS_CANDIDATES ""
#endif

namespace jvmtilint {

namespace fs = std::filesystem;

namespace {

// The first of the ':'-separated `candidates` (relative to `exeDir`) that exists.
std::string firstExisting(const std::string& candidates, const std::string& exeDir) {
    size_t start = 0;
    while (start < candidates.size()) {
        const size_t end = candidates.find(':', start);
        fs::path p = candidates.substr(start, end == std::string::npos ? std::string::npos : end - start);
        if (p.is_relative()) p = fs::path(exeDir) / p;
        std::error_code ec;
        if (fs::is_regular_file(p, ec)) return fs::weakly_canonical(p, ec).string();
        if (end == std::string::npos) break;
        start = end + 1;
    }
    return "";
}

// "leak.{function}" covers "leak.GetClassSignature".
bool idMatches(const std::string& pattern, const std::string& id) {
    const auto at = pattern.find("{function}");
    if (at == std::string::npos) return pattern == id;
    return id.size() > at && id.compare(0, at, pattern, 0, at) == 0;
}

}  // namespace

Catalogue Catalogue::load(const std::string& exeDir) {
    Catalogue c;
    if (const std::string file = firstExisting(JVMTI_LINT_RULES_CANDIDATES, exeDir); !file.empty())
        c.rules_ = jvmtireport::readCatalogueFile(file);
    c.docs_ = firstExisting(JVMTI_LINT_DOCS_CANDIDATES, exeDir);
    return c;
}

Catalogue::Rule Catalogue::rule(const std::string& id) const {
    for (const auto& r : rules_)
        if (r.id == id) return {r.text, r.severity, r.function, r.parameter};
    for (const auto& r : jvmtilayer::own_rules::kRules)
        if (idMatches(r.id, id)) return {r.text, r.severity, r.function, r.parameter};
    return {"", "warning", "", ""};
}

}  // namespace jvmtilint
