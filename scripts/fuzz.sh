#!/usr/bin/env bash
# The fuzz targets of fuzz/ with libFuzzer (clang-14, AddressSanitizer, UndefinedBehaviorSanitizer),
# built in build-fuzz/.
#   scripts/fuzz.sh --ci          a short run of each target: RUNS (default 2000) executions from
#                                 the seeds, as scripts/test.sh does; fails on any finding
#   scripts/fuzz.sh [RUNS]        a long run: RUNS (default 10000000) executions per target, in
#                                 parallel jobs, corpora kept in build-fuzz/corpus/; prints a table
# FUZZ_JOBS (default: the number of cores) sets the parallel jobs of a long run, FUZZ_TARGETS
# (default: all three) the targets to run, FUZZ_SECONDS a time limit per target for a long run
# (each job stops at RUNS/jobs executions or then, whichever comes first).
# A finding stops its target and leaves crash-*/leak-*/timeout-* in build-fuzz/findings/<target>/;
# once fixed, the input goes into fuzz/regressions/<target>/, which the ordinary tests replay.
set -euo pipefail
cd "$(dirname "$0")/.."
mode=long
runs=10000000
if [ "${1:-}" = "--ci" ]; then
  mode=ci
  runs=${RUNS:-2000}
elif [ -n "${1:-}" ]; then
  runs=$1
fi
jobs=${FUZZ_JOBS:-$(nproc)}

CC=clang-14 CXX=clang++-14 cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DJVMTIGEN_FUZZ=ON -DJVMTIGEN_TESTS=OFF >/dev/null
cmake --build build-fuzz --target fuzz

# The generator's inputs are cut at 16 KB. A whole spec (600 KB) takes about 2 s per execution
# under the sanitizers and coverage, and a mutated one mostly still validates, so the fuzzer would
# spend its time there; small specs reach every reader, validation and emitter path thousands of
# times a second. The whole specs are replayed by ctest ("fuzz: generator_fuzz replays ...").
generator_max_len=16384

# Seeds: the spec files, the unit tests' minimal spec and its broken catalogue for the
# generator; fuzz/seeds/<target>/ for the others; every regression for all. A seed larger than
# its target's input limit is left out (libFuzzer would only cut it short).
seeds=build-fuzz/seeds
rm -rf "$seeds"
mkdir -p "$seeds"
while read -r name files; do
  mkdir -p "$seeds/$name"
  limit=0
  [ "$name" = generator_fuzz ] && limit=$generator_max_len
  for f in $files fuzz/regressions/$name; do
    [ -e "$f" ] || continue
    if [ -d "$f" ]; then
      cp "$f"/* "$seeds/$name/" 2>/dev/null || true
    elif [ "$limit" = 0 ] || [ "$(stat -c %s "$f")" -le "$limit" ]; then
      cp "$f" "$seeds/$name/$(echo "$f" | tr / _)"
    fi
  done
done < build-fuzz/fuzz/seeds.txt
build-fuzz/fuzz/minimal_seed > "$seeds/generator_fuzz/minimal.xml"
if [ -x build/tests/unit_tests ]; then
  JVMTIGEN_SPEC_SEEDS="$PWD/$seeds/generator_fuzz" build/tests/unit_tests "[broken]" >/dev/null 2>&1 || true
fi
build-fuzz/fuzz/spec_dict spec/jvmti.xml > build-fuzz/spec.dict

root=$PWD
options=(-timeout=20 -rss_limit_mb=2048 -malloc_limit_mb=2048 -print_final_stats=1)
status=0
summary=$root/build-fuzz/fuzz-summary.txt
: > "$summary"
for name in ${FUZZ_TARGETS:-generator_fuzz layer_settings_fuzz trace_filter_fuzz inject_plan_fuzz}; do
  extra=()
  [ "$name" = generator_fuzz ] && extra=(-dict="$root/build-fuzz/spec.dict" -max_len=$generator_max_len)
  findings=$root/build-fuzz/findings/$name
  work=$root/build-fuzz/logs/$name
  rm -rf "$work"
  mkdir -p "$findings" "$work"
  if [ "$mode" = ci ]; then
    corpus=$(mktemp -d)
    cmd=(-runs="$runs" -seed=1)
  else
    corpus=$root/build-fuzz/corpus/$name
    mkdir -p "$corpus"
    cmd=(-runs=$(( (runs + jobs - 1) / jobs )) -jobs="$jobs" -workers="$jobs")
    [ -n "${FUZZ_SECONDS:-}" ] && cmd+=(-max_total_time="$FUZZ_SECONDS")
  fi
  start=$(date +%s)
  # libFuzzer writes a job's log (fuzz-N.log) into the working directory.
  if ! (cd "$work" && "$root/build-fuzz/fuzz/$name" "${options[@]}" "${extra[@]}" "${cmd[@]}" \
          -artifact_prefix="$findings/" "$corpus" "$root/$seeds/$name") >"$work/run.log" 2>&1; then
    status=1
    echo "fuzz: $name: FINDING (see $work/ and $findings/)" >&2
  fi
  secs=$(( $(date +%s) - start ))
  [ "$mode" = ci ] && rm -rf "$corpus"
  # From libFuzzer's final statistics: executions summed over the jobs, edges covered at most.
  # With jobs, each job's log is fuzz-N.log (run.log repeats them, so it is not counted again).
  logs=("$work"/fuzz-*.log)
  [ -e "${logs[0]}" ] || logs=("$work/run.log")
  execs=$(cat "${logs[@]}" | grep -o 'stat::number_of_executed_units: [0-9]*' | awk '{s+=$2} END {print s+0}')
  edges=$(cat "${logs[@]}" | grep -o 'cov: [0-9]*' | awk '{if ($2>m) m=$2} END {print m+0}')
  found=$(find "$findings" -type f | wc -l)
  printf '| %-20s | %12s | %7s | %8s | %6ss |\n' "$name" "$execs" "$edges" "$found" "$secs" >> "$summary"
done
echo "| target               |   executions |   edges | findings |   time |"
echo "|----------------------|--------------|---------|----------|--------|"
cat "$summary"
exit $status
