#!/usr/bin/env python3
"""Where two builds of libjvm.so differ, section by section.

    scripts/hotspot/libjvm-diff.py STOCK/lib/server/libjvm.so JVMTIGEN/lib/server/libjvm.so

Prints one line per ELF section that holds differing bytes (the section, how many bytes, the
first offset), then, for each run of differing bytes in a data section, the bytes of both files
around it. Files of different sizes or section layouts are reported as such: then the code
itself differs and a byte count means little. Exit status: 0 when the files are identical, 1
when they differ, 2 on bad input. Reads the section table with readelf (binutils).
"""
import subprocess
import sys


def sections(path):
    out = subprocess.run(["readelf", "-SW", path], check=True, capture_output=True, text=True).stdout
    found = []
    for line in out.splitlines():
        line = line.strip()
        if not line.startswith("[") or "]" not in line:
            continue
        fields = line.split("]", 1)[1].split()
        if len(fields) < 5 or not fields[0].startswith("."):
            continue
        name, _type, _addr, offset, size = fields[:5]
        if _type == "NOBITS":
            continue
        found.append((name, int(offset, 16), int(size, 16)))
    return found


def section_of(table, offset):
    for name, start, size in table:
        if start <= offset < start + size:
            return name
    return "(outside sections)"


def runs(offsets):
    """Consecutive offsets as (first, last) pairs, gaps of up to 8 bytes joined."""
    out = []
    for x in offsets:
        if out and x - out[-1][1] <= 8:
            out[-1][1] = x
        else:
            out.append([x, x])
    return out


def main(argv):
    if len(argv) != 3:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    try:
        a, b = (open(p, "rb").read() for p in argv[1:])
        ta, tb = sections(argv[1]), sections(argv[2])
    except (OSError, subprocess.CalledProcessError) as e:
        print(f"libjvm-diff: {e}", file=sys.stderr)
        return 2
    if len(a) != len(b) or ta != tb:
        print(f"libjvm-diff: the layouts differ: {len(a)} and {len(b)} bytes, "
              f"{'the same' if ta == tb else 'different'} section tables")
        return 1
    diff = [i for i in range(len(a)) if a[i] != b[i]] if a != b else []
    if not diff:
        print(f"libjvm-diff: identical ({len(a)} bytes)")
        return 0
    by_section = {}
    for x in diff:
        by_section.setdefault(section_of(ta, x), []).append(x)
    print(f"libjvm-diff: {len(a)} bytes each, the same {len(ta)} sections; {len(diff)} bytes differ:")
    for name, xs in sorted(by_section.items(), key=lambda kv: kv[1][0]):
        print(f"  {name}: {len(xs)} byte(s) from offset {xs[0]:#x}")
    for name, xs in sorted(by_section.items(), key=lambda kv: kv[1][0]):
        if name == ".note.gnu.build-id":
            continue  # a hash of the rest: it differs whenever anything does
        for first, last in runs(xs):
            lo, hi = max(0, first - 8), last + 9
            print(f"  {name} {first:#x}..{last:#x}:\n    {a[lo:hi]!r}\n    {b[lo:hi]!r}")
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
