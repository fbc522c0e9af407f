#!/bin/bash
# Builds the JDK twice from one jdk17u source tree (Debian's openjdk-17 source, 17.0.19+10):
# "stock", with HotSpot's JVMTI step as it is (javac, then five XSL transforms), and "jvmtigen",
# where one jvmtigen run writes the same five files: jvmtiEnter.cpp, jvmtiEnterTrace.cpp,
# jvmtiEnv.hpp, jvmti.h (the image's include/jvmti.h) and jvmti.html (the docs' page)
# (scripts/hotspot/jdk17u-jvmtigen.patch, a make change that is inert unless make is given
# JVMTIGEN=). Both builds run in one build directory, configured to be reproducible, stock first:
# the jvmtigen build then remakes what depends on the five files (with jvmti.h, the HotSpot
# objects and the native libraries that include it). Each finished image is copied to a stable path:
# WORK/jdk-stock and WORK/jdk-jvmtigen. With --jtreg, runs jtreg's serviceability/jvmti tests on
# both images and compares the lists of results.
# Prints the time of each build and of its JVMTI step (scripts/hotspot/step_time.py), the
# warnings each build log holds, whether the jvmtigen build ran HotSpot's jvmtiGen (it must not),
# then cmp of the two libjvm.so and lib/modules (and, where libjvm.so differs, the sections:
# scripts/hotspot/libjvm-diff.py), the other files of the images that differ, and the two
# include/jvmti.h: lines that differ as text and as tokens, and jvmti-abi-diff where it is built.
# The step's five files of each build are kept in WORK/gensrc-stock and WORK/gensrc-jvmtigen
# (scripts/hotspot/pages.sh shows the two jvmti.html side by side). See docs/hotspot.md.
#
#   scripts/hotspot/build.sh [--jdk-src DIR] [--work DIR] [--jobs N] [--boot-jdk DIR]
#                            [--jtreg | --jtreg-only] [--only stock|jvmtigen]
#                            [--configure-only | --objects-only]
#
# --jdk-src   the jdk17u tree (default $JDK17U_SRC, else the tree scripts/jdk/openjdk-17.sh
#             unpacks); it is never written to: the build works on a copy under WORK/src, patched
# --work      where the copy, the build directory, the two images and the logs go
#             (default $JVMTIGEN_CACHE/hotspot; JVMTIGEN_CACHE, as for scripts/jdk/openjdk-17.sh,
#             defaults to ~/.cache/jvmtigen)
# --jobs      make's JOBS (default: the number of CPUs)
#
# The builds run at the niceness build.sh is given (nice -n 15 scripts/hotspot/build.sh ...):
# make is passed NICE= so that the JDK's make adds no niceness of its own to the compilers.
# --boot-jdk  default /usr/lib/jvm/java-17-openjdk-amd64 (openjdk-17-jdk-headless)
# --jtreg     after the builds, test/hotspot/jtreg/serviceability/jvmti on each image through
#             scripts/jtreg-layer.sh --plain-only (the same jtreg, test tree and native test
#             libraries as the layer's jtreg runs), and the two result lists compared
# --jtreg-only  no build: the jtreg comparison on the images a previous run left in WORK
# --only      build (or test) one configuration only
# --configure-only  stop after configuring (to check the options and the packages)
# --objects-only    no full build: HotSpot's gensrc step, then only the libjvm objects made from or
#             against the generated files (jvmtiEnter.o, jvmtiEnterTrace.o, and jvmtiEnv.o, whose
#             definitions must match the generated jvmtiEnv.hpp, with jvmtiEnvBase.o, jvmtiExport.o,
#             jvmtiTrace.o, jvmtiUtil.o, jvmtiManageCapabilities.o, jvmtiEventController.o), with
#             HotSpot's own headers and flags: minutes, not hours. Each configuration's objects are
#             kept in WORK/objects-CONF and, with both, compared byte for byte
#
# What it needs (Debian 12): the source package's build dependencies, which it installs before
# configuring (scripts/jdk/openjdk-17.sh build-deps); jvmtigen built in this checkout
# (build/generator/jvmtigen).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
src=${JDK17U_SRC:-}
work=${JVMTIGEN_CACHE:-$HOME/.cache/jvmtigen}/hotspot
jobs=$(nproc)
boot_jdk=/usr/lib/jvm/java-17-openjdk-amd64
jtreg=0
jtreg_only=0
only=
configure_only=0
objects_only=0
while [ $# -gt 0 ]; do
  case $1 in
    --jdk-src) src=$2; shift 2 ;;
    --work) work=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    --boot-jdk) boot_jdk=$2; shift 2 ;;
    --jtreg) jtreg=1; shift ;;
    --jtreg-only) jtreg=1; jtreg_only=1; shift ;;
    --only) only=$2; shift 2 ;;
    --configure-only) configure_only=1; shift ;;
    --objects-only) objects_only=1; shift ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "build.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
