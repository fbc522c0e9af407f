# The CMake functions of jvmtigen, for a VM's build and for agent authors:
#
#   jvmtigen_generate(TARGET <name> SPEC <jvmti.xml> [VERSION x.y.z] [API_VERSION x.y.z]
#                     [OUTPUTS <output>...] [OUTPUT_DIR <dir>] [INCLUDE_DIRS <dir>...])
#   jvmtigen_add_agent(<name> SOURCES <file>... [SHARED] [SPEC <jvmti.xml> [VERSION x.y.z]]
#                      [API_VERSION x.y.z] [OUTPUT_DIR <dir>] [LINT [LINT_ARGS <arg>...]])
#
# They work in two places. In jvmtigen's own build (or a project that add_subdirectory()s it)
# the generator is the `jvmtigen` target, and the templates it embeds are dependencies too.
# From an install, through find_package(jvmtigen CONFIG REQUIRED), the generator is the
# imported executable jvmtigen::jvmtigen (its templates are compiled into it).
#
# jni.h, which jvmti.h includes, comes from a JDK: JVMTIGEN_JNI_INCLUDE_DIR (a cache variable:
# set it to override) is found from JAVA_HOME or the usual Debian JDK directories.

# ---- jni.h: the imported target jvmtigen::jni ----
if(NOT TARGET jvmtigen::jni)
  find_path(JVMTIGEN_JNI_INCLUDE_DIR jni.h
    HINTS ${JNI_INCLUDE} "$ENV{JAVA_HOME}/include"
          /usr/lib/jvm/java-17-openjdk-amd64/include /usr/lib/jvm/default-java/include
    DOC "The JDK's include directory, holding jni.h")
  if(NOT JVMTIGEN_JNI_INCLUDE_DIR)
    message(FATAL_ERROR "jvmtigen: jni.h not found; install a JDK (openjdk-17-jdk-headless), "
                        "set JAVA_HOME, or pass -DJVMTIGEN_JNI_INCLUDE_DIR=<jdk>/include")
  endif()
  find_path(JVMTIGEN_JNI_MD_INCLUDE_DIR jni_md.h
    HINTS "${JVMTIGEN_JNI_INCLUDE_DIR}/linux" "${JVMTIGEN_JNI_INCLUDE_DIR}/darwin"
          "${JVMTIGEN_JNI_INCLUDE_DIR}"
    NO_DEFAULT_PATH
    DOC "The JDK's platform include directory, holding jni_md.h")
  if(NOT JVMTIGEN_JNI_MD_INCLUDE_DIR)
    message(FATAL_ERROR "jvmtigen: jni_md.h not found beside ${JVMTIGEN_JNI_INCLUDE_DIR}/jni.h")
  endif()
  add_library(jvmtigen::jni INTERFACE IMPORTED GLOBAL)
  set_target_properties(jvmtigen::jni PROPERTIES
    INTERFACE_INCLUDE_DIRECTORIES "${JVMTIGEN_JNI_INCLUDE_DIR};${JVMTIGEN_JNI_MD_INCLUDE_DIR}")
endif()

# Where this file is: the checkout's cmake/ in-tree, lib/cmake/jvmtigen/ when installed.
set_property(GLOBAL PROPERTY _JVMTIGEN_LIST_DIR "${CMAKE_CURRENT_LIST_DIR}")

# The outputs jvmtigen_generate knows, each with the files jvmtigen writes for it (under
# OUTPUT_DIR). They must match the emitters (generator/emitters.cpp): ninja is told exactly
# these files. "table" is another name for "checks".
set(_JVMTIGEN_OUTPUTS header runtime checks stubs tables lint recorder forward events trace cpp docs rules rules-json
    hotspot-enter hotspot-enter-trace hotspot-env-hpp hotspot-jvmti-h hotspot-jvmti-html hotspot-env-stub)
set(_JVMTIGEN_FILES_header include/jvmti.h)
set(_JVMTIGEN_FILES_runtime include/jvmti_runtime.hpp)
set(_JVMTIGEN_FILES_checks src/jvmti_entries.hpp src/jvmti_table.cpp)
foreach(n RANGE 1 4)  # kEntryFiles in generator/emitters.hpp
  list(APPEND _JVMTIGEN_FILES_checks src/jvmti_entries_${n}.cpp)
