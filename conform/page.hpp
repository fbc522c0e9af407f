// jvmti-conform's HTML page, in the style of the layer's report (runtime/report/report_html.hpp:
// the same stylesheet, sortable tables and escaping): totals by kind, every call with the spec's
// answers and the VM's (deviations first), and the calls not made. Each case links its rule in
// the rule catalogue of jvmti.html (a well-formed call: the function's entry).
#pragma once

#include <string>

#include "suite.hpp"

namespace conform {

std::string renderPage(const Results& results, const std::string& docsUrl);

}  // namespace conform