done
die() { echo "build.sh: $*" >&2; exit 1; }
[ -n "$src" ] || src=$("$root/scripts/jdk/openjdk-17.sh" tree 2>/dev/null || true)
[ -n "$src" ] && [ -f "$src/make/hotspot/gensrc/GensrcJvmti.gmk" ] ||
  die "no jdk17u tree (--jdk-src DIR, JDK17U_SRC, or scripts/jdk/openjdk-17.sh tree)"
jvmtigen=$root/build/generator/jvmtigen
for tool in autoconf make zip unzip file; do
  command -v $tool >/dev/null || die "$tool missing (see --help for the packages)"
done
case $only in ""|stock|jvmtigen) ;; *) die "--only stock or --only jvmtigen" ;; esac
configs=${only:-stock jvmtigen}
# Only the jvmtigen configuration runs it (and --objects-only of it); stock needs no jvmtigen.
if [ "$only" != stock ] && [ $jtreg_only = 0 ]; then
  [ -x "$jvmtigen" ] || die "$jvmtigen not built (cmake --build build --target jvmtigen)"
fi

# One tree for both builds: a copy, so the given tree stays as it is, with the make change applied.
mkdir -p "$work"
# The copy keeps the patch it has applied (.jvmtigen-patch): a changed patch is swapped in (the
# old one reversed, the new one applied), which touches only the make files it changes, so a
# build directory made before goes on from where it was.
patch_file=$here/jdk17u-jvmtigen.patch
applied=$work/src/.jvmtigen-patch
if [ ! -f "$applied" ]; then
  rm -rf "$work/src"
  # A real copy (about 800 MB), not hard links: nothing a build does can reach the given tree.
  cp -a "$src" "$work/src"
  (cd "$work/src" && patch -s -p1 --no-backup-if-mismatch <"$patch_file") || die "the patch does not apply"
  cp "$patch_file" "$applied"
elif ! cmp -s "$patch_file" "$applied"; then
  (cd "$work/src" && patch -s -R -p1 --no-backup-if-mismatch <"$applied" &&
    patch -s -p1 --no-backup-if-mismatch <"$patch_file") || die "could not swap in the changed patch in $work/src"
  cp "$patch_file" "$applied"
fi

dir=$work/build
# Debian's source tarball leaves out the libraries the JDK bundles; debian/rules builds against
# the system's, and so does this build.
system_libs=(--with-zlib=system --with-giflib=system --with-libpng=system --with-libjpeg=system --with-lcms=system
             --with-pcsclite=system --with-harfbuzz=system)
gensrc=$dir/hotspot/variant-server/gensrc/jvmtifiles
# --objects-only's objects: those made from the generated files, and others that include jvmti.h.
object_names="jvmtiEnter jvmtiEnterTrace jvmtiEnv jvmtiEnvBase jvmtiExport jvmtiTrace jvmtiUtil
  jvmtiManageCapabilities jvmtiEventController"

configure() {  # once: remove WORK/build to start over
  # Reproducible: both configurations get one fixed time. --with-source-date=version takes the
  # release's date (make/conf/version-numbers.conf) for SOURCE_DATE_EPOCH, which make exports to
  # the compilers (__DATE__, __TIME__), and turns on the reproducible build (-frandom-seed for
  # each object, jar and jmod --date); the VM's "built on" time is set to the same date. Debian's debian/rules sets neither:
  # dpkg-buildpackage exports SOURCE_DATE_EPOCH from the changelog instead.
  local release_date args
  release_date=$(sed -n 's/^DEFAULT_VERSION_DATE=//p' "$work/src/make/conf/version-numbers.conf")
  [ -n "$release_date" ] || die "no DEFAULT_VERSION_DATE in $work/src/make/conf/version-numbers.conf"
  # No native debug symbols (Debian's package has them external): see docs/hotspot.md, "Debug
  # information", for what -g would add to the bytes of libjvm.so.
  args=(--with-boot-jdk="$boot_jdk" --with-debug-level=release --with-native-debug-symbols=none
        --with-jvm-variants=server --with-version-pre= --with-version-opt= --with-version-build=10
        --with-source-date=version --with-hotspot-build-time="$release_date 00:00:00" "${system_libs[@]}")
  # A build directory configured otherwise (by an earlier build.sh, say, before the builds were
  # reproducible) is not used as if it were this one.
  if [ -f "$dir/spec.gmk" ]; then
    [ "$(cat "$dir/.jvmtigen-configure" 2>/dev/null)" = "${args[*]}" ] ||
      die "$dir was configured with other options than these: remove it to start over (${args[*]})"
    return
  fi
  # The source package's build dependencies (apt-get build-dep; what is there stays): its
  # Debian patches build against system libraries (giflib, pcsclite, ...).
  "$root/scripts/jdk/openjdk-17.sh" build-deps || die "could not install the build dependencies"
  mkdir -p "$dir"
  (cd "$dir" && bash "$work/src/configure" "${args[@]}" >"$work/configure.log" 2>&1) ||
    die "configure failed: $work/configure.log"
  echo "${args[*]}" >"$dir/.jvmtigen-configure"
}

