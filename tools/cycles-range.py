#!/usr/bin/env python3
"""Seed 000's table under a timing model at the ends of its parameters'
ranges (make cycles-range, sim/sim.mk).

  cycles-range.py BOARD PARAMS-MD OUTDIR COMMAND

PARAMS-MD is the CPU's parameter document (sim/<cpu>-params.md); its
`range` column gives each figure no document states as lo..hi.  COMMAND
is the short plan's boot under the model, with @END@ where the totals
file's name goes and ",@RANGE@" where the ranged parameters go.  Three
boots: every ranged parameter at its low end (lo), the table's values
(mid), every one at its high end (hi); each log is OUTDIR/END.log.  The
summary (OUTDIR/summary.txt, and on stdout) holds the read and write
medians of none, selinux07 and selinux07tuned in est-cycles and the two
models' overheads against none.
"""
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import figures  # noqa: E402

ENDS = ("lo", "mid", "hi")
BENCHES = ("read", "write")
STRATEGIES = ("none", "selinux07", "selinux07tuned")
TIMEOUT = 300


def ranges(md):
    """[(name, lo, hi)] of the document's rows with a range."""
    out = []
    for line in open(md):
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 5 or cells[0] == "name" or set(cells[0]) <= set("-"):
            continue
        m = re.fullmatch(r"(-?\d+)\.\.(-?\d+)", cells[3])
        if m:
            out.append((cells[0], int(m.group(1)), int(m.group(2))))
    return out


def boot(command, end, params, outdir):
    cmd = command.replace("@END@", end).replace(",@RANGE@", "," + params if params else "")
    log = os.path.join(outdir, end + ".log")
    with open(log, "w") as out:
        rc = subprocess.run(cmd, shell=True, stdin=subprocess.DEVNULL, stdout=out,
                            stderr=subprocess.STDOUT, timeout=TIMEOUT).returncode
    if rc != 0:
        sys.exit(f"cycles-range: the {end} boot failed (status {rc}; {log})")
    with open(log, errors="replace") as f:
        b = figures.by_unit(f.read()).get("est-cycles")
    if b is None:
        sys.exit(f"cycles-range: no est-cycles BENCH lines in {log}")
    return b


def row(end, b):
    """One end's medians of none and the two models, and their overheads."""
    cells = [end.ljust(4)]
    for bench in BENCHES:
        none = b.median(bench, "none")
        cells.append(f"{bench} none {none:7.0f}" if none else f"{bench} none       -")
        for s in STRATEGIES[1:]:
            v, pct = b.median(bench, s), figures.overhead(b, bench, s)
            pct = f"{pct:7.2f}%" if pct is not None else "       -"
            cells.append(f"{s} {v:6.0f} {pct}" if v else f"{s}      - {pct}")
    return "  ".join(cells)


def main(argv):
    if len(argv) != 5:
        sys.exit(__doc__)
    board, md, outdir, command = argv[1:]
    os.makedirs(outdir, exist_ok=True)
    rng = ranges(md)
    if not rng:
        sys.exit(f"cycles-range: no ranged parameter in {md}")
    params = {"lo": ",".join(f"{n}={lo}" for n, lo, _ in rng), "mid": "",
              "hi": ",".join(f"{n}={hi}" for n, _, hi in rng)}
    lines = [f"cycles-range {board}: seed 000, median per call (est-cycles, PLAN=short) "
             f"and overhead against none, {len(rng)} ranged parameters at each end"]
    for end in ENDS:
        lines.append(row(end, boot(command, end, params[end], outdir)))
    lines.append("lo: " + (params["lo"] or "-"))
    lines.append("hi: " + (params["hi"] or "-"))
    text = "\n".join(lines) + "\n"
    with open(os.path.join(outdir, "summary.txt"), "w") as f:
        f.write(text)
    sys.stdout.write(text)


if __name__ == "__main__":
    main(sys.argv)
