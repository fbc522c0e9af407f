#!/usr/bin/env python3
"""Whether two sweeps of one command found the same, and for each run that differs, whether it
differs on its own: rerun alone it does not always end the same way.

  scripts/sweeps/sweep-compare.py [--rerun K] [-j N] [--work DIR] [--markdown] REFERENCE.json CANDIDATE.json

A run's verdict is its outcome, consequence and level, by its rule (FUNCTION@SITE/ERROR/1).
With --rerun K the runs whose verdicts differ are swept again, up to K times each (a run stops
once it is shown to vary), by jvmti-check --inject-sweep --one-fault-per-run --rerun RULE:...
with the candidate's jvmti-check, layer, settings and command (read from a run's replay
command), in WORK/rerun-N. Each rerun is one fault per run: the reference's way, when the
reference is the one-fault-per-run sweep.

A differing run varies on its own when its reruns do not all end as the reference did: that
way does not repeat its own verdict; the agent races something (JDWP, the VM's end), and neither
sweep is wrong. Reruns go on until one ends otherwise and one ends as the candidate did (or K);
the line says when the candidate's verdict was not among them. A differing run the reference's
way repeats K times over is a difference the candidate made. A run only the candidate has is
one more site its learning runs found.

Prints the counts and one line per differing run (a Markdown table with --markdown). Exit
status 0 when every differing run varies on its own or is one the candidate has more, 1 when
some does not (or was not rerun), 2 on a bad command line or a sweep that cannot be read or
rerun.
"""
import argparse
import json
import os
import shlex
import subprocess
import sys
import tempfile


def verdicts(sweep):
    return {r["rule"]: (r["outcome"], r.get("consequence", ""), r.get("level", "")) for r in sweep["runs"]}


def shown(v):
    if v is None:
        return "not planned"
    outcome, consequence, _ = v
    return outcome + (": " + consequence if consequence else "")


def rerun_command(sweep, rules, jobs, out_json, sweep_dir):
    """jvmti-check --inject-sweep ... --rerun RULES, from one run's replay command: the same
    jvmti-check, layer and settings (its inject= left out) and the same command."""
    words = shlex.split(sweep["runs"][0]["replay"])
    dashes = words.index("--")
    head = [w for w in words[1:dashes] if not w.startswith("inject=")]
    return ([words[0], "--inject-sweep", "--one-fault-per-run", "-j", str(jobs), "--learning-runs", str(min(jobs, 4)),
             "--rerun", ":".join(rules), "--json", out_json, "--sweep-dir", sweep_dir] + head + ["--"] + words[dashes + 1:])


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("reference")
    ap.add_argument("candidate")
    ap.add_argument("--rerun", type=int, default=0, metavar="K", help="rerun each differing run K times alone")
    ap.add_argument("-j", type=int, default=2, metavar="N", help="reruns at a time (default 2)")
    ap.add_argument("--work", help="where the reruns go (default: a new directory under /tmp)")
    ap.add_argument("--markdown", action="store_true", help="the differing runs as a Markdown table")
    args = ap.parse_args()
    if args.rerun < 0 or args.j < 1:
        ap.error("--rerun K needs K of 0 or more, -j N an N of 1 or more")
    try:
        ref, cand = (json.load(open(p)) for p in (args.reference, args.candidate))
        a, b = verdicts(ref), verdicts(cand)
    except (OSError, ValueError, KeyError) as e:
        sys.stderr.write("sweep-compare: cannot read the sweeps: %s\n" % e)
        return 2
    rules = sorted(set(a) | set(b))
    differ = [r for r in rules if a.get(r) != b.get(r)]
    seen = {r: [] for r in differ}

    def varies(r):  # the reference's way does not repeat its own verdict
        return any(v != a.get(r) for v in seen[r])

    def matched(r):  # the candidate's verdict is one that way gives
        return b.get(r) == a.get(r) or b.get(r) in seen[r]

    # A run the reference never planned is not rerun: its site is what the candidate found more.
    # Each round reruns the runs not yet shown to vary, so K bounds the work, not sets it.
    more = [r for r in differ if a.get(r) is None]
    if args.rerun > 0:
        work = args.work or tempfile.mkdtemp(prefix="sweep-compare.")
        os.makedirs(work, exist_ok=True)
        for k in range(1, args.rerun + 1):
            todo = [r for r in differ if r not in more and not (varies(r) and matched(r))]
            if not todo:
                break
            out_json = os.path.join(work, "rerun-%d.json" % k)
            command = rerun_command(cand, todo, args.j, out_json, os.path.join(work, "rerun-%d" % k))
            with open(os.path.join(work, "rerun-%d.log" % k), "w") as log:
                status = subprocess.call(command, stdout=log, stderr=subprocess.STDOUT, cwd=work)
            if status not in (0, 1) or not os.path.exists(out_json):
                sys.stderr.write("sweep-compare: rerun %d failed (exit status %d); see %s\n" % (k, status, log.name))
                return 2
            got = verdicts(json.load(open(out_json)))
            for r in todo:
                seen[r].append(got.get(r))
    chained = {r["rule"] for r in cand["runs"] if any("in a chained run of" in d for d in r.get("details", []))}

    def alone(r):  # the candidate's run of it had this one fault, as one fault per run has
        return r in b and r not in chained

    own = [r for r in differ if r not in more and varies(r)]
    made = [r for r in differ if r not in more and r not in own]
    print("sweep-compare: %d runs in the reference, %d in the candidate; %d the same, %d differ" %
          (len(a), len(b), len(rules) - len(differ), len(differ)))
    if more:
        print("sweep-compare: %d only in the candidate (the reference's learning runs never reached their sites)" % len(more))
    if args.rerun > 0 and differ:
        print("sweep-compare: the others rerun alone up to %d times (until they vary): %d vary on their own, %d do not" %
              (args.rerun, len(own), len(made)))
    if differ:
        if args.markdown:
            print("\n| run | reference | candidate | reruns alone | |\n| --- | --- | --- | --- | --- |")
        for r in differ:
            reruns = "; ".join(shown(v) for v in seen[r]) if seen[r] else "-"
            verdict = ("only in the candidate" if r in more else "not rerun" if not seen[r]
                       else ("differs (the candidate ran it alone too, one fault as the reference)" if alone(r)
                             else "differs") if r not in own
                       else "varies on its own" if matched(r)
                       else "varies on its own (the candidate's verdict not among the reruns)")
            if args.markdown:
                print("| `%s` | %s | %s | %s | %s |" % (r, shown(a.get(r)), shown(b.get(r)), reruns, verdict))
            else:
                print("  %s: %s\n    reference: %s\n    candidate: %s\n    reruns:    %s" %
                      (r, verdict, shown(a.get(r)), shown(b.get(r)), reruns))
    return 1 if made else 0


if __name__ == "__main__":
    sys.exit(main())
