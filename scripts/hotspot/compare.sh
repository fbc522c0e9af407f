#!/bin/bash
# Compares jvmtigen's HotSpot outputs with what HotSpot's own pipeline (jvmtiGen and the XSL
# stylesheets of a JDK source tree) makes of the same jvmti.xml: jvmtiEnter.cpp,
# jvmtiEnterTrace.cpp, jvmtiEnv.hpp, jvmti.h and jvmtiEnvStub.cpp (which HotSpot's build does
# not make: its developers do, by hand). Prints, per file, the lines that differ as written and
# once both sides are normalised (scripts/hotspot/normalise.py: tokens only, no comments, no
# layout), and keeps the normalised diffs. Then each stub goes through what a developer runs,
# the tree's jvmtiEnvFill with its jvmtiEnv.cpp: the warnings and the filled files' tokens are
# compared the same way. See docs/hotspot.md.
#
#   scripts/hotspot/compare.sh [--jdk-src DIR] [--spec FILE] [--jvmti-version X.Y.Z]
#                              [--jvmtigen PATH] [--work DIR] [--check] [--facts FILE]
#
# --jdk-src   the JDK source tree (default $JDK17U_SRC): its src/hotspot/share/prims holds
#             jvmtiGen.java, the stylesheets and jvmti.xml
# --spec      the spec both read (default: the tree's own jvmti.xml)
# --jvmti-version  passed to jvmtigen, and its major to the stylesheets (default 17.0.0)
# --jvmtigen  the generator (default build/generator/jvmtigen of this checkout)
# --work      where everything goes (default a new temporary directory, printed)
# --check     exit 1 on any normalised difference; without a source tree or a JDK, exit 77
#             (ctest's skip) with the reason
# --facts     also write the facts of the stylesheets' outputs to FILE (scripts/hotspot/facts.py:
#             token counts and digests, the exclude order); with OpenJDK's JDK 16 file it is
#             tests/hotspot/stylesheet-facts.txt, the CI guard's reference
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
src=${JDK17U_SRC:-}
spec=
version=17.0.0
jvmtigen=$root/build/generator/jvmtigen
work=
work_given=0
check=0
facts=
while [ $# -gt 0 ]; do
  case $1 in
    --jdk-src) src=$2; shift 2 ;;
    --spec) spec=$2; shift 2 ;;
    --jvmti-version) version=$2; shift 2 ;;
    --jvmtigen) jvmtigen=$2; shift 2 ;;
    --work) work=$2; work_given=1; shift 2 ;;
    --check) check=1; shift ;;
    --facts) facts=$2; shift 2 ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "compare.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
done

skip() { echo "compare.sh: skipped: $*"; exit 77; }
prims=$src/src/hotspot/share/prims
[ -n "$src" ] || skip "no JDK source tree (--jdk-src DIR or JDK17U_SRC; docs/hotspot.md says how to get it)"
[ -f "$prims/jvmtiGen.java" ] || skip "$prims/jvmtiGen.java not found"
command -v javac >/dev/null && command -v java >/dev/null || skip "no javac/java on PATH (openjdk-17-jdk-headless)"
[ -x "$jvmtigen" ] || { echo "compare.sh: $jvmtigen not built" >&2; exit 2; }
spec=${spec:-$prims/jvmti.xml}
major=${version%%.*}
work=${work:-$(mktemp -d /tmp/hotspot-compare.XXXXXX)}
mkdir -p "$work/classes" "$work/hotspot" "$work/jvmtigen" "$work/diff"

# HotSpot's pipeline, as make/hotspot/gensrc/GensrcJvmti.gmk runs it (the build's JAVA_SMALL flags).
javac -nowarn -d "$work/classes" "$prims/jvmtiGen.java" "$prims/jvmtiEnvFill.java" 2>/dev/null
java_small=(-XX:+UseSerialGC -Xms32M -Xmx512M -XX:TieredStopAtLevel=1 -Duser.language=en -Duser.country=US -Xshare:auto)
xsl() {  # OUTPUT STYLESHEET PARAMS...
  local out=$1 sheet=$2; shift 2
  java "${java_small[@]}" -cp "$work/classes" jvmtiGen -IN "$spec" -XSL "$prims/$sheet" -OUT "$work/hotspot/$out" \
    -PARAM majorversion "$major" "$@" >/dev/null
  [ -f "$work/hotspot/$out" ] || { echo "compare.sh: HotSpot's pipeline made no $out" >&2; exit 1; }
}
t0=$(date +%s.%N)
xsl jvmtiEnter.cpp jvmtiEnter.xsl -PARAM interface jvmti
xsl jvmtiEnterTrace.cpp jvmtiEnter.xsl -PARAM interface jvmti -PARAM trace Trace
xsl jvmtiEnv.hpp jvmtiHpp.xsl
xsl jvmti.h jvmtiH.xsl
xsl jvmtiEnvStub.cpp jvmtiEnv.xsl
t1=$(date +%s.%N)
"$jvmtigen" --spec "$spec" --jvmti-version "$version" \
  --only hotspot-enter,hotspot-enter-trace,hotspot-env-hpp,hotspot-jvmti-h,hotspot-env-stub --out "$work/jvmtigen" >/dev/null
