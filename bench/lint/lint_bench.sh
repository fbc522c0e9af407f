#!/bin/bash
# jvmti-lint's speed on a real agent, in one run: all of libjdwp (jdk.jdwp.agent, 43 files, from
# the pinned openjdk-17 source package; scripts/lint/jdk-agents.sh makes its compilation database)
# analysed by `jvmti-lint -j 2`, and the same files through `clang -fsyntax-only` two at a time
# (xargs -P 2, the same flags), the baseline: parsing alone. The two take turns for --runs rounds,
# so a busy spell of the machine falls on both. Prints the wall time of each (min, median, max),
# the CPU time (user + sys, median) and the ratio of the medians, against issue 45's goals: at
# most 10x syntax-only, under 60 s.
#
#   bench/lint/lint_bench.sh [--runs N] [--lint PATH] [--clang PATH]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
runs=3
lint=$root/build/tools/jvmti-lint
clang=$(command -v clang-14 || command -v clang || true)
while [ $# -gt 0 ]; do
  case $1 in
    --runs) runs=$2; shift 2 ;;
    --lint) lint=$2; shift 2 ;;
    --clang) clang=$2; shift 2 ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "lint_bench: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
done
[[ $runs =~ ^[1-9][0-9]*$ ]] || { echo "lint_bench: --runs needs a whole number from 1" >&2; exit 2; }
[ -x "$lint" ] || { echo "lint_bench: $lint not built (ninja -C build jvmti-lint)" >&2; exit 2; }
[ -n "$clang" ] || { echo "lint_bench: no clang-14" >&2; exit 2; }
work=$(mktemp -d /tmp/lint-bench.XXXXXX)
trap 'rm -rf "$work"' EXIT
"$root/scripts/lint/jdk-agents.sh" "$work/agents" >/dev/null
db=$work/agents/libjdwp
# The syntax-only commands: each database entry's arguments, compiled by clang without output.
python3 - "$db/compile_commands.json" "$clang" > "$work/syntax.sh" <<'PY'
import json, shlex, sys
entries = json.load(open(sys.argv[1]))
for e in entries:
    args = list(e["arguments"])
    out = args.index("-o"); del args[out:out + 2]
    args = [a for a in args if a != "-c"]
    args[0] = sys.argv[2]
    print("cd " + shlex.quote(e["directory"]) + " && " + " ".join(shlex.quote(a) for a in args) + " -fsyntax-only -w")
PY
files=$(grep -c . "$work/syntax.sh")

# One timed command: wall seconds and CPU seconds (children's user + sys), as "wall cpu".
timed() {
  python3 - "$@" <<'PY'
import os, resource, subprocess, sys, time
start = time.monotonic()
code = subprocess.call(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
wall = time.monotonic() - start
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
print(f"{wall:.2f} {usage.ru_utime + usage.ru_stime:.2f} {code}")
PY
}

lint_walls=(); lint_cpus=(); syntax_walls=(); syntax_cpus=()
for ((i = 1; i <= runs; i++)); do
  read -r w c code < <(timed bash -c "xargs -d '\\n' -P 2 -I{} bash -c {} < '$work/syntax.sh'")
  [ "$code" = 0 ] || { echo "lint_bench: clang -fsyntax-only failed on libjdwp" >&2; exit 1; }
  syntax_walls+=("$w"); syntax_cpus+=("$c")
  read -r w c code < <(timed "$lint" -j 2 -p "$db")
  [ "$code" = 0 ] || { echo "lint_bench: jvmti-lint failed on libjdwp (status $code)" >&2; exit 1; }
  lint_walls+=("$w"); lint_cpus+=("$c")
done

stats() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {printf "%.1f %.1f %.1f", a[1], a[int((NR+1)/2)], a[NR]}'; }
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {printf "%.1f", a[int((NR+1)/2)]}'; }
read -r smin smed smax <<< "$(stats "${syntax_walls[@]}")"
read -r lmin lmed lmax <<< "$(stats "${lint_walls[@]}")"
scpu=$(median "${syntax_cpus[@]}"); lcpu=$(median "${lint_cpus[@]}")
ratio=$(awk -v a="$lmed" -v b="$smed" 'BEGIN {printf "%.1f", a / b}')
cpu_ratio=$(awk -v a="$lcpu" -v b="$scpu" 'BEGIN {printf "%.1f", a / b}')
verdict() { awk -v v="$1" -v t="$2" 'BEGIN {print (v <= t) ? "met" : "MISSED"}'; }
echo "libjdwp: $files files, $runs rounds, 2 processes each; load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '| %-32s | %8s | %8s | %8s | %8s |\n' "" "min s" "median s" "max s" "CPU s"
printf '| %-32s | %8s | %8s | %8s | %8s |\n' "clang -fsyntax-only (-P 2)" "$smin" "$smed" "$smax" "$scpu"
printf '| %-32s | %8s | %8s | %8s | %8s |\n' "jvmti-lint -j 2" "$lmin" "$lmed" "$lmax" "$lcpu"
printf '| %-32s | %8s | target %-10s | %s\n' "jvmti-lint / syntax-only (wall)" "${ratio}x" "<= 10x" "$(verdict "$ratio" 10)"
printf '| %-32s | %8s |\n' "jvmti-lint / syntax-only (CPU)" "${cpu_ratio}x"
printf '| %-32s | %8s | target %-10s | %s\n' "jvmti-lint wall, median" "${lmed} s" "< 60 s" "$(verdict "$lmed" 60)"
