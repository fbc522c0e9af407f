#!/usr/bin/env python3
"""Prints a C++ file as tokens, for comparing two generators' outputs (scripts/hotspot/compare.sh).

Comments go; the tokens are joined by one space, whatever spacing they had; a line ends after
each ';', '{' and '}', and each preprocessor directive is a line of its own. Two files that a
compiler reads the same, token for token, print the same: layout and comments do not count.
"""
import re
import sys

TOKEN = re.compile(r'''
    (?P<string>"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*')
  | (?P<comment>//[^\n]*|/\*.*?\*/)
  | (?P<word>[A-Za-z_][A-Za-z_0-9]*|[0-9][A-Za-z_0-9.]*)
  | (?P<op>->|::|==|!=|<=|>=|&&|\|\||\+\+|--|<<|>>|[^\sA-Za-z_0-9])
  | (?P<space>\s+)
''', re.S | re.X)


def without_comments(text):
    """The text with each comment replaced by the line breaks it spanned."""
    return ''.join('\n' * m.group().count('\n') if m.lastgroup == 'comment' else m.group()
                   for m in TOKEN.finditer(text))


def tokens(text):
    return [m.group() for m in TOKEN.finditer(text) if m.lastgroup not in ('comment', 'space')]


def normalise(text):
    out, code = [], []

    def flush():
        line = []
        for t in tokens('\n'.join(code)):
            line.append(t)
            if t in (';', '{', '}'):
                out.append(' '.join(line))
                line = []
        if line:
            out.append(' '.join(line))
        code.clear()

    for raw in without_comments(text).split('\n'):
        if raw.lstrip().startswith('#'):
            flush()
            out.append('#' + ' '.join(tokens(raw.lstrip()[1:])))
        else:
            code.append(raw)
    flush()
    return '\n'.join(out) + '\n'


if __name__ == '__main__':
    with open(sys.argv[1], encoding='utf-8') as f:
        sys.stdout.write(normalise(f.read()))
