// Compiled by ctest, not built: with -DRULE_ID="an id of runtime/report/own_rules.hpp" it
// compiles; with an id the list lacks, own_rules::rule() must stop the compilation.
#include "report/own_rules.hpp"

const char* text = jvmtilayer::own_rules::rule(RULE_ID).text;
