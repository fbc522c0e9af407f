// Fuzz target: inject='s plan (runtime/inject/plan.cpp), against the functions and errors of the
// committed metadata of spec/jvmti.xml. The input is the option's value (rules separated by
// ':'). It must give a plan or one error naming the rule, never both; and every rule of a plan
// must keep only what it can do: functions that may fail (never Deallocate and the like), a
// named error each of them allows, an environmental error for each and any, a count from 1, a
// probability in 0..1, a source-line site with both its file and a line from 1.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "inject/plan.hpp"
#include "inject/universe.hpp"

namespace {

[[noreturn]] void finding(const char* what) {
    std::fprintf(stderr, "inject_plan_fuzz: %s\n", what);
    std::abort();
}

bool has(const std::vector<int>& values, int value) {
    return std::find(values.begin(), values.end(), value) != values.end();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    namespace in = jvmtilayer::inject;
    static const in::Universe universe = in::metadataUniverse();
    const std::string text(reinterpret_cast<const char*>(data), size);
    std::vector<std::string> rules;
    for (std::size_t at = 0;;) {
        const auto next = text.find(':', at);
        rules.push_back(text.substr(at, next == std::string::npos ? std::string::npos : next - at));
        if (next == std::string::npos) break;
        at = next + 1;
    }
    const in::PlanResult r = in::parse(rules, universe);
    if (r.plan.has_value() == !r.error.empty()) finding("a plan and an error, or neither");
    if (!r) {
        if (r.error.rfind("inject=", 0) != 0) finding("an error that does not name its rule");
        return 0;
    }
    for (const in::Rule& rule : r.plan->rules) {
        if (rule.functions.empty()) finding("a rule without functions");
        for (int i : rule.functions) {
            const in::FunctionFacts& f = universe.functions.at(static_cast<std::size_t>(i));
            if (in::neverInjected(f.name)) finding("a function that is never injected");
            if (rule.mode == in::ErrorMode::Named ? !has(f.allowed, rule.error) : f.environmental.empty())
                finding("a function that cannot fail as the rule says");
        }
        if (rule.siteLine < 0 || (rule.siteLine == 0) != rule.siteFile.empty())
            finding("a source-line site without its file or its line");
        if (rule.siteLine != 0 && !rule.site.empty()) finding("a rule with two sites");
        if ((rule.when == in::When::Nth || rule.when == in::When::Every) && rule.n == 0) finding("a count of 0");
        if (rule.when == in::When::Probability && !(rule.probability >= 0 && rule.probability <= 1))
            finding("a probability outside 0..1");
    }
    return 0;
}