# The compilers' warnings in a make log (the commands it echoes, "Executing: [...]", hold words
# like -Xlog:all=warning: and are not counted).
warnings() {  # LOG
  grep -v '^Executing: \[' "$1" | grep -c 'warning:' || true
}

# Who wrote the step's files now in gensrc (jvmtiEnter.cpp tells): "jvmtigen" (its banner), "stock", or "none".
writer() {
  [ -f "$gensrc/jvmtiEnter.cpp" ] || { echo none; return; }
  if head -c 300 "$gensrc/jvmtiEnter.cpp" | grep -q 'Generated by jvmtigen'; then echo jvmtigen; else echo stock; fi
}

# Makes sure make regenerates the step's five files the way CONF writes them: the files of the
# other way are removed (make remakes a missing output), and so is jvmtigen's run marker.
prepare() {  # CONF
  if [ "$(writer)" != "$1" ]; then
    rm -f "$gensrc/jvmtiEnter.cpp" "$gensrc/jvmtiEnterTrace.cpp" "$gensrc/jvmtiEnv.hpp" \
      "$gensrc/jvmti.h" "$gensrc/jvmti.html"
    rm -rf "$dir/hotspot/variant-server/tools/jvmtigen"
  fi
}

extra_args() {  # CONF
  [ "$1" = jvmtigen ] && echo "JVMTIGEN=$jvmtigen"
  return 0
}

build() {  # CONF
  prepare "$1"
  local start end extra
  extra=$(extra_args "$1")
  # A build killed mid-compile can leave an object of 0 bytes that make takes as up to date,
  # and nm then fails on it when the symbol list is made: such objects are made again.
  local empty
  empty=$(find "$dir" -name '*.o' -size 0 -print -delete | wc -l)
  [ "$empty" = 0 ] || echo "$1: $empty empty object file(s) of an interrupted build removed, to be compiled again"
  start=$(date +%s)
  # cmdlines: every command make runs is in the log, so what ran for JVMTI can be read there.
  (cd "$dir" && make JOBS="$jobs" NICE= LOG=info,cmdlines $extra images >"$work/build-$1.log" 2>&1) ||
    die "build of $1 failed: $work/build-$1.log"
  end=$(date +%s)
  [ "$(writer)" = "$1" ] || die "after the $1 build, gensrc holds the $(writer) files"
  rm -rf "$work/jdk-$1" "$work/gensrc-$1"
  cp -a "$dir/images/jdk" "$work/jdk-$1"
  # The step's files too, as this build left them (the next build replaces them in gensrc).
  cp -a "$gensrc" "$work/gensrc-$1"
  echo "$1: built in $((end - start)) s; warnings in its log: $(warnings "$work/build-$1.log");" \
    "image $work/jdk-$1: $("$work/jdk-$1/bin/java" -version 2>&1 | tail -1)"
  "$here/step_time.py" "$dir/hotspot/variant-server" "$1" "$start"
  # HotSpot's own generator is the Java class jvmtiGen (ours is jvmtigen, in lower case).
  local javas
  javas=$(grep -c 'jvmtiGen' "$work/build-$1.log" || true)
  echo "$1: lines of its log that run or compile HotSpot's jvmtiGen: $javas"
  [ "$1" != jvmtigen ] || [ "$javas" = 0 ] || die "the jvmtigen build ran HotSpot's jvmtiGen (see $work/build-$1.log)"
}

