#!/usr/bin/env python3
"""Seed 000's tuning effect, attributed (mk/seed000.mk).

  seed000.py BOARD CPU OUT-DIR --layouts DIR --build NAME=LOG...

DIR: make layouts' directory of the board's default build (default/ and
one directory per seed, each with boot.log and boot.rc); NAME=LOG: the
default layout's boot of another build of the same image (gcc12: GCC 12's
one-file model; nostrcalls: the 2007 build with memset and memcpy inline;
noframes: the 2007 build without APCS frames; range-lo, range-hi: the
default image with the timing model's ranged parameters at their ends,
make cycles-range's lo.log and hi.log).  Each boot is PLAN=short under
the CPU's timing model.

For read and write, and for each build: what selinux07 adds to none, what
selinux07tuned adds, what the tuning takes off and its share of what
selinux07 adds (est-cycles, medians per call); the same across the
layouts (min and max); where the 2007 build's added est-cycles go (the
CAUSES lines: means per call); and the seed's own figures, its lmbench
times at the CPU's clock.  Writes OUT-DIR/attribution.md (as it prints)
and attribution.txt (SEED000 lines, for the README's figures).
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import figures  # noqa: E402
import report  # noqa: E402

CALLS = ("read", "write")
UNIT = "est-cycles"
# The CAUSES lines' causes, in two groups and the rest.
GROUPS = {"misses": ("imiss", "dmiss"), "pipeline": ("issue", "operand", "serial", "branch"),
          "other": ("wbuf", "tlb")}
BUILDS = {"gcc12": "GCC 12, one file (SEL07_BUILD=gcc12)",
          "2007": "2.6.22's units and flags (the default build)",
          "nostrcalls": "the same, memset and memcpy inline (SEL07_STRCALLS=0)",
          "noframes": "the same, no APCS frames (SEL07_FRAMES=0)",
          "range-lo": "the same, the model's ranged parameters at their low ends",
          "range-hi": "the same, the model's ranged parameters at their high ends"}


def effect(b, call):
    """(selinux07 adds, selinux07tuned adds, the tuning takes off, its share %)."""
    old, new = b.added(call, "selinux07"), b.added(call, "selinux07tuned")
    return old, new, old - new, figures.percent(old - new, old)


def seed_effect(cpu, call):
    """The seed's lmbench times (microseconds) as cycles at the CPU's clock."""
    mhz, times = report.SEED000_TIMES[cpu]
    base, old, new = (figures.Decimal(str(t)) * mhz for t in times[call])
    return old - base, new - base, old - new, figures.percent(old - new, old - base)


def causes(text, call):
    """{strategy: {group: est-cycles}} of the CAUSES lines of a boot (means per call)."""
    out = {}
    for line in text.splitlines():
        if line.startswith("CAUSES ") and f" bench={call} " in line and " arg=0 " in line:
            r = figures.fields(line)
            out[r["strategy"]] = {g: sum(float(r[c]) for c in cs) for g, cs in GROUPS.items()}
    return out


def extra_causes(text, call):
    """{group: (selinux07 extra, selinux07tuned extra, taken off)} over none."""
    c = causes(text, call)
    if not all(s in c for s in ("none", "selinux07", "selinux07tuned")):
        raise SystemExit(f"seed000: no CAUSES line of {call} for none, selinux07 and selinux07tuned")
    out = {}
    for g in GROUPS:
        old, new = c["selinux07"][g] - c["none"][g], c["selinux07tuned"][g] - c["none"][g]
        out[g] = (old, new, old - new)
    return out


def boot(log):
    """(figures.Bench in est-cycles, text) of a boot that ended normally."""
    with open(log, errors="replace") as f:
        text = f.read()
    if text.rstrip().rpartition("\n")[2] != "all tasks have exited":
        raise SystemExit(f"seed000: {log}: the boot did not end normally")
    b = {unit: bench for (_, unit), bench in figures.benches(text).items()}
    if UNIT not in b:
        raise SystemExit(f"seed000: {log}: no {UNIT} BENCH lines (not a boot under the model)")
    return b[UNIT], text


def rows(board, cpu, layout_dir, builds):
    """[(call, row, values)]: values a 4-tuple, or of (min, max) pairs for the layouts."""
    default, text = boot(os.path.join(layout_dir, "default", "boot.log"))
    seeds = sorted((d for d in os.listdir(layout_dir) if d.isdigit()), key=int)
    spread = [boot(os.path.join(layout_dir, s, "boot.log"))[0] for s in seeds]
    out = []
    for call in CALLS:
        out.append((call, "seed", seed_effect(cpu, call)))
        for name in BUILDS:
            b = default if name == "2007" else builds.get(name, (None,))[0]
            if b is not None:
                out.append((call, name, effect(b, call)))
        if spread:
            each = [effect(b, call) for b in spread]
            out.append((call, f"layouts:{len(spread)}",
                        tuple((min(v[i] for v in each), max(v[i] for v in each)) for i in range(4))))
        for g, v in extra_causes(text, call).items():
            out.append((call, f"causes:{g}", v + (None,)))
    return out


def cell(v, digits=0):
    if v is None:
        return ""
    if isinstance(v, tuple):
        return f"{cell(v[0], digits)} to {cell(v[1], digits)}"
    return f"{float(v):.{digits}f}"


def row_label(cpu, row):
    if row == "seed":
        mhz = report.SEED000_TIMES[cpu][0]
        return f"the seed: lmbench on {report.SEED000[cpu][0]} (its times at {mhz} MHz)"
    if row.startswith("layouts:"):
        return f"2.6.22's build across {row.split(':')[1]} link layouts (min to max)"
    if row.startswith("causes:"):
        return f"2.6.22's build: {row.split(':')[1]} ({', '.join(GROUPS[row.split(':')[1]])}; means)"
    return BUILDS[row]


def attribution_md(board, cpu, out):
    lines = [f"# Seed 000's tuning, attributed: {board} ({UNIT}, medians per call)", "",
             "| call | build | selinux07 adds | selinux07tuned adds | the tuning takes off | "
             "its share % |", "|---|---|---|---|---|---|"]
    for call, row, v in out:
        digits = 1 if row.startswith("causes:") else 0
        lines.append(f"| {call} | {row_label(cpu, row)} | " + " | ".join(
            cell(x, digits) for x in v[:3]) + f" | {cell(v[3], 2)} |")
    return "\n".join(lines) + "\n"


def attribution_txt(board, cpu, out):
    keys = ("adds", "tuned_adds", "takes_off", "share_pct")
    lines = []
    for call, row, v in out:
        digits = (0, 0, 0, 2) if not row.startswith("causes:") else (1, 1, 1, 2)
        vals = " ".join(f"{k}={cell(x, d).replace(' to ', '..')}" for k, x, d in
                        zip(keys, v, digits) if x is not None)
        lines.append(f"SEED000 board={board} cpu={cpu} call={call} row={row} {vals}")
    return "\n".join(lines) + "\n"


def main(argv):
    if len(argv) < 5 or argv[3] != "--layouts":
        raise SystemExit(__doc__)
    board, cpu, out_dir, layout_dir = argv[0], argv[1], argv[2], argv[4]
    builds = {}
    for arg in argv[5:]:
        name, _, log = arg.partition("=")
        if arg == "--build" or not log:
            continue
        if name not in BUILDS or name == "2007":
            raise SystemExit(f"seed000: unknown build '{name}': one of "
                             f"{', '.join(b for b in BUILDS if b != '2007')}")
        builds[name] = boot(log)
    out = rows(board, cpu, layout_dir, builds)
    os.makedirs(out_dir, exist_ok=True)
    for path, text in (("attribution.md", attribution_md(board, cpu, out)),
                       ("attribution.txt", attribution_txt(board, cpu, out))):
        with open(os.path.join(out_dir, path + ".tmp"), "w") as f:
            f.write(text)
        os.replace(os.path.join(out_dir, path + ".tmp"), os.path.join(out_dir, path))
    sys.stdout.write(attribution_md(board, cpu, out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
