#!/usr/bin/env bash
# The whole fault-injection sweeps of the real agents on JDK 17 (JDWP under the scripted jdb
# session, libinstrument, Byteman, JaCoCo: scripts/sweeps/real-agents.sh), the old way against
# the new, in one run of this script:
#   old  one fault per run, -j 2, one learning run, and the jdb session waiting out every stall
#        (STALL_SECONDS=10, QUIET_SECONDS=3: each unanswered step and each debuggee that does not
#        end costs its full 10 s, as before jdb-session.py watched the two processes idle)
#   new  the defaults: faults chained, -j one per processor (JDWP three), as many learning runs
#        as -j (at most 4), stalls seen as soon as jdb and the debuggee both idle 2 s
# Prints per agent: runs, command runs (JVM starts of the swept program, learning runs included),
# -j, wall time old and new and their ratio, and whether the two found the same: every run's
# outcome, consequence and level, by its rule (scripts/sweeps/sweep-compare.py, which reruns each
# differing run alone, up to 10 times, to tell an agent that varies on its own from a difference
# the new way made).
#
#   bench/check/sweep_bench.sh [--build DIR] [--only AGENT]... [--work DIR]
#
# Default: build/ of this checkout, all four agents, work in sweep-bench.DATE/. Each sweep's files
# stay under WORK/old and WORK/new (real-agents.sh's layout), the comparisons in WORK/compare.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=$root/build
only=()
work=
while [ $# -gt 0 ]; do
  case $1 in
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; exit 0 ;;
    --build) build=$2; shift 2 ;;
    --only) only+=(--only "$2"); shift 2 ;;
    --work) work=$2; shift 2 ;;
    *) echo "sweep_bench.sh: unknown option $1 (--help)" >&2; exit 2 ;;
  esac
done
[ -n "$work" ] || work=$PWD/sweep-bench.$(date +%Y%m%d-%H%M%S)
mkdir -p "$work"
work=$(cd "$work" && pwd)
sweeps=("$root/scripts/sweeps/real-agents.sh" --build "$build" --versions 17 --max-runs full "${only[@]}")

echo "sweep_bench: the old way (one fault per run, -j 2, one learning run, stalls waited out) ..." >&2
STALL_SECONDS=10 QUIET_SECONDS=3 "${sweeps[@]}" --one-fault-per-run -j 2 --learning-runs 1 --work "$work/old" > "$work/old.md"
echo "sweep_bench: the new way (the defaults) ..." >&2
"${sweeps[@]}" --work "$work/new" > "$work/new.md"

mkdir -p "$work/compare"
python3 - "$work" "$root/scripts/sweeps/sweep-compare.py" <<'EOF'
import json, os, re, subprocess, sys
work, compare = sys.argv[1], sys.argv[2]

def row(table, agent):
    for line in open(os.path.join(work, table)):
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if cells and cells[0] == agent:
            return cells
    return None

def wall(cells):
    m = re.match(r"(\d+) min (\d+) s", cells[-1]) if cells else None
    return int(m.group(1)) * 60 + int(m.group(2)) if m else None

print("| agent (JDK 17) | runs old | new | command runs old | new | -j old | new | wall old | new | new/old | same findings |")
print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |")
for name in sorted(os.listdir(os.path.join(work, "new"))):
    if not name.endswith("-jdk17") or not os.path.isdir(os.path.join(work, "new", name)):
        continue
    agent = name[: -len("-jdk17")]
    paths = [os.path.join(work, way, name, "sweep.json") for way in ("old", "new")]
    try:
        old, new = (json.load(open(p)) for p in paths)
    except (OSError, ValueError):
        print("| %s | - | - | - | - | - | - | - | - | - | a sweep failed |" % agent)
        continue
    out = os.path.join(work, "compare", agent + ".txt")
    with open(out, "w") as f:
        status = subprocess.call([sys.executable, compare, "--rerun", "10", "-j", "6", "--work",
                                  os.path.join(work, "compare", agent), *paths], stdout=f, stderr=subprocess.STDOUT)
    text = open(out).read()
    m = re.search(r"(\d+) the same, (\d+) differ", text)
    differ = int(m.group(2)) if m else -1
    if status == 0 and differ == 0:
        same = "yes"
    elif status in (0, 1) and m:
        parts = []
        more = re.search(r"(\d+) only in the candidate", text)
        if more:
            parts.append("%s more (sites the old learning run missed)" % more.group(1))
        v = re.search(r"(\d+) vary on their own, (\d+) do not", text)
        if v:
            parts.append("%s vary on their own" % v.group(1))
            if v.group(2) != "0":
                parts.append("**%s differ**" % v.group(2))
        same = "%s of %d runs the same; %s (compare/%s.txt)" % (m.group(1), len(old["runs"]), ", ".join(parts), agent)
    else:
        same = "not compared (sweep-compare exit status %d, compare/%s.txt)" % (status, agent)
    wo, wn = wall(row("old.md", agent)), wall(row("new.md", agent))
    ratio = "%.2f" % (wn / wo) if wo and wn else "-"
    print("| %s | %d | %d | %d | %d | %d | %d | %s s | %s s | %s | %s |" % (
        agent, len(old["runs"]), len(new["runs"]), old.get("jvmStarts", 0), new.get("jvmStarts", 0),
        old.get("jobs", 0), new.get("jobs", 0), wo, wn, ratio, same))
EOF
