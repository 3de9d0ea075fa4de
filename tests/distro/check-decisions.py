#!/usr/bin/env python3
"""Holds every decision of a device's generated tables against libsepol.

    check-decisions.py SEPOL_REF POLICY MANIFEST DECISIONS [--mutate]

DECISIONS is what tests/distro/decisions.c prints from the tables (one
"av SCONTEXT TCONTEXT CLASS allowed=... auditallow=... auditdeny=..."
line per domain column, column and class, in the kernel's class and
permission names). The same context strings go to
`SEPOL_REF --contexts FILE POLICY`, which asks sepol_compute_av; a class
the manifest maps (map KCLASS PCLASS KPERM=PPERM...) is asked as PCLASS,
each of its permissions as its PPERM. Every permission of every triple
must agree in all three vectors. --mutate drops one granted permission
from the tables' answers first: the check must then fail.
Ends with "distro-decisions NAME: N passed, N failed" (one per triple).
"""
import os
import subprocess
import sys
import tempfile

VECTORS = ("allowed", "auditallow", "auditdeny")


def fail(msg):
    print("check-decisions: " + msg, file=sys.stderr)
    sys.exit(2)


def read_maps(manifest):
    """kernel class -> (policy class, {kernel perm: policy perm})"""
    maps = {}
    with open(manifest) as f:
        for line in f:
            words = line.split("#", 1)[0].split()
            if not words or words[0] != "map":
                continue
            if len(words) < 4:
                fail(f"{manifest}: a map line is map KCLASS PCLASS KPERM=PPERM...")
            perms = dict(w.split("=", 1) for w in words[3:])
            maps[words[1]] = (words[2], perms)
    return maps


def parse_av(words, where):
    """av S T C allowed=.. auditallow=.. auditdeny=.. -> key, {vector: set}"""
    if len(words) != 7 or words[0] != "av":
        fail(f"{where}: not an av line: {' '.join(words)}")
    vecs = {}
    for w in words[4:]:
        name, _, perms = w.partition("=")
        vecs[name] = set() if perms == "-" else set(perms.split(","))
    if set(vecs) != set(VECTORS):
        fail(f"{where}: expected {', '.join(VECTORS)}")
    return (words[1], words[2], words[3]), vecs


def read_tables(path, mutate):
    contexts, decisions = [], {}
    with open(path) as f:
        for n, line in enumerate(f, 1):
            words = line.split()
            if words and words[0] == "context":
                contexts.append((words[1], words[2]))
            elif words:
                key, vecs = parse_av(words, f"{path}:{n}")
                decisions[key] = vecs
    if mutate:
        key = next((k for k, v in decisions.items() if v["allowed"]), None)
        if key is None:
            fail("--mutate: no decision grants anything")
        decisions[key]["allowed"].discard(sorted(decisions[key]["allowed"])[0])
    return contexts, decisions


def ask_sepol(sepol_ref, policy, contexts, classes):
    with tempfile.NamedTemporaryFile("w", suffix=".ctx", delete=False) as f:
        for kind, ctx in contexts:
            f.write(f"{kind} {ctx}\n")
        for c in sorted(classes):
            f.write(f"class {c}\n")
        name = f.name
    try:
        out = subprocess.run([sepol_ref, "--contexts", name, policy], capture_output=True,
                             text=True)
    finally:
        os.unlink(name)
    if out.returncode != 0:
        fail(f"{sepol_ref}: {out.stderr.strip()}")
    answers = {}
    for line in out.stdout.splitlines():
        key, vecs = parse_av(line.split(), "sepol_ref")
        answers[key] = vecs
    return answers


def compare(key, vecs, answer, kmap):
    """The mismatches of one triple, as text."""
    bad = []
    for v in VECTORS:
        if kmap is None:
            if vecs[v] != answer[v]:
                bad.append(f"{v}: tables {sorted(vecs[v])}, libsepol {sorted(answer[v])}")
            continue
        for kperm, pperm in sorted(kmap.items()):
            if (kperm in vecs[v]) != (pperm in answer[v]):
                bad.append(f"{v}: {kperm} (as {pperm}): tables {kperm in vecs[v]}, "
                           f"libsepol {pperm in answer[v]}")
    return bad


def main():
    args = [a for a in sys.argv[1:] if a != "--mutate"]
    if len(args) != 4:
        fail("usage: check-decisions.py SEPOL_REF POLICY MANIFEST DECISIONS [--mutate]")
    sepol_ref, policy, manifest, tables = args
    maps = read_maps(manifest)
    contexts, decisions = read_tables(tables, "--mutate" in sys.argv)
    if not decisions:
        fail(f"{tables}: no decisions")
    pclass = {k: maps[k][0] if k in maps else k for k in {k[2] for k in decisions}}
    answers = ask_sepol(sepol_ref, policy, contexts, set(pclass.values()))
    passed = failed = 0
    for key, vecs in sorted(decisions.items()):
        s, t, kclass = key
        answer = answers.get((s, t, pclass[kclass]))
        bad = ["libsepol gave no answer"] if answer is None else \
            compare(key, vecs, answer, maps[kclass][1] if kclass in maps else None)
        if bad:
            failed += 1
            print(f"FAIL {s} {t} {kclass}: " + "; ".join(bad))
        else:
            passed += 1
    subjects = sum(1 for kind, _ in contexts if kind == "subject")
    print(f"{subjects} subject contexts x {len(contexts)} contexts x {len(pclass)} classes "
          f"against sepol_compute_av on {policy}")
    name = os.path.splitext(os.path.basename(manifest))[0]
    print(f"distro-decisions {name}: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except OSError as e:
        fail(str(e))
