#!/usr/bin/env python3
"""A scripted jdb session against JDWP, as one command for `jvmti-check --inject-sweep`.

  scripts/sweeps/jdb-session.py JDK CLASSES [JVM_ARG...]

Starts JDK/bin/java -agentlib:jdwp=transport=dt_socket,server=y,suspend=y,address=127.0.0.1:0
(the OS picks a free port, which JDWP prints, so parallel runs never share one) on
agenttest.debug.Main, attaches JDK/bin/jdb and types what tests/agents/harness/jdb_session.cpp
types: stop in agenttest.debug.Main.compute, run, where, locals, step, locals, cont. Each step waits
for its answer and the prompt after it.

jdb runs without JAVA_TOOL_OPTIONS (and JVMTI_LAYER_CHILD_TOOL_OPTIONS), so under jvmti-check only
the debuggee is followed: jdb's JVM loads no agent and is no part of the sweep.

Exit status: the debuggee's (128+N for signal N) when the session went as scripted; 3 when jdb
answered a step otherwise (it printed something else and ended, or came back to its prompt and
stayed quiet, at a step that does not resume the VM); 124 when a step got no answer, or when the
debuggee did not end after the session (both processes are then killed; a debuggee killed here is
no crash). Everything jdb printed goes to standard output, the debuggee's output to standard error
with a "debuggee: " prefix.

When is an answer not coming? The session waits while either process works. It gives up on a
step, or on the processes' end, when jdb and the debuggee have both been idle for STALL_SECONDS
(default 2): no output, no thread runnable, under 3 clock ticks of CPU between them. Two JVMs that
wait only on each other stay that way; one that is slow because the machine is busy is runnable
or spends CPU, so load does not cut a session short. STEP_SECONDS (default 10) still bounds
each step (a process that keeps busy without answering). A prompt-ending step that rests at a
prompt ends once the output has been quiet and jdb idle for QUIET_SECONDS (default 1). The
verdicts are meant to be those of waiting out STEP_SECONDS each time, without the wait
(STALL_SECONDS=10 QUIET_SECONDS=3 waits as before; bench/check/sweep_bench.sh compares the two).

jdb's own JVM starts small (C1 only, serial GC, no perf data; its options never reach the
debuggee): it is the same jdb, only quicker to start.
"""
import os
import re
import select
import signal
import subprocess
import sys
import time

STEP_SECONDS = float(os.environ.get("STEP_SECONDS", "10"))
# jdb is back at a prompt, quiet and idle for this long, without the scripted answer: it
# answered otherwise (an error, an exception).
QUIET_SECONDS = float(os.environ.get("QUIET_SECONDS", "1"))
# jdb and the debuggee both idle this long: neither will answer.
STALL_SECONDS = float(os.environ.get("STALL_SECONDS", "2"))
# CPU ticks (USER_HZ) the two may spend between them and still count as idle: a JVM's periodic
# housekeeping spends about one in several seconds.
IDLE_TICKS = 3

# Each step: the command, the answer expected, and whether jdb's prompt ends its answer (the
# steps that resume the VM, run, step and cont, get their answer with a later event, so a prompt
# alone says nothing there).
SCRIPT = [
    (None, r"No frames on the current call stack[\s\S]*main\[1\] $", True),
    ("stop in agenttest.debug.Main.compute", r"(Deferring breakpoint|Set breakpoint)[\s\S]*main\[1\] $", True),
    ("run", r"Breakpoint hit:[\s\S]*main\[1\] $", False),
    ("where", r"\[2\][\s\S]*main\[1\] $", True),
    ("locals", r"n = 4[\s\S]*main\[1\] $", True),
    ("step", r"Step completed:[\s\S]*main\[1\] $", False),
    ("locals", r"n = 4[\s\S]*main\[1\] $", True),
    ("cont", r"The application exited", False),
]
# jdb's own JVM: small and quick to start. Its options never reach the debuggee.
JDB_JVM = ["-J-Xshare:auto", "-J-XX:TieredStopAtLevel=1", "-J-XX:+UseSerialGC", "-J-XX:-UsePerfData"]
# What a crashing HotSpot JVM prints first, before it writes its hs_err file.
CRASHING = "# A fatal error has been detected by the Java Runtime Environment"
PROMPT = re.compile(r"(?:^|\n)(?:> |\S+\[\d+\] )$")


