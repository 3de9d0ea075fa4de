#!/usr/bin/env python3
"""Holds every ACCESS line of a distro image's run against libsepol.

    check-access.py LOG POLICY MANIFEST SEPOL_REF

A task's line "[pid N NAME] ACCESS OP OBJECT ok|error=N" (the prefix is
the kernel's) says what the monitor answered. This script works out,
from the manifest alone, every check the kernel makes for that call
(kernel/sys_fs.c, sys_task.c, sys_chan.c): dir:search on each directory
of the path, then the object's class and permissions for OP, and for a
spawn file:execute, process:transition and the new domain's
file:entrypoint. The task's context is its task line's, or for a task
init spawned, the transition libsepol computes for its parent's context
and the executable's. Each check goes to `SEPOL_REF --contexts` (a
sepol_compute_av with the two context strings), through the manifest's
map lines for a mapped class: "ok" is right when every check is
allowed, "error=13" when one is not; any other answer is a failure.
Ends with "distro-access NAME: N passed, N failed".
"""
import os
import re
import subprocess
import sys
import tempfile

E_ACCES = 13
# OP -> the permissions of the object's class that the open checks
OPEN_PERMS = {
    "read": {"open", "read"},
    "write": {"open", "write"},
    "append": {"open", "append"},
    "rdwr": {"open", "read", "write"},
}
CHANNEL_OPS = {"send", "recv"}
LINE = re.compile(r"^\[pid (\d+) ([^\]]+)\] ACCESS (\S+) (\S+) (ok|error=(\d+))$")


def fail(msg):
    print("check-access: " + msg, file=sys.stderr)
    sys.exit(2)


class Manifest:
    """The statements the checks need, from a manifest's text."""

    def __init__(self, path):
        self.objects, self.channels, self.tasks = {}, {}, {}
        self.spawns, self.maps = {}, {}
        with open(path) as f:
            for n, line in enumerate(f, 1):
                self.statement(line.split("#", 1)[0].split(), f"{path}:{n}")

    def statement(self, w, where):
        if not w:
            return
        if w[0] in ("dir", "file", "chr_file", "sock_file", "fifo_file"):
            self.objects[w[1]] = (w[0], w[2])
        elif w[0] == "channel":
            self.channels[w[1]] = w[2]
        elif w[0] == "task":
            self.tasks[w[1]] = w[4]
        elif w[0] == "spawn":
            self.spawns[w[2]] = (w[1], w[3])
        elif w[0] == "map":
            self.maps[w[1]] = (w[2], dict(p.split("=", 1) for p in w[3:]))
        elif w[0] not in ("class", "enforcing", "limit", "create"):
            fail(f"{where}: unknown statement {w[0]}")

    def policy_class(self, kclass, perms):
        """A kernel class and permissions as the policy's."""
        if kclass not in self.maps:
            return kclass, set(perms)
        pclass, pmap = self.maps[kclass]
        return pclass, {pmap[p] for p in perms}


class Sepol:
    """libsepol's answers, asked in one run of sepol_ref --contexts."""

    def __init__(self, sepol_ref, policy):
        self.sepol_ref, self.policy = sepol_ref, policy
        self.allowed, self.transitions = {}, {}

    def ask(self, queries, spawns):
        subjects = {q[0] for q in queries} | {s for s, _ in spawns}
        objects = {q[1] for q in queries} | {e for _, e in spawns}
        with tempfile.NamedTemporaryFile("w", suffix=".ctx", delete=False) as f:
            f.writelines(f"subject {s}\n" for s in sorted(subjects))
            f.writelines(f"object {o}\n" for o in sorted(objects - subjects))
            f.writelines(f"class {c}\n" for c in sorted({q[2] for q in queries}))
            f.writelines(f"spawn {s} {e}\n" for s, e in sorted(spawns))
            name = f.name
        try:
            out = subprocess.run([self.sepol_ref, "--contexts", name, self.policy],
                                 capture_output=True, text=True)
        finally:
            os.unlink(name)
        if out.returncode != 0:
            fail(f"{self.sepol_ref}: {out.stderr.strip()}")
        for line in out.stdout.splitlines():
            w = line.split()
            if w[0] == "av":
                perms = w[4].split("=", 1)[1]
                self.allowed[(w[1], w[2], w[3])] = set() if perms == "-" else set(perms.split(","))
            elif w[0] == "transition":
                self.transitions[(w[1], w[2])] = w[4]


def path_checks(m, subject, path, kind_perms):
    """dir:search on every directory the walk passes, then the object."""
    checks, parts = [], path.strip("/").split("/")
    for i in range(len(parts)):
        d = "/" + "/".join(parts[:i])
        if d not in m.objects:
            fail(f"{path}: its directory {d} is not in the manifest")
        checks.append((subject, m.objects[d][1], "dir", frozenset({"search"})))
    if path not in m.objects:
        fail(f"{path}: not in the manifest")
    kind, ctx = m.objects[path]
    checks.append((subject, ctx, kind, frozenset(kind_perms(kind))))
    return checks


