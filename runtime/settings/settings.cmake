# The layer's settings, reporter and HTML report page as a static library, jvmtilayer_settings, with
# runtime/settings/settings_schema.json compiled in. Included by runtime/CMakeLists.txt (and by
# the tests when the top level does not include it); including it twice is harmless.
include_guard(GLOBAL)

set(JVMTILAYER_SCHEMA ${CMAKE_CURRENT_LIST_DIR}/settings_schema.json)
set(JVMTILAYER_SCHEMA_CPP ${CMAKE_BINARY_DIR}/runtime/settings/settings_schema_embedded.cpp)

# The schema becomes a raw string literal at configure time; editing the JSON re-runs CMake.
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${JVMTILAYER_SCHEMA})
file(READ ${JVMTILAYER_SCHEMA} jvmtilayer_schema_text)
string(FIND "${jvmtilayer_schema_text}" ")JLSCHEMA\"" jvmtilayer_delimiter_at)
if(NOT jvmtilayer_delimiter_at EQUAL -1)
  message(FATAL_ERROR "${JVMTILAYER_SCHEMA} contains the raw string delimiter used to embed it")
endif()
file(CONFIGURE OUTPUT ${JVMTILAYER_SCHEMA_CPP} @ONLY CONTENT
"// Written by runtime/settings/settings.cmake from runtime/settings/settings_schema.json. Do not edit.
#include <string_view>

namespace jvmtilayer::generated {

std::string_view settingsSchemaJson() {
    return R\"JLSCHEMA(@jvmtilayer_schema_text@)JLSCHEMA\";
}

}  // namespace jvmtilayer::generated
")

find_package(nlohmann_json REQUIRED)
find_package(Threads REQUIRED)
# runtime/: the layer's headers are included by room ("settings/settings.hpp", "report/report.hpp").
cmake_path(GET CMAKE_CURRENT_LIST_DIR PARENT_PATH jvmtilayer_settings_runtime)
add_library(jvmtilayer_settings STATIC
  ${CMAKE_CURRENT_LIST_DIR}/settings.cpp
  ${jvmtilayer_settings_runtime}/report/report.cpp
  ${jvmtilayer_settings_runtime}/report/report_html.cpp
  ${jvmtilayer_settings_runtime}/report/report_names.cpp
  ${JVMTILAYER_SCHEMA_CPP})
target_include_directories(jvmtilayer_settings PUBLIC ${jvmtilayer_settings_runtime})
target_link_libraries(jvmtilayer_settings PRIVATE nlohmann_json::nlohmann_json PUBLIC Threads::Threads)
# The report page's URLs are percent-encoded as the SARIF writer's are (report_files_io.hpp).
include(${jvmtilayer_settings_runtime}/report/formats/report_formats.cmake)
target_link_libraries(jvmtilayer_settings PUBLIC jvmtilayer_report_formats)
target_compile_features(jvmtilayer_settings PUBLIC cxx_std_20)
# It goes into libjvmtilayer.so.
set_target_properties(jvmtilayer_settings PROPERTIES POSITION_INDEPENDENT_CODE ON)