endforeach()
set(_JVMTIGEN_FILES_stubs src/jvmti_stubs.cpp)
set(_JVMTIGEN_FILES_tables include/jvmti_metadata.hpp src/jvmti_metadata.cpp)
set(_JVMTIGEN_FILES_lint include/jvmti_lint_tables.hpp src/jvmti_lint_tables.cpp)
set(_JVMTIGEN_FILES_recorder include/jvmti_recorder.hpp src/jvmti_recorder.cpp)
set(_JVMTIGEN_FILES_forward include/jvmti_forward.hpp src/jvmti_forward.cpp)
set(_JVMTIGEN_FILES_events include/jvmti_events.hpp src/jvmti_event_thunks.cpp)
set(_JVMTIGEN_FILES_trace include/jvmti_trace.hpp src/jvmti_trace_entries.cpp src/jvmti_trace_events.cpp
    src/jvmti_trace_values.cpp)
set(_JVMTIGEN_FILES_cpp include/jvmti.hpp)
set(_JVMTIGEN_FILES_docs docs/jvmti.html)
set(_JVMTIGEN_FILES_rules docs/rules.md)
set(_JVMTIGEN_FILES_rules-json docs/rules.json)
# HotSpot's entry layer (docs/hotspot.md), for a HotSpot build: named in OUTPUTS or not made.
set(_JVMTIGEN_FILES_hotspot-enter jvmtifiles/jvmtiEnter.cpp)
set(_JVMTIGEN_FILES_hotspot-enter-trace jvmtifiles/jvmtiEnterTrace.cpp)
set(_JVMTIGEN_FILES_hotspot-env-hpp jvmtifiles/jvmtiEnv.hpp)
set(_JVMTIGEN_FILES_hotspot-jvmti-h jvmtifiles/jvmti.h)
set(_JVMTIGEN_FILES_hotspot-jvmti-html jvmtifiles/jvmti.html)
set(_JVMTIGEN_FILES_hotspot-env-stub jvmtifiles/jvmtiEnvStub.cpp)
foreach(o IN LISTS _JVMTIGEN_OUTPUTS)
  set_property(GLOBAL PROPERTY _JVMTIGEN_FILES_${o} "${_JVMTIGEN_FILES_${o}}")
endforeach()
set_property(GLOBAL PROPERTY _JVMTIGEN_OUTPUTS "${_JVMTIGEN_OUTPUTS}")

# The generator to run (`exe`, usable in COMMAND) and what a generation step depends on
# besides the spec (`deps`): the in-tree target and its templates, or the installed binary.
function(_jvmtigen_generator exe deps)
  if(TARGET jvmtigen::jvmtigen)
    get_target_property(imported jvmtigen::jvmtigen IMPORTED)
  endif()
  if(TARGET jvmtigen::jvmtigen AND imported)
    set(${exe} "$<TARGET_FILE:jvmtigen::jvmtigen>" PARENT_SCOPE)
    set(${deps} "$<TARGET_FILE:jvmtigen::jvmtigen>" PARENT_SCOPE)
  elseif(TARGET jvmtigen)
    get_property(dir GLOBAL PROPERTY _JVMTIGEN_LIST_DIR)
    file(GLOB templates CONFIGURE_DEPENDS "${dir}/../templates/*.mustache")
    set(${exe} "$<TARGET_FILE:jvmtigen>" PARENT_SCOPE)
    set(${deps} jvmtigen ${templates} PARENT_SCOPE)
  else()
    message(FATAL_ERROR "jvmtigen: no generator: use find_package(jvmtigen CONFIG REQUIRED) "
                        "(imported jvmtigen::jvmtigen) or build jvmtigen in this project")
  endif()
endfunction()

