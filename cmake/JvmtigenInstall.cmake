# install() rules and the CMake package: after `cmake --install build --prefix P`,
# find_package(jvmtigen CONFIG REQUIRED) with P on CMAKE_PREFIX_PATH gives
#   jvmtigen::jvmtigen    the generator (P/bin/jvmtigen)
#   jvmtigen::headers     jvmti.h of spec/jvmti.xml (P/include/jvmtigen) with jni.h
#   jvmtigen::jni         the JDK's jni.h
#   jvmtigen::jvmtilayer  the runtime layer libjvmtilayer.so, when it was built
#   jvmtigen_generate(), jvmtigen_add_agent()  (cmake/JvmtigenGenerate.cmake)
#   JVMTIGEN_SPEC_FILE, JVMTIGEN_TEMPLATE_DIR, JVMTIGEN_INCLUDE_DIR, JVMTIGEN_LAYER_LIBRARY
# Installed: bin/jvmtigen, bin/jvmti-check (+ the libTooling tools jvmti-abi-diff and
# jvmti-impl-check when built, as jvmtigen::<tool>), the lib dir (lib/<multiarch> on Debian)
# libjvmtilayer.so, share/man/ the man pages, share/bash-completion/completions/ the completion,
# include/jvmtigen/ the generated headers, share/jvmtigen/spec/jvmti.xml,
# share/jvmtigen/templates/*.mustache (for reference: the binary embeds its own),
# lib/cmake/jvmtigen/. Include this file at the end of the top-level CMakeLists.txt.
#
# A tool target that should be installed registers itself with
#   set_property(GLOBAL APPEND PROPERTY JVMTIGEN_INSTALL_TOOLS <target>)
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

# The package goes to lib/cmake/jvmtigen, not under the multiarch LIBDIR: find_package searches
# <prefix>/lib*/cmake in every project, but <prefix>/lib/<multiarch> only in projects that
# enabled a language (so that CMake knows the architecture).
set(JVMTIGEN_INSTALL_CMAKEDIR lib/cmake/jvmtigen)
set(JVMTIGEN_INSTALL_DATADIR ${CMAKE_INSTALL_DATADIR}/jvmtigen)
set(JVMTIGEN_INSTALL_INCLUDEDIR ${CMAKE_INSTALL_INCLUDEDIR}/jvmtigen)

install(TARGETS jvmtigen EXPORT jvmtigenTargets RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(FILES ${PROJECT_SOURCE_DIR}/spec/jvmti.xml DESTINATION ${JVMTIGEN_INSTALL_DATADIR}/spec)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/templates/ DESTINATION ${JVMTIGEN_INSTALL_DATADIR}/templates
        FILES_MATCHING PATTERN "*.mustache")
install(DIRECTORY ${PROJECT_SOURCE_DIR}/generated/include/ DESTINATION ${JVMTIGEN_INSTALL_INCLUDEDIR}
        FILES_MATCHING PATTERN "*.h" PATTERN "*.hpp")
# The man pages the build writes (man/CMakeLists.txt): jvmtigen(1), jvmti-check(1), the tools'
# pages and jvmtilayer(7).
if(JVMTIGEN_MAN_DIR)
  install(DIRECTORY ${JVMTIGEN_MAN_DIR}/ DESTINATION ${CMAKE_INSTALL_MANDIR}/man1 FILES_MATCHING PATTERN "*.1")
  install(DIRECTORY ${JVMTIGEN_MAN_DIR}/ DESTINATION ${CMAKE_INSTALL_MANDIR}/man7 FILES_MATCHING PATTERN "*.7")
  # The bash completion the build writes beside them, once per command: bash-completion loads
  # share/bash-completion/completions/<command> when <command> is first completed.
  foreach(command jvmtigen jvmti-check jvmti-abi-diff jvmti-impl-check jvmti-conform jvmti-lint)
    install(FILES ${JVMTIGEN_MAN_DIR}/jvmtigen.bash DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions
            RENAME ${command})
  endforeach()
endif()
# README.md and docs/*.md keep their places relative to each other, so that their links between
# them still resolve in the installed copy: README.md in DOCDIR, the docs in DOCDIR/docs.
install(FILES ${PROJECT_SOURCE_DIR}/README.md DESTINATION ${CMAKE_INSTALL_DOCDIR})
file(GLOB jvmtigen_doc_pages CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/docs/*.md)
install(FILES ${jvmtigen_doc_pages} DESTINATION ${CMAKE_INSTALL_DOCDIR}/docs)
# The generated docs, whatever generated/docs holds: jvmti.html, rules.md and rules.json.
if(EXISTS ${PROJECT_SOURCE_DIR}/generated/docs)
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/generated/docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR})
endif()

configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/jvmtigenConfig.cmake.in
  ${PROJECT_BINARY_DIR}/package/jvmtigenConfig.cmake
  INSTALL_DESTINATION ${JVMTIGEN_INSTALL_CMAKEDIR}
  PATH_VARS JVMTIGEN_INSTALL_DATADIR JVMTIGEN_INSTALL_INCLUDEDIR CMAKE_INSTALL_LIBDIR)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/package/jvmtigenConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES
  ${PROJECT_BINARY_DIR}/package/jvmtigenConfig.cmake
  ${PROJECT_BINARY_DIR}/package/jvmtigenConfigVersion.cmake
  ${CMAKE_CURRENT_LIST_DIR}/JvmtigenGenerate.cmake
  DESTINATION ${JVMTIGEN_INSTALL_CMAKEDIR})

# What may be defined after this file is included (the runtime layer, the tools) is installed
# at the end of the top-level directory.
function(_jvmtigen_install_late)
  get_property(tools GLOBAL PROPERTY JVMTIGEN_INSTALL_TOOLS)
  list(APPEND tools jvmti-abi-diff jvmti-impl-check jvmti-lint)  # tools/, when Clang's dev packages are there
  list(REMOVE_DUPLICATES tools)
  foreach(tool IN LISTS tools)
    if(TARGET ${tool})
      install(TARGETS ${tool} EXPORT jvmtigenTargets RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
    endif()
  endforeach()
  install(EXPORT jvmtigenTargets NAMESPACE jvmtigen:: DESTINATION ${JVMTIGEN_INSTALL_CMAKEDIR})

  # The layer is not exported (its link dependencies are its own business): the package
  # finds it by the file name it was built with.
  set(layer ${PROJECT_BINARY_DIR}/package/jvmtigenLayer.cmake)
  if(TARGET jvmtilayer)
    install(TARGETS jvmtilayer LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
                               RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
    file(GENERATE OUTPUT ${layer} CONTENT
      "set(JVMTIGEN_LAYER_FILE_NAME \"$<TARGET_FILE_NAME:jvmtilayer>\")\n")
  else()
    file(GENERATE OUTPUT ${layer} CONTENT "set(JVMTIGEN_LAYER_FILE_NAME \"\")\n")
  endif()
  install(FILES ${layer} DESTINATION ${JVMTIGEN_INSTALL_CMAKEDIR})
  # jvmti-conform's agent, where the tool looks for it (bin/ -> the lib dir).
  if(TARGET jvmticonform)
    install(TARGETS jvmticonform LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
  endif()
endfunction()
cmake_language(DEFER DIRECTORY ${PROJECT_SOURCE_DIR} CALL _jvmtigen_install_late)
