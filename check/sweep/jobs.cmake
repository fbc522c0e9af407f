# The sweep's process runner (check/sweep/jobs.cpp) as a static library, jvmticheck_jobs: commands
# N at a time, each in a process group of its own that a timeout or a signal kills whole. jvmti-check's
# sweep runs its runs with it, jvmti-lint --confirm its confirming runs. Including it twice is harmless.
include_guard(GLOBAL)

include(${CMAKE_CURRENT_LIST_DIR}/../../runtime/files/files.cmake)
add_library(jvmticheck_jobs STATIC ${CMAKE_CURRENT_LIST_DIR}/jobs.cpp)
# check/: included as "sweep/jobs.hpp".
cmake_path(SET jvmticheck_jobs_include NORMALIZE ${CMAKE_CURRENT_LIST_DIR}/..)
target_include_directories(jvmticheck_jobs PUBLIC ${jvmticheck_jobs_include})
target_link_libraries(jvmticheck_jobs PUBLIC jvmtilayer_files)
target_compile_features(jvmticheck_jobs PUBLIC cxx_std_20)
