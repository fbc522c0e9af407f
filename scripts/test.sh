#!/usr/bin/env bash
# Every test: install what is missing (scripts/setup.sh, scripts/test-tools.sh), build, run ctest, then a short run of each fuzz target
# (scripts/fuzz.sh --ci). JVMTIGEN_SANITIZE=1 builds with AddressSanitizer and
# UndefinedBehaviorSanitizer in build-asan/ instead, and leaves the fuzz run out.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
# Test tools Debian does not package (the SARIF validator, from npm), before CMake looks for them.
scripts/test-tools.sh
dir=build
opts=(-DCMAKE_BUILD_TYPE=RelWithDebInfo)
if [ "${JVMTIGEN_SANITIZE:-0}" = 1 ]; then
  dir=build-asan
  opts=(-DCMAKE_BUILD_TYPE=Debug -DJVMTIGEN_SANITIZE=ON)
  export LSAN_OPTIONS="suppressions=$PWD/tests/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
fi
cmake -S . -B "$dir" -G Ninja "${opts[@]}" >/dev/null
cmake --build "$dir"
ctest --test-dir "$dir" --output-on-failure -j2
if [ "${JVMTIGEN_SANITIZE:-0}" != 1 ]; then
  scripts/fuzz.sh --ci
fi
