#!/usr/bin/env bash
# Every test: install what is missing (scripts/setup.sh, scripts/test-tools.sh), build, run ctest, then a short run of each fuzz target
# (scripts/fuzz.sh --ci). JVMTIGEN_SANITIZE=1 builds with AddressSanitizer and
# UndefinedBehaviorSanitizer in build-asan/ instead, and leaves the fuzz run out.
# JVMTIGEN_SANITIZE=thread builds the layer's unit and stress tests (the target tsan_tests) with
# ThreadSanitizer in build-tsan/ and runs only them (ctest -L tsan): the JVM is not instrumented,
# so the tests that run one are left out.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
# Test tools Debian does not package (the SARIF validator, from npm), before CMake looks for them.
scripts/test-tools.sh
sanitize=${JVMTIGEN_SANITIZE:-0}
dir=build
opts=(-DCMAKE_BUILD_TYPE=RelWithDebInfo)
targets=()
labels=()
case "$sanitize" in
  0) ;;
  1)
    dir=build-asan
    opts=(-DCMAKE_BUILD_TYPE=Debug -DJVMTIGEN_SANITIZE=ON)
    export LSAN_OPTIONS="suppressions=$PWD/tests/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
    ;;
  thread)
    dir=build-tsan
    opts=(-DCMAKE_BUILD_TYPE=RelWithDebInfo -DJVMTIGEN_SANITIZE=thread)
    targets=(--target tsan_tests)
    labels=(-L tsan)
    # Every report fails its test (exit status 66), with the second stack of a lock-order report.
    export TSAN_OPTIONS="exitcode=66:second_deadlock_stack=1${TSAN_OPTIONS:+:$TSAN_OPTIONS}"
    ;;
  *)
    echo "scripts/test.sh: JVMTIGEN_SANITIZE=$sanitize: give 1 (ASan+UBSan) or thread (ThreadSanitizer)" >&2
    exit 2
    ;;
esac
cmake -S . -B "$dir" -G Ninja "${opts[@]}" >/dev/null
cmake --build "$dir" "${targets[@]}"
ctest --test-dir "$dir" --output-on-failure -j2 "${labels[@]}"
if [ "$sanitize" = 0 ]; then
  scripts/fuzz.sh --ci
fi
