# jvmtigen_generate(TARGET <name> SPEC <jvmti.xml> OUTPUT_DIR <dir> [VERSION x.y.z]
#                   [INCLUDE_DIRS <dir>...])
#
# Runs jvmtigen at build time and makes, from its outputs:
#   <name>           the checking entries, their table and the metadata tables (a VM links
#                    its runtime, the functions of jvmti_runtime.hpp, behind them);
#   <name>_stubs     every runtime function returning JVMTI_ERROR_NOT_AVAILABLE;
#   <name>_recorder  a runtime that records calls (for tests).
# INCLUDE_DIRS are searched by the generated sources: where a VM keeps its
# jvmti_runtime_inline.hpp (inline queries) and jvmti_runtime_hooks.hpp (per-function hooks).
# Editing the spec, a template or the generator regenerates; jvmtigen rewrites only files
# whose bytes change, so only what depends on those is rebuilt.
function(jvmtigen_generate)
  cmake_parse_arguments(G "" "TARGET;SPEC;OUTPUT_DIR;VERSION" "INCLUDE_DIRS" ${ARGN})
  foreach(required TARGET SPEC OUTPUT_DIR)
    if(NOT G_${required})
      message(FATAL_ERROR "jvmtigen_generate: ${required} is required")
    endif()
  endforeach()
  set(out ${G_OUTPUT_DIR})
  set(version_args)
  if(G_VERSION)
    set(version_args --version ${G_VERSION})
  endif()
  set(entry_sources)
  foreach(n RANGE 1 4)  # kEntryFiles in generator/emitters.hpp
    list(APPEND entry_sources ${out}/src/jvmti_entries_${n}.cpp)
  endforeach()
  set(outputs
    ${out}/include/jvmti.h ${out}/include/jvmti_runtime.hpp ${out}/include/jvmti_metadata.hpp
    ${out}/include/jvmti_recorder.hpp ${out}/src/jvmti_entries.hpp ${entry_sources}
    ${out}/src/jvmti_table.cpp ${out}/src/jvmti_metadata.cpp ${out}/src/jvmti_stubs.cpp
    ${out}/src/jvmti_recorder.cpp)
  file(GLOB templates CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/templates/*.mustache)
  add_custom_command(
    OUTPUT ${out}/jvmtigen.stamp
    BYPRODUCTS ${outputs}
    COMMAND jvmtigen --spec ${G_SPEC} ${version_args} --out ${out}
            --only header,runtime,checks,stubs,tables,recorder
    COMMAND ${CMAKE_COMMAND} -E touch ${out}/jvmtigen.stamp
    DEPENDS ${G_SPEC} jvmtigen ${templates}
    COMMENT "jvmtigen: generating the VM-side sources of ${G_SPEC}"
    VERBATIM)
  add_custom_target(${G_TARGET}_sources DEPENDS ${out}/jvmtigen.stamp)

  add_library(${G_TARGET} STATIC ${entry_sources} ${out}/src/jvmti_table.cpp ${out}/src/jvmti_metadata.cpp)
  add_dependencies(${G_TARGET} ${G_TARGET}_sources)
  target_include_directories(${G_TARGET} PUBLIC ${G_INCLUDE_DIRS} ${out}/include ${JNI_INCLUDE_DIRS} PRIVATE ${out}/src)
  target_compile_features(${G_TARGET} PUBLIC cxx_std_20)

  foreach(part stubs recorder)
    add_library(${G_TARGET}_${part} STATIC ${out}/src/jvmti_${part}.cpp)
    add_dependencies(${G_TARGET}_${part} ${G_TARGET}_sources)
    target_include_directories(${G_TARGET}_${part} PUBLIC ${out}/include ${JNI_INCLUDE_DIRS})
  endforeach()
  # The stubs see the VM's inline queries; the recorder is a runtime of its own.
  target_include_directories(${G_TARGET}_stubs PUBLIC ${G_INCLUDE_DIRS})
endfunction()
