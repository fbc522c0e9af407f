# inject='s plan as a static library, jvmtilayer_inject_plan: the parser of the layer's inject=
# rules, judged against a universe of facts (runtime/inject/plan.cpp). It needs no JVM and no
# generated code: the universe comes from whichever metadata its user links (universe.cpp).
# Used by the layer, jvmti-check, the tests and the fuzz target; including it twice is harmless.
include_guard(GLOBAL)

include(${CMAKE_CURRENT_LIST_DIR}/../trace/filter/trace_filter.cmake)
add_library(jvmtilayer_inject_plan STATIC ${CMAKE_CURRENT_LIST_DIR}/plan.cpp)
# runtime/: the layer's headers are included by room ("inject/plan.hpp").
cmake_path(SET jvmtilayer_inject_plan_runtime NORMALIZE ${CMAKE_CURRENT_LIST_DIR}/..)
target_include_directories(jvmtilayer_inject_plan PUBLIC ${jvmtilayer_inject_plan_runtime})
# A rule names its functions as trace= does.
target_link_libraries(jvmtilayer_inject_plan PUBLIC jvmtilayer_trace_filter)
target_compile_features(jvmtilayer_inject_plan PUBLIC cxx_std_20)
# It goes into libjvmtilayer.so.
set_target_properties(jvmtilayer_inject_plan PROPERTIES POSITION_INDEPENDENT_CODE ON)
