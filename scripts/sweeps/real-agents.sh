#!/usr/bin/env bash
# Fault-injection sweeps (jvmti-check --inject-sweep) of the agents nobody here wrote, on two JDKs:
#   jdwp        the JDK's debugger agent (libjdwp.so), driven by a scripted jdb session
#               (scripts/sweeps/jdb-session.py: breakpoint, run, where, locals, step, locals, cont)
#   instrument  the JDK's java.lang.instrument (libinstrument.so, -javaagent) with the tests'
#               agent jar (a transformer that also retransforms and redefines)
#   byteman     Debian's Byteman (/usr/share/java/byteman.jar) injecting tests/agents/java/byteman.btm
#   jacoco      Debian's JaCoCo 0.8.6 agent (org.jacoco.agent.rt.jar has no Premain-Class in Debian's
#               package: a manifest-only jar made in the work dir names its PreMain and class path)
# Each (agent, JDK) pair is swept with check=spec: the sweep asks how the agent handles the errors
# the spec allows, not what check=strict would add; a run's outcome is judged against the
# learning run's under the same settings.
#
#   scripts/sweeps/real-agents.sh [--build DIR] [--jdk17 JDK] [--jdk25 JDK] [--only AGENT]...
#                                 [--versions 17|25|17,25] [--max-runs N|full] [--run-timeout SECONDS]
#                                 [--one-fault-per-run] [--learning-runs N] [--work DIR] [-j N]
#
#   --build DIR       the build whose check/jvmti-check, runtime/libjvmtilayer.so,
#                     tests/agents/classes and tests/agents/instrument-agent.jar are used
#                     (default: build/ of this checkout; targets jvmti-check jvmtilayer
#                     agent_test_classes)
#   --jdk17, --jdk25  the JDKs (default /usr/lib/jvm/java-17-openjdk-amd64 and
#                     /usr/lib/jvm/temurin-25-jdk-amd64)
#   --only AGENT      jdwp, instrument, byteman or jacoco; may be repeated (default: all four)
#   --versions V      the JDKs to sweep on: 17, 25 or 17,25 (default)
#   --max-runs N      at most N runs per sweep (jvmti-check --max-runs: spread over the call sites).
#                     Default: full, every run of every sweep
#   --one-fault-per-run  jvmti-check --one-fault-per-run: no chained faults (the sweep as it was
#                     before issue 43; bench/check/sweep_bench.sh compares the two)
#   --learning-runs N jvmti-check --learning-runs: N learning runs, their call sites joined
#                     (default: jvmti-check's, as many as -j, at most 4)
#   --run-timeout S   a run still going after S seconds is killed and counted hung (default 60)
#   -j N              runs at a time (default: one per processor; for jdwp three per processor,
#                     since a JDWP run is two JVMs that mostly wait on each other, a stalled one
#                     wholly idle until jdb-session.py sees it)
#   --work DIR        where the sweeps go (default: real-agents-sweeps.DATE in the current
#                     directory): per pair AGENT-JDK/ with the sweep dir, sweep.json, sweep.sarif,
#                     sweep.out (jvmti-check's summary with each bad run's replay command), and
#                     table.md, the table printed at the end
#
# Prints one table: agent, JDK, call sites, runs (full, or "sample of N of M"), command runs (the
# learning run and each run of the command, chained or not), outcome counts, errors (runs at
# error level under the default --fail-on), wall time. Exit status 0 when every sweep ran to its
# end (bad outcomes are findings, not failures of this script), 1 when jvmti-check failed
# otherwise, 2 for a bad command line.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)

usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; }