def access_checks(m, sepol, subject, op, obj):
    """Every check the kernel makes for one ACCESS line, as (s, t, class, perms)."""
    if op in OPEN_PERMS:
        return path_checks(m, subject, obj, lambda kind: OPEN_PERMS[op])
    if op in CHANNEL_OPS:
        if obj not in m.channels:
            fail(f"channel {obj}: not in the manifest")
        pclass, perms = m.policy_class("channel", {op})
        return [(subject, m.channels[obj], pclass, frozenset(perms))]
    if op == "exec":
        checks = path_checks(m, subject, obj, lambda kind: {"execute"})
        new = sepol.transitions[(subject, m.objects[obj][1])]
        if new == subject:
            return checks + [(subject, m.objects[obj][1], "file", frozenset({"execute_no_trans"}))]
        return checks + [(subject, new, "process", frozenset({"transition"})),
                         (new, m.objects[obj][1], "file", frozenset({"entrypoint"}))]
    fail(f"unknown operation {op}")


def read_log(log):
    lines = []
    with open(log, errors="replace") as f:
        for line in f:
            hit = LINE.match(line.rstrip("\r\n"))
            if hit:
                lines.append(hit.groups())
    return lines


def task_contexts(m, sepol, names):
    """The context each task runs in: its task line's, or its spawn's."""
    ctx, problems = dict(m.tasks), []
    for path, (parent, want) in m.spawns.items():
        name = os.path.basename(path)
        got = sepol.transitions.get((parent, m.objects[path][1]))
        if got != want:
            problems.append(f"spawn of {path}: libsepol gives {got}, the manifest {want}")
        ctx[name] = got
    problems += [f"task {n}: neither a task nor a spawn of the manifest"
                 for n in sorted(names) if n not in ctx]
    return ctx, problems


def judge(lines, ctx, m, sepol):
    """(passed, failures) over the ACCESS lines."""
    passed, failures = 0, []
    for pid, name, op, obj, result, err in lines:
        checks = access_checks(m, sepol, ctx[name], op, obj)
        denied = [c for c in checks if not c[3] <= sepol.allowed[c[:3]]]
        want = "ok" if not denied else f"error={E_ACCES}"
        if result == want:
            passed += 1
            continue
        why = "; ".join(f"{s} {t}:{c} {{ {' '.join(sorted(p))} }}" for s, t, c, p in denied)
        failures.append(f"[pid {pid} {name}] {op} {obj}: {result}, libsepol says {want}"
                        + (f" (denies {why})" if why else ""))
    return passed, failures


def main():
    if len(sys.argv) != 5:
        fail("usage: check-access.py LOG POLICY MANIFEST SEPOL_REF")
    log, policy, manifest, sepol_ref = sys.argv[1:]
    m = Manifest(manifest)
    lines = read_log(log)
    sepol = Sepol(sepol_ref, policy)
    spawns = {(p, m.objects[x][1]) for x, (p, _) in m.spawns.items()}
    sepol.ask([], spawns)
    ctx, problems = task_contexts(m, sepol, {l[1] for l in lines})
    if problems:
        for p in problems:
            print("FAIL " + p)
        fail("the tasks' contexts are not the policy's")
    # every executable a task ran, as libsepol transitions its context
    for l in lines:
        if l[2] == "exec" and l[3] not in m.objects:
            fail(f"{l[3]}: not in the manifest")
    sepol.ask([], {(ctx[l[1]], m.objects[l[3]][1]) for l in lines if l[2] == "exec"})
    queries = {c[:3] for l in lines for c in access_checks(m, sepol, ctx[l[1]], l[2], l[3])}
    sepol.ask(queries, set())
    passed, failures = judge(lines, ctx, m, sepol)
    for f in failures:
        print("FAIL " + f)
    # the run must show both verdicts, and every task of the manifest
    for name in sorted(ctx):
        n = sum(1 for l in lines if l[1] == name)
        print(f"{name} ({ctx[name]}): {n} accesses, "
              f"{sum(1 for l in lines if l[1] == name and l[4] != 'ok')} denied")
        if n == 0:
            failures.append(name)
            print(f"FAIL {name}: no ACCESS line")
    for verdict in ("ok", f"error={E_ACCES}"):
        if not any(l[4] == verdict for l in lines):
            failures.append(verdict)
            print(f"FAIL no access answered {verdict}")
    name = os.path.splitext(os.path.basename(manifest))[0]
    print(f"distro-access {name}: {passed} passed, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except OSError as e:
        fail(str(e))
