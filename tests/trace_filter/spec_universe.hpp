// A trace_filter::Universe read from a real jvmti.xml with pugixml, the way the layer fills
// it from the metadata tables: every function (with its category id and whether the spec
// marks it impl="notrace") and every event, by number, leaving out what the spec elides.
#pragma once

#include <string>

#include "trace/filter/trace_filter.hpp"

namespace tracefiltertest {

// Throws std::runtime_error when the file cannot be read.
jvmtilayer::trace_filter::Universe loadUniverse(const std::string& specPath);

// The project's spec/jvmti.xml and OpenJDK's JDK 16 file in ../shared/upstream.
std::string projectSpec();
std::string upstreamJdk16Spec();

}  // namespace tracefiltertest
