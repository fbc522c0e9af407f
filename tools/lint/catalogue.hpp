// What jvmti-lint's outputs say about a rule beyond the finding: the rule in words and its
// severity, from the rule catalogue (docs/rules.json, generated: the generated entries' rules
// and the layer's own list, runtime/report/own_rules.hpp, which holds the lint's rules too),
// and where the catalogue's page (jvmti.html#rule-<id>) is.
#pragma once

#include <string>
#include <vector>

#include "report/formats/jvm_report.hpp"

namespace jvmtilint {

class Catalogue {
public:
    // The installed catalogue, else the checkout's; own_rules.hpp's entries when neither is found.
    static Catalogue load(const std::string& exeDir);

    struct Rule {
        std::string text;      // the rule in words
        std::string severity;  // "error", "warning"
        std::string function, parameter;
    };
    Rule rule(const std::string& id) const;
    const std::string& docsUrl() const { return docs_; }  // "" when the page is not found

private:
    std::vector<jvmtireport::CatalogueRule> rules_;
    std::string docs_;
};

}  // namespace jvmtilint
