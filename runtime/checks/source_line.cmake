# The agent's source line of an address, from the agent's DWARF, as a static library,
# jvmtilayer_source_line (runtime/checks/source_line.cpp, elfutils' libdw). The layer names call
# sites with it and jvmti-check's sweep names crash frames; including it twice is harmless.
include_guard(GLOBAL)

find_package(PkgConfig REQUIRED)
pkg_check_modules(JVMTILAYER_SOURCE_LINE_LIBDW REQUIRED IMPORTED_TARGET GLOBAL libdw)
add_library(jvmtilayer_source_line STATIC ${CMAKE_CURRENT_LIST_DIR}/source_line.cpp)
cmake_path(SET jvmtilayer_source_line_runtime NORMALIZE ${CMAKE_CURRENT_LIST_DIR}/..)
target_include_directories(jvmtilayer_source_line PUBLIC ${jvmtilayer_source_line_runtime})
target_link_libraries(jvmtilayer_source_line PUBLIC PkgConfig::JVMTILAYER_SOURCE_LINE_LIBDW)
target_compile_features(jvmtilayer_source_line PUBLIC cxx_std_20)
# It goes into libjvmtilayer.so.
set_target_properties(jvmtilayer_source_line PROPERTIES POSITION_INDEPENDENT_CODE ON)
