#!/usr/bin/env python3
"""How long HotSpot's JVMTI gensrc step took inside a JDK build, from the files the build wrote.

  step_time.py VARIANT_DIR stock|jvmtigen [SINCE]

VARIANT_DIR is BUILD/hotspot/variant-server. The JDK's make runs each command through
ExecuteWithLog, which writes NAME.cmdline just before the command starts; the command's output
(or, for commands with no single output, a marker make touches) is written when it ends. So each
command's time is its output's mtime less its .cmdline's. stock: the javac of jvmtiGen.java
(tools/jvmti) and the five transforms (gensrc/jvmtifiles/_jvmti_gen_FILE_exec.cmdline, FILE);
jvmtigen: its one run (tools/jvmtigen). Only commands that started at or after SINCE (seconds
since the epoch; default 0) count, so that files an earlier build left are not taken. Prints one
line per command and the step's total: the sum of the commands, and the wall time from the first
start to the last end (the build runs other work beside them).
"""
import glob
import os
import sys


def commands(variant, conf):
    if conf == 'stock':
        tools = os.path.join(variant, 'tools', 'jvmti')
        yield ('javac jvmtiGen.java', os.path.join(tools, '_the.BUILD_JVMTI_TOOLS_batch.cmdline'),
               os.path.join(tools, '_the.BUILD_JVMTI_TOOLS_batch'))
        gensrc = os.path.join(variant, 'gensrc', 'jvmtifiles')
        for cmdline in sorted(glob.glob(os.path.join(gensrc, '_jvmti_gen_*_exec.cmdline'))):
            out = os.path.basename(cmdline)[len('_jvmti_gen_'):-len('_exec.cmdline')]
            yield ('jvmtiGen ' + out, cmdline, os.path.join(gensrc, out))
    elif conf == 'jvmtigen':
        tools = os.path.join(variant, 'tools', 'jvmtigen')
        for cmdline in sorted(glob.glob(os.path.join(tools, '_*_exec.cmdline'))):
            yield ('jvmtigen (five files)', cmdline, cmdline[:-len('.cmdline')] + '.marker')
    else:
        sys.exit(f'step_time.py: no configuration {conf} (stock or jvmtigen)')


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit('usage: step_time.py VARIANT_DIR stock|jvmtigen [SINCE]')
    variant, conf = sys.argv[1], sys.argv[2]
    since = float(sys.argv[3]) if len(sys.argv) == 4 else 0.0
    runs = []
    for name, cmdline, out in commands(variant, conf):
        if not os.path.exists(cmdline) or not os.path.exists(out):
            continue
        start, end = os.stat(cmdline).st_mtime, os.stat(out).st_mtime
        if start >= since and end >= start:
            runs.append((name, start, end))
    if not runs:
        print(f'JVMTI step ({conf}): not run in this build (its outputs were up to date)')
        return
    for name, start, end in runs:
        print(f'  {name}: {(end - start) * 1000:.0f} ms')
    total = sum(end - start for _, start, end in runs)
    wall = max(e for _, _, e in runs) - min(s for _, s, _ in runs)
    print(f'JVMTI step ({conf}): {len(runs)} command(s), {total * 1000:.0f} ms together, '
          f'{wall * 1000:.0f} ms from the first start to the last end')


if __name__ == '__main__':
    main()