# The two images compared: cmp of libjvm.so and lib/modules (with libjvm-diff.py's sections
# where libjvm.so differs), the other files that differ, and the ABI of include/jvmti.h.
compare_images() {
  local a=$work/jdk-stock b=$work/jdk-jvmtigen f n
  for f in lib/server/libjvm.so lib/modules; do
    if cmp -s "$a/$f" "$b/$f"; then
      echo "$(basename "$f"): identical ($(stat -c %s "$a/$f") bytes)"
    else
      n=$(cmp -l "$a/$f" "$b/$f" 2>/dev/null | wc -l || true)
      echo "$(basename "$f"): $n bytes differ"
      [ "$f" != lib/server/libjvm.so ] || "$here/libjvm-diff.py" "$a/$f" "$b/$f" || true
    fi
  done
  echo "files of the two images that differ:"
  diff -rq --no-dereference "$a" "$b" | sed "s|$work/||g; s/^/  /" || true
  local lines tokens
  lines=$(diff "$a/include/jvmti.h" "$b/include/jvmti.h" | grep -c '^[<>]' || true)
  tokens=$(diff <(python3 "$here/normalise.py" "$a/include/jvmti.h") <(python3 "$here/normalise.py" "$b/include/jvmti.h") |
    grep -c '^[<>]' || true)
  echo "include/jvmti.h: $lines lines differ as written, $tokens once normalised (normalise.py: tokens, no comments)"
  local abi=$root/build/tools/jvmti-abi-diff
  if [ -x "$abi" ]; then
    echo "include/jvmti.h, jvmti-abi-diff stock jvmtigen: $("$abi" "$a/include/jvmti.h" "$b/include/jvmti.h" \
      -I "$a/include" -I "$a/include/linux" 2>&1 | tail -1)"
  else
    echo "include/jvmti.h: $abi not built (Clang 14's dev packages), no ABI comparison"
  fi
}

objects() {  # CONF: gensrc, then the JVMTI objects alone, through HotSpot's own make rules
  prepare "$1"
  local objs=$dir/hotspot/variant-server/libjvm/objs targets=() extra
  extra=$(extra_args "$1")
  for o in $object_names; do
    targets+=("$objs/$o.o")
  done
  local start end
  start=$(date +%s)
  (cd "$dir" && make JOBS="$jobs" NICE= LOG=info,cmdlines $extra hotspot-server-gensrc >"$work/objects-$1.log" 2>&1 &&
    cd "$work/src/make/hotspot" && make -r -R -I "$work/src/make/common" -f lib/CompileLibraries.gmk \
      SPEC="$dir/spec.gmk" JVM_VARIANT=server $extra "${targets[@]}" >>"$work/objects-$1.log" 2>&1) ||
    die "objects of $1 failed: $work/objects-$1.log"
  end=$(date +%s)
  echo "$1: gensrc and ${#targets[@]} objects in $((end - start)) s; warnings: $(warnings "$work/objects-$1.log")"
  "$here/step_time.py" "$dir/hotspot/variant-server" "$1" "$start"
  rm -rf "$work/objects-$1"
  mkdir -p "$work/objects-$1"
  cp -p "${targets[@]}" "$work/objects-$1/"
}

# The objects of the two configurations, compared byte for byte (same build directory, so the
# same paths and flags): with no debug information, a header that differs in layout alone
# leaves them identical.
compare_objects() {
  local o same=0 n=0
  for o in $object_names; do
    n=$((n + 1))
    if cmp -s "$work/objects-stock/$o.o" "$work/objects-jvmtigen/$o.o"; then
      same=$((same + 1))
    else
      echo "  $o.o differs: $(cmp -l "$work/objects-stock/$o.o" "$work/objects-jvmtigen/$o.o" 2>/dev/null | wc -l || true) bytes"
    fi
  done
  echo "objects: $same of $n identical"
}

[ $jtreg_only = 1 ] || configure
[ $configure_only = 1 ] && { echo "configured: $dir"; exit 0; }
if [ $objects_only = 1 ]; then
  for c in $configs; do objects "$c"; done
  [ "$configs" != "stock jvmtigen" ] || compare_objects
  exit 0
fi
if [ $jtreg_only = 1 ]; then
  for c in $configs; do
    [ -x "$work/jdk-$c/bin/java" ] || die "--jtreg-only: no image $work/jdk-$c (build it first)"
  done
else
  for c in $configs; do build "$c"; done
  # Where the two JDKs differ, byte for byte (docs/hotspot.md).
  [ "$configs" != "stock jvmtigen" ] || compare_images
fi

if [ $jtreg = 1 ]; then
  for c in $configs; do
    "$root/scripts/jtreg-layer.sh" --plain-only --jdk "$work/jdk-$c" --out "$work/jtreg-$c" \
      >"$work/jtreg-$c.log" 2>&1 || die "jtreg on $c did not run: $work/jtreg-$c.log"
    cp "$work/jtreg-$c/plain/status.txt" "$work/jtreg-$c.txt"
  done
  if [ "$configs" = "stock jvmtigen" ]; then
    if diff "$work/jtreg-stock.txt" "$work/jtreg-jvmtigen.txt"; then
      echo "jtreg serviceability/jvmti: the same results ($(wc -l <"$work/jtreg-stock.txt") tests," \
        "$(grep -c ' Passed$' "$work/jtreg-stock.txt" || true) passed)"
    else
      die "jtreg serviceability/jvmti: the results differ (above)"
    fi
  fi
fi
