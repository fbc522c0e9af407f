#!/usr/bin/env bash
# jvmti-lint --confirm on the JDK's own libinstrument (java.instrument), JDK 17: the findings of
# the pinned openjdk-17 source (scripts/lint/jdk-agents.sh) are tried on Debian's build of the
# same version with its debug symbols (scripts/jdk/openjdk-17.sh runtime), so that each
# inject=FUNCTION@FILE:LINE rule names a line the running libinstrument.so has. The program is the
# tests' -javaagent jar (a transformer that also retransforms and redefines) on agenttest.instrument.Main.
#
#   scripts/lint/confirm-libinstrument.sh [--build DIR] OUT
#
# --build DIR  the build whose tools/jvmti-lint, check/jvmti-check, runtime/libjvmtilayer.so,
#              tests/agents/classes and tests/agents/instrument-agent.jar are used (default: build/)
# OUT          made new: the databases, and confirm.txt, confirm.err and confirm.sarif
# Prints jvmti-lint's summary and each finding's verdict. Runs from the source tree's root, so the
# inject= rules name files as src/java.instrument/... (the DWARF names them so too).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=$root/build
if [ "${1:-}" = --build ]; then build=$(cd "$2" && pwd); shift 2; fi
out=${1:?usage: confirm-libinstrument.sh [--build DIR] OUT}
for f in tools/jvmti-lint check/jvmti-check runtime/libjvmtilayer.so tests/agents/instrument-agent.jar tests/agents/classes; do
  [ -e "$build/$f" ] || { echo "confirm-libinstrument: $build/$f is missing (build jvmti-lint jvmti-check jvmtilayer agent_test_classes)" >&2; exit 1; }
done
jdk=$("$root/scripts/jdk/openjdk-17.sh" runtime)
tree=$("$root/scripts/jdk/openjdk-17.sh" tree)
# The databases with the machine's JDK 17 (javac, include/): the runtime is a JRE.
"$root/scripts/lint/jdk-agents.sh" "$out" >/dev/null
out=$(cd "$out" && pwd)
status=0
(cd "$tree" && "$build/tools/jvmti-lint" -p "$out/libinstrument" --sarif "$out/confirm.sarif" --confirm \
   --layer "$build/runtime/libjvmtilayer.so" -- "$jdk/bin/java" -XX:-UsePerfData \
   "-javaagent:$build/tests/agents/instrument-agent.jar=hello" -cp "$build/tests/agents/classes" agenttest.instrument.Main \
   >"$out/confirm.txt" 2>"$out/confirm.err") || status=$?
grep -E '^jvmti-lint: (--confirm: inject=|[0-9]+ finding)' "$out/confirm.err" || true
[ "$status" -eq 0 ] || { echo "confirm-libinstrument: jvmti-lint exited with $status (see $out/confirm.err)" >&2; exit "$status"; }
