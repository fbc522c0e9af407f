# jvmtigen_add_agent(LINT) at build time (cmake -P): the project in cmake_option/ configured
# and built twice in a fresh directory under WORK, with the seeded agent (the build must fail,
# printing the findings as a compiler prints warnings) and with the handled one (it must pass).
# Variables: SOURCE_DIR (the checkout), WORK (a directory of the test's own), LINT (jvmti-lint),
# GENERATOR, JNI_INCLUDE_DIR.
foreach(agent seeded handled)
  set(build "${WORK}/${agent}")
  file(REMOVE_RECURSE "${build}")
  execute_process(
    COMMAND ${CMAKE_COMMAND} -S "${SOURCE_DIR}/tests/lint/cmake_option" -B "${build}" -G "${GENERATOR}"
            "-DJVMTIGEN_SOURCE_DIR=${SOURCE_DIR}" "-DAGENT=${SOURCE_DIR}/tests/lint/${agent}/agent.c"
            "-DJVMTIGEN_LINT=${LINT}" "-DJVMTIGEN_JNI_INCLUDE_DIR=${JNI_INCLUDE_DIR}"
    RESULT_VARIABLE configured OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT configured EQUAL 0)
    message(FATAL_ERROR "${agent}: configuring failed:\n${out}")
  endif()
  execute_process(COMMAND ${CMAKE_COMMAND} --build "${build}" RESULT_VARIABLE built OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(agent STREQUAL "seeded")
    if(built EQUAL 0)
      message(FATAL_ERROR "seeded: the build passed despite the findings:\n${out}")
    endif()
    if(NOT out MATCHES "agent\\.c:[0-9]+:[0-9]+: warning: memory from GetClassSignature is deallocated a second time \\[Deallocate\\.mem\\.double\\]")
      message(FATAL_ERROR "seeded: the build did not print the findings:\n${out}")
    endif()
    if(EXISTS "${build}/profiler.lint")
      message(FATAL_ERROR "seeded: the lint step left its stamp although it failed")
    endif()
  else()
    if(NOT built EQUAL 0)
      message(FATAL_ERROR "handled: the build failed:\n${out}")
    endif()
    if(NOT EXISTS "${build}/profiler.lint" OR NOT out MATCHES "jvmti-lint: profiler")
      message(FATAL_ERROR "handled: the lint step did not run:\n${out}")
    endif()
  endif()
endforeach()
message(STATUS "LINT: the seeded agent's build fails with its findings, the handled agent's passes")