build=$root/build
jdk17=/usr/lib/jvm/java-17-openjdk-amd64
jdk25=/usr/lib/jvm/temurin-25-jdk-amd64
agents=()
max_runs=full
versions=17,25
one_fault=()
learning=()
run_timeout=60
jobs=
work=
while [ $# -gt 0 ]; do
  case $1 in
    -h|--help) usage; exit 0 ;;
    --build) build=$2; shift 2 ;;
    --jdk17) jdk17=$2; shift 2 ;;
    --jdk25) jdk25=$2; shift 2 ;;
    --only)
      case $2 in jdwp|instrument|byteman|jacoco) agents+=("$2") ;;
        *) echo "real-agents.sh: --only $2: not jdwp, instrument, byteman or jacoco" >&2; exit 2 ;; esac
      shift 2 ;;
    --max-runs) max_runs=$2; shift 2 ;;
    --versions)
      case $2 in 17|25|17,25) versions=$2 ;; *) echo "real-agents.sh: --versions $2: not 17, 25 or 17,25" >&2; exit 2 ;; esac
      shift 2 ;;
    --one-fault-per-run) one_fault=(--one-fault-per-run); shift ;;
    --learning-runs) learning=(--learning-runs "$2"); shift 2 ;;
    --run-timeout) run_timeout=$2; shift 2 ;;
    -j) jobs=$2; shift 2 ;;
    --work) work=$2; shift 2 ;;
    *) echo "real-agents.sh: unknown option $1 (--help)" >&2; exit 2 ;;
  esac
done
[ ${#agents[@]} -gt 0 ] || agents=(instrument byteman jacoco jdwp)
build=$(cd "$build" && pwd)
check=$build/check/jvmti-check
layer=$build/runtime/libjvmtilayer.so
classes=$build/tests/agents/classes
instrument_jar=$build/tests/agents/instrument-agent.jar
jdks=()
[[ ,$versions, == *,17,* ]] && jdks+=("$jdk17/bin/java")
[[ ,$versions, == *,25,* ]] && jdks+=("$jdk25/bin/java")
for f in "$check" "$layer" "$classes" "$instrument_jar" "${jdks[@]}" \
         /usr/share/java/byteman.jar /usr/share/java/org.jacoco.agent.rt.jar; do
  [ -e "$f" ] || { echo "real-agents.sh: $f is missing (build the targets jvmti-check jvmtilayer agent_test_classes; install libbyteman-java and libjacoco-java)" >&2; exit 2; }
done
[ -n "$work" ] || work=$PWD/real-agents-sweeps.$(date +%Y%m%d-%H%M%S)
mkdir -p "$work"
work=$(cd "$work" && pwd)

# The tests' JVM options: small, quick, no core dumps (a crash still writes its hs_err file).
jvm_args=(-Xshare:auto -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xms16m -Xmx64m -XX:-CreateCoredumpOnCrash -XX:-UsePerfData)

# Debian's JaCoCo: its runtime jar has no Premain-Class and needs org.jacoco.core and ASM beside it.
# Only agenttest.* is instrumented (its own, unshaded classes would otherwise instrument themselves).
jacoco_jar=$work/jacoco-agent.jar
if [[ " ${agents[*]} " == *" jacoco "* ]]; then
  printf '%s\n' "Premain-Class: org.jacoco.agent.rt.internal.PreMain" \
    "Class-Path: /usr/share/java/org.jacoco.agent.rt.jar /usr/share/java/org.jacoco.core.jar /usr/share/java/asm.jar /usr/share/java/asm-commons.jar /usr/share/java/asm-tree.jar" \
    > "$work/jacoco.mf"
  "$jdk17/bin/jar" --create --file "$jacoco_jar" --manifest "$work/jacoco.mf"
fi

# The interpreter of the jdb session, run once per planned run: Debian's own (scripts/setup.sh
# installs it). A python3 found first on PATH may be a version manager's shim (pyenv's costs
# 0.4 s of CPU per start, a third of a JDWP run's), and the sweep would time the shim.
python=/usr/bin/python3
[ -x "$python" ] || python=$(command -v python3)

# The command a sweep runs for AGENT on JDK, in the array `cmd`.
command_for() {
  local agent=$1 jdk=$2 dir=$3
  case $agent in
    jdwp) cmd=("$python" "$root/scripts/sweeps/jdb-session.py" "$jdk" "$classes" "${jvm_args[@]}") ;;
    instrument) cmd=("$jdk/bin/java" "${jvm_args[@]}" "-javaagent:$instrument_jar=hello" -cp "$classes" agenttest.instrument.Main) ;;
    byteman) cmd=("$jdk/bin/java" "${jvm_args[@]}" "-javaagent:/usr/share/java/byteman.jar=script:$root/tests/agents/java/byteman.btm"
                  -cp "$classes" agenttest.debug.Main) ;;
    # append=false: each run writes its own coverage file afresh (runs share the working directory).
    jacoco) cmd=("$jdk/bin/java" "${jvm_args[@]}" "-javaagent:$jacoco_jar=destfile=$dir/jacoco.exec,append=false,includes=agenttest.*"
                 -cp "$classes" agenttest.debug.Main) ;;
  esac
}