t2=$(date +%s.%N)
files=(jvmtiEnter.cpp jvmtiEnterTrace.cpp jvmtiEnv.hpp jvmti.h jvmtiEnvStub.cpp)
if [ -n "$facts" ]; then
  { echo "# scripts/hotspot/facts.py of HotSpot's stylesheets' outputs ($(basename "$(dirname "$spec")")/$(basename "$spec")," \
      "majorversion $major), written by scripts/hotspot/compare.sh --facts"
    python3 "$here/facts.py" "${files[@]/#/$work/hotspot/}"; } >"$facts"
fi

status=0
printf '%-22s %14s %14s\n' file "lines differ" "normalised"
for f in "${files[@]}"; do
  a=$work/hotspot/$f b=$work/jvmtigen/jvmtifiles/$f
  raw=$(diff "$a" "$b" | grep -c '^[<>]' || true)
  python3 "$here/normalise.py" "$a" >"$work/diff/$f.hotspot"
  python3 "$here/normalise.py" "$b" >"$work/diff/$f.jvmtigen"
  diff "$work/diff/$f.hotspot" "$work/diff/$f.jvmtigen" >"$work/diff/$f.diff" || true
  norm=$(grep -c '^[<>]' "$work/diff/$f.diff" || true)
  printf '%-22s %14s %14s\n' "$f" "$raw" "$norm"
  [ "$norm" = 0 ] || status=1
done
# What a HotSpot developer does with a stub: jvmtiEnvFill merges it with the tree's jvmtiEnv.cpp.
# Both stubs must fill it alike: the same warnings, the same tokens.
if [ -f "$prims/jvmtiEnv.cpp" ]; then
  for side in hotspot jvmtigen; do
    stub=$work/hotspot/jvmtiEnvStub.cpp
    [ $side = jvmtigen ] && stub=$work/jvmtigen/jvmtifiles/jvmtiEnvStub.cpp
    java -cp "$work/classes" jvmtiEnvFill "$prims/jvmtiEnv.cpp" "$stub" "$work/diff/filled.$side.cpp" \
      >"$work/diff/filled.$side.warnings" 2>&1 || { echo "compare.sh: jvmtiEnvFill failed on the $side stub" >&2; status=1; }
    python3 "$here/normalise.py" "$work/diff/filled.$side.cpp" >"$work/diff/filled.$side.tokens" 2>/dev/null || true
  done
  filled=$(diff "$work/diff/filled.hotspot.tokens" "$work/diff/filled.jvmtigen.tokens" | grep -c '^[<>]' || true)
  warned=$(diff "$work/diff/filled.hotspot.warnings" "$work/diff/filled.jvmtigen.warnings" | grep -c '^[<>]' || true)
  printf '%-22s %14s %14s\n' "jvmtiEnvFill's output" "warnings: $warned" "$filled"
  [ "$filled" = 0 ] && [ "$warned" = 0 ] || status=1
fi
awk -v a="$t0" -v b="$t1" -v c="$t2" -v w="$work" \
  'BEGIN { printf "HotSpot pipeline %.2f s, jvmtigen %.3f s; outputs and diffs in %s\n", b - a, c - b, w }'

if [ $check = 1 ] && [ $status != 0 ]; then
  echo "compare.sh: the normalised files differ (see $work/diff/*.diff)" >&2
  exit 1
fi
# A check that passed leaves no temporary directory behind.
if [ $check = 1 ] && [ $work_given = 0 ]; then rm -rf "$work"; echo "(removed $work: the check passed)"; fi
exit 0
