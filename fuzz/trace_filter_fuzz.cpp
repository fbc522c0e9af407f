// Fuzz target: the trace filter (the layer's trace= option), compiled against the functions and
// events of spec/jvmti.xml. The input is the option's text. It must give a filter that covers
// the whole universe, or at least one error; never both.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "spec_universe.hpp"
#include "trace/filter/trace_filter.hpp"

namespace {

[[noreturn]] void finding(const char* what) {
    std::fprintf(stderr, "trace_filter_fuzz: %s\n", what);
    std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    namespace tf = jvmtilayer::trace_filter;
    static const tf::Universe universe = tracefiltertest::loadUniverse(tracefiltertest::projectSpec());
    static const tf::Index index(universe);
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const tf::FilterResult r = tf::parseText(text, index);
    if (r.filter.has_value() == !r.errors.empty()) finding("a filter and errors, or neither");
    if (r.filter) {
        if (r.filter->functionCount() != universe.functions.size() || r.filter->eventCount() != universe.events.size())
            finding("the filter does not cover the universe");
        for (std::size_t i = 0; i < universe.functions.size(); ++i)
            if (r.filter->function(i).any() && !r.filter->anyFunction()) finding("anyFunction() misses a traced function");
    } else if (r.message().empty()) {
        finding("errors without a message");
    }
    return 0;
}
