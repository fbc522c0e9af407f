#!/usr/bin/env bash
# The JDK's own JVMTI tests (test/hotspot/jtreg/serviceability/jvmti of the pinned openjdk-17
# source package, scripts/jdk/openjdk-17.sh) run twice with Debian's jtreg7: plainly, and with
# every agent behind the layer under check=strict. A test that passes plainly must pass behind
# the layer.
#
#   scripts/jtreg-layer.sh [--ci] [--plain-only] [--jdk DIR] [--layer FILE] [--layer-options OPTS]
#                          [--out DIR] [--conc N] [--timeout-factor N] [TEST...]
#
#   --ci                 only the CI subset: tests/jtreg/ci-subset.txt (see docs/testing.md)
#   --plain-only         only the plain run, no layer: the JDK's results alone, in plain/status.txt
#                        (scripts/hotspot/build.sh compares two JDKs with it)
#   --jdk DIR            the JDK to test (default /usr/lib/jvm/java-17-openjdk-amd64)
#   --layer FILE         libjvmtilayer.so (default build/runtime/libjvmtilayer.so of this checkout)
#   --layer-options OPTS more settings of the layer after check=strict, KEY=VALUE,... (e.g.
#                        report-ignore=leak.*; error-exitcode=3 fails every JVM the layer reports on)
#   --out DIR            where the runs, lists and reports go (default build/jtreg-layer, or
#                        build/jtreg-layer-ci with --ci); emptied first if an earlier output
#   --conc N             tests jtreg runs at once (default 2, for a machine of 2 cores)
#   --timeout-factor N   jtreg's timeout factor (default 4: a shared machine is slow)
#   TEST...              tests or directories under test/hotspot/jtreg instead of
#                        serviceability/jvmti (e.g. serviceability/jvmti/HeapMonitor)
#
# The layer goes in front the way a user puts it in front of a JVM of jtreg: as a JVM option
# jtreg passes on (-vmoption), `-agentpath:LAYER=adopt=true,check=strict,report=...` — the word
# jvmti-check gives every JVM it follows. The JVM loads the layer first, and the layer adopts
# every agent the JVM loads after it (-agentlib, -agentpath, -javaagent of the test's @run
# line, and those of JVMs the test starts with the options jtreg passes on). Each JVM writes its
# own report, jvmtilayer.PID.MAIN, in the test's scratch directory, which jtreg keeps
# (-retain) in the test's work directory: so each report belongs to its test.
#
# Prints a table (tests, passed, failed, errors, wall time of each run), the tests that pass
# plainly but not behind the layer, the tests that fail plainly (not the layer's doing), and
# which tests ran an agent behind the layer with the rules the layer reported. Writes under
# --out: plain/ and layer/ (jtreg's work and report directories), natives/ (the tests' native
# libraries), and the lists passed-plain.txt, passed-layer.txt, regressions.txt,
# failed-plain.txt, not-behind-layer.txt, layer-rules.txt and summary.txt.
# Exit status: 0 when every test that passes plainly passes behind the layer, 1 when one does
# not (with --ci also when a test of the subset fails plainly or none of its JVMs ran behind the
# layer), 2 for a bad option or a run that could not be made.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)

die() { echo "jtreg-layer: error: $*" >&2; exit 2; }
usage() { sed -n '2,/^set -euo/p' "$0" | sed -e '$d' -e 's/^# \{0,1\}//'; }

ci=0
plain_only=0
jdk=/usr/lib/jvm/java-17-openjdk-amd64
layer=$root/build/runtime/libjvmtilayer.so
layer_options=
out=
conc=2
timeout_factor=4
tests=()
while [ $# -gt 0 ]; do
  case $1 in
    --ci) ci=1 ;;
    --plain-only) plain_only=1 ;;
    --jdk|--layer|--layer-options|--out|--conc|--timeout-factor)
      [ $# -ge 2 ] && [ -n "$2" ] || die "$1 needs a value (see --help)"
      case $1 in
        --jdk) jdk=$2 ;; --layer) layer=$2 ;; --layer-options) layer_options=$2 ;; --out) out=$2 ;;
        --conc) conc=$2 ;; --timeout-factor) timeout_factor=$2 ;;
      esac
      shift ;;
    --jdk=*) jdk=${1#*=} ;;
    --layer=*) layer=${1#*=} ;;
    --layer-options=*) layer_options=${1#*=} ;;
    --out=*) out=${1#*=} ;;
    --conc=*) conc=${1#*=} ;;
    --timeout-factor=*) timeout_factor=${1#*=} ;;
    -h|--help) usage; exit 0 ;;
    -*) die "unknown option $1 (options: --ci --plain-only --jdk --layer --layer-options --out --conc --timeout-factor; see --help)" ;;
    *) tests+=("$1") ;;
  esac
  shift
done
[[ $conc =~ ^[1-9][0-9]*$ ]] || die "--conc: expected a whole number from 1, not '$conc'"
[[ $timeout_factor =~ ^[0-9]+(\.[0-9]+)?$ ]] && [ "$timeout_factor" != 0 ] \
  || die "--timeout-factor: expected a positive number, not '$timeout_factor'"
