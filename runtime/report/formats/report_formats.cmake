# The layer's machine-readable reports as a static library, jvmtilayer_report_formats: one JVM's
# reports as data, its JSON file, the rule catalogue (docs/rules.json), SARIF 2.1.0 and JUnit XML.
# It needs no JVM and no generated code. Included by runtime/CMakeLists.txt (and by the tests when
# the top level does not include it); including it twice is harmless.
include_guard(GLOBAL)

find_package(nlohmann_json REQUIRED)
add_library(jvmtilayer_report_formats STATIC
  ${CMAKE_CURRENT_LIST_DIR}/jvm_report.cpp ${CMAKE_CURRENT_LIST_DIR}/report_text.cpp
  ${CMAKE_CURRENT_LIST_DIR}/sarif.cpp ${CMAKE_CURRENT_LIST_DIR}/junit.cpp ${CMAKE_CURRENT_LIST_DIR}/report_files_io.cpp
  ${CMAKE_CURRENT_LIST_DIR}/text_encoding.cpp)
# runtime/: the layer's headers are included by room ("report/formats/jvm_report.hpp").
cmake_path(SET jvmtilayer_report_formats_runtime NORMALIZE ${CMAKE_CURRENT_LIST_DIR}/../..)
target_include_directories(jvmtilayer_report_formats PUBLIC ${jvmtilayer_report_formats_runtime})
# Every file it writes is created new (runtime/files).
include(${CMAKE_CURRENT_LIST_DIR}/../../files/files.cmake)
target_link_libraries(jvmtilayer_report_formats PUBLIC jvmtilayer_files)
# The header names nlohmann::json: users get nlohmann's include directory with it.
target_link_libraries(jvmtilayer_report_formats PUBLIC nlohmann_json::nlohmann_json)
target_compile_features(jvmtilayer_report_formats PUBLIC cxx_std_20)
# It goes into libjvmtilayer.so.
set_target_properties(jvmtilayer_report_formats PROPERTIES POSITION_INDEPENDENT_CODE ON)
