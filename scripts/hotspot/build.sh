#!/bin/bash
# Builds the JDK twice from one jdk17u source tree (Debian's openjdk-17 source, 17.0.19+10):
# "stock", with HotSpot's XSL step as it is, and "jvmtigen", where jvmtigen writes
# jvmtiEnter.cpp, jvmtiEnterTrace.cpp and jvmtiEnv.hpp (scripts/hotspot/jdk17u-jvmtigen.patch,
# a make change that is inert unless make is given JVMTIGEN=). Then, with --jtreg, runs
# jtreg's serviceability/jvmti tests on both images and compares the lists of results.
# Prints the time of each build and the warnings each build log holds. See docs/hotspot.md.
#
#   scripts/hotspot/build.sh [--jdk-src DIR] [--work DIR] [--jobs N] [--boot-jdk DIR]
#                            [--jtreg DIR] [--only stock|jvmtigen] [--configure-only | --objects-only]
#
# --jdk-src   the jdk17u tree (default $JDK17U_SRC); it is never written to: the build works
#             on a copy under WORK/src, patched
# --work      where the copy, the two build directories and the logs go (default /tmp/jdk17u-jvmtigen)
# --jobs      make's JOBS (default: the number of CPUs)
# --boot-jdk  default /usr/lib/jvm/java-17-openjdk-amd64 (openjdk-17-jdk-headless)
# --jtreg     a jtreg installation: after the builds, `make test` of test/hotspot/jtreg/serviceability/jvmti
#             on each, and the two result lists compared
# --only      build one configuration only
# --configure-only  stop after configuring (to check the options and the packages)
# --objects-only    no full build: HotSpot's gensrc step, then only the libjvm objects made from or
#             against the generated files (jvmtiEnter.o, jvmtiEnterTrace.o, and jvmtiEnv.o, whose
#             definitions must match the generated jvmtiEnv.hpp, with jvmtiEnvBase.o, jvmtiExport.o,
#             jvmtiTrace.o, jvmtiUtil.o), with HotSpot's own headers and flags: minutes, not hours
#
# What it needs (Debian 12): build-essential autoconf zip unzip file libasound2-dev libcups2-dev
# libfontconfig1-dev libx11-dev libxext-dev libxrender-dev libxrandr-dev libxtst-dev libxt-dev
# openjdk-17-jdk-headless; jvmtigen built in this checkout (build/generator/jvmtigen).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
src=${JDK17U_SRC:-}
work=/tmp/jdk17u-jvmtigen
jobs=$(nproc)
boot_jdk=/usr/lib/jvm/java-17-openjdk-amd64
jtreg=
only=
configure_only=0
objects_only=0
while [ $# -gt 0 ]; do
  case $1 in
    --jdk-src) src=$2; shift 2 ;;
    --work) work=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    --boot-jdk) boot_jdk=$2; shift 2 ;;
    --jtreg) jtreg=$2; shift 2 ;;
    --only) only=$2; shift 2 ;;
    --configure-only) configure_only=1; shift ;;
    --objects-only) objects_only=1; shift ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "build.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
done
die() { echo "build.sh: $*" >&2; exit 1; }
[ -n "$src" ] && [ -f "$src/make/hotspot/gensrc/GensrcJvmti.gmk" ] || die "no jdk17u tree (--jdk-src DIR or JDK17U_SRC)"
jvmtigen=$root/build/generator/jvmtigen
[ -x "$jvmtigen" ] || die "$jvmtigen not built (cmake --build build --target jvmtigen)"
for tool in autoconf make zip unzip file; do
  command -v $tool >/dev/null || die "$tool missing (see --help for the packages)"
done
case $only in ""|stock|jvmtigen) ;; *) die "--only stock or --only jvmtigen" ;; esac
configs=${only:-stock jvmtigen}

# One tree for both builds: a copy, so the given tree stays as it is, with the make change applied.
mkdir -p "$work"
if [ ! -f "$work/src/.jvmtigen-patched" ]; then
  rm -rf "$work/src"
  # A real copy (about 800 MB), not hard links: nothing a build does can reach the given tree.
  cp -a "$src" "$work/src"
  (cd "$work/src" && patch -p1 --no-backup-if-mismatch <"$here/jdk17u-jvmtigen.patch")
  touch "$work/src/.jvmtigen-patched"
