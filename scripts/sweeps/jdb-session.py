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
stayed quiet for QUIET_SECONDS, default 3, at a step that does not resume the VM); 124 when a
step got no answer within STEP_SECONDS (default 10), or when the debuggee did not end within
STEP_SECONDS after the session (both processes are then killed; a debuggee killed here is no crash). Everything jdb
printed goes to standard output, the debuggee's output to standard error with a "debuggee: " prefix.
"""
import os
import re
import select
import signal
import subprocess
import sys
import time

STEP_SECONDS = float(os.environ.get("STEP_SECONDS", "10"))
# jdb is back at a prompt, quiet for this long, without the scripted answer: it answered
# otherwise (an error, an exception), and waiting STEP_SECONDS more would not change that.
QUIET_SECONDS = float(os.environ.get("QUIET_SECONDS", "3"))

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
PROMPT = re.compile(r"(?:^|\n)(?:> |\S+\[\d+\] )$")


class Reader:
    def __init__(self, proc):
        self.proc = proc
        self.fd = proc.stdout.fileno()
        self.seen = ""
        self.eof = False
        self.answered_otherwise = False

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

    def wait_for(self, pattern, start, deadline, prompt_ends=False):
        """True when `pattern` shows up after `start`; False at the deadline, at the end of the
        output, or (prompt_ends) when the output rests at a prompt for QUIET_SECONDS without it."""
        rx = re.compile(pattern)
        size, since = len(self.seen), time.monotonic()
        while True:
            if rx.search(self.seen, start):
                return True
            now = time.monotonic()
            if len(self.seen) != size:
                size, since = len(self.seen), now
            left = deadline - now
            if left <= 0 or (self.eof and self.proc.poll() is not None):
                return bool(rx.search(self.seen, start))
            if prompt_ends and len(self.seen) > start and PROMPT.search(self.seen) and now - since >= QUIET_SECONDS:
                self.answered_otherwise = True
                return False
            self.pump(min(left, 0.2))


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
    if not out.wait_for(r"address: ([0-9]+)", 0, deadline):
        sys.stderr.write("".join("debuggee: " + l + "\n" for l in out.seen.splitlines()))
        if vm.poll() is None:
            sys.stderr.write("jdb-session: the debuggee never said where JDWP listens\n")
            kill(vm)
            return 124
        return status_of(vm)
    port = re.search(r"address: ([0-9]+)", out.seen).group(1)

    env = {k: v for k, v in os.environ.items()
           if k not in ("JAVA_TOOL_OPTIONS", "JVMTI_LAYER_CHILD_TOOL_OPTIONS", "JDK_JAVA_OPTIONS", "_JAVA_OPTIONS")}
    jdb = subprocess.Popen([os.path.join(jdk, "bin", "jdb"), "-J-Xshare:auto", "-attach", "127.0.0.1:" + port],
                           stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env)
    session = Reader(jdb)
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
        if not session.wait_for(until, start, step_deadline, prompt_ends):
            ended = session.eof and jdb.poll() is not None
            if session.answered_otherwise:
                how = " (it answered otherwise and waits at its prompt)"
            else:
                how = "" if ended else " within %gs" % STEP_SECONDS
            sys.stderr.write("jdb-session: jdb did not answer %s as scripted%s\n" % (command or "the attach", how))
            result = 3 if ended or session.answered_otherwise else 124
            break
        out.pump(0)
    try:
        jdb.stdin.close()
    except BrokenPipeError:
        pass
    end = time.monotonic() + STEP_SECONDS
    while (jdb.poll() is None or vm.poll() is None) and time.monotonic() < end:
        session.pump(0.05)
        out.pump(0.05)
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
