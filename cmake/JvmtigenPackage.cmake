# `cpack -G DEB` (in the build directory): a Debian package of everything `cmake --install`
# installs, under /usr: jvmtigen, jvmti-check and the libTooling tools in /usr/bin,
# libjvmtilayer.so in /usr/lib/<multiarch>, the CMake package in /usr/lib/cmake, the headers in
# /usr/include/jvmtigen, the spec and templates, the man pages and the docs. Its dependencies
# are read from the shared libraries the binaries need (dpkg-shlibdeps, from dpkg-dev), not
# written by hand. Included at the end of the top-level CMakeLists.txt.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME jvmtigen)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "JVMTI generator, checking layer for agents, and tools")
set(CPACK_PACKAGE_DESCRIPTION
  "jvmtigen generates jvmti.h, a checking entry layer, tracing and documentation from a jvmti.xml. libjvmtilayer.so and jvmti-check put any JVMTI agent behind that checking layer on a real JVM.")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "jvmtigen developers <jvmtigen@invalid>")
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# The generated sources of the package's CMake functions need a JDK's jni.h; a JVM runs the layer.
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "default-jdk-headless | openjdk-17-jdk-headless, cmake, ninja-build")
set(CPACK_STRIP_FILES OFF)
include(CPack)
