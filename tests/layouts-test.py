#!/usr/bin/env python3
"""layouts-test.py BOARD NM DEFAULT-ELF LAYOUT-DIR LAYOUT-DIR AGAIN-DIR (mk/layouts.mk)

Two link layouts of the firmware (each DIR holds firmware.elf, layout.ld,
boot.log and boot.rc of a short boot under the timing model):
- the selinux07 model's functions sit elsewhere in each layout and in
  the default image, the start-up code where the default image has it,
  the user region laid out as in the default image;
- both boots end normally and agree in every BENCH insns figure (an
  instruction count does not depend on addresses);
- AGAIN-DIR, the first layout's seed linked once more, is byte for byte
  the same script and ELF.

The last line is "layouts BOARD: N passed, N failed".
"""
import os
import subprocess
import sys

import tally

# the selinux07 model's functions (monitor/sel07/)
MODEL_PREFIXES = ("sel07_", "avc_has_perm")
FIXED = ("_start", "__image_start")


def symbols(nm, elf):
    """{name: address} of the ELF's symbols."""
    out = subprocess.run([nm, elf], capture_output=True, text=True, check=True).stdout
    syms = {}
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 3:
            syms[parts[2]] = int(parts[0], 16)
    return syms


def model_addrs(syms):
    return {n: a for n, a in syms.items() if n.startswith(MODEL_PREFIXES)}


def user_offsets(syms):
    """The user region's symbols (tasks' code and data) from the region's start."""
    start, end = syms["__user_start"], syms["__user_end"]
    return {n: a - start for n, a in syms.items() if start <= a < end}


def bench_insns(log):
    with open(log, errors="replace") as f:
        return sorted(l.strip() for l in f if l.startswith("BENCH ") and " unit=insns " in l)


def check_boot(d):
    rc_path = os.path.join(d, "boot.rc")
    rc = open(rc_path).read().strip() if os.path.exists(rc_path) else "missing"
    tally.check(f"{d}: QEMU ended by itself (status {rc})", rc == "0")
    with open(os.path.join(d, "boot.log"), errors="replace") as f:
        tail = [l.strip() for l in f if l.strip()][-1:]
    tally.check(f"{d}: the boot ends with 'all tasks have exited'", tail == ["all tasks have exited"])


def same_bytes(a, b):
    with open(a, "rb") as fa, open(b, "rb") as fb:
        return fa.read() == fb.read()


def main(board, nm, default_elf, one, two, again):
    default = symbols(nm, default_elf)
    syms = [symbols(nm, os.path.join(d, "firmware.elf")) for d in (one, two)]
    models = [model_addrs(s) for s in [default] + syms]
    tally.check(f"the selinux07 model's functions are found ({len(models[0])})", len(models[0]) >= 4)
    for i, j, what in ((1, 2, "the two layouts"), (0, 1, "layout 1 and the default image"),
                       (0, 2, "layout 2 and the default image")):
        moved = sum(models[i][n] != models[j].get(n) for n in models[i])
        tally.check(f"{what}: the model's functions at other addresses ({moved} of "
                    f"{len(models[i])} moved)", moved > len(models[i]) // 2)
    for d, s in zip((one, two), syms):
        tally.check(f"{d}: the start-up code where the default image has it",
                    all(s.get(n) == default.get(n) for n in FIXED))
        tally.check(f"{d}: the user region laid out as in the default image",
                    user_offsets(s) == user_offsets(default))
    for d in (one, two):
        check_boot(d)
    insns = [bench_insns(os.path.join(d, "boot.log")) for d in (one, two)]
    tally.check(f"both boots print BENCH insns figures ({len(insns[0])})", len(insns[0]) >= 8)
    differ = [a for a, b in zip(*insns) if a != b] + ([] if len(insns[0]) == len(insns[1]) else ["count"])
    tally.check("every BENCH insns figure equal in both layouts", not differ, differ[:3])
    for name in ("layout.ld", "firmware.elf"):
        tally.check(f"the same seed linked twice: {name} byte for byte the same",
                    same_bytes(os.path.join(one, name), os.path.join(again, name)))
    return tally.summary(f"layouts {board}")


if __name__ == "__main__":
    if len(sys.argv) != 7:
        raise SystemExit(__doc__)
    sys.exit(main(*sys.argv[1:]))
