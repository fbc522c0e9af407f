# The layer's trace record, writer and statistics as a static library, jvmtilayer_trace
# (runtime/trace/README.md). It needs no JVM and no generated code. Included by the tests and
# the benchmarks and by runtime/CMakeLists.txt (the layer); including it twice is
# harmless.
include_guard(GLOBAL)

find_package(Threads REQUIRED)
add_library(jvmtilayer_trace STATIC
  ${CMAKE_CURRENT_LIST_DIR}/per_thread.cpp
  ${CMAKE_CURRENT_LIST_DIR}/format.cpp
  ${CMAKE_CURRENT_LIST_DIR}/writer.cpp
  ${CMAKE_CURRENT_LIST_DIR}/stats.cpp)
# runtime/: the layer's headers are included by room ("trace/writer.hpp").
cmake_path(GET CMAKE_CURRENT_LIST_DIR PARENT_PATH jvmtilayer_trace_runtime)
target_include_directories(jvmtilayer_trace PUBLIC ${jvmtilayer_trace_runtime})
# Its trace and statistics files are created new (runtime/files).
include(${CMAKE_CURRENT_LIST_DIR}/../files/files.cmake)
target_link_libraries(jvmtilayer_trace PUBLIC Threads::Threads PRIVATE jvmtilayer_files)
target_compile_features(jvmtilayer_trace PUBLIC cxx_std_20)
target_compile_options(jvmtilayer_trace PRIVATE -Wall -Wextra)
# It goes into libjvmtilayer.so.
set_target_properties(jvmtilayer_trace PROPERTIES POSITION_INDEPENDENT_CODE ON)