[ -x "$jdk/bin/java" ] && [ -x "$jdk/bin/javac" ] && [ -f "$jdk/include/jvmti.h" ] \
  || die "--jdk $jdk: not a JDK (no bin/java, bin/javac or include/jvmti.h)"
if [ $plain_only = 0 ]; then
  [ -f "$layer" ] || die "--layer $layer: no such file (build it: cmake --build build --target jvmtilayer)"
  layer=$(cd "$(dirname "$layer")" && pwd)/$(basename "$layer")
fi
[ $ci = 0 ] || [ ${#tests[@]} = 0 ] || die "--ci runs the CI subset: give no tests with it"
if [ -z "$out" ]; then
  out=$root/build/jtreg-layer
  [ $ci = 0 ] || out=$out-ci
fi
case $layer in *[[:space:],]*) die "--layer $layer: a path with white space or a comma cannot go into a JVM option" ;; esac
case $layer_options in
  *[[:space:]]*) die "--layer-options '$layer_options': white space cannot go into a JVM option" ;;
  *adopt=*|*agent=*|*report=*|*check=*) die "--layer-options '$layer_options': adopt=, agent=, check= and report= are the script's own" ;;
esac

# shellcheck source=scripts/jdk/openjdk-17.sh
source "$root/scripts/jdk/openjdk-17.sh"
tree=$(jdk17_test_tree)
jtreg=$(jdk17_jtreg)
suite=$tree/test/hotspot/jtreg

