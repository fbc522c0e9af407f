#!/usr/bin/env python3
"""Counts the differences between two normalised files that known-differences.txt does not allow.

usage: unexplained.py KNOWN FILE-NAME HOTSPOT JVMTIGEN

A line of KNOWN is `file<TAB>pattern`: in that file, the lines the pattern matches whole may
differ in the order of their tokens, nothing else. Every other line must be equal, in the same
place. Prints the count and, on standard error, the lines not explained.
"""
import difflib
import re
import sys

known_path, name, hotspot_path, jvmtigen_path = sys.argv[1:5]
patterns = []
with open(known_path, encoding='utf-8') as f:
    for line in f:
        if line.startswith('#') or not line.strip():
            continue
        file, pattern = line.rstrip('\n').split('\t', 1)
        if file == name:
            patterns.append(re.compile(pattern))


def ordered(line):
    """The line, its tokens sorted when a pattern allows their order to differ."""
    if any(p.fullmatch(line) for p in patterns):
        return ' '.join(sorted(line.split(' ')))
    return line


with open(hotspot_path, encoding='utf-8') as f:
    a = [ordered(l) for l in f.read().split('\n')]
with open(jvmtigen_path, encoding='utf-8') as f:
    b = [ordered(l) for l in f.read().split('\n')]
left = [l for l in difflib.unified_diff(a, b, lineterm='', n=0) if l[:1] in '+-' and l[:3] not in ('+++', '---')]
for l in left:
    print(l, file=sys.stderr)
print(len(left))
