# The parts of the layer's native binding that need no JVM, as a static library,
# jvmtilayer_natives_util: the ELF dynamic symbol reader (elf_symbols.cpp) and JNI name
# mangling and resolution (jni_mangle.cpp). Included by runtime/CMakeLists.txt (and by the
# tests when the top level does not include it); including it twice is harmless.
include_guard(GLOBAL)

add_library(jvmtilayer_natives_util STATIC
  ${CMAKE_CURRENT_LIST_DIR}/elf_symbols.cpp
  ${CMAKE_CURRENT_LIST_DIR}/jni_mangle.cpp)
# runtime/: the layer's headers are included by room ("natives/jni_mangle.hpp").
cmake_path(GET CMAKE_CURRENT_LIST_DIR PARENT_PATH jvmtilayer_natives_runtime)
target_include_directories(jvmtilayer_natives_util PUBLIC ${jvmtilayer_natives_runtime})
target_compile_features(jvmtilayer_natives_util PUBLIC cxx_std_20)
# It goes into libjvmtilayer.so.
set_target_properties(jvmtilayer_natives_util PROPERTIES POSITION_INDEPENDENT_CODE ON)
