#include "spec_universe.hpp"

#include <algorithm>
#include <stdexcept>
#include <string_view>
#include <utility>
#include <vector>

#include <pugixml.hpp>

namespace tracefiltertest {

using jvmtilayer::trace_filter::EventInfo;
using jvmtilayer::trace_filter::FunctionInfo;
using jvmtilayer::trace_filter::Universe;

Universe loadUniverse(const std::string& specPath) {
    pugi::xml_document doc;
    const auto loaded = doc.load_file(specPath.c_str());
    if (!loaded) throw std::runtime_error("cannot read " + specPath + ": " + loaded.description());
    const auto spec = doc.child("specification");

    // Direct children only: functions and events inside <elide> are not part of the interface.
    std::vector<std::pair<int, FunctionInfo>> functions;
    for (const auto category : spec.child("functionsection").children("category")) {
        for (const auto function : category.children("function")) {
            const std::string_view impl = function.attribute("impl").as_string();
            functions.push_back({function.attribute("num").as_int(),
                                 FunctionInfo{function.attribute("id").as_string(),
                                              category.attribute("id").as_string(),
                                              impl.find("notrace") == std::string_view::npos}});
        }
    }
    std::vector<std::pair<int, EventInfo>> events;
    for (const auto event : spec.child("eventsection").children("event"))
        events.push_back({event.attribute("num").as_int(), EventInfo{event.attribute("id").as_string()}});

    const auto byNumber = [](const auto& a, const auto& b) { return a.first < b.first; };
    std::sort(functions.begin(), functions.end(), byNumber);
    std::sort(events.begin(), events.end(), byNumber);
    Universe universe;
    for (auto& f : functions) universe.functions.push_back(std::move(f.second));
    for (auto& e : events) universe.events.push_back(std::move(e.second));
    return universe;
}

std::string projectSpec() { return std::string(JVMTILAYER_SOURCE_DIR) + "/spec/jvmti.xml"; }

std::string upstreamJdk16Spec() { return std::string(JVMTILAYER_SOURCE_DIR) + "/../shared/upstream/jdk16/jvmti.xml"; }

}  // namespace tracefiltertest
