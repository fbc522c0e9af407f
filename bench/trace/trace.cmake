# trace_bench: the trace writer's cost per record in each format (runtime/trace/). Included by
# bench/CMakeLists.txt; including it twice is harmless.
include_guard(GLOBAL)
include(${CMAKE_CURRENT_LIST_DIR}/../../runtime/trace/trace.cmake)
add_executable(trace_bench ${CMAKE_CURRENT_LIST_DIR}/trace_bench.cpp)
target_link_libraries(trace_bench PRIVATE jvmtilayer_trace)
