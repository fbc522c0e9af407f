#!/bin/bash
# HotSpot's JVMTI gensrc step, timed as whole processes in one run: the stock step (five java
# processes of jvmtiGen, one per stylesheet, with the build's JAVA_SMALL flags, as
# make/hotspot/gensrc/GensrcJvmti.gmk runs them) against one jvmtigen process writing the same
# five files (jvmtiEnter.cpp, jvmtiEnterTrace.cpp, jvmtiEnv.hpp, jvmti.h, jvmti.html), as the
# build runs it with JVMTIGEN= (scripts/hotspot/jdk17u-jvmtigen.patch). The two take turns,
# so a busy spell of the machine falls on both. Prints a table: min, median and max wall time
# of each, the CPU time (user + sys) of each, and jvmtigen's share of HotSpot's.
#
#   bench/hotspot/gensrc_bench.sh [--jdk-src DIR] [--runs N] [--jvmtigen PATH]
#
# --jdk-src   the jdk17u tree (default $JDK17U_SRC, else scripts/jdk/openjdk-17.sh tree)
# --runs      rounds (default 5)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
src=${JDK17U_SRC:-}
runs=5
jvmtigen=$root/build/generator/jvmtigen
while [ $# -gt 0 ]; do
  case $1 in
    --jdk-src) src=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --jvmtigen) jvmtigen=$2; shift 2 ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "gensrc_bench: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
done
[[ $runs =~ ^[1-9][0-9]*$ ]] || { echo "gensrc_bench: --runs needs a whole number from 1" >&2; exit 2; }
[ -n "$src" ] || src=$("$root/scripts/jdk/openjdk-17.sh" tree)
prims=$src/src/hotspot/share/prims
[ -f "$prims/jvmtiGen.java" ] || { echo "gensrc_bench: no $prims/jvmtiGen.java" >&2; exit 2; }
[ -x "$jvmtigen" ] || { echo "gensrc_bench: $jvmtigen not built" >&2; exit 2; }
work=$(mktemp -d /tmp/gensrc-bench.XXXXXX)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/classes" "$work/hotspot" "$work/jvmtigen"
# jvmtiGen is compiled once, as the build compiles its tools once.
javac -nowarn -d "$work/classes" "$prims/jvmtiGen.java" 2>/dev/null
java_small=(-XX:+UseSerialGC -Xms32M -Xmx512M -XX:TieredStopAtLevel=1 -Duser.language=en -Duser.country=US -Xshare:auto)
spec=$prims/jvmti.xml

hotspot() {
  for t in "jvmtiEnter.cpp jvmtiEnter.xsl -PARAM interface jvmti" \
           "jvmtiEnterTrace.cpp jvmtiEnter.xsl -PARAM interface jvmti -PARAM trace Trace" \
           "jvmtiEnv.hpp jvmtiHpp.xsl" "jvmti.h jvmtiH.xsl" "jvmti.html jvmti.xsl"; do
    set -- $t
    local out=$1 sheet=$2
    shift 2
    java "${java_small[@]}" -cp "$work/classes" jvmtiGen -IN "$spec" -XSL "$prims/$sheet" -OUT "$work/hotspot/$out" \
      "$@" -PARAM majorversion 17
  done
}
ours() {
  "$jvmtigen" --spec "$spec" --jvmti-version 17.0.0 \
    --only hotspot-enter,hotspot-enter-trace,hotspot-env-hpp,hotspot-jvmti-h,hotspot-jvmti-html \
    --out "$work/jvmtigen" >/dev/null
}

# One timed run: wall ms and CPU ms (children's user + sys) of FUNCTION.
timed() {
  local start end
  start=$(date +%s%N)
  local t0 t1
  t0=$(awk '{ print $14 + $15 + $16 + $17 }' /proc/$$/stat)
  "$1"
  t1=$(awk '{ print $14 + $15 + $16 + $17 }' /proc/$$/stat)
  end=$(date +%s%N)
  echo "$(( (end - start) / 1000000 )) $(( (t1 - t0) * 1000 / $(getconf CLK_TCK) ))"
}

: > "$work/hotspot.times"
: > "$work/ours.times"
for _ in $(seq "$runs"); do
  timed hotspot >> "$work/hotspot.times"
  timed ours >> "$work/ours.times"
done
cmp -s "$work/hotspot/jvmtiEnv.hpp" /dev/null && { echo "gensrc_bench: the stylesheets wrote nothing" >&2; exit 1; }
for f in jvmtiEnter.cpp jvmtiEnterTrace.cpp jvmtiEnv.hpp jvmti.h jvmti.html; do
  [ -s "$work/hotspot/$f" ] && [ -s "$work/jvmtigen/jvmtifiles/$f" ] || { echo "gensrc_bench: $f missing" >&2; exit 1; }
done

stats() {  # FILE COLUMN: min median max
  cut -d' ' -f"$2" "$1" | sort -n | awk '{ v[NR] = $1 } END { printf "%d %d %d", v[1], v[int((NR + 1) / 2)], v[NR] }'
}
read -r hmin hmed hmax <<< "$(stats "$work/hotspot.times" 1)"
read -r omin omed omax <<< "$(stats "$work/ours.times" 1)"
read -r _ hcpu _ <<< "$(stats "$work/hotspot.times" 2)"
read -r _ ocpu _ <<< "$(stats "$work/ours.times" 2)"
echo "HotSpot's JVMTI step on jdk17u's jvmti.xml, $runs rounds, $(nproc) cores, load average $(cut -d' ' -f1 /proc/loadavg)"
echo
printf '| %-40s | %8s | %8s | %8s | %12s |\n' "step (whole processes)" "min ms" "median" "max" "median CPU ms"
printf '| %-40s | %8s | %8s | %8s | %12s |\n' "----------------------------------------" "-------:" "-------:" "-------:" "-----------:"
printf '| %-40s | %8d | %8d | %8d | %12d |\n' "HotSpot: 5 x java jvmtiGen (XSLT)" "$hmin" "$hmed" "$hmax" "$hcpu"
printf '| %-40s | %8d | %8d | %8d | %12d |\n' "jvmtigen: 1 process, the same 5 files" "$omin" "$omed" "$omax" "$ocpu"
echo
awk -v h="$hmed" -v o="$omed" -v hc="$hcpu" -v oc="$ocpu" 'BEGIN {
  printf "jvmtigen / HotSpot, median wall: %.3f (%.1fx faster); median CPU: %.3f\n", o / h, h / o, (hc > 0 ? oc / hc : 0) }'
