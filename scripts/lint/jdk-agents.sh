#!/usr/bin/env bash
# The JDK's own agents, libjdwp (jdk.jdwp.agent) and libinstrument (java.instrument), from the
# pinned openjdk-17 source package (scripts/jdk/openjdk-17.sh tree), as compilation databases
# jvmti-lint and clang can read: OUT/libjdwp/compile_commands.json and
# OUT/libinstrument/compile_commands.json, with the flags the JDK's build gives them (Lib.gmk).
# Two headers come from the JDK's build, not its sources; this script makes them the same way
# into OUT/gensrc: libjdwp's JDWPCommands.h (jdwpgen, the build's tool, compiled from the same
# tree and run on make/data/jdwp/jdwp.spec) and libinstrument's sun_instrument_InstrumentationImpl.h
# (javac -h on the class whose natives it implements). jvmti.h and jni.h come from JDK (default: the JDK of javac on PATH, or
# /usr/lib/jvm/java-17-openjdk-amd64).
#
#   scripts/lint/jdk-agents.sh OUT [JDK]      prints OUT's two databases' directories
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

# One database per library: every .c of its share/ and unix/ directories, compiled in OUT.
database() {  # NAME SOURCE-DIRS... -- FLAGS...
  local name=$1; shift
  local dirs=() flags=()
  while [ "$1" != "--" ]; do dirs+=("$1"); shift; done
  shift
  flags=("$@")
  mkdir "$out/$name"
  python3 - "$out/$name/compile_commands.json" "$out" "${#dirs[@]}" "${dirs[@]}" "${flags[@]}" <<'PY'
import json, os, sys
target, directory, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
dirs, flags = sys.argv[4:4 + n], sys.argv[4 + n:]
entries = []
for d in dirs:
    for f in sorted(os.listdir(d)):
        if f.endswith(".c"):
            path = os.path.join(d, f)
            entries.append({"directory": directory, "file": path,
                            "arguments": ["cc", "-std=gnu99", *flags, "-c", path, "-o", os.devnull]})
with open(target, "x") as out:
    json.dump(entries, out, indent=1)
PY
  echo "$out/$name"
}

common=(-D_GNU_SOURCE -D_REENTRANT -DLINUX -DARCH='"amd64"' -Damd64 -D_LP64=1 -D_LITTLE_ENDIAN
        "-I$jdk/include" "-I$jdk/include/linux"
        "-I$tree/src/java.base/share/native/libjava" "-I$tree/src/java.base/unix/native/libjava"
        "-I$tree/src/hotspot/share/include" "-I$tree/src/hotspot/os/posix/include" "-I$out/gensrc")
jdwp="$tree/src/jdk.jdwp.agent"
database libjdwp "$jdwp/share/native/libjdwp" "$jdwp/unix/native/libjdwp" -- "${common[@]}" -DJDWP_LOGGING \
  "-I$jdwp/share/native/libjdwp" "-I$jdwp/unix/native/libjdwp" "-I$jdwp/share/native/include" \
  "-I$jdwp/share/native/libjdwp/export"
instrument="$tree/src/java.instrument"
database libinstrument "$instrument/share/native/libinstrument" "$instrument/unix/native/libinstrument" -- \
  "${common[@]}" -DNO_JPLIS_LOGGING \
  "-I$instrument/share/native/libinstrument" "-I$instrument/unix/native/libinstrument" \
  "-I$tree/src/java.base/share/native/libjli" "-I$tree/src/java.base/unix/native/libjli"
