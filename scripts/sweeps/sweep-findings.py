#!/usr/bin/env python3
"""The bad outcomes of one or more sweeps of scripts/sweeps/real-agents.sh, as Markdown.

  scripts/sweeps/sweep-findings.py WORK/AGENT-jdkN/sweep.json...

For each sweep: the replay command with RULE in place of its inject= rule, then one row per call
site and outcome: the function, the site (inject='s LIBRARY+0xOFFSET), the symbol, the errors
injected there with that outcome, what the run's output shows (read from its command.err and command.out), and the
first rule to put in RULE. Used for docs/fault-injection-sweeps.md.
"""
import collections
import json
import os
import re
import sys


def what_happened(run):
    err = ""
    for name in ("command.err", "command.out"):  # a FatalError's lines go to standard output
        try:
            err += open(os.path.join(run["dir"], name), errors="replace").read()
        except OSError:
            pass
    if run.get("crash"):
        return "SIGSEGV in `%s`" % run["crash"]["problematicFrame"].split("]", 1)[-1].strip()[:70]
    m = re.search(r"JDWP exit error (JVMTI_ERROR_\w+)\(\d+\): ([^\[\n]*)", err)
    if m:
        return "JDWP EXIT_ERROR (%s), then the VM stops" % m.group(2).strip()
    m = re.search(r"jdb did not answer (.*?) as scripted", err)
    if m:
        return "JDWP answered; the jdb session stalled at `%s`" % m.group(1)
    if "did not end; killed" in err:
        return "the session ended, the debuggee did not"
    m = re.search(r"FATAL ERROR in native method: ([^\n]*)", err)
    if m:
        return "FatalError: %s" % m.group(1)[:80]
    if "Error occurred during initialization of VM" in err or "initialization of native agent failed" in err \
            or re.search(r"Agent_OnLoad of \S+ returned", err):
        m = re.search(r"(?:ERROR: JDWP |java.lang.instrument/-javaagent: )([^\n]*)", err)
        return "the agent refused to start%s" % (": " + m.group(1)[:70] if m else "")
    m = re.search(r'Exception in thread "[^"]*" (\S+)', err)
    if m:
        return "`%s` thrown to Java" % m.group(1)
    m = re.search(r"Unexpected error \(\d+\) returned by (\w+)", err)
    if m:
        return "the agent refused to start: unexpected error returned by %s" % m.group(1)
    m = re.search(r"Unable to add \S+ to system class path", err)
    if m:
        return "the agent refused to start: unable to add its jar to the system class path"
    return "status %s" % run["status"]


def main():
    for path in sys.argv[1:]:
        d = json.load(open(path))
        runs = d["runs"]
        name = os.path.basename(os.path.dirname(os.path.abspath(path)))
        bad = [r for r in runs if r["outcome"] not in ("handled", "not reached")]
        print("#### %s: %d bad outcomes of %d runs\n" % (name, len(bad), len(runs)))
        if not bad:
            continue
        base = re.sub(r"inject=\S+", "inject=RULE", bad[0]["replay"])
        print("```sh\n%s\n```\n" % base)
        print("| function | site | where | errors | outcome | what happened | RULE (first) |")
        print("| --- | --- | --- | --- | --- | --- | --- |")
        groups = collections.OrderedDict()
        for r in bad:
            groups.setdefault((r["function"], r["site"], r["where"], r["outcome"], what_happened(r)), []).append(r)
        for (function, site, where, outcome, what), rs in groups.items():
            errors = ", ".join(x["error"].replace("JVMTI_ERROR_", "") for x in rs)
            print("| %s | `%s` | `%s` | %s | %s | %s | `%s` |" % (function, site, where.split("!", 1)[-1], errors, outcome,
                                                                  what.replace("|", "\\|"), rs[0]["rule"]))
        print()


if __name__ == "__main__":
    main()