def cpu_and_running(pid):
    """(CPU ticks spent, whether a thread is runnable or in uninterruptible sleep) of a live
    process. One whose /proc cannot be read counts as running: the session then waits for the
    answer or STEP_SECONDS, as if it could not tell a stall."""
    try:
        with open("/proc/%d/stat" % pid) as f:
            fields = f.read().rsplit(")", 1)[1].split()
        ticks = int(fields[11]) + int(fields[12])  # utime, stime: all the process's threads
        running = False
        for task in os.listdir("/proc/%d/task" % pid):
            with open("/proc/%d/task/%s/stat" % (pid, task)) as f:
                state = f.read().rsplit(")", 1)[1].split()[0]
            running = running or state in ("R", "D")
        return ticks, running
    except (OSError, IndexError, ValueError):
        return 0, True


class Activity:
    """How long jdb and the debuggee have both been idle: no output (touch), no thread runnable,
    under IDLE_TICKS of CPU between them since the quiet began."""

    def __init__(self, procs):
        self.procs = procs
        self.since = time.monotonic()
        self.ticks = None

    def touch(self):
        self.since, self.ticks = time.monotonic(), None

    def idle_for(self):
        ticks, running = 0, False
        for proc in self.procs:
            if proc.poll() is None:
                t, r = cpu_and_running(proc.pid)
                ticks, running = ticks + t, running or r
        now = time.monotonic()
        if running or self.ticks is None or ticks - self.ticks >= IDLE_TICKS:
            self.since, self.ticks = now, ticks
        return now - self.since


class Reader:
    def __init__(self, proc):
        self.proc = proc
        self.fd = proc.stdout.fileno()
        self.seen = ""
        self.eof = False
        self.answered_otherwise = False
        self.stalled = False

    def pump(self, timeout):
        if self.eof:
            time.sleep(min(timeout, 0.05))
            return
        r, _, _ = select.select([self.fd], [], [], max(timeout, 0))
        if r:
            data = os.read(self.fd, 65536)
            if not data:
                self.eof = True
            else:
                self.seen += data.decode("utf-8", "replace")

    def wait_for(self, pattern, start, deadline, activity, prompt_activity=None, others=()):
        """True when `pattern` shows up after `start`; False at the deadline, at the end of the
        output, when `activity`'s processes have been idle for STALL_SECONDS (stalled), or (for
        a step a prompt ends, given `prompt_activity`: jdb's) when the output rests at a prompt
        for QUIET_SECONDS with jdb idle, without it. `others` are further Readers to drain
        meanwhile; their output counts as activity."""
        rx = re.compile(pattern)
        size, since = self.size(others), time.monotonic()
        while True:
            if rx.search(self.seen, start):
                return True
            now = time.monotonic()
            if self.size(others) != size:
                size, since = self.size(others), now
                activity.touch()
                if prompt_activity:
                    prompt_activity.touch()
            left = deadline - now
            if left <= 0 or (self.eof and self.proc.poll() is not None):
                return bool(rx.search(self.seen, start))
            # Both sampled every time: an idle spell is measured from its first quiet sample.
            idle = activity.idle_for()
            jdb_idle = prompt_activity.idle_for() if prompt_activity else 0
            at_prompt = prompt_activity and len(self.seen) > start and PROMPT.search(self.seen) \
                and now - since >= QUIET_SECONDS
            if at_prompt and (jdb_idle >= QUIET_SECONDS or idle >= STALL_SECONDS):
                self.answered_otherwise = True
                return False
            if idle >= STALL_SECONDS:
                self.stalled = True
                return False
            for other in others:
                other.pump(0)
            self.pump(min(left, 0.1))

    def size(self, others):
        return len(self.seen) + sum(len(o.seen) for o in others)


def kill(proc):
    """Kills proc if it still runs; True when this ended it."""
    ended_here = False
    if proc.poll() is None:
        try:
            proc.kill()
            ended_here = True
        except ProcessLookupError:
            pass
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        pass
    return ended_here


def status_of(proc):
    rc = proc.returncode
    return 128 - rc if rc is not None and rc < 0 else rc


