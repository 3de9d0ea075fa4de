#!/usr/bin/env python3
"""func-insns.py --nm NM --elf ELF --board B FUNC... -- QEMU-COMMAND...

The instructions each call of each FUNC executes, as QEMU counts them:
the boot runs one instruction a block (-singlestep) with QEMU's exec log
filtered to the functions' addresses, so that the log holds one line per
instruction executed inside them (an SH-4 delay slot is a block of its
own). A call is what runs from a function's entry to the next entry of
any of them; what it calls outside them is not counted. One line a
function:

  FUNC board=B func=F unit=insns calls=N min=A median=M max=Z

--claims FILE: FILE must say "`F` runs M instructions" of each FUNC, M its
median here; exits 1 naming what it should say where it does not.

With -icount, QEMU may stop a block before it runs and log it again
("Stopped execution of TB chain before ... [pc]"): that block's line is
not counted."""
import argparse
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lab import END_LINE  # noqa: E402  (the report's last line)

TRACE = re.compile(r"^Trace \d+: \S+ \[[0-9a-f]+/([0-9a-f]+)/")
STOPPED = re.compile(r"^Stopped execution of TB chain before \S+ \[([0-9a-f]+)\]")


def symbols(nm, elf, names):
    """{name: (address, size)} of the function symbols NAMES."""
    out = subprocess.run([nm, "-S", elf], check=True, capture_output=True, text=True).stdout
    found = {}
    for line in out.splitlines():
        f = line.split()
        if len(f) == 4 and f[2] in "tTwW" and f[3] in names:
            found[f[3]] = (int(f[0], 16), int(f[1], 16))
    missing = [n for n in names if n not in found or not found[n][1]]
    if missing:
        sys.exit(f"func-insns: {elf}: no function {', '.join(missing)} (or no size)")
    return found


def boot(cmd, syms, log):
    """Boots CMD with the exec log of the functions' ranges into LOG;
    stops QEMU after the end line (a board may not exit on reboot)."""
    ranges = ",".join(f"{a:#x}+{s:#x}" for a, s in syms.values())
    p = subprocess.Popen(cmd + ["-singlestep", "-d", "exec,nochain", "-dfilter", ranges,
                                "-D", log], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         text=True, errors="replace")
    ended = False
    for line in p.stdout:
        if line.rstrip("\r\n") == END_LINE:
            ended = True
            break
    try:
        p.wait(timeout=5)
    except subprocess.TimeoutExpired:
        p.terminate()
        p.wait(timeout=60)
    if not ended:
        sys.exit(f"func-insns: the boot did not print '{END_LINE}' (exit status "
                 f"{p.returncode}): {p.stderr.read().strip()}")


def calls(log, syms):
    """{name: [instructions of each call]} from the exec log."""
    entry = {a: n for n, (a, _) in syms.items()}
    runs = {n: [] for n in syms}
    cur, pcs = None, []
    for line in open(log, errors="replace"):
        m = TRACE.match(line)
        if m:
            pc = int(m.group(1), 16)
            if pc in entry and not (pcs and pcs[-1] == pc):
                if cur:
                    runs[cur].append(len(pcs))
                cur, pcs = entry[pc], []
            pcs.append(pc)
            continue
        m = STOPPED.match(line)
        if m and pcs and pcs[-1] == int(m.group(1), 16):
            pcs.pop()   # not run: logged again when it is
    if cur:
        runs[cur].append(len(pcs))
    return runs


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--nm", required=True)
    ap.add_argument("--elf", required=True)
    ap.add_argument("--board", required=True)
    ap.add_argument("--claims", help="a file that states each median")
    ap.add_argument("funcs", nargs="+")
    argv = sys.argv[1:]
    if "--" not in argv:
        sys.exit("func-insns: no QEMU command after --")
    i = argv.index("--")
    a = ap.parse_args(argv[:i])
    syms = symbols(a.nm, a.elf, a.funcs)
    with tempfile.TemporaryDirectory(prefix="func-insns-") as tmp:
        log = os.path.join(tmp, "exec.log")
        boot(argv[i + 1:], syms, log)
        runs = calls(log, syms)
    st = 0
    for name in a.funcs:
        r = sorted(runs[name])
        if not r:
            print(f"func-insns: {name} was never called", file=sys.stderr)
            st = 1
            continue
        median = r[len(r) // 2]
        print(f"FUNC board={a.board} func={name} unit=insns calls={len(r)} min={r[0]} "
              f"median={median} max={r[-1]}")
        claim = f"`{name}` runs {median} instructions"
        if a.claims and claim not in " ".join(open(a.claims).read().split()):
            print(f"func-insns: {a.claims} does not say \"{claim}\"", file=sys.stderr)
            st = 1
    return st


if __name__ == "__main__":
    sys.exit(main())
