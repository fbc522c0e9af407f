#!/usr/bin/env bash
# The main job: install what is missing, build, and run jvmtigen on spec/jvmti.xml, writing
# the outputs into generated/. Extra arguments go to jvmtigen (e.g. --out DIR).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build
build/generator/jvmtigen --spec spec/jvmti.xml --out generated "$@"