if [ $ci = 1 ]; then
  list=$root/tests/jtreg/ci-subset.txt
  while read -r t _; do
    [ -n "$t" ] && tests+=("$t")
  done < <(sed -e 's/#.*//' "$list")
  [ ${#tests[@]} -gt 0 ] || die "$list names no tests"
fi
[ ${#tests[@]} -gt 0 ] || tests=(serviceability/jvmti)
paths=()
for t in "${tests[@]}"; do
  [ -e "$suite/$t" ] || die "no test $t under $suite"
  paths+=("$suite/$t")
done

# --out is emptied only when it is empty or an earlier output of this script (it has the marker).
if [ -d "$out" ] && [ -n "$(ls -A "$out")" ] && [ ! -f "$out/.jtreg-layer" ]; then
  die "--out $out: not empty and not an output of this script; give a new or empty directory"
fi
rm -rf "$out"
mkdir -p "$out" || die "cannot create --out $out"
out=$(cd "$out" && pwd)
touch "$out/.jtreg-layer"

jdk17_natives "$suite/serviceability/jvmti" "$jdk" "$out/natives"

# One jtreg run: NAME (plain or layer), then extra jtreg options. Its wall time goes to
# $out/NAME/seconds. jtreg's status 2 and 3 (tests failed, tests had errors) are results; 1 (no
# test selected) and any other is a run that did not happen.
run() {
  local name=$1 start end status=0
  shift
  mkdir -p "$out/$name"
  echo "jtreg-layer: running ${#paths[@]} path(s) $name ($out/$name/jtreg.log)" >&2
  start=$(date +%s.%N)
  (cd "$out/$name" && JAVA_HOME=$jdk nice "$jtreg" -jdk:"$jdk" -agentvm -conc:"$conc" \
     -timeoutFactor:"$timeout_factor" -nativepath:"$out/natives" -exclude:"$suite/ProblemList.txt" \
     -w "$out/$name/work" -r "$out/$name/report" -v:summary "$@" "${paths[@]}") \
    > "$out/$name/jtreg.log" 2>&1 || status=$?
  end=$(date +%s.%N)
  awk -v s="$start" -v e="$end" 'BEGIN { printf "%.0f\n", e - s }' > "$out/$name/seconds"
  case $status in
    0|2|3) ;;
    1) die "jtreg ($name) selected no test (see $out/$name/jtreg.log)" ;;
    *) tail -20 "$out/$name/jtreg.log" >&2
       die "jtreg ($name) ended with status $status (see $out/$name/jtreg.log)" ;;
  esac
  [ -s "$out/$name/report/text/summary.txt" ] || die "jtreg ($name) wrote no results (see $out/$name/jtreg.log)"
}

run plain
if [ $plain_only = 1 ]; then
  awk '{ s = $2; sub(/\.$/, "", s); print $1, s }' "$out/plain/report/text/summary.txt" | sort > "$out/plain/status.txt"
  printf '%s: %d tests, %d passed, %d s\n' "$jdk" "$(wc -l < "$out/plain/status.txt")" \
    "$(awk '$2 == "Passed"' "$out/plain/status.txt" | wc -l)" "$(cat "$out/plain/seconds")" | tee "$out/summary.txt"
  exit 0
fi
run layer "-vmoption:-agentpath:$layer=adopt=true,check=strict,${layer_options:+$layer_options,}report=jvmtilayer.%p.%m" \
  "-retain:jvmtilayer.*"

# summary.txt: "TEST  Passed. ..." / "Failed. ..." / "Error. ..." per test.
status_of() { awk '{ s = $2; sub(/\.$/, "", s); print $1, s }' "$out/$1/report/text/summary.txt" | sort; }
status_of plain > "$out/plain/status.txt"
status_of layer > "$out/layer/status.txt"
awk '$2 == "Passed" { print $1 }' "$out/plain/status.txt" > "$out/passed-plain.txt"
awk '$2 == "Passed" { print $1 }' "$out/layer/status.txt" > "$out/passed-layer.txt"
comm -23 "$out/passed-plain.txt" "$out/passed-layer.txt" > "$out/regressions.txt"
awk '$2 != "Passed"' "$out/plain/status.txt" > "$out/failed-plain.txt"

if [ $ci = 1 ]; then
  # Every test of the subset must have run in both: a renamed or deselected test is an error.
  for t in "${tests[@]}"; do
    for name in plain layer; do
      grep -q "^$t\(#[^ ]*\)\? " "$out/$name/status.txt" || die "CI test $t did not run ($name): see $out/$name/jtreg.log"
    done
  done
fi

# Per test of the layer run: its JVMs' reports (one file per JVM whose agent asked for a JVMTI
# environment), the ids the layer reported in them and how often.
: > "$out/layer-rules.txt"
: > "$out/not-behind-layer.txt"
behind=0
while read -r t _; do
  base=${t%%#*}
  dir=$out/layer/work/${base%.*}
  reports=()
  [ -d "$dir" ] && mapfile -t reports < <(find "$dir" -name 'jvmtilayer.*' -type f | sort)
  if [ ${#reports[@]} = 0 ]; then
    echo "$t" >> "$out/not-behind-layer.txt"
    continue
  fi
  behind=$((behind + 1))
  rules=$(sed -n 's/^jvmtilayer: summary: \([^ :]*\): \([0-9]*\) report.*/\1 \2/p' "${reports[@]}" \
            | awk '$1 != "total" { n[$1] += $2 } END { for (i in n) printf "%s (%d)\n", i, n[i] }' | sort)
  printf '%s (%d JVM%s): %s\n' "$t" ${#reports[@]} "$([ ${#reports[@]} = 1 ] || echo s)" \
    "$(if [ -n "$rules" ]; then echo "$rules" | paste -sd, - | sed 's/,/, /g'; else echo no reports; fi)" \
    >> "$out/layer-rules.txt"
done < "$out/layer/status.txt"

count() { awk -v s="${2:-}" 's == "" || $2 == s' "$out/$1/status.txt" | wc -l; }
{
  printf '| run | tests | passed | failed | errors | wall time |\n'
  printf '| --- | ---: | ---: | ---: | ---: | ---: |\n'
  for name in plain layer; do
    printf '| %s | %d | %d | %d | %d | %d s |\n' \
      "$([ $name = plain ] && echo plain || echo 'behind the layer (check=strict)')" \
      "$(count $name)" "$(count $name Passed)" "$(count $name Failed)" "$(count $name Error)" \
      "$(cat "$out/$name/seconds")"
  done
  echo
  echo "Tests that pass plainly but not behind the layer: $(wc -l < "$out/regressions.txt")"
  while read -r t; do
    line=$(awk -v t="$t" '$1 == t { $1 = ""; sub(/^ +/, ""); print }' "$out/layer/report/text/summary.txt")
    echo "  $t: ${line:-not run behind the layer}"
  done < "$out/regressions.txt"
  echo "Tests that fail plainly (not the layer's doing): $(wc -l < "$out/failed-plain.txt")"
  while read -r t s; do
    echo "  $t: $s plainly, $(awk -v t="$t" '$1 == t { print $2 }' "$out/layer/status.txt") behind the layer"
  done < "$out/failed-plain.txt"
  echo "Tests with an agent behind the layer: $behind of $(count layer) (reports per JVM in $out/layer/work)"
  sed 's/^/  /' "$out/layer-rules.txt"
  echo "Tests with no JVM behind the layer (no agent, or agents only in JVMs started without jtreg's JVM options): $(wc -l < "$out/not-behind-layer.txt")"
  sed 's/^/  /' "$out/not-behind-layer.txt"
} | tee "$out/summary.txt"

status=0
[ -s "$out/regressions.txt" ] && status=1
if [ $ci = 1 ]; then
  # The subset proves something only when its tests pass plainly and their agents really ran
  # behind the layer.
  for t in "${tests[@]}"; do
    if ! grep -qx "$t" "$out/passed-plain.txt"; then
      echo "jtreg-layer: CI test $t does not pass plainly: nothing to compare (see $out/plain/work)" >&2
      status=1
    fi
    if ! grep -q "^$t (" "$out/layer-rules.txt"; then
      echo "jtreg-layer: CI test $t: no JVM of it ran behind the layer (no report in $out/layer/work)" >&2
      status=1
    fi
  done
fi
exit $status
