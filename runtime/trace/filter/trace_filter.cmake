# The trace filter of libjvmtilayer.so as a static library, jvmtilayer_trace_filter: the parser
# and matcher of the option trace= (HotSpot's -XX:TraceJVMTI syntax plus spec categories). It
# needs no JVM and no generated code. Included by runtime/CMakeLists.txt (and by the tests when
# the top level does not include it); including it twice is harmless.
include_guard(GLOBAL)

add_library(jvmtilayer_trace_filter STATIC ${CMAKE_CURRENT_LIST_DIR}/trace_filter.cpp)
# runtime/: the layer's headers are included by room ("trace/filter/trace_filter.hpp").
cmake_path(SET jvmtilayer_trace_filter_runtime NORMALIZE ${CMAKE_CURRENT_LIST_DIR}/../..)
target_include_directories(jvmtilayer_trace_filter PUBLIC ${jvmtilayer_trace_filter_runtime})
target_compile_features(jvmtilayer_trace_filter PUBLIC cxx_std_20)
# It goes into libjvmtilayer.so.
set_target_properties(jvmtilayer_trace_filter PROPERTIES POSITION_INDEPENDENT_CODE ON)
