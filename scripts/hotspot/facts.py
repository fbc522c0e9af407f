#!/usr/bin/env python3
"""Prints the facts of a set of HotSpot JVMTI files that two generators must agree on, for the
CI guard (tests/hotspot/stylesheet-facts.txt, docs/hotspot.md) and compare.sh.

  facts.py [--expect FACTS] FILE...

For each file, by its name: the number of lines of its tokens (scripts/hotspot/normalise.py:
no comments, no layout) and their SHA-256, so that two files print the same line exactly when
a compiler reads them the same, token for token. For jvmtiEnterTrace.cpp also the numbers of
JvmtiTrace::_exclude_functions, in the order the file lists them. The files' text is not
printed: only counts, numbers and digests, so what is committed holds nothing of them.
With --expect, prints nothing but the differences from FACTS (its lines starting with '#' are
comments) and exits 1 if there are any.
"""
import difflib
import hashlib
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from normalise import normalise  # noqa: E402

EXCLUDES = re.compile(r'_exclude_functions\s*\[\s*\]\s*=\s*\{([^}]*)\}')


def facts(path):
    with open(path, encoding='utf-8') as f:
        text = f.read()
    name = os.path.basename(path)
    tokens = normalise(text)
    lines = [f'{name}: {tokens.count(chr(10))} lines of tokens, sha256 {hashlib.sha256(tokens.encode()).hexdigest()}']
    if name == 'jvmtiEnterTrace.cpp':
        m = EXCLUDES.search(tokens.replace('\n', ' '))
        if not m:
            sys.exit(f'facts.py: {path}: no JvmtiTrace::_exclude_functions array')
        nums = re.findall(r'[0-9]+', m.group(1))
        lines.append(f'{name}: _exclude_functions ' + ' '.join(nums))
    return lines


def main(args):
    expect = None
    if args[:1] == ['--expect']:
        expect, args = args[1], args[2:]
    if not args:
        sys.exit('usage: facts.py [--expect FACTS] FILE...')
    got = [line for p in args for line in facts(p)]
    if expect is None:
        print('\n'.join(got))
        return 0
    with open(expect, encoding='utf-8') as f:
        want = [l.rstrip('\n') for l in f if not l.startswith('#')]
    diff = list(difflib.unified_diff(want, got, expect, 'these files', lineterm=''))
    print('\n'.join(diff))
    return 1 if diff else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