# jvmtigen_generate: runs jvmtigen at build time on SPEC and makes, from what it writes:
#   <TARGET>           a library: with "checks" and/or "tables", a static library of the
#                      checking entries, their table (jvmti_runtime::checkedFunctionTable) and
#                      the metadata tables, behind which a VM links its runtime (the functions
#                      of jvmti_runtime.hpp); otherwise an interface library. Either way its
#                      users get OUTPUT_DIR/include, INCLUDE_DIRS and jni.h on their include path.
#   <TARGET>_stubs     ("stubs") every runtime function returning JVMTI_ERROR_NOT_AVAILABLE;
#   <TARGET>_recorder  ("recorder") a runtime that records calls (for tests);
#   <TARGET>_forward   ("forward") a runtime forwarding to a host JVMTI (it includes the
#                      VM's jvmti_runtime_own.hpp, found through INCLUDE_DIRS);
#   <TARGET>_events    ("events") the event thunks that call agents' callbacks;
#   <TARGET>_trace     ("trace") the tracing entries and their table, the tracing event
#                      thunks and the value formatters; the VM defines jvmti_trace::Call,
#                      jvmti_trace::Event and a jvmti_trace::Values (see jvmti_trace.hpp);
#   <TARGET>_sources   the generation step itself (part of `all`).
# and sets <TARGET>_INCLUDE_DIR (OUTPUT_DIR/include) and, with "docs", <TARGET>_DOCS (the HTML
# page) in the caller's scope.
#
# OUTPUTS (default: header runtime checks stubs tables recorder) names what to generate, as
# jvmtigen --only does: header, runtime, checks (or table), stubs, tables, lint (jvmti-lint's
# tables, beside the metadata), recorder, forward, events, trace, cpp, docs, rules (the rule
# catalogue, docs/rules.md), rules-json (the same catalogue as JSON, docs/rules.json),
# hotspot-enter, hotspot-enter-trace, hotspot-env-hpp, hotspot-jvmti-h, hotspot-jvmti-html,
# hotspot-env-stub
# (HotSpot's jvmtifiles/, generated only: HotSpot's build compiles them; docs/hotspot.md); an
# unknown name stops the configuration. What an output
# needs comes with it: trace brings checks and events; checks, stubs, recorder, forward and
# events bring runtime; runtime, tables, lint and cpp bring header. OUTPUT_DIR defaults to
# <current binary dir>/<TARGET>.
# VERSION is passed as --jvmti-version, for specs that declare none (OpenJDK's since JDK 10);
# API_VERSION as --api-version: the interface of that release (what came later is left out,
# so code using it does not compile). INCLUDE_DIRS are
# searched by the generated sources: where a VM keeps its jvmti_runtime_inline.hpp (inline
# queries) and jvmti_runtime_hooks.hpp (per-function hooks).
#
# The step's inputs are exactly the spec and the generator (and, in-tree, the templates):
# editing one reruns it once, touching nothing reruns nothing. jvmtigen rewrites only the
# files whose bytes change (the step declares them as byproducts, which ninja re-stats), so
# only what depends on those recompiles.
function(jvmtigen_generate)
  cmake_parse_arguments(PARSE_ARGV 0 G "" "TARGET;SPEC;OUTPUT_DIR;VERSION;API_VERSION" "OUTPUTS;INCLUDE_DIRS")
  if(G_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "jvmtigen_generate: unexpected arguments: ${G_UNPARSED_ARGUMENTS}")
  endif()
  foreach(required TARGET SPEC)
    if(NOT G_${required})
      message(FATAL_ERROR "jvmtigen_generate: ${required} is required")
    endif()
  endforeach()
  get_filename_component(spec "${G_SPEC}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
  if(NOT EXISTS "${spec}")
    message(FATAL_ERROR "jvmtigen_generate: the spec ${spec} does not exist")
  endif()
  if(G_OUTPUT_DIR)
    get_filename_component(out "${G_OUTPUT_DIR}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_BINARY_DIR}")
  else()
    set(out "${CMAKE_CURRENT_BINARY_DIR}/${G_TARGET}")
  endif()
  set(version_args)
  if(G_VERSION)
    if(NOT G_VERSION MATCHES "^[0-9]+\\.[0-9]+\\.[0-9]+$")
      message(FATAL_ERROR "jvmtigen_generate: VERSION must be MAJOR.MINOR.MICRO, not '${G_VERSION}'")
    endif()
    set(version_args --jvmti-version ${G_VERSION})
  endif()
  if(G_API_VERSION)
    if(NOT G_API_VERSION MATCHES "^[0-9]+\\.[0-9]+\\.[0-9]+$")
      message(FATAL_ERROR "jvmtigen_generate: API_VERSION must be MAJOR.MINOR.MICRO, not '${G_API_VERSION}'")
    endif()
    list(APPEND version_args --api-version ${G_API_VERSION})
  endif()

  # The outputs asked for, checked, with what they need.
  get_property(known GLOBAL PROPERTY _JVMTIGEN_OUTPUTS)
  string(REPLACE ";" ", " known_text "${known}")
  string(REPLACE "checks," "checks (or table)," known_text "${known_text}")
  if(NOT DEFINED G_OUTPUTS AND NOT "OUTPUTS" IN_LIST G_KEYWORDS_MISSING_VALUES)
    set(G_OUTPUTS header runtime checks stubs tables recorder)
  elseif(NOT G_OUTPUTS)
    message(FATAL_ERROR "jvmtigen_generate: OUTPUTS names none; the outputs are: ${known_text}")
  endif()
  set(wanted)
  foreach(o IN LISTS G_OUTPUTS)
    if(o STREQUAL "table")
      set(o checks)
    endif()
    if(NOT o IN_LIST known)
      message(FATAL_ERROR "jvmtigen_generate: unknown output '${o}'; the outputs are: ${known_text}")
    endif()
    list(APPEND wanted ${o})
  endforeach()
  if("trace" IN_LIST wanted)
    list(APPEND wanted checks events)
  endif()
  foreach(o checks stubs recorder forward events)
    if(o IN_LIST wanted)
      list(APPEND wanted runtime)
    endif()
  endforeach()
  if("runtime" IN_LIST wanted OR "tables" IN_LIST wanted OR "lint" IN_LIST wanted OR "cpp" IN_LIST wanted)
    list(APPEND wanted header)
  endif()
  set(only)
  set(files)
  foreach(o IN LISTS known)  # in a fixed order, so the command line is stable
    if(o IN_LIST wanted)
      list(APPEND only ${o})
      get_property(of GLOBAL PROPERTY _JVMTIGEN_FILES_${o})
      foreach(f IN LISTS of)
        list(APPEND files "${out}/${f}")
      endforeach()
    endif()
  endforeach()
  string(REPLACE ";" "," only "${only}")

  # The step: a stamp as its output, the files as byproducts (re-stated by ninja, so a file
  # jvmtigen left alone does not make its dependents rebuild).
  _jvmtigen_generator(exe deps)
  set(stamp "${out}/jvmtigen-${G_TARGET}.stamp")
  add_custom_command(
    OUTPUT "${stamp}"
    BYPRODUCTS ${files}
    COMMAND ${exe} --spec ${spec} ${version_args} --out ${out} --only ${only}
    COMMAND ${CMAKE_COMMAND} -E touch ${stamp}
    DEPENDS ${spec} ${deps}
    COMMENT "jvmtigen: generating ${only} of ${spec} for ${G_TARGET}"
    VERBATIM)
  add_custom_target(${G_TARGET}_sources ALL DEPENDS "${stamp}")

  set(lib_sources)
  if("checks" IN_LIST wanted)
    foreach(n RANGE 1 4)
      list(APPEND lib_sources ${out}/src/jvmti_entries_${n}.cpp)
    endforeach()
    list(APPEND lib_sources ${out}/src/jvmti_table.cpp)
  endif()
  if("tables" IN_LIST wanted)
    list(APPEND lib_sources ${out}/src/jvmti_metadata.cpp)
  endif()
  if(lib_sources)
    add_library(${G_TARGET} STATIC ${lib_sources})
    target_include_directories(${G_TARGET} PUBLIC ${G_INCLUDE_DIRS} ${out}/include PRIVATE ${out}/src)
    target_link_libraries(${G_TARGET} PUBLIC jvmtigen::jni)
    target_compile_features(${G_TARGET} PUBLIC cxx_std_20)
    # VMs are often shared libraries (libjvm.so): the generated code must fit in one.
    set_target_properties(${G_TARGET} PROPERTIES POSITION_INDEPENDENT_CODE ON)
  else()
    add_library(${G_TARGET} INTERFACE)
    target_include_directories(${G_TARGET} INTERFACE ${G_INCLUDE_DIRS} ${out}/include)
    target_link_libraries(${G_TARGET} INTERFACE jvmtigen::jni)
  endif()
  # Followed by every user of the library, an interface library included: the generated
  # headers exist before anything that includes them compiles.
  add_dependencies(${G_TARGET} ${G_TARGET}_sources)

  set(source_stubs jvmti_stubs.cpp)
  set(source_recorder jvmti_recorder.cpp)
  set(source_forward jvmti_forward.cpp)
  set(source_events jvmti_event_thunks.cpp)
  set(source_trace jvmti_trace_entries.cpp jvmti_trace_events.cpp jvmti_trace_values.cpp)
  list(TRANSFORM source_trace PREPEND ${out}/src/)
  foreach(part stubs recorder forward events trace)
    if(part IN_LIST wanted)
      if(part STREQUAL "trace")
        add_library(${G_TARGET}_${part} STATIC ${source_trace})
        target_include_directories(${G_TARGET}_${part} PRIVATE ${out}/src)
      else()
        add_library(${G_TARGET}_${part} STATIC ${out}/src/${source_${part}})
      endif()
      add_dependencies(${G_TARGET}_${part} ${G_TARGET}_sources)
      target_include_directories(${G_TARGET}_${part} PUBLIC ${out}/include)
      target_link_libraries(${G_TARGET}_${part} PUBLIC jvmtigen::jni)
      target_compile_features(${G_TARGET}_${part} PUBLIC cxx_std_20)
      set_target_properties(${G_TARGET}_${part} PROPERTIES POSITION_INDEPENDENT_CODE ON)
    endif()
  endforeach()
  # The stubs, the forwarding runtime and the thunks see the VM's headers (inline queries,
  # its own declarations); the recorder is a runtime of its own.
  foreach(part stubs forward events trace)
    if(TARGET ${G_TARGET}_${part})
      target_include_directories(${G_TARGET}_${part} PUBLIC ${G_INCLUDE_DIRS})
    endif()
  endforeach()

  set(${G_TARGET}_INCLUDE_DIR "${out}/include" PARENT_SCOPE)
  if("docs" IN_LIST wanted)
    set(${G_TARGET}_DOCS "${out}/docs/jvmti.html" PARENT_SCOPE)
  endif()
endfunction()

# jvmtigen::headers: the jvmti.h of jvmtigen's own spec (the committed generated/include
# in-tree, include/jvmtigen when installed) with jni.h.
function(_jvmtigen_headers_target)
  if(TARGET jvmtigen::headers)
    return()
  endif()
  get_property(dir GLOBAL PROPERTY _JVMTIGEN_LIST_DIR)
  get_filename_component(include "${dir}/../generated/include" ABSOLUTE)
  if(NOT EXISTS "${include}/jvmti.h")
    message(FATAL_ERROR "jvmtigen_add_agent: no jvmti.h (looked in ${include}); pass SPEC")
  endif()
  add_library(jvmtigen_headers INTERFACE)
  target_include_directories(jvmtigen_headers INTERFACE ${include})
  target_link_libraries(jvmtigen_headers INTERFACE jvmtigen::jni)
  add_library(jvmtigen::headers ALIAS jvmtigen_headers)
endfunction()

# jvmtigen_add_agent: a JVMTI agent, a MODULE library (SHARED with SHARED) built from
# SOURCES against jvmti.h: jvmtigen's own (jvmtigen::headers), or with SPEC the header of that
# spec, generated at build time into OUTPUT_DIR (default <current binary dir>/<name>_jvmti)
# by jvmtigen_generate(TARGET <name>_jvmti OUTPUTS header). With API_VERSION the header is
# that release's (of SPEC, or of jvmtigen's own spec): the agent then compiles only if it uses
# nothing later, which is how it proves the oldest JDK it supports.
#
# With LINT, the build also runs jvmti-lint on SOURCES (docs/static-analysis.md), with the
# agent's include directories and definitions, after the agent is built and again whenever a
# source changes: a finding fails the build (--error-exitcode 1) and prints as a compiler
# warning does. LINT_ARGS go to jvmti-lint before the sources (--baseline FILE, --sarif FILE,
# -j N). jvmti-lint is the jvmti-lint target in-tree, jvmtigen::jvmti-lint from an install, else
# JVMTIGEN_LINT (a cache variable: its path).
function(jvmtigen_add_agent name)
  cmake_parse_arguments(PARSE_ARGV 1 A "SHARED;LINT" "SPEC;VERSION;API_VERSION;OUTPUT_DIR" "SOURCES;LINT_ARGS")
  if(A_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "jvmtigen_add_agent: unexpected arguments: ${A_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT A_SOURCES)
    message(FATAL_ERROR "jvmtigen_add_agent: SOURCES is required")
  endif()
  if(A_VERSION AND NOT A_SPEC)
    message(FATAL_ERROR "jvmtigen_add_agent: VERSION goes with SPEC")
  endif()
  if(A_OUTPUT_DIR AND NOT A_SPEC AND NOT A_API_VERSION)
    message(FATAL_ERROR "jvmtigen_add_agent: OUTPUT_DIR goes with SPEC or API_VERSION")
  endif()
  if(A_LINT_ARGS AND NOT A_LINT)
    message(FATAL_ERROR "jvmtigen_add_agent: LINT_ARGS goes with LINT")
  endif()
  set(kind MODULE)
  if(A_SHARED)
    set(kind SHARED)
  endif()
  add_library(${name} ${kind} ${A_SOURCES})
  if(A_API_VERSION AND NOT A_SPEC)
    # jvmtigen's own spec: installed beside the package, or in the checkout.
    if(DEFINED JVMTIGEN_SPEC_FILE)
      set(A_SPEC "${JVMTIGEN_SPEC_FILE}")
    else()
      get_property(dir GLOBAL PROPERTY _JVMTIGEN_LIST_DIR)
      get_filename_component(A_SPEC "${dir}/../spec/jvmti.xml" ABSOLUTE)
    endif()
  endif()
  if(A_SPEC)
    set(extra)
    if(A_VERSION)
      list(APPEND extra VERSION ${A_VERSION})
    endif()
    if(A_API_VERSION)
      list(APPEND extra API_VERSION ${A_API_VERSION})
    endif()
    if(NOT A_OUTPUT_DIR)
      set(A_OUTPUT_DIR "${CMAKE_CURRENT_BINARY_DIR}/${name}_jvmti")
    endif()
    jvmtigen_generate(TARGET ${name}_jvmti SPEC ${A_SPEC} OUTPUTS header OUTPUT_DIR ${A_OUTPUT_DIR} ${extra})
    target_link_libraries(${name} PRIVATE ${name}_jvmti)
  else()
    _jvmtigen_headers_target()
    target_link_libraries(${name} PRIVATE jvmtigen::headers)
  endif()
  if(A_LINT)
    _jvmtigen_add_lint(${name} "${A_SOURCES}" "${A_LINT_ARGS}")
  endif()
endfunction()

# The LINT step of jvmtigen_add_agent: <name>_lint, part of `all`, runs jvmti-lint on the
# agent's sources with its compile flags and leaves a stamp when it finds nothing.
function(_jvmtigen_add_lint name sources lint_args)
  if(TARGET jvmti-lint)
    set(lint $<TARGET_FILE:jvmti-lint>)
    set(lint_dependency jvmti-lint)
  elseif(TARGET jvmtigen::jvmti-lint)
    set(lint $<TARGET_FILE:jvmtigen::jvmti-lint>)
    set(lint_dependency jvmtigen::jvmti-lint)
  else()
    find_program(JVMTIGEN_LINT jvmti-lint DOC "jvmti-lint, for jvmtigen_add_agent(LINT)")
    if(NOT JVMTIGEN_LINT)
      message(FATAL_ERROR "jvmtigen_add_agent(${name} LINT): jvmti-lint not found (it is built where Clang 14's "
                          "development packages are; or set JVMTIGEN_LINT to its path)")
    endif()
    set(lint ${JVMTIGEN_LINT})
    set(lint_dependency ${JVMTIGEN_LINT})
  endif()
  set(files)
  foreach(source IN LISTS sources)
    get_filename_component(source "${source}" ABSOLUTE)
    list(APPEND files "${source}")
  endforeach()
  set(includes "$<TARGET_PROPERTY:${name},INCLUDE_DIRECTORIES>")
  set(definitions "$<TARGET_PROPERTY:${name},COMPILE_DEFINITIONS>")
  set(stamp "${CMAKE_CURRENT_BINARY_DIR}/${name}.lint")
  add_custom_command(OUTPUT "${stamp}"
    COMMAND ${lint} --error-exitcode 1 ${lint_args} ${files} --
            "$<$<BOOL:${includes}>:-I$<JOIN:${includes},;-I>>" "$<$<BOOL:${definitions}>:-D$<JOIN:${definitions},;-D>>"
    COMMAND ${CMAKE_COMMAND} -E touch "${stamp}"
    DEPENDS ${files} ${lint_dependency}
    WORKING_DIRECTORY "${CMAKE_CURRENT_SOURCE_DIR}"
    COMMENT "jvmti-lint: ${name}"
    COMMAND_EXPAND_LISTS VERBATIM)
  add_custom_target(${name}_lint ALL DEPENDS "${stamp}")
  # After the agent: its generated header (SPEC) exists by then.
  add_dependencies(${name}_lint ${name})
endfunction()
