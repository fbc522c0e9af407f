#!/usr/bin/env bash
# scripts/sweeps/jdb-session.py, the JDWP sweep's command, under jvmti-check on a real JDK:
# - no fault: the scripted session goes through (breakpoint, step, the program's end), status 0;
# - GetClassMethods failing with WRONG_PHASE at its first call (JDWP then leaves the debuggee
#   suspended in a class-prepare event that jdb's failed event handler never resumes): the
#   session says at `run` that jdb and the debuggee both went idle, kills the debuggee, and ends
#   with 124; with STEP_SECONDS at 300 the session could only end in time by seeing the stall.
#
#   tests/check/jdb_session_test.sh JVMTI_CHECK LAYER JDK CLASSES
set -euo pipefail
check=$1 layer=$2 jdk=$3 classes=$4
session=$(cd "$(dirname "$0")/../.." && pwd)/scripts/sweeps/jdb-session.py
python=/usr/bin/python3
[ -x "$python" ] || python=$(command -v python3)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
jvm=(-Xshare:auto -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xms16m -Xmx64m -XX:-CreateCoredumpOnCrash -XX:-UsePerfData)
fail() { echo "FAIL: $*"; echo "--- stdout"; cat out.txt; echo "--- stderr"; cat err.txt; exit 1; }

status=0
"$check" --layer "$layer" check=spec -- "$python" "$session" "$jdk" "$classes" "${jvm[@]}" > out.txt 2> err.txt || status=$?
[ $status -eq 0 ] || fail "the plain session ended with status $status, not 0"
grep -q "Breakpoint hit:" out.txt || fail "no breakpoint hit in jdb's output"
grep -q "Step completed:" out.txt || fail "no step in jdb's output"
grep -q "The application exited" out.txt || fail "jdb did not see the program end"
grep -q "debuggee: result 37" err.txt || fail "the debuggee's own output is missing"

status=0
STEP_SECONDS=300 timeout -s KILL 120 "$check" --layer "$layer" check=spec inject=GetClassMethods/WRONG_PHASE/1 \
    "inject-log=$work/%p.inject.log" -- \
    "$python" "$session" "$jdk" "$classes" "${jvm[@]}" > out.txt 2> err.txt || status=$?
[ $status -eq 124 ] || fail "the stalled session ended with status $status, not 124"
grep -q "jdb-session: jdb did not answer run as scripted (jdb and the debuggee both idle for 2s)" err.txt ||
  fail "the stall at run was not seen as one"
grep -q "jdb-session: the debuggee did not end; killed" err.txt || fail "the stuck debuggee was not killed"
cat ./*.inject.log | grep -q "^fault 1 GetClassMethods .* JVMTI_ERROR_WRONG_PHASE" || fail "no fault was injected"
echo "PASS: the scripted session, and a stall seen as one"
