#include "header_eras.hpp"

namespace jvmtigen {

const std::vector<HeaderRule>& headerRules() {
    static const std::vector<HeaderRule> rules = {
        {{1, 1, 0},
         "Agent_OnAttach is declared: agents may be started in the live phase",
         "OpenJDK jvmti.xml change history, version 1.1.51 (live-phase start-up, JDK 6)",
         &HeaderConventions::declaresAgentOnAttach},
        {{16, 0, 0},
         "structure and union tags drop their leading underscore",
         "JDK-8254364 (JDK 16)",
         &HeaderConventions::plainTags},
    };
    return rules;
}

HeaderConventions headerConventions(const Version& version) {
    HeaderConventions c;
    for (const auto& r : headerRules())
        if (version >= r.from) c.*r.flag = true;
    return c;
}

std::string structTag(const HeaderConventions& c, const std::string& id) { return c.plainTags ? id : "_" + id; }

}  // namespace jvmtigen