table=$work/table.md
{
  echo "| agent | JDK | -j | call sites | runs | command runs | handled | declined | not reached | crashed | hung | new violations | leaked | exit status changed | errors | wall time |"
  echo "| --- | --- | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
} > "$table"
failed=0
for agent in "${agents[@]}"; do
  for v in ${versions//,/ }; do
    jdk=$jdk17
    [ $v = 25 ] && jdk=$jdk25
    name=$agent-jdk$v
    dir=$work/$name
    rm -rf "$dir"
    mkdir -p "$dir"
    command_for "$agent" "$jdk" "$dir"
    j=$jobs
    if [ -z "$j" ]; then
      j=$(nproc)
      [ "$agent" = jdwp ] && j=$((3 * j))
    fi
    n=$max_runs
    limit=()
    [ "$n" = full ] || limit=(--max-runs "$n")
    echo "real-agents.sh: sweeping $agent on $jdk (${n} runs)..." >&2
    start=$(date +%s.%N)
    status=0
    # Each run's working directory is the pair's directory: an hs_err file lands there first.
    (cd "$dir" && "$check" --inject-sweep -j "$j" "${limit[@]}" "${one_fault[@]}" "${learning[@]}" --run-timeout "$run_timeout" \
        --layer "$layer" --sweep-dir "$dir/sweep" --json "$dir/sweep.json" --sarif "$dir/sweep.sarif" \
        check=spec -- "${cmd[@]}") > "$dir/sweep.out" 2> "$dir/sweep.err" || status=$?
    wall=$(echo "$(date +%s.%N) - $start" | bc)
    if [ $status -gt 1 ] || [ ! -s "$dir/sweep.json" ]; then
      echo "real-agents.sh: jvmti-check failed for $name (exit status $status); see $dir/sweep.err" >&2
      echo "| $agent | $v | $j | - | failed (exit status $status) | | | | | | | | | | | $(printf '%.0f' "$wall") s |" >> "$table"
      failed=1
      continue
    fi
    python3 - "$dir/sweep.json" "$agent" "$v" "$wall" >> "$table" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
runs = d["runs"]
count = lambda o: sum(1 for r in runs if r["outcome"] == o)
planned, possible = d["plannedRuns"], d["possibleRuns"]
what = "%d (full)" % possible if planned >= possible else "sample of %d of %d" % (planned, possible)
wall = float(sys.argv[4])
errors = sum(1 for r in runs if r.get("level") == "error")
print("| %s | %s | %d | %d | %s | %d | %d | %d | %d | %d | %d | %d | %d | %d | %d | %d min %02d s |" % (
    sys.argv[2], sys.argv[3], d.get("jobs", 0), len(d["sites"]), what, d.get("jvmStarts", 0), count("handled"), count("declined"),
    count("not reached"), count("crashed"), count("hung"), count("new violations"), count("leaked"),
    count("exit status changed"), errors, wall // 60, wall % 60))
EOF
  done
done
cat "$table"
echo "real-agents.sh: sweeps in $work (AGENT-jdkN/sweep.out has each finding with its replay commands)" >&2
exit $failed
