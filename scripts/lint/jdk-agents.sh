#!/usr/bin/env bash
# The JDK's own agents, libjdwp (jdk.jdwp.agent) and libinstrument (java.instrument), and the
# native agents of its jtreg serviceability/jvmti tests, from the pinned openjdk-17 source package
# (scripts/jdk/openjdk-17.sh tree), as compilation databases jvmti-lint and clang can read:
# OUT/libjdwp/compile_commands.json and OUT/libinstrument/compile_commands.json, with the flags the
# JDK's build gives them (Lib.gmk), and OUT/jtreg-jvmti/compile_commands.json, every lib*.c and
# lib*.cpp under test/hotspot/jtreg/serviceability/jvmti, one agent per file, with the flags of the
# JDK's jtreg native build (make/test/JtregNativeHotspot.gmk over TestFilesCompilation.gmk: the
# release build's CFLAGS_JDKLIB/CXXFLAGS_JDKLIB, -std=c99 or -std=c++14, the __STDC_*_MACROS and
# -I of test/lib/jdk/test/lib/jvmti for jvmti_common.h).
# Two headers come from the JDK's build, not its sources; this script makes them the same way
# into OUT/gensrc: libjdwp's JDWPCommands.h (jdwpgen, the build's tool, compiled from the same
# tree and run on make/data/jdwp/jdwp.spec) and libinstrument's sun_instrument_InstrumentationImpl.h
# (javac -h on the class whose natives it implements). jvmti.h and jni.h come from JDK (default:
# the JDK of javac on PATH, or /usr/lib/jvm/java-17-openjdk-amd64).
#
#   scripts/lint/jdk-agents.sh OUT [JDK]      prints the three databases' directories, one a line
#
# OUT must not exist: it is made new (nothing of an earlier run is trusted or overwritten).
set -euo pipefail

out="${1:?usage: jdk-agents.sh OUT [JDK]}"
jdk="${2:-}"
here="$(cd "$(dirname "$0")" && pwd)"
if [ -z "$jdk" ]; then
  if command -v javac >/dev/null 2>&1; then jdk="$(dirname "$(dirname "$(readlink -f "$(command -v javac)")")")"
  else jdk=/usr/lib/jvm/java-17-openjdk-amd64; fi
fi
[ -f "$jdk/include/jvmti.h" ] || { echo "jdk-agents: no jvmti.h in $jdk/include" >&2; exit 1; }
[ -x "$jdk/bin/javac" ] || { echo "jdk-agents: no javac in $jdk/bin" >&2; exit 1; }

tree="$("$here/../jdk/openjdk-17.sh" tree)"
[ -d "$tree/src/jdk.jdwp.agent" ] || { echo "jdk-agents: $tree has no src/jdk.jdwp.agent" >&2; exit 1; }
mkdir "$out"   # fails when it exists
out="$(cd "$out" && pwd)"

