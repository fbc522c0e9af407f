#!/usr/bin/env bash
# The whole fault-injection sweeps of the real agents on JDK 17 (JDWP under the scripted jdb
# session, libinstrument, Byteman, JaCoCo: scripts/sweeps/real-agents.sh), the old way (one fault
# per run: --one-fault-per-run) against the new (chained faults), in one run of this script. Prints
# per agent: runs, command runs (JVM starts of the swept program, the learning run included),
# wall time, old against new as a ratio, and whether the two found the same: every run's outcome,
# consequence and level, by its rule.
#
#   bench/check/sweep_bench.sh [--build DIR] [--only AGENT]... [-j N] [--work DIR]
#
# Default: build/ of this checkout, all four agents, -j 2, work in sweep-bench.DATE/. Each sweep's
# files stay under WORK/old and WORK/new (real-agents.sh's layout).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=$root/build
only=()
jobs=2
work=
while [ $# -gt 0 ]; do
  case $1 in
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; exit 0 ;;
    --build) build=$2; shift 2 ;;
    --only) only+=(--only "$2"); shift 2 ;;
    -j) jobs=$2; shift 2 ;;
    --work) work=$2; shift 2 ;;
    *) echo "sweep_bench.sh: unknown option $1 (--help)" >&2; exit 2 ;;
  esac
done
[ -n "$work" ] || work=$PWD/sweep-bench.$(date +%Y%m%d-%H%M%S)
mkdir -p "$work"
work=$(cd "$work" && pwd)
sweeps=("$root/scripts/sweeps/real-agents.sh" --build "$build" --versions 17 --max-runs full -j "$jobs" "${only[@]}")

echo "sweep_bench: one fault per run (old) ..." >&2
"${sweeps[@]}" --one-fault-per-run --work "$work/old" > "$work/old.md"
echo "sweep_bench: chained faults (new) ..." >&2
"${sweeps[@]}" --work "$work/new" > "$work/new.md"

python3 - "$work" <<'EOF'
import json, os, re, sys
work = sys.argv[1]

def wall(table, agent):
    for line in open(os.path.join(work, table)):
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if cells and cells[0] == agent:
            m = re.match(r"(\d+) min (\d+) s", cells[-1])
            return int(m.group(1)) * 60 + int(m.group(2)) if m else None
    return None

def verdicts(d):
    return {r["rule"]: (r["outcome"], r.get("consequence", ""), r.get("level", "")) for r in d["runs"]}

print("| agent (JDK 17) | runs | command runs old | new | wall old | new | new/old | same findings |")
print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |")
for name in sorted(os.listdir(os.path.join(work, "new"))):
    if not name.endswith("-jdk17"):
        continue
    agent = name[: -len("-jdk17")]
    try:
        old = json.load(open(os.path.join(work, "old", name, "sweep.json")))
        new = json.load(open(os.path.join(work, "new", name, "sweep.json")))
    except OSError:
        print("| %s | - | - | - | - | - | - | a sweep failed |" % agent)
        continue
    a, b = verdicts(old), verdicts(new)
    differ = sorted(k for k in set(a) | set(b) if a.get(k) != b.get(k))
    wo, wn = wall("old.md", agent), wall("new.md", agent)
    ratio = "%.2f" % (wn / wo) if wo and wn else "-"
    same = "yes" if not differ else "no: %d of %d runs differ (%s)" % (len(differ), len(a), ", ".join(differ[:3]))
    print("| %s | %d | %d | %d | %s s | %s s | %s | %s |" % (agent, len(new["runs"]), old.get("jvmStarts", 0),
          new.get("jvmStarts", 0), wo, wn, ratio, same))
EOF
