#!/usr/bin/env python3
"""Marked windows (include/window_marks.h, sim/plugin.c marks=) on both CPUs.

  marks-test.py DIR SIMDIR

DIR holds the test guests (sim/tests/marks-sh4.S as marks-sh4.bin on QEMU's
r2d, marks-arm.S as marks-arm.elf on its mainstone) with their symbol
tables (*.syms); SIMDIR the plugins.  Each guest runs four windows whose
instructions are counted by hand in its source (9, 201, 5, 2), marks
outside the marks= range, a stray stop and a start inside a window.  The
test holds the plugin's records to them: with a model of one est-cycle
an instruction est-cycles equal insns, at three a cycle three times;
with the CPU's model the insns are the same, the causes sum to the
est-cycles and an instruction costs at least the CPU's issue bound;
every access at a known kernel address has QEMU's physical address the
kernel's map gives.  A plugin asked for marks it cannot keep refuses to
start.

The last line is "sim-marks: N passed, N failed".
"""
import os
import re
import subprocess
import sys

import tally

WINDOWS = [9, 201, 5, 2]
UNMATCHED = 2

# per CPU: the guest, QEMU's command, the model, the unit model's marks,
# the kernel's virtual less physical, and the least est-cycles an insn
# (the SH-4 issues two a cycle, the XScale one)
CPUS = {
    "sh4": dict(guest="marks-sh4.bin", model="sh4", v2p=0x80000000, bound=0.5,
                marks="mark_start=0x6dd3,mark_stop=0x6ee3,mark_bytes=2",
                qemu=["qemu-system-sh4", "-M", "r2d", "-nic", "none", "-display", "none",
                      "-monitor", "none", "-serial", "null", "-serial", "null", "-no-reboot",
                      "-kernel"]),
    "arm": dict(guest="marks-arm.elf", model="xscale", v2p=0, bound=1.0,
                marks="mark_start=0xe1a0b00b,mark_stop=0xe1a0c00c,mark_bytes=4",
                extra="mmu_on_at_reset=1,uncached_size=0",
                qemu=["qemu-system-arm", "-M", "mainstone", "-semihosting", "-display", "none",
                      "-monitor", "none", "-serial", "null", "-no-reboot", "-kernel"]),
}


def symbols(path):
    syms = {}
    with open(path) as f:
        for line in f:
            parts = line.split()
            if len(parts) == 3:
                syms[parts[2]] = int(parts[0], 16)
    return syms


def read_out(path):
    """The plugin's out file: (window records in order, the other lines,
    with the causes' names from its `cause NAME N` lines)."""
    windows, rest = [], {"causes": []}
    with open(path) as f:
        for line in f:
            words = line.split()
            if words and words[0] == "window":
                rec = dict(zip(words[2::2], (int(w) for w in words[3::2])))
                rec["index"] = int(words[1])
                windows.append(rec)
            elif words[:1] == ["cause"]:
                rest["causes"].append(words[1])
            elif len(words) == 2:
                rest[words[0]] = words[1]
    return windows, rest


def run(cpu, dirname, simdir, plugin, params, out):
    c = CPUS[cpu]
    syms = symbols(os.path.join(dirname, c["guest"].split(".")[0] + ".syms"))
    start = syms["_start"] if cpu == "arm" else 0x8c800000
    args = [f"marks={syms['marks_lo']:#x}:{syms['marks_hi']:#x}",
            f"kernel={start:#x}:{syms['marks_hi']:#x}", f"v2p={c['v2p']:#x}",
            f"ram={0xa0000000 if cpu == 'arm' else 0x0c000000:#x}:0x4000000"]
    args += [f"out={out}"] if out else []
    args += [p for p in params.split(",") if p]
    cmd = c["qemu"] + [os.path.join(dirname, c["guest"]), "-plugin",
                       os.path.join(simdir, plugin) + "," + ",".join(args)]
    try:
        r = subprocess.run(cmd, stdin=subprocess.DEVNULL, capture_output=True, text=True,
                           timeout=120)
    except subprocess.TimeoutExpired:
        return None, "timed out"
    return r.returncode, r.stderr


def check_windows(cpu, what, windows, rest, per_insn=None):
    tally.check(f"{cpu} {what}: {len(WINDOWS)} windows, numbered in order",
                [w["index"] for w in windows] == list(range(len(WINDOWS)))
                and rest.get("windows") == str(len(WINDOWS)), (windows, rest.get("windows")))
    tally.check(f"{cpu} {what}: the hand-counted insns {WINDOWS}",
                [w["insns"] for w in windows] == WINDOWS, [w["insns"] for w in windows])
    tally.check(f"{cpu} {what}: {UNMATCHED} unmatched marks (a stray stop, a start in a window)",
                rest.get("windows-unmatched") == str(UNMATCHED), rest.get("windows-unmatched"))
    causes = rest["causes"]
    tally.check(f"{cpu} {what}: every cause sum is the window's est-cycles",
                len(causes) > 0 and all(set(causes) <= set(w) and
                                        sum(w[c] for c in causes) == w["est-cycles"]
                                        for w in windows), windows)
    tally.check(f"{cpu} {what}: QEMU's physical addresses are the kernel map's",
                int(rest.get("phys-checked", 0)) > 0 and rest.get("phys-wrong") == "0",
                (rest.get("phys-checked"), rest.get("phys-wrong")))
    if per_insn is not None:
        tally.check(f"{cpu} {what}: est-cycles = {per_insn} x insns",
                    all(w["est-cycles"] == per_insn * w["insns"] for w in windows), windows)


def test_cpu(cpu, dirname, simdir):
    c = CPUS[cpu]
    for per in (1, 3):
        out = os.path.join(dirname, f"{cpu}-unit{per}.out")
        rc, err = run(cpu, dirname, simdir, "unit-timing.so", c["marks"] + f",cycles_per_insn={per}",
                      out)
        if tally.check(f"{cpu} unit x{per}: QEMU exits 0", rc == 0, err):
            check_windows(cpu, f"unit x{per}", *read_out(out), per_insn=per)
    out = os.path.join(dirname, f"{cpu}-model.out")
    rc, err = run(cpu, dirname, simdir, f"{c['model']}-timing.so", c.get("extra", ""), out)
    if tally.check(f"{cpu} model: QEMU exits 0", rc == 0, err):
        windows, rest = read_out(out)
        check_windows(cpu, c["model"], windows, rest)
        tally.check(f"{cpu} {c['model']}: est-cycles >= {c['bound']} x insns in every window",
                    all(w["est-cycles"] >= c["bound"] * w["insns"] for w in windows), windows)
    # marks the plugin cannot keep: no out file, or a model with no marks
    rc, err = run(cpu, dirname, simdir, f"{c['model']}-timing.so", c.get("extra", ""), None)
    tally.check(f"{cpu}: marks= without out= is refused", rc not in (0, None)
                and re.search(r"marks= needs out=", err or ""), (rc, err))
    rc, err = run(cpu, dirname, simdir, "unit-timing.so", "",
                  os.path.join(dirname, f"{cpu}-nomarks.out"))
    tally.check(f"{cpu}: marks= on a model without marks is refused", rc not in (0, None)
                and re.search(r"a model with marks", err or ""), (rc, err))


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    for cpu in CPUS:
        test_cpu(cpu, sys.argv[1], sys.argv[2])
    return tally.summary("sim-marks")


if __name__ == "__main__":
    sys.exit(main())