# JDWPCommands.h, as the JDK's build makes it (make/modules/jdk.jdi/Gensrc.gmk).
mkdir "$out/jdwpgen" "$out/gensrc"
"$jdk/bin/javac" -nowarn -d "$out/jdwpgen" "$tree"/make/jdk/src/classes/build/tools/jdwpgen/*.java
"$jdk/bin/java" -cp "$out/jdwpgen" build.tools.jdwpgen.Main "$tree/make/data/jdwp/jdwp.spec" \
  -jdi "$out/gensrc/JDWP.java" -include "$out/gensrc/JDWPCommands.h"
# The JNI header of InstrumentationImpl's natives (make/modules/java.instrument: javac -h).
mkdir "$out/classes"
"$jdk/bin/javac" -nowarn -h "$out/gensrc" -d "$out/classes" \
  --patch-module "java.instrument=$tree/src/java.instrument/share/classes" \
  "$tree/src/java.instrument/share/classes/sun/instrument/InstrumentationImpl.java"

# One database: each source file compiled in OUT as C (cc -std=C-STD) or, a .cpp, as C++
# (c++ -std=C++-STD), with FLAGS.
database() {  # NAME C-STD C++-STD FILES... -- FLAGS...
  local name=$1 cstd=$2 cxxstd=$3; shift 3
  local files=() flags=()
  while [ "$1" != "--" ]; do files+=("$1"); shift; done
  shift
  flags=("$@")
  [ "${#files[@]}" -gt 0 ] || { echo "jdk-agents: no source files for $name" >&2; exit 1; }
  mkdir "$out/$name"
  python3 - "$out/$name/compile_commands.json" "$out" "$cstd" "$cxxstd" "${#files[@]}" \
    "${files[@]}" "${flags[@]}" <<'PY'
import json, os, sys
target, directory, cstd, cxxstd = sys.argv[1:5]
n = int(sys.argv[5])
files, flags = sys.argv[6:6 + n], sys.argv[6 + n:]
entries = []
for path in files:
    if not os.path.isfile(path):
        sys.exit(f"jdk-agents: {path} is not a file")
    compiler = ["c++", "-std=" + cxxstd] if path.endswith(".cpp") else ["cc", "-std=" + cstd]
    entries.append({"directory": directory, "file": path,
                    "arguments": [*compiler, *flags, "-c", path, "-o", os.devnull]})
with open(target, "x") as out:
    json.dump(entries, out, indent=1)
PY
  echo "$out/$name"
}
# The files FIND-ARGS... names, NUL-separated, in byte order (so the same on every locale).
sources() { find "$@" -print0 | LC_ALL=C sort -z; }
# collect FIND-ARGS...: the array files, those files; a failed find stops the script.
collect() {
  mapfile -d '' files < <(sources "$@")
  wait $! || { echo "jdk-agents: listing the sources ($*) failed" >&2; exit 1; }
}

# What CFLAGS_JDKLIB gives every JDK library on linux-x64 (make/autoconf/flags-cflags.m4), less
# the release build's -D_LARGEFILE64_SOURCE -DNDEBUG, which only the jtreg agents get here.
jdklib=(-D_GNU_SOURCE -D_REENTRANT -DLINUX -DARCH='"amd64"' -Damd64 -D_LP64=1 -D_LITTLE_ENDIAN
        "-I$jdk/include" "-I$jdk/include/linux"
        "-I$tree/src/java.base/share/native/libjava" "-I$tree/src/java.base/unix/native/libjava"
        "-I$tree/src/hotspot/share/include" "-I$tree/src/hotspot/os/posix/include")
common=("${jdklib[@]}" "-I$out/gensrc")
jdwp="$tree/src/jdk.jdwp.agent"
collect "$jdwp/share/native/libjdwp" "$jdwp/unix/native/libjdwp" -maxdepth 1 -type f -name '*.c'
database libjdwp gnu99 c++14 "${files[@]}" -- "${common[@]}" -DJDWP_LOGGING \
  "-I$jdwp/share/native/libjdwp" "-I$jdwp/unix/native/libjdwp" "-I$jdwp/share/native/include" \
  "-I$jdwp/share/native/libjdwp/export"
instrument="$tree/src/java.instrument"
collect "$instrument/share/native/libinstrument" "$instrument/unix/native/libinstrument" \
  -maxdepth 1 -type f -name '*.c'
database libinstrument gnu99 c++14 "${files[@]}" -- \
  "${common[@]}" -DNO_JPLIS_LOGGING \
  "-I$instrument/share/native/libinstrument" "-I$instrument/unix/native/libinstrument" \
  "-I$tree/src/java.base/share/native/libjli" "-I$tree/src/java.base/unix/native/libjli"
# The jtreg serviceability/jvmti agents: one library per lib*.c or lib*.cpp, as
# TestFilesCompilation.gmk finds them (none is excluded on Linux). Besides jni.h and jvmti.h they
# include jvmti_common.h (from the -I below) and, one of them, ../get_stack_trace.h (by its path).
jtreg="$tree/test/hotspot/jtreg/serviceability/jvmti"
[ -d "$jtreg" ] || { echo "jdk-agents: $tree has no ${jtreg#"$tree/"}" >&2; exit 1; }
collect "$jtreg" -type f \( -name 'lib*.c' -o -name 'lib*.cpp' \)
database jtreg-jvmti c99 c++14 "${files[@]}" -- \
  "${jdklib[@]}" -D_LARGEFILE64_SOURCE -DNDEBUG \
  -D__STDC_FORMAT_MACROS -D__STDC_LIMIT_MACROS -D__STDC_CONSTANT_MACROS \
  "-I$tree/test/lib/jdk/test/lib/jvmti"