fi

configure() {  # CONF (once: remove WORK to start over)
  local dir=$work/build-$1
  [ -f "$dir/spec.gmk" ] && return
  mkdir -p "$dir"
  (cd "$dir" && nice bash "$work/src/configure" --with-boot-jdk="$boot_jdk" --with-debug-level=release \
      --with-native-debug-symbols=none --with-jvm-variants=server --with-version-pre= --with-version-opt= \
      --with-version-build=10 \
      ${jtreg:+--with-jtreg="$jtreg"} >"$work/configure-$1.log" 2>&1) ||
    die "configure of $1 failed: $work/configure-$1.log"
}

build() {  # CONF
  local dir=$work/build-$1 extra=()
  [ "$1" = jvmtigen ] && extra=(JVMTIGEN="$jvmtigen")
  local start end
  start=$(date +%s)
  (cd "$dir" && nice make JOBS="$jobs" LOG=info "${extra[@]}" images >"$work/build-$1.log" 2>&1) ||
    die "build of $1 failed: $work/build-$1.log"
  end=$(date +%s)
  echo "$1: built in $((end - start)) s; warnings in its log: $(grep -c 'warning:' "$work/build-$1.log" || true)"
}

objects() {  # CONF: gensrc, then the JVMTI objects alone, through HotSpot's own make rules
  local dir=$work/build-$1 extra=() objs=$work/build-$1/hotspot/variant-server/libjvm/objs targets=()
  [ "$1" = jvmtigen ] && extra=(JVMTIGEN="$jvmtigen")
  for o in jvmtiEnter jvmtiEnterTrace jvmtiEnv jvmtiEnvBase jvmtiExport jvmtiTrace jvmtiUtil; do
    targets+=("$objs/$o.o")
  done
  local start end
  start=$(date +%s)
  (cd "$dir" && nice make JOBS="$jobs" "${extra[@]}" hotspot-server-gensrc >"$work/objects-$1.log" 2>&1 &&
    cd "$work/src/make/hotspot" && nice make -r -R -I "$work/src/make/common" -f lib/CompileLibraries.gmk \
      SPEC="$dir/spec.gmk" JVM_VARIANT=server "${extra[@]}" "${targets[@]}" >>"$work/objects-$1.log" 2>&1) ||
    die "objects of $1 failed: $work/objects-$1.log"
  end=$(date +%s)
  echo "$1: gensrc and ${#targets[@]} objects in $((end - start)) s; warnings: $(grep -c 'warning:' "$work/objects-$1.log" || true)"
}

for c in $configs; do configure "$c"; done
[ $configure_only = 1 ] && { echo "configured: $configs under $work"; exit 0; }
if [ $objects_only = 1 ]; then
  for c in $configs; do objects "$c"; done
  exit 0
fi
for c in $configs; do build "$c"; done

# The generated files of the jvmtigen build are jvmtigen's (its banner), the stock build's the stylesheets'.
for c in $configs; do
  f=$work/build-$c/hotspot/variant-server/gensrc/jvmtifiles/jvmtiEnter.cpp
  echo "$c: $(head -c 200 "$f" | grep -c 'Generated by jvmtigen' || true) jvmtigen banner in $f"
done

if [ -n "$jtreg" ]; then
  for c in $configs; do
    (cd "$work/build-$c" && nice make JOBS="$jobs" test TEST=test/hotspot/jtreg/serviceability/jvmti \
        >"$work/test-$c.log" 2>&1) || true
    # One line per test: its name and its result, from jtreg's summary.
    summary=$(find "$work/build-$c/test-results" -name text -path '*serviceability_jvmti*' | head -1)
    [ -n "$summary" ] && sort "$summary/summary.txt" | awk '{ print $1, $2 }' >"$work/jtreg-$c.txt"
  done
  if [ "$configs" = "stock jvmtigen" ]; then
    if diff "$work/jtreg-stock.txt" "$work/jtreg-jvmtigen.txt"; then
      echo "jtreg serviceability/jvmti: the same results ($(wc -l <"$work/jtreg-stock.txt") tests)"
    else
      die "jtreg serviceability/jvmti: the results differ (above)"
    fi
  fi
fi
