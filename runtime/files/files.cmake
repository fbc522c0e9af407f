# How the layer and jvmti-check create, read and clean up files (runtime/files/own_files.cpp), as a
# static library, jvmtilayer_files. It needs nothing else; every room and tool that writes a file
# links it. Including it twice is harmless.
include_guard(GLOBAL)

add_library(jvmtilayer_files STATIC ${CMAKE_CURRENT_LIST_DIR}/own_files.cpp)
cmake_path(SET jvmtilayer_files_runtime NORMALIZE ${CMAKE_CURRENT_LIST_DIR}/..)
target_include_directories(jvmtilayer_files PUBLIC ${jvmtilayer_files_runtime})
target_compile_features(jvmtilayer_files PUBLIC cxx_std_20)
# It goes into libjvmtilayer.so.
set_target_properties(jvmtilayer_files PROPERTIES POSITION_INDEPENDENT_CODE ON)