def main():
    if len(sys.argv) < 3:
        sys.stderr.write(__doc__)
        return 2
    jdk, classes, jvm_args = sys.argv[1], sys.argv[2], sys.argv[3:]
    jdwp = "transport=dt_socket,server=y,suspend=y,address=127.0.0.1:0"
    vm = subprocess.Popen([os.path.join(jdk, "bin", "java"), "-agentlib:jdwp=" + jdwp, *jvm_args,
                           "-cp", classes, "agenttest.debug.Main"],
                          stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    out = Reader(vm)
    deadline = time.monotonic() + STEP_SECONDS
    if not out.wait_for(r"address: ([0-9]+)", 0, deadline, Activity([vm])):
        sys.stderr.write("".join("debuggee: " + l + "\n" for l in out.seen.splitlines()))
        if vm.poll() is None:
            sys.stderr.write("jdb-session: the debuggee never said where JDWP listens\n")
            kill(vm)
            return 124
        return status_of(vm)
    port = re.search(r"address: ([0-9]+)", out.seen).group(1)

    env = {k: v for k, v in os.environ.items()
           if k not in ("JAVA_TOOL_OPTIONS", "JVMTI_LAYER_CHILD_TOOL_OPTIONS", "JDK_JAVA_OPTIONS", "_JAVA_OPTIONS")}
    jdb = subprocess.Popen([os.path.join(jdk, "bin", "jdb"), *JDB_JVM, "-attach", "127.0.0.1:" + port],
                           stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env)
    session = Reader(jdb)
    both, jdb_alone = Activity([vm, jdb]), Activity([jdb])
    result = 0
    for command, until, prompt_ends in SCRIPT:
        start = len(session.seen)
        if command is not None:
            try:
                jdb.stdin.write((command + "\n").encode())
                jdb.stdin.flush()
            except BrokenPipeError:
                pass
        step_deadline = time.monotonic() + STEP_SECONDS
        both.touch()
        jdb_alone.touch()
        if not session.wait_for(until, start, step_deadline, both, jdb_alone if prompt_ends else None, (out,)):
            ended = session.eof and jdb.poll() is not None
            if session.answered_otherwise:
                how = " (it answered otherwise and waits at its prompt)"
            elif ended:
                how = ""
            elif session.stalled:
                how = " (jdb and the debuggee both idle for %gs)" % STALL_SECONDS
            else:
                how = " within %gs" % STEP_SECONDS
            sys.stderr.write("jdb-session: jdb did not answer %s as scripted%s\n" % (command or "the attach", how))
            result = 3 if ended or session.answered_otherwise else 124
            break
    try:
        jdb.stdin.close()
    except BrokenPipeError:
        pass
    # The end: both processes end, or what is left of them idles for STALL_SECONDS. A debuggee
    # that is writing its crash report (HotSpot's error reporting can wait on a lock for a while)
    # gets STEP_SECONDS, so that its hs_err file is whole.
    end = time.monotonic() + STEP_SECONDS
    both.touch()
    size = len(session.seen) + len(out.seen)
    while (jdb.poll() is None or vm.poll() is None) and time.monotonic() < end:
        session.pump(0.05)
        out.pump(0.05)
        if len(session.seen) + len(out.seen) != size:
            size = len(session.seen) + len(out.seen)
            both.touch()
        elif both.idle_for() >= STALL_SECONDS and CRASHING not in out.seen:
            break
    if vm.poll() is None or jdb.poll() is None:
        if result == 0:
            sys.stderr.write("jdb-session: the session ended but a process did not\n")
            result = 124
    kill(jdb)
    vm_killed = kill(vm)
    while not out.eof:
        out.pump(0.05)
    while not session.eof:
        session.pump(0.05)
    sys.stdout.write(session.seen)
    sys.stderr.write("".join("debuggee: " + l + "\n" for l in out.seen.splitlines()))
    if vm_killed:
        # Our SIGKILL is no crash of the debuggee: the session is stuck.
        sys.stderr.write("jdb-session: the debuggee did not end; killed\n")
        return 124
    if vm.returncode is not None and vm.returncode < 0:
        return status_of(vm)  # the debuggee ended by a signal of its own: that first
    if result != 0:
        return result
    return status_of(vm)


if __name__ == "__main__":
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    sys.exit(main())
